// A policy's state where a user reads it in the Live view (docs/user-guide.md, "Live view";
// docs/policies.md, "State over time"): the panels of a family's state (gRPC tokens, Envoy's
// retry slots, Finagle's percentile delay, hedges refused), each drawn only when a setup of the
// session has it, with each world's figure under the pointer. The Live view on its controller,
// without the window (the results table's part is tests/app/explorer/tst_policystate's). The
// Live clock is paused on what the buckets say, never after a wall-clock time.
#include "LiveOnController.h"
#include "LiveTimeSeriesView.h"
#include "LiveView.h"
#include "TestScenarios.h"

#include <hedge/run/LiveController.h>

#include <QComboBox>
#include <QToolButton>
#include <QtTest>

using namespace hedge;

namespace {

const QString kGrpc = QStringLiteral("grpc, throttled");
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

void grab(QWidget& w, const char* name)
{
    // A picture to look at, for whoever asks for one; nothing is checked against it.
    if (qEnvironmentVariableIsSet("HEDGE_GRAB_DIR"))
        w.grab().save(qEnvironmentVariable("HEDGE_GRAB_DIR") + QLatin1Char('/') +
                      QLatin1String(name));
}

} // namespace

class TestLivePolicyState : public QObject {
    Q_OBJECT

private slots:
    // A timeline with Finagle, a throttled gRPC setup and Envoy: the Live view adds the
    // percentile delay, the tokens, the retry slots (and hedges refused), with the figures
    // under the pointer.
    void theLiveViewShowsAFamilysState()
    {
        test::LiveOnController w;
        w.view.resize(1024, 620);
        w.view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w.view));
        Scenario s = sheddingService();
        s.setups = {finagle(), grpcThrottled(), envoy()};
        s.timeline = Timeline{};
        s.timeline->durationS = 60;
        s.timeline->loadSteps = {LoadStep{0, 0.6}};
        w.start(s); // a timeline file opens in the Live view, paused
        LiveView* view = &w.view;
        LiveController* live = &w.controller;
        LiveTimeSeriesView* chart = view->chart();
        // Paused once Finagle's buckets carry a percentile delay and 20 s have been played.
        w.chooseSpeed(QStringLiteral("×100"));
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
        grab(w.view, "live-policy-state.png");

        // Unticked in Charts, the panel goes; ticked, it comes back.
        view->panelAction(Figure::PercentileDelay)->trigger();
        QVERIFY(chart->panelRect(Figure::PercentileDelay).isEmpty());
        view->panelAction(Figure::PercentileDelay)->trigger();
        QVERIFY(!chart->panelRect(Figure::PercentileDelay).isEmpty());
    }

    // resilience4cata alone, without a budget: none of a family's panels.
    void noFamilyNoFamilyPanels()
    {
        test::LiveOnController w;
        w.view.resize(1024, 620);
        w.view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w.view));
        Scenario s = test::twoSetups({0.5});
        s.timeline = Timeline{};
        s.timeline->durationS = 10;
        s.timeline->loadSteps = {LoadStep{0, 0.6}};
        w.start(s);
        LiveView* view = &w.view;
        LiveController* live = &w.controller;
        w.chooseSpeed(QStringLiteral("Fastest"));
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

QTEST_MAIN(TestLivePolicyState)
#include "tst_livepolicystate.moc"
