#include <hedge/sim/LatencySummary.h>

#include <hedge/sim/NearestRank.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace hedge {

double LatencySummary::nearestRank(const std::vector<double>& sorted, double q)
{
    // In ten-thousandths, as integers: 99.9 % of 180 000 is exactly rank 179 820.
    return sorted[nearestRankIndex(sorted.size(), std::llround(q * 10000.0))];
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
