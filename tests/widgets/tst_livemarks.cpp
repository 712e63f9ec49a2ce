// The Live view's marks as a user reads them (docs/user-guide.md, "Live view"), on the Live
// view and its controller without the window: the collapse strip has a key in the legend, one
// bar per collapse, and its hover names the setup, the collapse's times and the backlog at its
// peak; load steps and knob changes are ticks on the time axis; a timeline's end offers
// Continue Live; the cursor scrubs back over the kept seconds. (Where each preset's Live run
// starts is the window's choice: tests/app/explorer/tst_liveview.) The clock is driven by steps
// (run until a simulated time, or to the end), never by wall-clock time.
#include "ChartWalk.h"
#include "LiveOnController.h"
#include "LiveView.h"
#include "TestScenarios.h"

#include "LiveChartHover.h"
#include "LivePanelPainter.h"
#include "LiveTimeSeriesView.h"

#include <hedge/run/LiveController.h>

#include <QComboBox>
#include <QLabel>
#include <QToolButton>

#include <QRegularExpression>
#include <QSlider>
#include <QtTest>

#include <cmath>

using namespace hedge;

class TestLiveMarks : public QObject {
    Q_OBJECT

private slots:
    // A load dip inside a collapse (the flag drops for a few seconds, then rises): the strip
    // draws one bar for it; the pointer on the bar names the setup, the collapse's times and the
    // peak of its backlog (the kept buckets' own); on the legend's "collapsed", what the strip is.
    void theCollapseStripIsLabelledAndEachBarSaysWhatItIs()
    {
        test::LiveOnController w;
        QVERIFY(w.show());
        Scenario s = test::twoHedgedSetups();
        s.timeline = Timeline{};
        // The load falls at 1:40: the backlog's peak is before the end, not its last second.
        s.timeline->durationS = 160;
        s.timeline->loadSteps = {LoadStep{0, 0.4}, LoadStep{20, 0.9}, LoadStep{60, 0.2},
                                 LoadStep{66, 0.9}, LoadStep{100, 0.2}};
        w.start(s); // a timeline file opens in the Live view, paused
        LiveView* view = &w.view;
        LiveController* live = &w.controller;
        QVERIFY(w.runToEnd());
        LiveTimeSeriesView* chart = view->chart();

        // One bar per collapse of the shown setups: the dip did not split the first setup's.
        std::size_t spans = 0;
        for (const LiveCollapses& c : live->collapses())
            spans += c.spans().size();
        QCOMPARE(live->collapses()[0].spans().size(), std::size_t(1));
        const QList<QRectF> bars = chart->collapseBarRects();
        QCOMPARE(std::size_t(bars.size()), spans);

        // The first setup's bar (its row is the strip's first) under the pointer.
        const CollapseSpan span = live->collapses()[0].spans()[0];
        const QRectF bar = *std::min_element(bars.begin(), bars.end(),
                                             [](auto& a, auto& b) { return a.top() < b.top(); });
        test::hoverAt(chart, bar.center().toPoint());
        const QString barText = chart->shownText();
        const BucketRing& ring = live->rings()[0];
        double peak = 0;
        for (std::size_t k = 0; k < ring.size(); ++k)
            if (ring.at(k).tS > span.beganS && ring.at(k).tS <= span.toS.value_or(1e9))
                peak = std::max(peak, ring.at(k).backlogMs / 1000.0);
        QVERIFY(peak > 1.0);
        QVERIFY(peak > ring.back().backlogMs / 1000.0);
        const QString name = QString::fromStdString(s.setups[0].name).toHtmlEscaped();
        const QString to =
            span.toS ? LivePanelPainter::timeLabel(*span.toS) : QStringLiteral("now (under way)");
        QVERIFY2(barText.contains(QStringLiteral("<b>%1</b> collapsed %2–%3")
                                      .arg(name, LivePanelPainter::timeLabel(span.fromS), to)),
                 qPrintable(barText));
        QVERIFY2(barText.contains(QStringLiteral("backlog at the peak: %1 s of work")
                                      .arg(LiveChartHover::valueText(peak))),
                 qPrintable(barText));

        // The strip's key in the legend, and what it says.
        const QRectF key = chart->collapseKeyRect();
        QVERIFY(!key.isEmpty());
        test::hoverAt(chart, key.center().toPoint());
        QVERIFY2(chart->shownText().contains(QStringLiteral("strip above the p99 chart")),
                 qPrintable(chart->shownText()));
    }
    // A timeline's load steps (50 % → 70 % at 0:20, → 95 % at 0:42) and its change (the second
    // setup's delay to 45 ms at 1:10): a tick each on the time axis under every panel, at its
    // time, with its label; the pointer on a tick says what changed.
    void loadStepsAndChangesAreTicksOnTheTimeAxis()
    {
        test::LiveOnController w;
        QVERIFY(w.show());
        Scenario s = test::twoHedgedSetups();
        s.timeline = Timeline{};
        s.timeline->durationS = 90;
        s.timeline->loadSteps = {LoadStep{0, 0.5}, LoadStep{20, 0.7}, LoadStep{42, 0.95}};
        s.timeline->changes = {
            TimelineChange{70.0, s.setups[1].name, {KnobSetting{"hedge.delay_ms", 45.0}}}};
        w.start(s); // a timeline file opens in the Live view, paused
        LiveView* view = &w.view;
        LiveController* live = &w.controller;
        QVERIFY(w.runToEnd());
        LiveTimeSeriesView* chart = view->chart();

        const QString name = QString::fromStdString(s.setups[1].name);
        const QList<QPair<double, QString>> expected{
            {20.0, QStringLiteral("0:20 load 50 % → 70 %")},
            {42.0, QStringLiteral("0:42 load 70 % → 95 %")},
            {70.0, QStringLiteral("1:10 delay 20 → 45 ms on ‘%1’").arg(name)}};
        QCOMPARE(live->changeMarks().size(), std::size_t(expected.size()));
        // Under the last panel's time labels, inside the chart.
        QVERIFY(chart->changeTickRow().top() >
                chart->panelRect(Figure::Backlog).bottom());
        QVERIFY(chart->changeTickRow().bottom() <= chart->height());
        const auto [t0, t1] = chart->timeRange();
        for (int i = 0; i < expected.size(); ++i) {
            QCOMPARE(live->changeMarks()[std::size_t(i)].atS, expected[i].first);
            // Where the row is now (a message in the window may have moved the chart).
            const QRectF row = chart->changeTickRow();
            const double x = row.left() + (expected[i].first - t0) / (t1 - t0) * row.width();
            test::hoverAt(chart, QPointF(x, row.top() + 3).toPoint());
            QVERIFY2(chart->shownText().contains(expected[i].second.toHtmlEscaped()),
                     qPrintable(chart->shownText() + QStringLiteral(" | ") +
                                live->changeMarks()[std::size_t(i)].detail));
        }
        // The labels, in time order, those with room clear of the other ticks (issue 37: a
        // label was printed across the next tick): the load steps' ticks are 22 s apart, too
        // close for "Load 70 %" on either side; their hover says what changed.
        const QStringList labels = chart->changeLabelTexts();
        QVERIFY(!labels.isEmpty());
        QCOMPARE(labels.back(), QStringLiteral("Delay 45 ms"));
        const QList<QPair<double, QRectF>> ticks = chart->changeTicks();
        QCOMPARE(ticks.size(), expected.size());
        for (const auto& [x, label] : ticks)
            for (const auto& [otherX, otherLabel] : ticks)
                if (!label.isEmpty() && otherX != x) {
                    QVERIFY(otherX < label.left() || otherX > label.right());
                    QVERIFY(!label.intersects(otherLabel));
                }
        // Away from the ticks and their labels (2:30), nothing.
        const QRectF row = chart->changeTickRow();
        test::hoverAt(
            chart,
            QPointF(row.left() + (150.0 - t0) / (t1 - t0) * row.width(), row.top() + 3).toPoint());
        QVERIFY2(chart->shownText().isEmpty(), qPrintable(chart->shownText()));
    }
    // An outage of the service (docs/timeline.md, "Outages") is a mark with a window: its tick
    // once the outage has begun, labelled with its length, the hover saying when and what the
    // service did, and every panel shaded over its seconds (the load panel's pixels differ there
    // from the seconds before and after, where the same lines are drawn).
    void anOutageIsAShadedWindowWithItsTick()
    {
        test::LiveOnController w;
        QVERIFY(w.show());
        Scenario s = test::twoHedgedSetups();
        s.timeline = Timeline{};
        s.timeline->durationS = 60;
        s.timeline->loadSteps = {LoadStep{0, 0.5}};
        s.timeline->outages = {Outage{.atS = 20, .lengthS = 10, .kind = Outage::Kind::Stall}};
        w.start(s);
        LiveController* live = &w.controller;
        QVERIFY(w.runUntil(15));
        QVERIFY(live->changeMarks().empty()); // not before it begins
        QVERIFY(w.runToEnd());
        LiveTimeSeriesView* chart = w.view.chart();

        QCOMPARE(live->changeMarks().size(), std::size_t(1));
        const LiveChangeMark& mark = live->changeMarks().front();
        QCOMPARE(mark.atS, 20.0);
        QCOMPARE(mark.untilS, 30.0);
        QVERIFY(chart->changeLabelTexts().contains(QStringLiteral("Outage 10 s")));
        const auto [t0, t1] = chart->timeRange();
        const QRectF row = chart->changeTickRow();
        test::hoverAt(chart,
                      QPointF(row.left() + (20.0 - t0) / (t1 - t0) * row.width(), row.top() + 3)
                          .toPoint());
        QVERIFY2(chart->shownText().contains(
                     QStringLiteral("0:20–0:30 outage: the service stalls: no attempt is "
                                    "answered")
                         .toHtmlEscaped()),
                 qPrintable(chart->shownText()));

        // The load is the same line throughout: down a column inside the window the pixels
        // differ from a column outside it, and two columns outside it are alike.
        test::hoverAt(chart, QPoint(1, 1)); // no hover, no cursor
        const QImage image = chart->grab().toImage();
        const QRectF plot = chart->panelRect(Figure::Load);
        QVERIFY(!plot.isEmpty());
        const auto xAt = [&](double t) {
            return int(std::lround(plot.left() + (t - t0) / (t1 - t0) * plot.width()));
        };
        int rows = 0, shaded = 0, alike = 0;
        for (int y = int(plot.top()) + 2; y < int(plot.bottom()) - 2; ++y) {
            ++rows;
            const QRgb outside = image.pixel(xAt(47.5), y);
            shaded += image.pixel(xAt(25.5), y) != outside;
            alike += image.pixel(xAt(12.5), y) == outside;
        }
        QVERIFY2(shaded > rows * 8 / 10, qPrintable(QStringLiteral("%1 of %2").arg(shaded).arg(rows)));
        QVERIFY2(alike > rows * 9 / 10, qPrintable(QStringLiteral("%1 of %2").arg(alike).arg(rows)));
    }
    // A timeline's end says so (the status line, the clock) and offers Continue Live: the worlds
    // go on past the end at the last load, running, as a live session; the load's controls are
    // back, and Continue Live goes until the next end.
    void continueLiveGoesOnPastTheTimelinesEnd()
    {
        test::LiveOnController w;
        QVERIFY(w.show());
        Scenario s = test::twoHedgedSetups();
        s.timeline = Timeline{};
        s.timeline->durationS = 6;
        s.timeline->loadSteps = {LoadStep{0, 0.5}, LoadStep{3, 0.6}};
        w.start(s); // a timeline file opens in the Live view, paused
        LiveView* view = &w.view;
        LiveController* live = &w.controller;
        w.chooseSpeed(QStringLiteral("Fastest"));
        QVERIFY(!view->continueButton()->isVisibleTo(view));
        QTest::mouseClick(view->runButton(), Qt::LeftButton);
        QVERIFY(QTest::qWaitFor([&] { return live->finished(); }, 20000));

        QVERIFY2(
            view->statusLabel()->toolTip().startsWith(QStringLiteral("Timeline ended at 0:06")),
            qPrintable(view->statusLabel()->toolTip()));
        QVERIFY(view->continueButton()->isVisibleTo(view));
        QVERIFY(!view->loadSlider()->isEnabled());
        QTest::mouseClick(view->continueButton(), Qt::LeftButton);
        QVERIFY(!live->finished());
        QVERIFY(!live->isPaused());
        QVERIFY(!view->continueButton()->isVisibleTo(view));
        QVERIFY(view->loadSlider()->isEnabled());
        QCOMPARE(view->runButton()->text(), QStringLiteral("Pause"));
        QVERIFY(QTest::qWaitFor([&] { return live->nowS() >= 12.0; }, 20000));
        QTest::mouseClick(view->runButton(), Qt::LeftButton); // pause
        // The same worlds on: every second after the end at the last load, none missing.
        const BucketRing& ring = live->rings().front();
        QVERIFY(ring.size() >= 12);
        for (std::size_t k = 0; k < ring.size(); ++k)
            QCOMPARE(ring.at(k).tS, double(k + 1));
        for (std::size_t k = 6; k < ring.size(); ++k)
            QCOMPARE(ring.at(k).load, 0.6);
        QVERIFY(!live->finished());
    }
    // The pointer on the time axis scrubs back over the kept seconds: a cursor on every panel,
    // and a readout of every world's figures in that second, the kept bucket's own (no run
    // again); off the axis the cursor goes.
    void theCursorScrubsBackAndReadsEveryWorld()
    {
        test::LiveOnController w;
        QVERIFY(w.show());
        Scenario s = test::twoHedgedSetups();
        s.timeline = Timeline{};
        s.timeline->durationS = 40;
        s.timeline->loadSteps = {LoadStep{0, 0.5}, LoadStep{20, 0.8}};
        w.start(s); // a timeline file opens in the Live view, paused
        LiveView* view = &w.view;
        LiveController* live = &w.controller;
        QVERIFY(w.runToEnd());
        LiveTimeSeriesView* chart = view->chart();

        const QRectF axis = chart->timeAxisRect();
        QVERIFY(!axis.isEmpty());
        const auto [t0, t1] = chart->timeRange();
        const double at = 25.5;
        const double x = axis.left() + (at - t0) / (t1 - t0) * axis.width();
        test::hoverAt(chart, QPointF(x, axis.center().y()).toPoint());
        QVERIFY(chart->cursorS());
        QVERIFY2(std::abs(*chart->cursorS() - at) < (t1 - t0) / axis.width(),
                 qPrintable(QString::number(*chart->cursorS())));
        const QString readout = chart->shownText();
        QVERIFY2(readout.startsWith(QStringLiteral("<nobr><b>0:25–0:26</b> · load 80 %")),
                 qPrintable(readout));
        // One "name: value unit" line per figure, never an exponent (issue 37: "1." / "149e+04"
        // and "no hedge / clien67.27" in a table the tooltip squeezed).
        QVERIFY2(!readout.contains(QStringLiteral("<td>")) && !readout.contains(QStringLiteral("e+")),
                 qPrintable(readout));
        // The axes' labels and the figures: plain numbers with their units.
        QCOMPARE(LiveChartHover::valueText(11490.3), QStringLiteral("11490"));
        QCOMPARE(LiveChartHover::valueText(10000.0), QStringLiteral("10000"));
        QCOMPARE(LiveChartHover::valueText(1.149), QStringLiteral("1.149"));
        QCOMPARE(LiveChartHover::valueText(67.2734), QStringLiteral("67.27"));
        QCOMPARE(LiveChartHover::valueText(20.0), QStringLiteral("20"));
        QCOMPARE(LiveChartHover::valueText(0.0012), QStringLiteral("0.0012"));
        QCOMPARE(LiveChartHover::figureText(Figure::HedgesRefusedPercent, 2.416),
                 QStringLiteral("2.416 %"));
        for (std::size_t world = 0; world < s.setups.size(); ++world) {
            const BucketRing& ring = live->rings()[world];
            const TimelineBucket& b = ring.at(*ring.indexCovering(*chart->cursorS()));
            QCOMPARE(b.tS, 26.0);
            QVERIFY2(readout.contains(QString::fromStdString(s.setups[world].name).toHtmlEscaped()),
                     qPrintable(readout));
            const QString lines =
                QStringLiteral("&nbsp;&nbsp;p99: %1 ms</nobr><br><nobr>&nbsp;&nbsp;Requests per "
                               "call: %2</nobr><br><nobr>&nbsp;&nbsp;Backlog: %3 s</nobr>")
                    .arg(LiveChartHover::valueText(*b.p99Ms),
                         LiveChartHover::valueText(*b.requestsPerCall),
                         LiveChartHover::valueText(b.backlogMs / 1000.0));
            QVERIFY2(readout.contains(lines), qPrintable(readout));
        }
        // The cursor is drawn on every panel: the picture with it differs from the one without
        // (the pointer off the axis) by at least a vertical line's pixels.
        const QImage with = chart->renderImage(chart->size());
        test::hoverAt(chart, chart->panelRect(Figure::P99).center().toPoint());
        QVERIFY(!chart->cursorS());
        const QImage before = chart->renderImage(chart->size());
        for (Figure panel :
             {Figure::Load, Figure::P99,
              Figure::RequestsPerCall, Figure::Backlog}) {
            const QRectF plot = chart->panelRect(panel);
            // Over the panel: the image the test renders may be laid out wider than the window
            // the pointer was on, so its column is not the pointer's; the readout above says
            // which second the cursor reads.
            int differing = 0;
            for (int y = int(plot.top()) + 2; y < int(plot.bottom()) - 2; ++y)
                for (int px = int(plot.left()); px < int(plot.right()); ++px)
                    differing += before.pixel(px, y) != with.pixel(px, y);
            QVERIFY2(differing > plot.height() / 2, qPrintable(QString::number(differing)));
        }
        // Moved along the axis (hovering or dragging), it follows; off the axis it goes.
        const QRectF axisNow = chart->timeAxisRect();
        const double earlier = 15.5;
        QTest::mousePress(w.view.windowHandle(), Qt::LeftButton, {},
                          chart->mapTo(&w.view, axisNow.center().toPoint()));
        test::hoverAt(chart, QPointF(axisNow.left() + (earlier - t0) / (t1 - t0) * axisNow.width(),
                                     axisNow.center().y())
                                 .toPoint());
        QVERIFY2(chart->cursorS() &&
                     std::abs(*chart->cursorS() - earlier) < 2 * (t1 - t0) / axisNow.width(),
                 qPrintable(QString::number(chart->cursorS().value_or(-1))));
        QVERIFY(chart->shownText().startsWith(QStringLiteral("<nobr><b>0:15–0:16</b> · load 50 %")));
        QTest::mouseRelease(w.view.windowHandle(), Qt::LeftButton);
        test::hoverAt(chart, chart->panelRect(Figure::P99).center().toPoint());
        QVERIFY(!chart->cursorS());
    }
};

QTEST_MAIN(TestLiveMarks)
#include "tst_livemarks.moc"
