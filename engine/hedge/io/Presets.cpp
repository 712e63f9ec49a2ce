#include <hedge/io/Presets.h>

#include <hedge/io/FamilyPresets.h>
#include <hedge/io/FanoutPresets.h>
#include <hedge/io/ProductionPresets.h>
#include <hedge/io/RetryPresets.h>
#include <hedge/io/ServicePresets.h>

#include <hedge/sim/ServiceTimeQuantiles.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace hedge {

namespace {

// Teaching presets reuse the reference setups so that a setup looks and behaves the same in
// every preset (same name, same knobs, same colour in the GUI).
std::vector<Setup> pick(std::initializer_list<const char*> names)
{
    const std::vector<Setup> all = Scenario::referenceSetups();
    std::vector<Setup> chosen;
    for (const char* name : names) {
        const auto it =
            std::find_if(all.begin(), all.end(), [name](const Setup& s) { return s.name == name; });
        if (it == all.end())
            throw std::logic_error(std::string("no reference setup named ") + name);
        chosen.push_back(*it);
    }
    return chosen;
}

Scenario scenario(std::vector<double> loads, std::vector<Setup> setups,
                  const ServiceConfig& service = {})
{
    Scenario s;
    s.loads = std::move(loads);
    s.setups = std::move(setups);
    s.service = service;
    return s;
}

// A reference hedge setup that sends its hedges to a replica the call has not used yet
// (docs/topology.md, "Placement"), named as the editor names it: "hedge, no budget, other replica /
// client".
Setup toOtherReplica(Setup setup)
{
    setup.hedge->placement = HedgePlacement::OtherReplica;
    setup.name = setup.generatedName();
    return setup;
}

// The reference service's 16 workers as four replicas of four behind a random balancer.
ServiceConfig fourReplicas()
{
    ServiceConfig s;
    s.workers = 4;
    s.replicas = 4;
    s.balancer = BalancerKind::Random;
    return s;
}

// One seed is one sample: this preset runs every point ten times and shows what a single run
// hides. Its numbers are checked against a run by tests/core/io/tst_knifeedgepreset.cpp.
Preset knifeEdge()
{
    Scenario s = scenario({0.3, 0.4, 0.45, 0.5, 0.55, 0.6},
                          pick({"no hedge / client", "3 attempts, no budget / client"}));
    s.calls = 50000;
    s.replicates = 10;
    s.service.hiccupProbability = 0.01;
    s.service.hiccupMinMs = 200.0;
    s.service.hiccupMaxMs = 1000.0;
    return Preset{
        "knife-edge",
        "Knife edge: when one run is not the answer",
        "One run is one sample. This preset runs every point ten times, each run (a replicate) "
        "with its own random numbers, and reports the pooled figure (all ten runs' calls "
        "together), the spread of the ten runs beside it and how many of them collapsed. The "
        "service has rarer, longer hiccups than the reference: 1 % of requests take 200–1000 "
        "ms. Two things a single run hides:\n\n"
        "Without hedging the p99 sits exactly where the hiccups begin. A run with slightly "
        "fewer than 1 % slow calls has a p99 of about 22–30 ms, one with slightly more a p99 "
        "above 200 ms. At 50 % load the ten runs' p99s range from 22 ms to 248 ms with none "
        "between 35 and 200 ms: the figure is bimodal, not noisy, and one seed would show one "
        "of the two values as if it were the answer.\n\n"
        "Three attempts without a budget, with client cancellation, collapse at a load that "
        "is a matter of chance: at 40 % load no run collapses, at 45 % one run in ten does, "
        "at 50 % three, at 55 % seven, at 60 % all ten. Near that threshold \"collapsed in 3 "
        "of 10 runs\" is the honest answer: whether a run collapses depends on one unlucky "
        "burst of arrivals and hiccups.",
        s,
        {"p99_ms"},
        0.5};
}

// The plane the seed article's advice is about. The numbers the text builds in come from the
// scenario and the model (the service's p95); the figures of the run it states are checked
// against the run by tests/core/io/tst_delaymapclaims.cpp.
Preset delayMap()
{
    Scenario s = scenario({0.3, 0.4, 0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95},
                          pick({"no hedge / client", "hedge, default budget / client"}));
    s.grid = Grid{.setup = "hedge, default budget / client",
                  .knob = "hedge.delay_ms",
                  .values = {2, 4, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60}};
    const auto ms = [](double v) { return std::to_string(static_cast<int>(std::lround(v))); };
    const double p95 = serviceTimeQuantile(s.service, 0.95);
    const double budget = s.setups[1].hedge->budgetPercent;
    return Preset{
        "delay-map",
        "Delay map: where a hedge delay helps, load by load",
        "The advice \"set the delay a little above p95\" is about one load. This preset runs "
        "\"hedge, default budget\" with every delay from " +
            ms(s.grid->values.front()) + " to " + ms(s.grid->values.back()) +
            " ms at every load from " + ms(s.loads.front() * 100) + " % to " +
            ms(s.loads.back() * 100) +
            " %, and compares each cell's p99 with \"no hedge\" at the same load (below 1: "
            "hedging helps).\n\n"
            "At light load the p99 without hedging is about 200 ms: it sits in the hiccups (" +
            ms(s.service.hiccupProbability * 100) + " % of requests take " +
            ms(s.service.hiccupMinMs) + "–" + ms(s.service.hiccupMaxMs) +
            " ms). Delays up to 10 ms spend the " + ms(budget) +
            " % budget on calls that were only a little slow (the median service time is " +
            ms(s.service.medianMs) + " ms), so the p99 hardly moves: at most 13 % lower at " +
            ms(s.loads.front() * 100) +
            " % load. From 15 ms the budget reaches the hiccups and the p99 drops to between 13 % "
            "and 35 % of the unhedged one, lowest at 15 ms, next to the service's p95 (" +
            ms(p95) +
            " ms); each longer delay waits longer before it helps.\n\n"
            "As the load grows, queueing alone makes calls wait longer than the delay: the "
            "budget goes to calls that are merely queued and each hedge adds work to the queue. "
            "At 70 % load the 20 ms delay that helped at light load makes the p99 1.8 times "
            "worse than without hedging, and at 95 % every delay collapses the service, which "
            "holds without hedging. Read the map along a column (one delay, rising load) to see "
            "where it stops helping: the delay must clear the queueing, not only the service's "
            "p95.",
        s,
        {"p99_ms"},
        0.7};
}

// docs/timeline.md, "Determinism": 40 %, a burst to 80 % at 60 s, 55 % from 90 s, 40 % from 270 s
// to 570 s.
Scenario metastableScenario()
{
    Scenario s =
        scenario({0.4}, pick({"no hedge / client", "hedge, no budget / client",
                              "hedge, default budget / client", "hedge, no budget / server",
                              "hedge, default budget, adaptive limit / client"}));
    Timeline t;
    t.durationS = 570.0;
    t.bucketMs = 1000.0;
    t.loadSteps = {{0.0, 0.4}, {60.0, 0.8}, {90.0, 0.55}, {270.0, 0.4}};
    s.timeline = t;
    return s;
}

// The sweeps of one shared queue: what hedging buys, and what a budget and a limit cost.
void addQueuePresets(std::vector<Preset>& list)
{
    list.push_back(Preset{
        "reference",
        "Reference: six setups, client and server cancellation",
        "The full comparison of the model: no hedge, hedging with no budget, with the default "
        "10 % budget, with a 5 % budget, with a budget and an adaptive limit, and three "
        "attempts with no budget, each once with client cancellation (the server finishes "
        "abandoned work, as with HTTP) and once with server cancellation (abandoned work is "
        "dropped, as gRPC can do), at loads from 30 % to 95 %. Start with p99 against load: "
        "at low load every hedge setup cuts the tail; at high load the setups without a "
        "budget and with client cancellation collapse, while the server-cancellation twins "
        "stay healthy. Requests per call shows the price of each setup.",
        Scenario{},
        {"p99_ms", "requests_per_call"},
        0.3});
    list.push_back(Preset{
        "tail-cutting",
        "Tail cutting: what a hedge buys when there is room to spare",
        "The service usually answers in about 10 ms, but 2 % of requests hit a hiccup of "
        "100–300 ms, so without hedging the p99 and p99.9 sit in the hiccup range. A hedge "
        "sends a second copy of a request that has not answered after 20 ms (a little above "
        "the service's p95) and takes whichever answer comes first. At these light loads, "
        "compare the two setups: up to 50 % load the hedged p99 and p99.9 drop to roughly the "
        "delay plus a normal service time, the p50 does not move, and requests per call rise "
        "by only a few percent, because only the slow calls are hedged. At 60 % the tail "
        "climbs back into the hiccup range: queueing now makes calls slower than the delay "
        "in bursts, and the 10 % budget holds back the hedges they would trigger; without it "
        "this load already collapses (the \"collapse\" preset shows how).",
        scenario({0.3, 0.4, 0.5, 0.6},
                 pick({"no hedge / client", "hedge, default budget / client"})),
        {"p99_ms", "p999_ms", "p50_ms", "requests_per_call"},
        0.5});
    list.push_back(Preset{
        "collapse",
        "Collapse: why hedging needs a budget",
        "Here the server finishes every request even when the caller has stopped waiting "
        "(client cancellation, the usual HTTP case). Without a budget, every call that waits "
        "in the queue longer than the delay sends a hedge; at high load queueing makes many "
        "calls slow, the hedges add work, the queue grows, and more calls get hedged. Watch "
        "\"hedge, no budget\": past some load its requests per call jump towards 2 and its p99 "
        "to tens of seconds, off the scale: the chart draws those points as markers on the "
        "ceiling of its latency axis (hover one for the figure). It is a collapse that does "
        "not recover by itself, at a load the unhedged service handles fine. A budget "
        "(hedges limited to 10 % or 5 % of calls) caps the extra work, so the service holds "
        "on much longer, but it does not prevent all the damage: from 70 % load (80 % with "
        "the 5 % budget) the budgeted hedges make the p99 worse than not hedging at all, and "
        "once load plus the budget's extra requests exceed the capacity (10 % more at 95 % "
        "load) the default budget collapses too; the smaller budget does less harm. The "
        "adaptive limit keeps the tail short even at 95 % load by rejecting some work "
        "instead of queueing it: look at its rejected % as the price.",
        scenario({0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95},
                 pick({"no hedge / client", "hedge, no budget / client",
                       "hedge, default budget / client", "hedge, budget 5 % / client",
                       "hedge, default budget, adaptive limit / client"})),
        {"p99_ms", "requests_per_call", "rejected_fraction"},
        0.7});
}

// Past capacity, and what cancellation decides.
void addCapacityPresets(std::vector<Preset>& list)
{
    list.push_back(
        Preset{"adaptive-limit",
               "Adaptive limit: shedding load to keep the tail short",
               "An adaptive concurrency limit (Netflix's Gradient2) sits inside the hedge: every "
               "attempt, first or hedge, must get a place, and the limit shrinks when round-trip "
               "times grow. This preset pushes the service to and past its capacity (loads above "
               "100 % are offered more work than the workers can do). Without a limit the queue, "
               "and so the p99, grows without bound; hedging with a budget makes it worse, because "
               "its extra requests push the service over capacity sooner. With the adaptive limit "
               "the p99 stays within a few hundred milliseconds even past 100 % load while the "
               "rejected % rises: the service fails fast for some calls instead of being slow for "
               "all of them.",
               scenario({0.7, 0.8, 0.9, 0.95, 1.0, 1.1},
                        pick({"no hedge / client", "hedge, default budget / client",
                              "hedge, default budget, adaptive limit / client"})),
               {"p99_ms", "rejected_fraction"},
               1.0});
    list.push_back(Preset{
        "server-cancellation",
        "Cancellation: when abandoned work is really dropped",
        "Whether a cancelled request still costs the server decides how dangerous hedging "
        "is. With client cancellation (HTTP) the losing copy of a hedged call still occupies "
        "a worker; with server cancellation (gRPC propagates it) the loser leaves the queue "
        "or frees its worker at once. Compare \"hedge, no budget\" in both modes: with client "
        "cancellation it collapses at high load (the Live view starts at 95 %, the highest "
        "load here), with server cancellation it does not, and "
        "all the server-cancellation hedge setups — no budget, default budget, even three "
        "attempts — give almost the same p99 curves. Look at utilisation too: with server "
        "cancellation hedging lowers it below the unhedged service's, because a call that "
        "a hedge finishes early frees the slow copy's worker.",
        scenario(
            {0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95},
            pick({"no hedge / client", "hedge, no budget / client", "hedge, no budget / server",
                  "hedge, default budget / server", "3 attempts, no budget / server"})),
        {"p99_ms", "utilisation"},
        0.95});
}

void addMetastablePreset(std::vector<Preset>& list)
{
    list.push_back(Preset{
        "metastable",
        "Metastable collapse: a burst starts it, only a deep cut ends it",
        "A timeline, not a sweep: the load changes with time. It runs at 40 % for a minute, "
        "bursts to 80 % for 30 seconds, falls back to 55 % for three minutes, then to 40 % "
        "again. Follow \"hedge, no budget / client\": during the burst its queue grows and "
        "every call waits longer than the hedge delay, so every call hedges and the service "
        "is offered twice the work. When the burst ends, 55 % is a load the service handles "
        "easily without hedging, yet the collapse stays: twice 55 % is still more than the "
        "workers can do, so the queue keeps growing and requests per call stay near 2. That is "
        "a metastable failure — the trigger is gone, the sustaining effect (hedges caused by "
        "queueing) keeps it going. Only when the load drops to 40 % (twice that fits) does the "
        "backlog drain, over minutes. The budgeted setup's p99 is back to its usual size soon "
        "after the burst, the adaptive limit rejects work during the burst instead of queueing it, "
        "and with server cancellation the losing copies leave the queue, so it never "
        "collapses.",
        metastableScenario(),
        {"p99_ms", "requests_per_call"},
        0.4});
}

// Several replicas: balancing, placement, shared slowness, slow replicas.
void addTopologyPresets(std::vector<Preset>& list)
{
    list.push_back(Preset{
        "replicas-placement",
        "Replicas and placement: a hedge behind a load balancer",
        "The reference service's 16 workers, split into four replicas of four, each with its "
        "own queue, behind a balancer that picks a replica at random for every request, hedges "
        "included. At 30 % load nothing changes: hedging cuts the p99 from about 200 ms to "
        "about 30 ms, as with one shared queue. From 50 % load the split costs part of the "
        "benefit: the hedged p99 is about 85 ms here, where one shared queue of 16 workers (the "
        "reference preset) keeps it at about 30 ms, because a hedge can land in a busy "
        "replica's queue, even the one its first attempt is stuck in. Sending each hedge to "
        "a replica the call has not used yet (placement \"other replica\") brings it to about "
        "50 ms for the same requests per call. A balancer that looks at the replicas' queues "
        "(least outstanding, two choices) behaves almost like the shared queue.",
        scenario({0.3, 0.4, 0.5, 0.6, 0.7},
                 {pick({"no hedge / client"})[0], pick({"hedge, default budget / client"})[0],
                  toOtherReplica(pick({"hedge, default budget / client"})[0])},
                 fourReplicas()),
        {"p99_ms", "requests_per_call"},
        0.5});
    ServiceConfig shared;
    shared.hiccupCorrelation = 1.0;
    list.push_back(Preset{
        "shared-slow-path",
        "Shared slow path: when a hedge waits twice",
        "Hedging works because a slow request is usually bad luck that a second copy does not "
        "share. Here every replica shares the same slow path (a slow database behind them "
        "all: hiccup correlation 1), so a hedge hits a hiccup whenever its first attempt did. "
        "At 30 % load the hedged p99 stays at about 170 ms, against about 200 ms without "
        "hedging (the tail-cutting preset, with independent hiccups, reaches about 30 ms), "
        "while hedging still costs about 2.5 % more requests per call and raises the "
        "utilisation from 30 % to about 39 %: the hedges of slow calls are slow too, and the "
        "service does both. Before hedging, check that slowness is not shared.",
        scenario({0.3, 0.4, 0.5}, pick({"no hedge / client", "hedge, default budget / client"}),
                 shared),
        {"p99_ms", "requests_per_call", "utilisation"},
        0.3});
    ServiceConfig slow = fourReplicas();
    slow.hiccupProbability = 0.0;
    slow.slowdowns = Slowdowns{.perMinute = 3.0, .durationMs = 1000.0, .factor = 10.0};
    list.push_back(Preset{
        "slow-replica",
        "Slow replica: where the hedge goes is the whole difference",
        "Four replicas of four workers behind a random balancer, no hiccups, but each replica "
        "now and then turns slow (a garbage-collection pause, a noisy neighbour): about 3 "
        "times a minute, for one second, it serves 10 times slower, and its queue piles up. "
        "At 30 % load the p99 without hedging is about 680 ms. Hedging without a budget, with "
        "the hedge going wherever the balancer likes, leaves it at about 470 ms: a quarter of "
        "the hedges of a call stuck on the slow replica go back to that replica, behind the "
        "same queue. Sending the hedge to another replica brings the p99 to about 35 ms, for "
        "the same requests per call: placement is the whole difference.\n\n"
        "These hedges have no budget, and need none to stay cheap: about 7 % of the calls "
        "hedge. But a slow period asks for its hedges all at once (every call sent to the slow "
        "replica in that second and the next half), and slow periods come at random, often two "
        "or three within one 10-second budget window: then a 10 % budget refuses exactly the "
        "hedges that matter, and with the default budget the other-replica hedge leaves the p99 "
        "at about 290 ms.",
        scenario({0.2, 0.3, 0.4},
                 {pick({"no hedge / client"})[0], pick({"hedge, no budget / client"})[0],
                  toOtherReplica(pick({"hedge, no budget / client"})[0])},
                 slow),
        {"p99_ms", "requests_per_call"},
        0.3});
}

std::vector<Preset> build()
{
    std::vector<Preset> list;
    addQueuePresets(list);
    addCapacityPresets(list);
    list.push_back(knifeEdge());
    list.push_back(delayMap());
    addMetastablePreset(list);
    addTopologyPresets(list);
    addFamilyPresets(list);
    addServicePresets(list);
    addFanoutPresets(list);
    addProductionPresets(list);
    addRetryPresets(list);
    return list;
}

} // namespace

const std::vector<Preset>& presets()
{
    static const std::vector<Preset> list = build();
    return list;
}

const Preset* findPreset(std::string_view name)
{
    const auto& list = presets();
    const auto it =
        std::find_if(list.begin(), list.end(), [name](const Preset& p) { return p.name == name; });
    return it == list.end() ? nullptr : &*it;
}

} // namespace hedge
