// Counter-based random numbers: every draw of the model comes from a short stream keyed by (seed,
// load, replicate, purpose, call, attempt). Nothing depends on the order in which points, calls or
// attempts are simulated, which gives determinism across thread counts and common random numbers
// across setups (docs/model.md, "Random numbers"). Distributions are Boost.Random's, whose output
// is specified by their algorithm, unlike std::'s.
#pragma once

#include <hedge/policy/SplitMix64.h>
#include <hedge/service/ServiceTimeTable.h>

#include <boost/random/exponential_distribution.hpp>
#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_01.hpp>

#include <cmath>
#include <cstdint>
#include <limits>

namespace hedge {

struct ServiceDraw {
    double serviceMs;
    bool error;
};

// The draws of one (seed, load, replicate) point.
class RandomStreams {
public:
    RandomStreams(std::uint64_t seed, double load, int replicate = 0);

    // The gap between call `call - 1` and call `call` (call 0: from time 0), for `ratePerMs`.
    double arrivalGapMs(std::int64_t call, double ratePerMs) const;
    // The same gap at rate 1 (a standard exponential): arrivalGapMs is this / ratePerMs,
    // bit for bit. A timeline spends it across load steps (ArrivalSchedule).
    double unitArrivalGap(std::int64_t call) const;

    // Service time and outcome of attempt `attempt` (0 = first) of call `call`.
    ServiceDraw service(std::int64_t call, int attempt, double medianMs, double sigma,
                        double hiccupProbability, double hiccupMinMs, double hiccupMaxMs,
                        double errorProbability) const;

    // Service time and outcome drawn from a table (docs/service-data.md): one uniform, one
    // lookup, then the error. With `correlation` > 0 a hedge (attempt ≥ 1) takes the first
    // attempt's uniform with that probability — a slow call's hedge is slow too — instead of
    // its own; its error stays its own.
    ServiceDraw tableService(std::int64_t call, int attempt, const ServiceTimeTable& table,
                             double errorProbability, double correlation = 0.0) const;

    // Exponential service time of mean `meanMs` (the Erlang C check), no errors.
    double exponentialServiceMs(std::int64_t call, int attempt, double meanMs) const;

    // As service(), for a hedge (attempt ≥ 1) whose hiccup state copies the first attempt's
    // with probability `correlation` (docs/topology.md). The attempt's own draws stay those of
    // service(): when its own hiccup state is kept, so is its service time.
    ServiceDraw correlatedService(std::int64_t call, int attempt, double medianMs, double sigma,
                                  double hiccupProbability, double hiccupMinMs,
                                  double hiccupMaxMs, double errorProbability,
                                  double correlation) const;

    // The topology's own streams (balancer choices, hiccup copies, slow periods), keyed apart
    // from the draws above so that a one-queue run's numbers never move.
    enum TopologyPurpose : std::uint64_t { kBalancer = 0, kCorrelation = 1, kSlowdown = 2 };
    SplitMix64 topologyStream(TopologyPurpose purpose, std::uint64_t index, int attempt) const
    {
        const auto counter = (index << 8) | (static_cast<std::uint64_t>(attempt) << 2) | purpose;
        return SplitMix64(SplitMix64::mix(m_topologyKey ^ SplitMix64::mix(counter)));
    }

private:
    enum Purpose : std::uint64_t { kArrival = 1, kService = 2 };
    SplitMix64 stream(Purpose purpose, std::int64_t call, int attempt) const;
    // An attempt's draws after its hiccup state: its service time, then its error.
    static ServiceDraw drawAfterHiccup(SplitMix64& rng, bool hiccup, double medianMs,
                                       double sigma, double hiccupMinMs, double hiccupMaxMs,
                                       double errorProbability);

