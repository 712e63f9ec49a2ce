// The built hedge-explorer program's --charts: the charts it names are the ones shown, whatever
// the preset's or the scenario file's choice; a key it does not know is refused by name.
#include "ExplorerTestSupport.h"

#include <hedge/document/ScenarioDocument.h>
#include <hedge/io/ScenarioError.h>
#include <hedge/io/ScenarioJson.h>

#include <QApplication>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace hedge;

namespace {
// Set before QApplication exists, so that this process and the child share their settings and
// autosave folder, away from the user's.
QTemporaryDir* g_home = nullptr;
} // namespace

class TestChartsOption : public QObject {
    Q_OBJECT

    // main() put this process's home in the environment: the child inherits it.
    static QProcessEnvironment childEnvironment()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        return env;
    }

private slots:
    void theCommandLineWins_data()
    {
        // A file whose style block shows the failed-calls chart.
        Scenario s;
        s.calls = 2000;
        s.loads = {0.3, 0.6};
        Setup plain;
        plain.name = "no hedge";
        s.setups = {plain};
        ScenarioStyle style;
        style.charts = {"p99_ms", "requests_per_call", "failed_fraction"};
        const QString file = g_home->filePath(QStringLiteral("styled.json"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(writeScenarioJson(s, style)));
        f.close();

        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QStringList>("shown");
        // tail-cutting shows p99.9 and p50 itself; the keys are a style block's.
        QTest::newRow("preset") << QStringList{QStringLiteral("--preset"),
                                               QStringLiteral("tail-cutting"),
                                               QStringLiteral("--charts"),
                                               QStringLiteral("utilisation,rejected_fraction")}
                                << QStringList{QStringLiteral("p99_ms"),
                                               QStringLiteral("rejected_fraction"),
                                               QStringLiteral("requests_per_call"),
                                               QStringLiteral("utilisation")};
        // The View menu's short key.
        QTest::newRow("file with a style block")
            << QStringList{file, QStringLiteral("--charts"), QStringLiteral("p50")}
            << QStringList{QStringLiteral("p50_ms"), QStringLiteral("p99_ms"),
                           QStringLiteral("requests_per_call")};
        // Nothing besides the two charts always shown.
        QTest::newRow("empty") << QStringList{QStringLiteral("--preset"),
                                              QStringLiteral("tail-cutting"),
                                              QStringLiteral("--charts=")}
                               << QStringList{QStringLiteral("p99_ms"),
                                              QStringLiteral("requests_per_call")};
    }

    void theCommandLineWins()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QStringList, shown);
        const QString autosave = ScenarioDocument::autosavePath();
        QFile::remove(autosave);
        QProcess p;
        p.setProcessEnvironment(childEnvironment());
        p.start(QStringLiteral(HEDGE_EXPLORER_PATH), arguments);
        QVERIFY(p.waitForStarted(30000));
        // The window saves the charts it shows in the autosave's style block, the file's or
        // preset's first: wait for the command line's, then end the program as a kill does.
        const auto autosaved = [&autosave] {
            try {
                const StyledScenario saved = readStyledScenarioFile(autosave.toStdString());
                QStringList keys;
                if (saved.style)
                    for (const std::string& key : saved.style->charts)
                        keys << QString::fromStdString(key);
                keys.sort();
                return keys;
            } catch (const ScenarioError&) {
                return QStringList();
            }
        };
        QTRY_COMPARE_WITH_TIMEOUT(autosaved(), shown, 60000);
        p.kill();
        p.waitForFinished(30000);
        // The window keeps the charts it showed in the autosave's style block; the next start
        // restores them into its document, whose charts the window shows
        // (tst_stylepersistence).
        ScenarioDocument again;
        QVERIFY(again.restoreAutosave());
        QStringList restored;
        for (const std::string& key : again.style().charts)
            restored << QString::fromStdString(key);
        restored.sort();
        QCOMPARE(restored, shown);
    }

    void anUnknownChartIsNamed()
    {
        // Refused before any window opens: no display is needed for the answer.
        QProcessEnvironment env = childEnvironment();
        for (const char* name : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"})
            env.remove(QString::fromLatin1(name));
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(HEDGE_EXPLORER_PATH),
                {QStringLiteral("--preset"), QStringLiteral("reference"),
                 QStringLiteral("--charts"), QStringLiteral("p50_ms,p95_ms")});
        QVERIFY(p.waitForFinished(30000));
        const QByteArray err = p.readAllStandardError();
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 2);
        QVERIFY2(err.contains("--charts: unknown chart \"p95_ms\""), err.constData());
        // The known charts in the figure catalogue's order: the two always on, then the rest.
        QVERIFY2(err.contains("known: p99_ms, requests_per_call, "), err.constData());
        for (const char* key : {"p999_ms", "goodput_fraction", "wasted_work_fraction"})
            QVERIFY2(err.contains(key), err.constData());
    }

    void aBadSizeOrLiveSpeedIsNamedWithWhatIsAllowed_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const QString size = QStringLiteral("is not WIDTHxHEIGHT in pixels (allowed 200x150");
        const QString speed = QStringLiteral("is not a speed (allowed 1, 10, 100, or 0");
        QTest::newRow("size without x") << QStringList{"--size", "1024"} << size;
        QTest::newRow("size not a number") << QStringList{"--size", "wide x700"} << size;
        QTest::newRow("size too small") << QStringList{"--size", "10x10"} << size;
        QTest::newRow("speed not a number") << QStringList{"--live-speed", "fast"} << speed;
        QTest::newRow("speed not offered") << QStringList{"--live-speed", "7"} << speed;
    }

    void aBadSizeOrLiveSpeedIsNamedWithWhatIsAllowed()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        QProcess p;
        p.setProcessEnvironment(childEnvironment());
        p.start(QStringLiteral(HEDGE_EXPLORER_PATH),
                QStringList{QStringLiteral("--preset"), QStringLiteral("reference")} + arguments);
        QVERIFY(p.waitForFinished(30000));
        const QByteArray err = p.readAllStandardError();
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 2);
        QVERIFY2(err.contains(arguments.first().toUtf8() + ": \"" + arguments.last().toUtf8()),
                 err.constData());
        QVERIFY2(err.contains(message.toUtf8()), err.constData());
    }
};

int main(int argc, char* argv[])
{
    return hedge::test::execWithPrivateHome<TestChartsOption>(argc, argv, g_home);
}

#include "tst_chartsoption.moc"
