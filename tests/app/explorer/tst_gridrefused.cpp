// A grid scenario is a map (knob value × load): hedgesim runs it; the window draws
// steady-state curves (and timelines in its Live view, tst_liveview). Opening a grid must say
// so and keep the working scenario, and the grid presets must not be offered in the Presets
// menu, where they would draw something else than they promise.
#include "ExplorerTestSupport.h"

#include <hedge/io/Presets.h>

#include <QTest>

using namespace hedge;

class TestGridRefused : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::startPrivateSession(QStringLiteral("tst_gridrefused")); }

    void openingAGridKeepsTheScenarioAndSaysWhy()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        const Scenario before = w.scenario();
        QTemporaryDir dir;
        Scenario grid;
        grid.setups = {Scenario::referenceSetups().at(4)};
        grid.grid = Grid{.setup = grid.setups.front().name, .knob = "hedge.delay_ms",
                         .values = {10, 20}};
        const auto error = w.openScenarioFile(test::writeScenario(dir, grid, "grid.json"));
        QVERIFY(error.has_value());
        QVERIFY2(error->contains(QStringLiteral("grid:")), qPrintable(*error));
        QVERIFY2(error->contains(QStringLiteral("hedge.delay_ms")), qPrintable(*error));
        QVERIFY(w.scenario() == before);
        QVERIFY(w.filePath().isEmpty());
    }

    void gridPresetsAreNotOffered()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        bool sawGrid = false;
        for (const Preset& p : presets()) {
            if (!p.scenario.grid)
                continue;
            sawGrid = true;
            QVERIFY(!test::menuAction(w, QStringLiteral("&Presets"),
                                      QString::fromStdString(p.title)));
            QVERIFY(!w.loadPreset(QString::fromStdString(p.name)));
        }
        QVERIFY(sawGrid); // the delay-map preset exists; this test must guard something
        QVERIFY(test::menuAction(w, QStringLiteral("&Presets"),
                                 QString::fromStdString(presets().front().title)));
    }
};

QTEST_MAIN(TestGridRefused)
#include "tst_gridrefused.moc"