    std::uint64_t m_key;
    std::uint64_t m_topologyKey;
};

// The draws are defined here rather than in RandomStreams.cpp so that they inline into the
// simulation loop, which spends a third of its time in them (issue 13's profile).

inline SplitMix64 RandomStreams::stream(Purpose purpose, std::int64_t call, int attempt) const
{
    const auto counter = (static_cast<std::uint64_t>(call) << 8) |
                         (static_cast<std::uint64_t>(attempt) << 2) | purpose;
    return SplitMix64(SplitMix64::mix(m_key ^ SplitMix64::mix(counter)));
}

inline double RandomStreams::arrivalGapMs(std::int64_t call, double ratePerMs) const
{
    SplitMix64 rng = stream(kArrival, call, 0);
    return boost::random::exponential_distribution<double>(ratePerMs)(rng);
}

inline double RandomStreams::unitArrivalGap(std::int64_t call) const
{
    // Boost's exponential_distribution(rate) is exactly unit_exponential / rate.
    return arrivalGapMs(call, 1.0);
}

inline double RandomStreams::exponentialServiceMs(std::int64_t call, int attempt,
                                                  double meanMs) const
{
    SplitMix64 rng = stream(kService, call, attempt);
    return boost::random::exponential_distribution<double>(1.0 / meanMs)(rng);
}

inline ServiceDraw RandomStreams::service(std::int64_t call, int attempt, double medianMs,
                                          double sigma, double hiccupProbability,
                                          double hiccupMinMs, double hiccupMaxMs,
                                          double errorProbability) const
{
    SplitMix64 rng = stream(kService, call, attempt);
    boost::random::uniform_01<double> uniform;
    const bool hiccup = hiccupProbability > 0.0 && uniform(rng) < hiccupProbability;
    return drawAfterHiccup(rng, hiccup, medianMs, sigma, hiccupMinMs, hiccupMaxMs,
                           errorProbability);
}

inline ServiceDraw RandomStreams::tableService(std::int64_t call, int attempt,
                                               const ServiceTimeTable& table,
                                               double errorProbability, double correlation) const
{
    boost::random::uniform_01<double> uniform;
    SplitMix64 rng = stream(kService, call, attempt);
    double u = uniform(rng);
    if (correlation > 0.0 && attempt > 0) {
        SplitMix64 copy = topologyStream(kCorrelation, static_cast<std::uint64_t>(call), attempt);
        if (uniform(copy) < correlation) {
            SplitMix64 first = stream(kService, call, 0);
            u = uniform(first);
        }
    }
    ServiceDraw draw{table.draw(u), false};
    draw.error = errorProbability > 0.0 && uniform(rng) < errorProbability;
    return draw;
}

inline ServiceDraw RandomStreams::drawAfterHiccup(SplitMix64& rng, bool hiccup, double medianMs,
                                                  double sigma, double hiccupMinMs,
                                                  double hiccupMaxMs, double errorProbability)
{
    boost::random::uniform_01<double> uniform;
    ServiceDraw draw{};
    if (hiccup) {
        draw.serviceMs = hiccupMinMs + (hiccupMaxMs - hiccupMinMs) * uniform(rng);
    } else {
        const double z = boost::random::normal_distribution<double>(0.0, 1.0)(rng);
        draw.serviceMs = medianMs * std::exp(sigma * z);
    }
    draw.error = errorProbability > 0.0 && uniform(rng) < errorProbability;
    return draw;
}

inline ServiceDraw RandomStreams::correlatedService(std::int64_t call, int attempt,
                                                    double medianMs, double sigma,
                                                    double hiccupProbability, double hiccupMinMs,
                                                    double hiccupMaxMs, double errorProbability,
                                                    double correlation) const
{
    boost::random::uniform_01<double> uniform;
    SplitMix64 rng = stream(kService, call, attempt);
    bool hiccup = hiccupProbability > 0.0 && uniform(rng) < hiccupProbability;
    SplitMix64 copy = topologyStream(kCorrelation, static_cast<std::uint64_t>(call), attempt);
    if (uniform(copy) < correlation) {
        SplitMix64 first = stream(kService, call, 0);
        hiccup = hiccupProbability > 0.0 && uniform(first) < hiccupProbability;
    }
    return drawAfterHiccup(rng, hiccup, medianMs, sigma, hiccupMinMs, hiccupMaxMs,
                           errorProbability);
}

} // namespace hedge
