// A timeline runs through time: hedgesim runs it; the window draws steady-state curves and
// maps (tst_mapview). Opening one must say so and keep the working scenario, and the timeline
// presets must not be offered in the Presets menu, where they would draw something else than
// they promise.
#include "ExplorerTestSupport.h"

#include <hedge/io/Presets.h>

#include <QTest>

using namespace hedge;

class TestTimelineRefused : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::startPrivateSession(QStringLiteral("tst_timelinerefused")); }

    void openingATimelineKeepsTheScenarioAndSaysWhy()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        const Scenario before = w.scenario();
        QTemporaryDir dir;
        const Preset* metastable = findPreset("metastable");
        QVERIFY(metastable && metastable->scenario.timeline);
        const auto error =
            w.openScenarioFile(test::writeScenario(dir, metastable->scenario, "timeline.json"));
        QVERIFY(error.has_value());
        QVERIFY2(error->contains(QStringLiteral("timeline:")), qPrintable(*error));
        QVERIFY(w.scenario() == before);
        QVERIFY(!w.loadPreset(QStringLiteral("metastable")));
    }

    void timelinePresetsAreNotOffered()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        bool sawTimeline = false;
        for (const Preset& p : presets()) {
            if (!p.scenario.timeline)
                continue;
            sawTimeline = true;
            QVERIFY(!test::menuAction(w, QStringLiteral("&Presets"),
                                      QString::fromStdString(p.title)));
            QVERIFY(!w.loadPreset(QString::fromStdString(p.name)));
        }
        QVERIFY(sawTimeline); // the metastable preset exists; this test must guard something
        QVERIFY(test::menuAction(w, QStringLiteral("&Presets"),
                                 QString::fromStdString(presets().front().title)));
    }
};

QTEST_MAIN(TestTimelineRefused)
#include "tst_timelinerefused.moc"
