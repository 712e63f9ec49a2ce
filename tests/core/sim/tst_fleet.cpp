// A fleet of clients (docs/model.md, "A fleet of clients"): every client keeps its own copy of
// the setup's policy state, so a budget's floor holds once per client. Checked on the real
// simulation (SimulationCore with the setup's TowerHedge): with Tower's TpsBudget at
// retry_percent 0 the hedges a client may send are its floor, min_per_sec, and N clients may
// send N times as many; the calls are spread evenly over the clients; the knob is read and written
// as every knob is.
#include <hedge/io/ScenarioError.h>
#include <hedge/io/ScenarioJson.h>
#include <hedge/sim/SimulationCore.h>

#include <QTest>

#include <cmath>
#include <string>

using namespace hedge;
using hedge::sim_detail::CoreConfig;
using hedge::sim_detail::SimulationCore;

namespace {

// Counts the hedges sent and the calls ended, and when the run ended.
class HedgeCount {
public:
    template <class Core> void onArrival(const Core&, std::int64_t) {}
    template <class Core> void onLastArrival(const Core&) {}
    template <class Core> void onSent(const Core&, int attempt) { hedges += attempt > 0; }
    template <class Core> void onQueued(const Core&) {}
    template <class Core>
    void onCallEnded(const Core& core, std::uint32_t, const sim_detail::EndedCall&, CallEnd end)
    {
        ++ended;
        succeeded += end == CallEnd::Succeeded;
        lastEndMs = core.now();
    }
    template <class Core> bool onBoundary(const Core&) { return false; }

    std::int64_t hedges = 0;
    std::int64_t ended = 0;
    std::int64_t succeeded = 0;
    double lastEndMs = 0.0;
};

struct FleetRun {
    HedgeCount count;
    std::int64_t refused = 0;
};

constexpr double kFloorPerSecond = 10.0;

// Tower hedging at the 50th percentile (half the calls would hedge), behind a TpsBudget whose
// only allowance is its floor.
Setup flooredTower()
{
    Setup setup{.name = "tower"};
    setup.policy = PolicyFamily::Tower;
    setup.families.tower.latencyPercentile = 0.5;
    setup.families.tower.budget = TowerBudget{.retryPercent = 0.0, .minPerSec = kFloorPerSecond};
    return setup;
}

FleetRun run(const Setup& setup, int clients, std::int64_t calls)
{
    ServiceConfig service; // 16 workers, median 10 ms
    service.clients = clients;
    const double load = 0.3;
    const CoreConfig config{
        .service = service, .setup = setup, .seed = 3, .randomKey = load, .callLimit = calls};
    FleetRun r;
    SimulationCore<HedgeCount, false, ClientPolicy> core(
        config, ArrivalSchedule(service.arrivalRatePerMs(load)), r.count, {}, SafetyCap{}, nullptr);
    core.start();
    core.run();
    r.refused = core.hedgesRefused();
    return r;
}

} // namespace

class TestFleet : public QObject {
    Q_OBJECT

private slots:
    // N clients with a floor of m hedges a second may send N·m a second; one client m.
    void aBudgetsFloorHoldsOncePerClient()
    {
        const std::int64_t calls = 100000; // about 200 s at 30 % of the reference service
        const FleetRun one = run(flooredTower(), 1, calls);
        const FleetRun five = run(flooredTower(), 5, calls);
        const double seconds = one.count.lastEndMs / 1000.0;
        QVERIFY(seconds > 150.0);
        // The floor binds: far more hedges were wanted than it allows.
        QVERIFY(one.refused > 5 * one.count.hedges);
        // One client: about its floor a second (TpsBudget's slices restart at the look that
        // expires them, so a little more than the floor gets through; never twice it).
        const double perSecond = double(one.count.hedges) / seconds;
        QVERIFY2(perSecond > kFloorPerSecond && perSecond < 2.0 * kFloorPerSecond,
                 qPrintable(QString::number(perSecond)));
        // Five clients: five floors.
        const double ratio = double(five.count.hedges) / double(one.count.hedges);
        QVERIFY2(ratio > 4.6 && ratio < 5.4, qPrintable(QString::number(ratio)));
    }

    // The knob is a registry row: written only when not 1 (every file of before stays byte for
    // byte), read back, and refused out of its range with the field and the range named.
    void theClientsKnobInTheScenarioFile()
    {
        Scenario scenario;
        QVERIFY(writeScenarioJson(scenario).find("clients") == std::string::npos);
        scenario.service.clients = 50;
        const std::string json = writeScenarioJson(scenario);
        QVERIFY(json.find("\"clients\": 50") != std::string::npos);
        QCOMPARE(parseScenarioJson(json).service.clients, 50);
        std::string bad = json;
        bad.replace(bad.find("\"clients\": 50"), 13, "\"clients\": 0");
        try {
            parseScenarioJson(bad);
            QFAIL("clients 0 was accepted");
        } catch (const ScenarioError& e) {
            const QString what = QString::fromUtf8(e.what());
            QVERIFY2(what.contains(QStringLiteral("service.clients")) &&
                         what.contains(QStringLiteral("10000")),
                     qPrintable(what));
        }
    }

    // Without a budget every call still ends, and the hedges a percentile sends stay the
    // same share of the calls while each client sees enough of them; spread over 50 clients,
    // each client's period holds fewer latencies than min_data_points (10 a second) and it
    // sends almost no hedge: the percentile lives per client too.
    void aPercentileWindowIsPerClient()
    {
        Setup setup = flooredTower();
        setup.families.tower.budget.reset();
        const std::int64_t calls = 20000;
        const FleetRun one = run(setup, 1, calls);
        const FleetRun five = run(setup, 5, calls);
        const FleetRun fifty = run(setup, 50, calls);
        for (const FleetRun* r : {&one, &five, &fifty}) {
            QCOMPARE(r->count.ended, calls);
            QCOMPARE(r->refused, std::int64_t(0));
        }
        const auto share = [calls](const FleetRun& r) { return double(r.count.hedges) / double(calls); };
        QVERIFY2(share(one) > 0.3 && std::abs(share(one) - share(five)) < 0.05,
                 qPrintable(QStringLiteral("%1 vs %2").arg(share(one)).arg(share(five))));
        QVERIFY2(share(fifty) < share(one) / 3.0,
                 qPrintable(QStringLiteral("%1 vs %2").arg(share(fifty)).arg(share(one))));
    }
};

QTEST_GUILESS_MAIN(TestFleet)
#include "tst_fleet.moc"
