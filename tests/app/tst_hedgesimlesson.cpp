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

// One exercise step of tail-cutting at its lightest load, few calls: the hedge's delay set to
// `delay`, the advisor searching delays from 10 to 40 ms; the exercise on the file's second line.
QByteArray exercise(int delay, const char* goal)
{
    return QByteArray(
               R"({"schema": "hedge-explorer/lesson@1", "id": "t", "title": "Tiny", )"
               R"("summary": "S", "steps": [{"title": "tune it", "scenario": {"preset": "tail-cutting", )"
               R"("loads": [0.3], "calls": 10000, "knobs": [{"setup": "hedge, default budget / client", )"
               R"("knob": "hedge.delay_ms", "value": )") +
           QByteArray::number(delay) +
           R"(}]}, "callout": {"setup": "hedge, default budget / client", "load": 0.3, )"
           R"("figure": "p99_ms", "text": "p99 {p99_ms}"},)"
           "\n"
           R"("exercise": {"setup": "hedge, default budget / client", "task": "Tune the delay.", )"
           R"("search": [{"knob": "hedge.delay_ms", "from": 10, "to": 40, "steps": 4}], )"
           R"("goal": [")" +
           goal + R"("]}}]})";
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
                     R"(bad.json:1: steps[0].callout.figure: "p98_ms" is not a figure (figures: )"),
                 o.err.c_str());
        QVERIFY2(o.out.empty(), o.out.c_str()); // not even the good file ran
    }

    // docs/lessons.md, "Exercises": the starting state misses the goal, the advisor's setting
    // meets it.
    void aSolvableExerciseExitsZero()
    {
        QTemporaryDir dir;
        const QString path = write(dir, "ex.json", exercise(150, "p99_ms@0.3 < 60"));
        const auto o = test::runHedgesim({"lesson", "check", path.toStdString()});
        QVERIFY2(o.exitCode == 0, o.err.c_str());
        QVERIFY2(o.out.find("  exercise: Tune the delay.\n    start misses: p99_ms of \"hedge, "
                            "default budget / client\" at 30 % is ") != std::string::npos,
                 o.out.c_str());
        QVERIFY2(o.out.find("  solution: delay ") != std::string::npos, o.out.c_str());
        QVERIFY2(o.out.find("    solution holds: p99_ms of ") != std::string::npos, o.out.c_str());
    }

    void anAlreadySolvedExerciseFailsWithItsLine()
    {
        QTemporaryDir dir;
        const QString path = write(dir, "solved.json", exercise(20, "p99_ms@0.3 < 1000"));
        const auto o = test::runHedgesim({"lesson", "check", path.toStdString()});
        QCOMPARE(o.exitCode, 1);
        QVERIFY2(o.err.find("solved.json:2: steps[0].exercise: already solved: the starting "
                            "state meets every condition of the goal\n") != std::string::npos,
                 o.err.c_str());
        QVERIFY2(o.out.find("    start holds: ") != std::string::npos, o.out.c_str());
    }

    void anUnsolvableExerciseFailsWithItsLine()
    {
        QTemporaryDir dir;
        // No delay brings the p99 under a millisecond: the advisor's best misses the goal.
        const QString tight = write(dir, "tight.json", exercise(150, "p99_ms@0.3 < 1"));
        auto o = test::runHedgesim({"lesson", "check", tight.toStdString()});
        QCOMPARE(o.exitCode, 1);
        QVERIFY2(o.err.find("tight.json:2: steps[0].exercise: unsolvable: the advisor's best "
                            "setting (delay ") != std::string::npos,
                 o.err.c_str());
        QVERIFY2(o.err.find(") does not meet the goal: p99_ms of ") != std::string::npos,
                 o.err.c_str());
        // No hedge sends no more than one request a call: no candidate keeps the limit.
        const QString none =
            write(dir, "none.json", exercise(150, "requests_per_call@0.3 <= 1"));
        o = test::runHedgesim({"lesson", "check", none.toStdString()});
        QCOMPARE(o.exitCode, 1);
        QVERIFY2(o.err.find("none.json:2: steps[0].exercise: unsolvable: the advisor found no "
                            "setting that keeps the goal's limits") != std::string::npos,
                 o.err.c_str());
    }
};

QTEST_GUILESS_MAIN(TestHedgesimLesson)
#include "tst_hedgesimlesson.moc"
