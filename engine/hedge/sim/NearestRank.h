// Nearest-rank percentiles (docs/model.md, "Metrics"): the smallest sample x with at least q of the
// samples ≤ x. Shared by a single run's latencies, pooled latencies and replicate spreads.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace hedge {

// The 0-based index, in sorted order, of the q-quantile of n samples, q = perTenThousand /
// 10000. Integer arithmetic, so that 99.9 % of 180 000 is exactly rank 179 820.
inline std::size_t nearestRankIndex(std::size_t n, std::int64_t perTenThousand)
{
    const auto rank = (static_cast<std::int64_t>(n) * perTenThousand + 9999) / 10000;
    return static_cast<std::size_t>(std::max<std::int64_t>(rank, 1) - 1);
}

} // namespace hedge
