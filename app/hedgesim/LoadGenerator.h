// `hedgesim load`'s engine: one (setup, load) point on real clocks. Calls arrive open loop at
// the times the simulation would draw for the same seed and load (RandomStreams), each goes
// through a HedgedCaller built from the setup (the simulation's HedgePipeline), its attempts
// are real HTTP requests (HttpAttemptPool), and its latency runs from its *intended* arrival,
// so a late timer or a slow service never hides time (no coordinated omission).
#pragma once

#include <hedge/Scenario.h>
#include <hedge/sim/PointResult.h>

#include <QUrl>

#include <cstdint>
#include <optional>

namespace hedge::cli {

// How well the generator itself kept to the model (docs/realclock.md): a point whose figures
// these spoil says so.
struct GeneratorHealth {
    double intendedRatePerS = 0.0; // λ of the load
    double scheduledRatePerS = 0.0; // of the drawn arrival times (Poisson: ≈ λ)
    double achievedRatePerS = 0.0;  // of the actual launches
    // Launch minus intended arrival (ms): the arrival timer's lateness.
    double launchLatenessP50Ms = 0.0, launchLatenessP99Ms = 0.0, launchLatenessMaxMs = 0.0;
    // A hedge's launch minus its due time (ms), for hedges fired by the delay timer.
    std::int64_t timedHedges = 0;
    double hedgeLatenessMinMs = 0.0, hedgeLatenessP50Ms = 0.0, hedgeLatenessP99Ms = 0.0,
           hedgeLatenessMaxMs = 0.0;
    // Issue of a request to its being written on a connection (ms).
    double clientQueueP50Ms = 0.0, clientQueueP99Ms = 0.0, clientQueueMaxMs = 0.0;
    int connectionsOpened = 0;
    bool utilisationMeasured = false; // the target answered GET /stats (hedge-service)
    bool drained = true;              // every call ended within the drain timeout
    int limiterInflightAtEnd = 0;

    // Client queueing above this p99 is not negligible against millisecond service times.
    static constexpr double kNegligibleQueueMs = 1.0;
    bool clientQueueingNegligible() const { return clientQueueP99Ms <= kNegligibleQueueMs; }
};

struct LoadPoint {
    PointResult result;
    GeneratorHealth health;
};

struct LoadOptions {
    QUrl target;                   // the service; GET target, GET <origin>/stats for utilisation
    std::int64_t calls = 2000;     // warm-up included
    double warmupFraction = 0.1;
    std::uint64_t seed = 1;
    double drainTimeoutMs = 30000; // after the last arrival; then the point is collapsed
    // Name each attempt's draw in its query (load, call, attempt): hedge-service then serves
    // the simulation's own service times. Only for hedge-service targets.
    bool commonRandomNumbers = false;
};

// Runs one point in a local event loop (a QCoreApplication must exist) and returns when
// every call has ended or the drain timed out.
LoadPoint runLoadPoint(const ServiceConfig& service, const Setup& setup, double load,
                       const LoadOptions& options);

// Waits until the target's /stats shows no request queued or in service (`client`
// cancellation leaves abandoned work behind a point), at most `timeoutMs`. False when the
// target has no /stats or did not drain.
bool waitForIdleService(const QUrl& target, int timeoutMs);

// GET <origin>/stats of a hedge-service, parsed; nothing for another endpoint.
struct ServiceStatsSnapshot {
    int workers = 0;
    std::string cancellation;
    double busyMs = 0.0;
    double uptimeMs = 0.0;
    int busy = 0;
    double queued = 0.0;
};
std::optional<ServiceStatsSnapshot> fetchServiceStats(const QUrl& target, int timeoutMs = 5000);

} // namespace hedge::cli
