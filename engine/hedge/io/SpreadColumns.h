// Internal to hedge/io: the spread fields of a results point, shared by the JSON and CSV
// writers and the JSON reader so that both formats name them alike. Each figure F gets
// F_min, F_max, F_p5, F_p95 (docs/scenario.md).
#pragma once

#include <hedge/sim/PointResult.h>

#include <array>
#include <optional>
#include <string>

namespace hedge::io_detail {

struct SpreadFigure {
    const char* name; // the scalar field it spreads, e.g. "p99_ms"
    std::optional<FigureSpread> ReplicateSpread::*latency = nullptr; // or:
    FigureSpread ReplicateSpread::*other = nullptr;

    std::optional<FigureSpread> get(const ReplicateSpread& s) const
    {
        return latency ? s.*latency : std::optional<FigureSpread>(s.*other);
    }
};

// In the order of the scalar fields.
inline const std::array<SpreadFigure, 10>& spreadFigures()
{
    static const std::array<SpreadFigure, 10> figures{{
        {"p50_ms", &ReplicateSpread::p50Ms},
        {"p99_ms", &ReplicateSpread::p99Ms},
        {"p999_ms", &ReplicateSpread::p999Ms},
        {"mean_ms", &ReplicateSpread::meanMs},
        {"max_ms", &ReplicateSpread::maxMs},
        {"requests_per_call", nullptr, &ReplicateSpread::requestsPerCall},
        {"hedged_fraction", nullptr, &ReplicateSpread::hedgedFraction},
        {"rejected_fraction", nullptr, &ReplicateSpread::rejectedFraction},
        {"failed_fraction", nullptr, &ReplicateSpread::failedFraction},
        {"utilisation", nullptr, &ReplicateSpread::utilisation},
    }};
    return figures;
}

inline constexpr std::array<const char*, 4> kSpreadSuffixes{"_min", "_max", "_p5", "_p95"};

// The four values of one figure's spread in kSpreadSuffixes order; absent ones empty.
inline std::array<std::optional<double>, 4> spreadValues(const std::optional<FigureSpread>& s)
{
    if (!s)
        return {};
    return {s->min, s->max, s->p5, s->p95};
}

} // namespace hedge::io_detail
