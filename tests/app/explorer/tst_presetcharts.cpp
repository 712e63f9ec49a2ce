// A preset shows the charts its explanation talks about (Preset::shownMetrics), p99 and
// requests per call always, and nothing else; a scenario of one's own keeps the user's charts.
#include "ExplorerTestSupport.h"
#include "MainWindow.h"

#include "LiveTimeSeriesView.h"
#include "LiveView.h"
#include "MetricChartView.h"

#include <hedge/io/Presets.h>

#include <QAction>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>
#include <QtTest>

using namespace hedge;

using test::shownCharts;

class TestPresetCharts : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { test::startPrivateSession(QStringLiteral("tst_presetcharts")); }

    void eachPresetShowsItsMetrics()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.show();
        // A chart the user chose, which no preset below asks for.
        test::menuAction(w, QStringLiteral("&View"), metricTitle(Metric::FailedPercent))->trigger();
        QVERIFY(test::chart(w, Metric::FailedPercent)->isVisibleTo(&w));
        int withExtras = 0;
        for (const Preset& p : presets()) {
            if (p.scenario.grid || p.scenario.timeline) // hedgesim's, not in the menu
                continue;
            QAction* item =
                test::menuAction(w, QStringLiteral("&Presets"), QString::fromStdString(p.title));
            QVERIFY(item);
            // The chart choice made the scenario modified: the first preset asks first.
            bool asked = false;
            if (w.isModified())
                QTimer::singleShot(0, &w, [&asked] {
                    if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                        asked = true;
                        box->button(QMessageBox::Discard)->click();
                    }
                });
            const bool wasModified = w.isModified();
            item->trigger();
            QCOMPARE(asked, wasModified);
            QCOMPARE(w.scenario(), p.scenario);
            QStringList expected{QStringLiteral("p99_ms"), QStringLiteral("requests_per_call")};
            for (const std::string& key : p.shownMetrics)
                if (!expected.contains(QString::fromStdString(key)))
                    expected << QString::fromStdString(key);
            // A preset whose calls have outcomes (a deadline, retries) shows goodput as well.
            if (p.scenario.hasCallOutcomes() && !expected.contains(QStringLiteral("goodput_fraction")))
                expected << QStringLiteral("goodput_fraction");
            expected.sort();
            QCOMPARE(shownCharts(w), expected);
            if (expected.size() > 2)
                ++withExtras;
            // The View menu agrees with the charts.
            for (Metric m : allMetrics())
                if (QAction* a = test::menuAction(w, QStringLiteral("&View"), metricTitle(m)))
                    QCOMPARE(a->isChecked(), test::chart(w, m)->isVisibleTo(&w));
        }
        QVERIFY(withExtras >= 2);
    }

    // A Live preset turns on the Live panels its text talks about (the retry storm's goodput
    // and hedges per call), beside the panel the user had on; an outcome panel the user turns
    // on from Charts is kept, as every other panel is.
    void aLivePresetTurnsOnThePanelsItsTextTalksAbout()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.show();
        LiveView* live = test::liveView(w);
        LiveTimeSeriesView* panels = live->chart();
        live->panelAction(Figure::Utilisation)->trigger(); // the user's own choice
        QVERIFY(panels->isPanelShown(Figure::Utilisation));
        const Preset* storm = findPreset("retry-storm");
        QVERIFY(storm && !storm->shownPanels.empty());
        for (const std::string& key : storm->shownPanels)
            QVERIFY2(!panels->isPanelShown(*panelFromKey(key)), key.c_str());
        QTimer::singleShot(0, &w, [] { // the panel choice made the scenario modified
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget()))
                box->button(QMessageBox::Discard)->click();
        });
        test::menuAction(w, QStringLiteral("&Presets"), QString::fromStdString(storm->title))
            ->trigger();
        QCOMPARE(w.scenario(), storm->scenario);
        for (const std::string& key : storm->shownPanels) {
            QVERIFY2(panels->isPanelShown(*panelFromKey(key)), key.c_str());
            QVERIFY2(live->panelAction(*panelFromKey(key))->isChecked(), key.c_str());
        }
        QVERIFY(panels->isPanelShown(Figure::Utilisation));

        live->panelAction(Figure::TimedOutPercent)->trigger();
        QVERIFY(panels->isPanelShown(Figure::TimedOutPercent));
        live->panelAction(Figure::GoodputPercent)->trigger();
        QVERIFY(!panels->isPanelShown(Figure::GoodputPercent));
        QVERIFY(panels->isPanelShown(Figure::HedgesPerCall));
    }
};

QTEST_MAIN(TestPresetCharts)
#include "tst_presetcharts.moc"
