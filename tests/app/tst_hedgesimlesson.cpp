// hedgesim lesson check (docs/lessons.md, "Checking a lesson") in-process: its exit status for a
// lesson whose conditions hold (0), one whose condition fails (1) and a bad file (2, nothing run),
// and what it prints.
#include "InProcessHedgesim.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace hedge;

namespace {

// One step of tail-cutting at its lightest load, with one condition.
QByteArray lesson(const char* condition, const char* figure = "p99_ms")
{
    return QByteArray(
               R"({"schema": "hedge-explorer/lesson@1", "id": "t", "title": "Tiny", )"
               R"("summary": "S", "steps": [{"title": "hedged", "scenario": {"preset": "tail-cutting", )"
               R"("loads": [0.3]}, "callout": {"setup": "hedge, default budget / client", "load": 0.3, )"
               R"("figure": ")") +
           figure +
           R"(", "text": "p99 {p99_ms}, unhedged {p99_ms@no hedge / client}"}, )"
           R"("conditions": [)" +
           condition + "]}]}";
}

QString write(const QTemporaryDir& dir, const char* name, const QByteArray& bytes)
{
    const QString path = dir.filePath(QString::fromUtf8(name));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

} // namespace

class TestHedgesimLesson : public QObject {
    Q_OBJECT

private slots:
    void holdingConditionsExitZero()
    {
        QTemporaryDir dir;
        const QString path = write(
            dir, "ok.json", lesson(R"({"below": {"setup": "no hedge / client", "times": 0.5}})"));
        const auto o = test::runHedgesim({"lesson", "check", path.toStdString()});
        QCOMPARE(o.exitCode, 0);
        QVERIFY2(o.out.find("step 1 of 1: hedged\n") != std::string::npos, o.out.c_str());
        // The callout's numbers are the run's (tail-cutting at 30 %: the tst_presetclaims range).
        QVERIFY2(o.out.find("  callout: p99 3") != std::string::npos, o.out.c_str());
        QVERIFY2(o.out.find("  holds: p99_ms of \"hedge, default budget / client\" at 30 % is ") !=
                     std::string::npos,
                 o.out.c_str());
        QVERIFY(o.err.empty());
    }

    void aFailingConditionExitsOne()
    {
        QTemporaryDir dir;
        const QString ok = write(dir, "ok.json", lesson(R"({"below": 1000})"));
        const QString failing = write(dir, "failing.json", lesson(R"({"below": 10})"));
        const auto o =
            test::runHedgesim({"lesson", "check", ok.toStdString(), failing.toStdString()});
        QCOMPARE(o.exitCode, 1);
        QVERIFY2(o.out.find("  FAILS: p99_ms of \"hedge, default budget / client\" at 30 % is ") !=
                     std::string::npos,
                 o.out.c_str());
        QVERIFY2(o.err.find("failing.json: steps[0]: condition fails: ") != std::string::npos,
                 o.err.c_str());
        // The other file ran too, and held.
        QVERIFY(o.out.find("  holds: ") != std::string::npos);
    }

    void aBadFileExitsTwoBeforeAnyRun()
    {
        QTemporaryDir dir;
        const QString ok = write(dir, "ok.json", lesson(R"({"below": 1000})"));
        const QString bad = write(dir, "bad.json", lesson(R"({"below": 1000})", "p98_ms"));
        const auto o = test::runHedgesim({"lesson", "check", ok.toStdString(), bad.toStdString()});
        QCOMPARE(o.exitCode, 2);
        QVERIFY2(o.err.starts_with(
                     R"(bad.json: steps[0].callout.figure: "p98_ms" is not a figure (figures: )"),
                 o.err.c_str());
        QVERIFY2(o.out.empty(), o.out.c_str()); // not even the good file ran
    }
};

QTEST_GUILESS_MAIN(TestHedgesimLesson)
#include "tst_hedgesimlesson.moc"
