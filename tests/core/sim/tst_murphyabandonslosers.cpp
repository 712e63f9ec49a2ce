// A property users of Murphy rely on (docs/policies.md, "Murphy"): its losers are abandoned,
// never cancelled at the server, even in a setup whose cancellation says "server". On the
// real simulation's trace: no queued attempt is dropped and no service is cut short, while
// losers do outlive their calls and run to their end; the same setup as resilience4cata
// shows the trace would see server cancels.
#include <hedge/sim/Simulation.h>

#include <QTest>

#include <set>
#include <utility>

using namespace hedge;

namespace {

class CancelWatch : public SimulationObserver {
public:
    void onEvent(const TraceEvent& e) override
    {
        switch (e.kind) {
        case TraceEvent::QueuedDropped:
        case TraceEvent::ServiceCutShort:
            ++serverCancels;
            break;
        case TraceEvent::CallEnded:
            ended.insert(e.call);
            break;
        case TraceEvent::ServiceEnded:
            losersServed += ended.count(e.call) > 0; // its call ended before it
            break;
        default:
            break;
        }
    }
    std::int64_t serverCancels = 0;
    std::int64_t losersServed = 0;
    std::set<std::int64_t> ended;
};

CancelWatch runTraced(const Setup& setup)
{
    PointSpec spec{.setup = setup, .load = 0.8, .seed = 5, .calls = 20000};
    CancelWatch watch;
    simulatePoint(spec, {}, SafetyCap{}, &watch);
    return watch;
}

} // namespace

class TestMurphyAbandonsLosers : public QObject {
    Q_OBJECT

private slots:
    void neverCancelsAtTheServer();
};

void TestMurphyAbandonsLosers::neverCancelsAtTheServer()
{
    Setup murphy{.name = "murphy", .cancellation = Cancellation::Server};
    murphy.policy = PolicyFamily::Murphy;
    murphy.families.murphy = MurphySettings{.delayMs = 20.0, .maxExtraAttempts = 2};
    const CancelWatch m = runTraced(murphy);
    QCOMPARE(m.serverCancels, std::int64_t(0));
    QVERIFY(m.losersServed > 0); // losers existed, outlived their calls and were served

    Setup same{.name = "fixed", .cancellation = Cancellation::Server};
    same.hedge = HedgeSettings{.delayMs = 20.0, .maxAttempts = 3, .budgetPercent = 0.0};
    QVERIFY(runTraced(same).serverCancels > 0);
}

QTEST_APPLESS_MAIN(TestMurphyAbandonsLosers)
#include "tst_murphyabandonslosers.moc"
