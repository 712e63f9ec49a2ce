#include "PointIdentity.h"

#include <functional>

namespace hedge {

namespace {

// boost::hash_combine's mixing: cheap, and spreads nearby values.
void mix(std::size_t& seed, std::size_t value)
{
    seed ^= value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2);
}

void mix(std::size_t& seed, double value)
{
    // Equal doubles hash equal: 0.0 and -0.0 compare equal, their bits do not.
    mix(seed, value == 0.0 ? std::size_t{0} : std::hash<double>{}(value));
}

void mix(std::size_t& seed, std::int64_t value)
{
    mix(seed, static_cast<std::size_t>(value));
}

void mix(std::size_t& seed, int value)
{
    mix(seed, static_cast<std::int64_t>(value));
}

void mixService(std::size_t& h, const ServiceConfig& s)
{
    mix(h, s.workers);
    mix(h, s.medianMs);
    mix(h, s.sigma);
    mix(h, s.hiccupProbability);
    mix(h, s.hiccupMinMs);
    mix(h, s.hiccupMaxMs);
    mix(h, s.errorProbability);
    mix(h, s.replicas);
    mix(h, static_cast<int>(s.balancer));
    mix(h, s.hiccupCorrelation);
    mix(h, s.slowdowns.has_value());
    if (s.slowdowns) {
        mix(h, s.slowdowns->perMinute);
        mix(h, s.slowdowns->durationMs);
        mix(h, s.slowdowns->factor);
    }
}

void mixPolicy(std::size_t& h, const Setup& s)
{
    // The cancellation only where runsTheSameSimulation looks at it: a second attempt.
    const bool hedges = s.hedge && s.hedge->maxAttempts > 1;
    mix(h, hedges ? static_cast<int>(s.cancellation) + 1 : 0);
    mix(h, s.hedge.has_value());
    if (s.hedge) {
        const HedgeSettings& k = *s.hedge;
        mix(h, k.delayMs);
        mix(h, k.maxAttempts);
        mix(h, k.budgetPercent);
        mix(h, k.budgetMinPerSecond);
        mix(h, k.budgetWindowSeconds);
        mix(h, static_cast<int>(k.placement));
    }
    mix(h, s.adaptiveLimit.has_value());
    if (s.adaptiveLimit) {
        const Gradient2Config& g = *s.adaptiveLimit;
        mix(h, g.initialLimit);
        mix(h, g.minLimit);
        mix(h, g.maxLimit);
        mix(h, g.smoothing);
        mix(h, g.rttTolerance);
        mix(h, g.longWindow);
        mix(h, g.queueSize);
    }
}

} // namespace

PointIdentity PointIdentity::of(const Scenario& scenario, const Setup& setup, double load,
                                std::int64_t calls)
{
    PointIdentity id;
    id.m_spec.service = scenario.service;
    id.m_spec.setup = setup;
    id.m_spec.setup.name.clear();
    id.m_spec.load = load;
    id.m_spec.seed = scenario.seed;
    id.m_spec.calls = calls;
    id.m_spec.warmupFraction = scenario.warmupFraction;
    id.m_replicates = scenario.replicates;
    return id;
}

bool PointIdentity::operator==(const PointIdentity& other) const
{
    return m_replicates == other.m_replicates && runsTheSameSimulation(m_spec, other.m_spec);
}

std::size_t PointIdentity::hash() const
{
    std::size_t h = 0;
    mixPolicy(h, m_spec.setup);
    mixService(h, m_spec.service);
    mix(h, m_spec.load);
    mix(h, static_cast<std::size_t>(m_spec.seed));
    mix(h, m_spec.replicate);
    mix(h, m_spec.calls);
    mix(h, m_spec.warmupFraction);
    mix(h, static_cast<int>(m_spec.distribution));
    mix(h, m_replicates);
    return h;
}

} // namespace hedge
