// A policy's state where a user reads it (docs/user-guide.md, "Results table" and "Live view";
// docs/policies.md, "Hedges refused"): the results table's Hedges refused column and the
// point's hover for every setup, and the Live view's panels of a family's state (gRPC tokens,
// Finagle's percentile delay), each drawn only when a setup of the session has it. The Live
// clock is paused on what the buckets say, never after a wall-clock time.
#include "ExplorerTestScenarios.h"
#include "ExplorerTestSupport.h"
#include "LiveTimeSeriesView.h"
#include "LiveView.h"
#include "MetricChartView.h"
#include "ResultsTableModel.h"
#include "ResultsTableView.h"

#include <hedge/run/LiveController.h>

#include <QComboBox>
#include <QChart>
#include <QHeaderView>
#include <QToolButton>
#include <QToolTip>
#include <QtTest>

using namespace hedge;

namespace {

const QString kGrpc = QStringLiteral("grpc, throttled");
const QString kPlain = QStringLiteral("hedge, no budget");
const QString kFinagle = QStringLiteral("finagle");
const QString kEnvoy = QStringLiteral("envoy");

Setup grpcThrottled()
{
    Setup s;
    s.name = kGrpc.toStdString();
    s.policy = PolicyFamily::Grpc;
    s.families.grpc = GrpcSettings{.maxAttempts = 3,
                                   .hedgingDelayMs = 20.0,
                                   .nonFatalErrors = true,
                                   .throttling = GrpcThrottling{}};
    return s;
}

Setup finagle()
{
    Setup s;
    s.name = kFinagle.toStdString();
    s.policy = PolicyFamily::Finagle;
    s.families.finagle.maxExtraLoad = 0.05;
    return s;
}

Setup envoy()
{
    Setup s;
    s.name = kEnvoy.toStdString();
    s.policy = PolicyFamily::Envoy;
    s.families.envoy.perTryTimeoutMs = 20.0;
    return s;
}

// A service that sheds a fifth of its attempts with errors gRPC's config calls non-fatal:
// the throttle engages (docs/policies.md); resilience4cata without a budget refuses nothing.
Scenario sheddingService()
{
    Scenario s = test::twoSetups({0.5, 0.6}, 20000, 7);
    s.service.errorProbability = 0.2;
    s.setups = {grpcThrottled(), s.setups[1]};
    return s;
}

int columnTitled(ResultsTableView* view, const QString& title)
{
    for (int c = 0; c < view->model()->columnCount(); ++c)
        if (view->model()->headerData(c, Qt::Horizontal).toString() == title)
            return c;
    return -1;
}

void grab(QWidget& w, const char* name)
{
    // A picture to look at, for whoever asks for one; nothing is checked against it.
    if (qEnvironmentVariableIsSet("HEDGE_GRAB_DIR"))
        w.grab().save(qEnvironmentVariable("HEDGE_GRAB_DIR") + QLatin1Char('/') +
                      QLatin1String(name));
}

void chooseSpeed(LiveView& view, const QString& speed)
{
    view.speedBox()->setCurrentIndex(view.speedBox()->findText(speed));
}

} // namespace

