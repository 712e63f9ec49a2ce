// The built hedge-explorer program's --version, and "nothing lost": kill the process of a
// window right after an edit, start again, the edit is there. The killed window runs in a
// child process of this test (main() below, with kEditThenWait): it opens the scenario and,
// after the first full pass, raises a setup's delay through its spin box as a user does.
#include "ExplorerTestSupport.h"
#include "KnobField.h"
#include "MainWindow.h"

#include <hedge/Version.h>
#include <hedge/io/ScenarioJson.h>

#include <QApplication>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>

using namespace hedge;

namespace {
// Set before QApplication exists, so that this process and the child share their settings
// and autosave folder, away from the user's.
QTemporaryDir* g_home = nullptr;

// The child's first argument: `tst_explorerprocess --edit-then-wait FILE`.
constexpr const char* kEditThenWait = "--edit-then-wait";

// The child: the window on FILE; after its first full pass, the second setup's delay up
// 5 ms through the spin box; then it runs until killed.
int editThenWait(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("HedgeExplorer"));
    QApplication::setApplicationName(QStringLiteral("hedge-explorer"));
    MainWindow w(MainWindow::Options{.restoreSession = false});
    w.show();
    if (w.openScenarioFile(QString::fromLocal8Bit(argv[2])))
        return 1;
    bool edited = false;
    QObject::connect(w.controller(), &SweepController::runFinished, &w,
                     [&w, &edited](bool completed) {
                         if (!completed || edited)
                             return;
                         edited = true;
                         test::setupList(w)->setCurrentRow(1);
                         QDoubleSpinBox* delay = test::knobField<QDoubleSpinBox>(
                             test::setupEditor(w), "hedge.delay_ms");
                         delay->setValue(delay->value() + 5.0);
                     });
    return app.exec();
}
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
        p.start(QCoreApplication::applicationFilePath(), {QLatin1String(kEditThenWait), file});
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
    if (argc == 3 && std::strcmp(argv[1], kEditThenWait) == 0)
        return editThenWait(argc, argv);
    return hedge::test::execWithPrivateHome<TestExplorerProcess>(argc, argv, g_home);
}

#include "tst_explorerprocess.moc"
