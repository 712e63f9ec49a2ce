#include <hedge/sim/LatencySummary.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace hedge {

double LatencySummary::nearestRank(const std::vector<double>& sorted, double q)
{
    // In ten-thousandths, as integers: 99.9 % of 180 000 is exactly rank 179 820.
    const auto perTenThousand = static_cast<long long>(std::llround(q * 10000.0));
    const auto rank = (static_cast<long long>(sorted.size()) * perTenThousand + 9999) / 10000;
    return sorted[static_cast<std::size_t>(std::max(rank, 1LL) - 1)];
}

LatencySummary LatencySummary::of(std::vector<double>& samples)
{
    LatencySummary s;
    if (samples.empty())
        return s;
    std::sort(samples.begin(), samples.end());
    s.p50Ms = nearestRank(samples, 0.5);
    s.p99Ms = nearestRank(samples, 0.99);
    s.p999Ms = nearestRank(samples, 0.999);
    s.meanMs = std::accumulate(samples.begin(), samples.end(), 0.0) / double(samples.size());
    s.maxMs = samples.back();
    return s;
}

} // namespace hedge
