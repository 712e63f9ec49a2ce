// A property users of Envoy rely on (docs/policies.md, "Envoy"): without a retry_budget the
// max_retries circuit breaker (3) bounds the whole client, so however loaded the queue, never
// more than 3 calls hold a retry slot. Checked on the real simulation (SimulationCore with the
// setup's EnvoyHedging) under a load that keeps it at the bound, through the family's gauges
// at every arrival, send, queueing and end of a call. With the default retry_budget the same
// run holds more: the check can see a breach.
#include <hedge/sim/SimulationCore.h>

#include <QTest>

#include <algorithm>

using namespace hedge;
using hedge::sim_detail::CoreConfig;
using hedge::sim_detail::SimulationCore;

namespace {

// Watches the family's slots at every hook of the core: the highest count seen, and the
// hedges actually sent.
class SlotWatch {
public:
    template <class Core> void onArrival(const Core& core, std::int64_t) { look(core); }
    template <class Core> void onLastArrival(const Core& core) { look(core); }
    template <class Core> void onSent(const Core& core, int attempt)
    {
        look(core);
        hedges += attempt > 0;
    }
    template <class Core> void onQueued(const Core& core) { look(core); }
    template <class Core>
    void onCallEnded(const Core& core, std::uint32_t, const sim_detail::EndedCall&, CallEnd)
    {
        look(core);
    }
    template <class Core> bool onBoundary(const Core&) { return false; }

    int maxSlotsInUse = 0;
    int maxSlotLimit = 0;
    std::int64_t hedges = 0;
    std::int64_t looks = 0;

private:
    template <class Core> void look(const Core& core)
    {
        const FamilyGauges g = core.pipeline().family()->gauges(core.now());
        maxSlotsInUse = std::max(maxSlotsInUse, g.slotsInUse);
        maxSlotLimit = std::max(maxSlotLimit, g.slotLimit);
        ++looks;
    }
};

struct Run {
    SlotWatch watch;
    std::int64_t refused = 0;
};

Run runEnvoy(const std::optional<EnvoyRetryBudget>& budget, double load)
{
    Setup setup{.name = "envoy"};
    setup.policy = PolicyFamily::Envoy;
    setup.families.envoy.perTryTimeoutMs = 15.0; // a hiccup (2 %) or a queue wait trips it
    setup.families.envoy.numRetries = 2;
    setup.families.envoy.retryBudget = budget;
    const ServiceConfig service; // 16 workers, median 10 ms, hiccups 100–300 ms
    const CoreConfig config{
        .service = service, .setup = setup, .seed = 7, .randomKey = load, .callLimit = 40000};
    Run run;
    SimulationCore<SlotWatch, false, ClientPolicy> core(config, ArrivalSchedule(service.arrivalRatePerMs(load)),
                                          run.watch, {}, SafetyCap{}, nullptr);
    core.start();
    core.run();
    run.refused = core.pipeline().hedgesRefused();
    return run;
}

} // namespace

class TestEnvoySlotBound : public QObject {
    Q_OBJECT

private slots:
    void withoutRetryBudgetNeverMoreThanThreeCallsHoldASlot_data();
    void withoutRetryBudgetNeverMoreThanThreeCallsHoldASlot();
    void theDefaultRetryBudgetGrowsPastThree();
};

void TestEnvoySlotBound::withoutRetryBudgetNeverMoreThanThreeCallsHoldASlot_data()
{
    QTest::addColumn<double>("load");
    QTest::newRow("0.7") << 0.7;
    QTest::newRow("0.95") << 0.95;
}

void TestEnvoySlotBound::withoutRetryBudgetNeverMoreThanThreeCallsHoldASlot()
{
    QFETCH(double, load);
    const Run run = runEnvoy(std::nullopt, load);
    QVERIFY(run.watch.looks > 100000);
    QCOMPARE(run.watch.maxSlotLimit, 3);
    QCOMPARE(run.watch.maxSlotsInUse, 3); // reached (the load presses on it), never passed
    QVERIFY(run.refused > 0);             // and it refused hedges
    QVERIFY(run.watch.hedges > 0);
}

void TestEnvoySlotBound::theDefaultRetryBudgetGrowsPastThree()
{
    const Run run = runEnvoy(EnvoyRetryBudget{}, 0.95); // 20 %, at least 3
    QVERIFY2(run.watch.maxSlotsInUse > 3, qPrintable(QString::number(run.watch.maxSlotsInUse)));
    QVERIFY(run.watch.maxSlotLimit > 3);
}

QTEST_APPLESS_MAIN(TestEnvoySlotBound)
#include "tst_envoyslotbound.moc"
