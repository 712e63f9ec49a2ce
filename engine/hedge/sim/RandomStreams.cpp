#include <hedge/sim/RandomStreams.h>

#include <boost/random/exponential_distribution.hpp>
#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_01.hpp>

#include <bit>
#include <cmath>

namespace hedge {

RandomStreams::RandomStreams(std::uint64_t seed, double load)
    // Keyed by the load's value, not its index in the list: a point's numbers then do not
    // change when other loads are added or removed (the explorer keeps such points).
    : m_key(SplitMix64::mix(SplitMix64::mix(seed ^ 0x6a09e667f3bcc909ull) ^
                            std::bit_cast<std::uint64_t>(load)))
{
}

SplitMix64 RandomStreams::stream(Purpose purpose, std::int64_t call, int attempt) const
{
    const auto counter = (static_cast<std::uint64_t>(call) << 8) |
                         (static_cast<std::uint64_t>(attempt) << 2) | purpose;
    return SplitMix64(SplitMix64::mix(m_key ^ SplitMix64::mix(counter)));
}

double RandomStreams::arrivalGapMs(std::int64_t call, double ratePerMs) const
{
    SplitMix64 rng = stream(kArrival, call, 0);
    return boost::random::exponential_distribution<double>(ratePerMs)(rng);
}

double RandomStreams::exponentialServiceMs(std::int64_t call, int attempt, double meanMs) const
{
    SplitMix64 rng = stream(kService, call, attempt);
    return boost::random::exponential_distribution<double>(1.0 / meanMs)(rng);
}

ServiceDraw RandomStreams::service(std::int64_t call, int attempt, double medianMs, double sigma,
                                   double hiccupProbability, double hiccupMinMs,
                                   double hiccupMaxMs, double errorProbability) const
{
    SplitMix64 rng = stream(kService, call, attempt);
    boost::random::uniform_01<double> uniform;
    ServiceDraw draw{};
    if (hiccupProbability > 0.0 && uniform(rng) < hiccupProbability) {
        draw.serviceMs = hiccupMinMs + (hiccupMaxMs - hiccupMinMs) * uniform(rng);
    } else {
        const double z = boost::random::normal_distribution<double>(0.0, 1.0)(rng);
        draw.serviceMs = medianMs * std::exp(sigma * z);
    }
    draw.error = errorProbability > 0.0 && uniform(rng) < errorProbability;
    return draw;
}

} // namespace hedge
