// `hedgesim confirm`'s output: each point measured on real clocks next to the simulation of
// the same point, with the relative difference (real / simulated − 1).
#pragma once

#include <hedge/sim/PointResult.h>

#include <optional>
#include <string>
#include <vector>

namespace hedge::cli {

class ComparisonTable {
public:
    // `measured` and `simulated` hold the same points in the same order.
    ComparisonTable(std::vector<PointResult> measured, std::vector<PointResult> simulated);

    // One row a point: setup (first row of a group), load, then p50, p99, p99.9 (ms) and
    // requests per call as "real sim Δ%", rejected % and utilisation % as "real sim".
    std::string format() const;
    // The same as CSV, one row a point, real, sim and relative difference in their own columns.
    std::string csv() const;
    // One more column, the model's alone: the share of calls that sent a hedge while the
    // throttle was at or below half (gRPC js; the real run counts its own beside it).
    void showHedgesBelowThreshold() { m_belowThreshold = true; }
    // The calls' outcomes after requests per call (Scenario::hasCallOutcomes: a deadline or
    // retries): retries per call ("real sim Δ%"), goodput, timed out and failed % ("real sim").
    void showCallOutcomes() { m_outcomes = true; }

    // real / sim − 1; nothing when either is absent or sim is 0.
    static std::optional<double> relativeDifference(const std::optional<double>& real,
                                                    const std::optional<double>& sim);

private:
    std::vector<PointResult> m_measured;
    std::vector<PointResult> m_simulated;
    bool m_belowThreshold = false;
    bool m_outcomes = false;
};

} // namespace hedge::cli