class TestPolicyState : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { test::startPrivateSession(QStringLiteral("tst_policystate")); }

    // The table's Hedges refused column: above zero for the throttled gRPC setup, zero for
    // resilience4cata without a budget; the hover of a point on the chart says the figure.
    void theTableAndTheHoverShowHedgesRefused()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false});
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.openScenarioFile(test::writeScenario(m_dir, sheddingService(), "shed.json")),
                 std::nullopt);
        QTRY_VERIFY_WITH_TIMEOUT(test::idle(w), 300000);

        ResultsTableView* table = test::tableView(w);
        const int refused = columnTitled(table, QStringLiteral("Hedges refused"));
        QVERIFY(refused >= 0);
        QAbstractItemModel* model = table->model();
        QCOMPARE(model->rowCount(), 4);
        int grpcRows = 0, plainRows = 0;
        for (int r = 0; r < model->rowCount(); ++r) {
            const QString setup = model->index(r, ResultsTableModel::Setup).data().toString();
            const double value = model->index(r, refused).data(Qt::UserRole).toDouble();
            const QString shown = model->index(r, refused).data().toString();
            if (setup == kGrpc) {
                ++grpcRows;
                QVERIFY2(value > 0.0, qPrintable(shown));
                QVERIFY2(shown != QStringLiteral("0.00 %"), qPrintable(shown));
            } else {
                ++plainRows;
                QCOMPARE(setup, kPlain);
                QCOMPARE(value, 0.0);
                QCOMPARE(shown, QStringLiteral("0.00 %"));
            }
        }
        QCOMPARE(grpcRows, 2);
        QCOMPARE(plainRows, 2);
        // Beside the hedged share, where a reader looks for it.
        QHeaderView* header = table->horizontalHeader();
        QCOMPARE(header->visualIndex(refused),
                 header->visualIndex(ResultsTableModel::HedgedFraction) + 1);
        table->scrollTo(model->index(0, refused));
        grab(w, "table-hedges-refused.png");

        // View → the chart of hedges refused: the gRPC setup's curve is the table's figure.
        test::menuAction(w, QStringLiteral("&View"), metricTitle(Metric::HedgesRefusedPercent))
            ->trigger();
        MetricChartView* refusedChart = test::chart(w, Metric::HedgesRefusedPercent);
        QTRY_VERIFY_WITH_TIMEOUT(refusedChart->isVisible(), 10000);
        const QList<QPointF> refusedPoints = refusedChart->seriesPoints(kGrpc);
        QCOMPARE(refusedPoints.size(), 2);
        QVERIFY(refusedPoints[1].y() > 0.0);
        QVERIFY(refusedChart->seriesPoints(kPlain).size() == 2);
        QCOMPARE(refusedChart->seriesPoints(kPlain)[1].y(), 0.0);

        // The pointer on the gRPC setup's p99 point at 60 %: its hover says the figure.
        MetricChartView* chart = test::chart(w, Metric::P99);
        const QList<QPointF> points = chart->seriesPoints(kGrpc);
        QCOMPARE(points.size(), 2);
        QChart* qchart = chart->chart();
        // Where the point is drawn once the window has laid the new chart out.
        const auto spotOf = [&] {
            return chart->mapFromScene(qchart->mapToScene(
                qchart->mapToPosition(points[1], qchart->series().value(0))));
        };
        QTRY_VERIFY_WITH_TIMEOUT(chart->pointAt(spotOf()).has_value(), 10000);
        const QPoint spot = spotOf();
        // Moved there from a pixel below, as a hand does (the first move only enters the window).
        QTest::mouseMove(w.windowHandle(), chart->viewport()->mapTo(&w, spot + QPoint(0, 1)));
        QTest::mouseMove(w.windowHandle(), chart->viewport()->mapTo(&w, spot));
        QTRY_VERIFY_WITH_TIMEOUT(QToolTip::isVisible(), 10000);
        const std::optional<PointResult> point = chart->pointAt(spot);
        QVERIFY(point);
        QCOMPARE(QString::fromStdString(point->setup), kGrpc);
        QVERIFY(point->hedgesRefusedFraction > 0.0);
        const QString figure = PointTooltip::threeDigits(point->hedgesRefusedFraction * 100.0);
        QVERIFY2(QToolTip::text().contains(
                     QStringLiteral("<td>hedges refused</td><td style=\"padding-left:10px\">"
                                    "<nobr>%1 %</nobr>")
                         .arg(figure)),
                 qPrintable(QToolTip::text()));
        QCOMPARE(refusedPoints[1].y(), point->hedgesRefusedFraction * 100.0);

        // Saved with the chart shown, the file opens again with it (a key files accept).
        const QString saved = m_dir.filePath(QStringLiteral("saved.json"));
        QCOMPARE(w.saveScenarioFile(saved), std::nullopt);
        MainWindow again(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        QCOMPARE(again.openScenarioFile(saved), std::nullopt);
        QVERIFY(test::shownCharts(again).contains(metricResultsKey(Metric::HedgesRefusedPercent)));
    }

    // A timeline with Finagle, a throttled gRPC setup and Envoy: the Live view adds the
    // percentile delay, the tokens, the retry slots (and hedges refused), with the figures
    // under the pointer.
    void theLiveViewShowsAFamilysState()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        Scenario s = sheddingService();
        s.setups = {finagle(), grpcThrottled(), envoy()};
        s.timeline = Timeline{};
        s.timeline->durationS = 60;
        s.timeline->loadSteps = {LoadStep{0, 0.6}};
        QVERIFY(!w.openScenarioFile(test::writeScenario(m_dir, s, "families.json")));
        LiveView* view = test::liveView(w);
        LiveController* live = w.liveController();
        LiveTimeSeriesView* chart = view->chart();
        // Paused once Finagle's buckets carry a percentile delay and 20 s have been played.
        chooseSpeed(*view, QStringLiteral("×100"));
        connect(live, &LiveController::samplesChanged, view, [&] {
            const BucketRing& ring = live->rings()[0];
            if (!live->isPaused() && !ring.empty() && ring.back().tS >= 20.0 &&
                ring.back().percentileDelayMs)
                view->runButton()->click();
        });
        QTest::mouseClick(view->runButton(), Qt::LeftButton);
        QVERIFY(QTest::qWaitFor([&] { return live->isPaused(); }, 120000));
        QVERIFY(live->rings()[1].back().throttleTokens);

        for (Figure panel : {Figure::PercentileDelay, Figure::ThrottleTokens, Figure::RetrySlots,
                            Figure::HedgesRefusedPercent})
            QVERIFY2(!chart->panelRect(panel).isEmpty(),
                     qPrintable(panelTitle(panel)));
        QVERIFY(view->panelAction(Figure::PercentileDelay)->isChecked());

        // The pointer on the delay panel at the last bucket: Finagle's delay, and none for gRPC.
        const QRectF delay = chart->panelRect(Figure::PercentileDelay);
        const auto [t0, t1] = chart->timeRange();
        const double at = live->rings()[0].back().tS - 0.5;
        const QPointF pos(delay.left() + (at - t0) / (t1 - t0) * delay.width(), delay.center().y());
        QTest::mouseMove(chart, pos.toPoint());
        QTRY_VERIFY(!chart->shownText().isEmpty());
        const QString hover = chart->shownText();
        QVERIFY2(hover.contains(panelTitle(Figure::PercentileDelay)),
                 qPrintable(hover));
        const QString finagleRow =
            hover.section(kFinagle + QStringLiteral(": "), 1, 1).section(QStringLiteral("</nobr>"), 0, 0);
        QVERIFY2(finagleRow.endsWith(QStringLiteral(" ms")), qPrintable(hover));
        QVERIFY2(finagleRow.chopped(3).toDouble() >= 1.0, qPrintable(hover));
        QVERIFY2(hover.contains(kGrpc.toHtmlEscaped() + QStringLiteral(": none")), qPrintable(hover));
        // On the tokens panel, gRPC's throttle; Finagle's budget is not a gRPC token.
        const QRectF tokens = chart->panelRect(Figure::ThrottleTokens);
        const QString tokensHover =
            chart->hoverTextAt(QPointF(pos.x(), tokens.center().y()));
        QVERIFY2(tokensHover.contains(kFinagle + QStringLiteral(": none")), qPrintable(tokensHover));
        const QString grpcRow = tokensHover.section(kGrpc.toHtmlEscaped() + QStringLiteral(": "), 1, 1)
                                    .section(QStringLiteral("</nobr>"), 0, 0);
        bool number = false;
        const double grpcTokens = grpcRow.toDouble(&number);
        QVERIFY2(number && grpcTokens >= 0.0 && grpcTokens <= 10.0, qPrintable(tokensHover));
        // Envoy's slots in use, of the bound of the moment (at least max_retries' 3 here).
        const QRectF slotsPanel = chart->panelRect(Figure::RetrySlots);
        const QString slotsHover = chart->hoverTextAt(QPointF(pos.x(), slotsPanel.center().y()));
        const QString envoyRow = slotsHover.section(kEnvoy + QStringLiteral(": "), 1, 1)
                                     .section(QStringLiteral("</nobr>"), 0, 0);
        const TimelineBucket& envoyBucket = live->rings()[2].back();
        QVERIFY(envoyBucket.retrySlots && envoyBucket.retrySlotLimit);
        QVERIFY2(envoyRow.contains(QStringLiteral(" of ")), qPrintable(slotsHover));
        QVERIFY2(envoyRow.section(QStringLiteral(" of "), 1).toDouble() >= 3.0,
                 qPrintable(slotsHover));
        grab(w, "live-policy-state.png");

        // Unticked in Charts, the panel goes; ticked, it comes back.
        view->panelAction(Figure::PercentileDelay)->trigger();
        QVERIFY(chart->panelRect(Figure::PercentileDelay).isEmpty());
        view->panelAction(Figure::PercentileDelay)->trigger();
        QVERIFY(!chart->panelRect(Figure::PercentileDelay).isEmpty());
    }

    // resilience4cata alone, without a budget: none of a family's panels.
    void noFamilyNoFamilyPanels()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        Scenario s = test::twoSetups({0.5});
        s.timeline = Timeline{};
        s.timeline->durationS = 10;
        s.timeline->loadSteps = {LoadStep{0, 0.6}};
        QVERIFY(!w.openScenarioFile(test::writeScenario(m_dir, s, "plain.json")));
        LiveView* view = test::liveView(w);
        LiveController* live = w.liveController();
        chooseSpeed(*view, QStringLiteral("Fastest"));
        QTest::mouseClick(view->runButton(), Qt::LeftButton);
        QVERIFY(QTest::qWaitFor([&] { return live->finished(); }, 60000));
        LiveTimeSeriesView* chart = view->chart();
        QVERIFY(!chart->panelRect(Figure::P99).isEmpty());
        for (Figure panel : {Figure::PercentileDelay, Figure::ThrottleTokens, Figure::RetrySlots,
                            Figure::HedgesRefusedPercent})
            QVERIFY2(chart->panelRect(panel).isEmpty(),
                     qPrintable(panelTitle(panel)));
    }
};

QTEST_MAIN(TestPolicyState)
#include "tst_policystate.moc"
