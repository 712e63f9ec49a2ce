// The built hedge-explorer program: --version, and "nothing lost": kill the process right
// after an edit, start again, the edit is there.
#include "ExplorerTestSupport.h"
#include "MainWindow.h"

#include <hedge/Version.h>
#include <hedge/io/ScenarioJson.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace hedge;

namespace {
// Set before QApplication exists, so that this process and the child share their settings
// and autosave folder, away from the user's.
QTemporaryDir* g_home = nullptr;
} // namespace

class TestExplorerProcess : public QObject {
    Q_OBJECT

    QProcessEnvironment childEnvironment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), g_home->filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), g_home->filePath(QStringLiteral("data")));
        return env;
    }

private slots:
    void version()
    {
        QProcess p;
        p.setProcessEnvironment(childEnvironment());
        p.start(QStringLiteral(HEDGE_EXPLORER_PATH), {QStringLiteral("--version")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(p.readAllStandardOutput().contains(kVersion));
    }

    void killedAfterEditRestoresTheEdit()
    {
        Scenario s;
        s.calls = 1000000;
        s.loads = {0.5};
        Setup plain, hedged;
        plain.name = "no hedge";
        hedged.name = "hedge";
        hedged.hedge = HedgeSettings{};
        s.setups = {plain, hedged};
        const QString file = g_home->filePath(QStringLiteral("s.json"));
        {
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray::fromStdString(writeScenarioJson(s)));
        }
        const QString autosave = MainWindow::autosavePath();
        QFile::remove(autosave);

        QProcess p;
        p.setProcessEnvironment(childEnvironment());
        // --measure-edit raises the delay of a setup by 5 ms after the first full pass, as a
        // user would through the spin box.
        p.start(QStringLiteral(HEDGE_EXPLORER_PATH),
                {file, QStringLiteral("--measure-edit"), QStringLiteral("--measure")});
        QVERIFY(p.waitForStarted(30000));
        Scenario expected = s;
        expected.setups[1].hedge->delayMs += 5.0;
        bool seen = false;
        QElapsedTimer clock;
        clock.start();
        while (!seen && clock.elapsed() < 120000 && p.state() == QProcess::Running) {
            QTest::qWait(10);
            try {
                seen = readScenarioFile(autosave.toStdString()) == expected;
            } catch (const ScenarioError&) {
            }
        }
        const bool stillRunning = p.state() == QProcess::Running;
        p.kill();
        p.waitForFinished(30000);
        QVERIFY2(seen, p.readAllStandardError().constData());
        if (!stillRunning)
            qWarning("the program ended before the kill: the autosave was checked anyway");

        MainWindow again(MainWindow::Options{.restoreSession = true, .runAtStart = false});
        QCOMPARE(again.scenario(), expected);
        QVERIFY(again.isModified());
        QCOMPARE(again.filePath(), QFileInfo(file).absoluteFilePath());
    }
};

int main(int argc, char* argv[])
{
    return hedge::test::execWithPrivateHome<TestExplorerProcess>(argc, argv, g_home);
}

#include "tst_explorerprocess.moc"
