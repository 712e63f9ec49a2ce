// The figures of one (setup, load) point, as model.md §4 defines them.
#pragma once

#include <hedge/Scenario.h>

#include <cstdint>
#include <optional>
#include <string>

namespace hedge {

struct PointResult {
    std::string setup;
    Cancellation cancellation = Cancellation::Client;
    double load = 0.0;

    std::int64_t measuredCalls = 0;
    // Latency of the measured calls that succeeded; empty when none did.
    std::optional<double> p50Ms, p99Ms, p999Ms, meanMs, maxMs;
    double requestsPerCall = 0.0;
    double hedgedFraction = 0.0;
    double rejectedFraction = 0.0;
    double failedFraction = 0.0;
    double utilisation = 0.0;
    bool collapsed = false;

    // Diagnostics, not part of the results file.
    bool stoppedBySafetyCap = false;
    std::int64_t simulatedCalls = 0; // warm-up included
    std::int64_t events = 0;
    int limiterInflightAtEnd = 0; // 0 after a complete run: every place was given back

    bool operator==(const PointResult&) const = default;
};

} // namespace hedge
