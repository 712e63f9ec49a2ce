#include <hedge/sim/ServiceTimeQuantiles.h>

#include <algorithm>
#include <cmath>

namespace hedge {

namespace {

double logNormalCdf(double medianMs, double sigma, double xMs)
{
    if (xMs <= 0.0)
        return 0.0;
    // sigma = 0 degenerates into a point mass at the median.
    if (sigma <= 0.0)
        return xMs >= medianMs ? 1.0 : 0.0;
    const double z = (std::log(xMs) - std::log(medianMs)) / sigma;
    return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

double uniformCdf(double lo, double hi, double xMs)
{
    if (xMs < lo)
        return 0.0;
    if (xMs >= hi)
        return 1.0;
    return (xMs - lo) / (hi - lo);
}

} // namespace

double serviceTimeCdf(const ServiceConfig& s, double xMs)
{
    if (s.distribution)
        return s.distribution->table.cdf(xMs);
    const double p = std::clamp(s.hiccupProbability, 0.0, 1.0);
    return (1.0 - p) * logNormalCdf(s.medianMs, s.sigma, xMs) +
           p * uniformCdf(s.hiccupMinMs, s.hiccupMaxMs, xMs);
}

double serviceTimeQuantile(const ServiceConfig& s, double q)
{
    if (s.distribution)
        return s.distribution->table.quantile(q);
    q = std::clamp(q, 1e-12, 1.0 - 1e-12);
    double lo = 0.0;
    // An upper bound that holds every quantile below 1 - 1e-12: the log-normal body beyond
    // 8 sigma carries less than 1e-15 of the mass.
    double hi = std::max({s.medianMs * std::exp(8.0 * s.sigma), s.hiccupMaxMs, s.medianMs}) * 2.0;
    if (!(hi > 0.0))
        return 0.0;
    while (serviceTimeCdf(s, hi) < q && hi < 1e15)
        hi *= 2.0;
    for (int i = 0; i < 200 && hi - lo > 1e-9 * hi; ++i) {
        const double mid = 0.5 * (lo + hi);
        if (serviceTimeCdf(s, mid) >= q)
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

ServiceTimeQuantiles serviceTimeQuantiles(const ServiceConfig& s)
{
    return {serviceTimeQuantile(s, 0.50), serviceTimeQuantile(s, 0.95),
            serviceTimeQuantile(s, 0.99)};
}

} // namespace hedge
