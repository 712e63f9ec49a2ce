// The discrete-event model of one (setup, load) point: Poisson callers, one HedgePipeline,
// a service of `workers` servers behind one FIFO queue. See engine/README.md for the rules
// the model decides where docs/model.md is silent.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/sim/PointResult.h>
#include <hedge/sim/SimulationObserver.h>

#include <cstdint>
#include <stop_token>
#include <vector>

namespace hedge {

class CallDrawTable;

// How service times are drawn. `Reference` is the scenario's service: docs/model.md, "The
// service" (log-normal with hiccups), or the table of service.distribution when it has one;
// `Exponential` (mean = median_ms, no hiccups, no errors) exists to check the queueing core
// against Erlang C. Scenario files always use `Reference`.
enum class ServiceTimeModel : std::uint8_t { Reference, Exponential };

struct PointSpec {
    ServiceConfig service;
    Setup setup;
    double load = 0.5;
    std::uint64_t seed = 1;
    int replicate = 0; // keyed into the random streams; 0 is the single run of a scenario
    std::int64_t calls = 200000;
    double warmupFraction = 0.1;
    ServiceTimeModel serviceModel = ServiceTimeModel::Reference;
    // The calls' arrival and first-attempt draws, drawn once for several points of the same
    // key (CallDrawTable.h); the results are the same with or without it. Must be the table
    // of this spec's key (CallDrawTable::Key::of), or simulatePoint throws.
    const CallDrawTable* draws = nullptr;
    // Stop the run once its collapse is proved (docs/model.md, "Stopping early"): the verdict
    // is the full run's, the other figures are of the calls measured until then. Off: every
    // collapsed point runs to its end (hedgesim run --full-collapsed-runs).
    bool stopCollapsedEarly = true;
};

// Limits that keep a run bounded in memory and time whatever the input; a run that hits
// one stops and is reported collapsed.
struct SafetyCap {
    std::int64_t maxLiveCalls = 500000;
    double maxBacklogMs = 600000.0; // queued work (queue × E[S] / workers): 10 minutes
};

// Whether `a` and `b` run the same simulation, event for event, so that one's result is the
// other's but for the setup's name and cancellation: everything equal but the name, and the
// cancellation too where neither setup ever has a second attempt (a call's only attempt is
// never cancelled: "no hedge / client" and "no hedge / server" are one run). A sweep runs
// such twins once.
bool runsTheSameSimulation(const PointSpec& a, const PointSpec& b);

// Runs one point to completion (or until `stop` is requested: then the result is partial
// and must be discarded). Deterministic: the same spec gives the same result, bit for bit.
// `observer`, when given, sees every event (tests use it to check the model's rules).
// `latencies`, when given, receives the measured calls' latencies (in no particular order),
// for pooling replicates; its memory is reused for them (a thread running point after point
// passes the same vector: no fresh pages to fault in each time). `partLatencies`, when given,
// receives those of the measured calls' parts that answered (a service that fans out).
PointResult simulatePoint(const PointSpec& spec, std::stop_token stop = {},
                          const SafetyCap& cap = {}, SimulationObserver* observer = nullptr,
                          std::vector<double>* latencies = nullptr,
                          std::vector<double>* partLatencies = nullptr);

} // namespace hedge
