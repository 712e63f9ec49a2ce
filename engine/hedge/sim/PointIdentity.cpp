#include "PointIdentity.h"

#include <hedge/KnobRegistry.h>

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

// What is not a row of a family's settings: the gRPC flavour, Polly's delays per attempt.
void mixFamilyExtras(std::size_t& h, const Setup& setup)
{
    if (setup.policy == PolicyFamily::Grpc)
        mix(h, static_cast<int>(setup.families.grpc.flavour));
    if (setup.policy == PolicyFamily::Polly)
        for (double delay : setup.families.polly.delayPerAttemptMs)
            mix(h, delay);
}

// Every knob the registry lists that the setup's policy has (a new row is in the hash by
// itself; Setup::samePolicy compares only the setup's own family), then what is not a row:
// the family, the balancer, slow periods, placement, which policies there are, and the
// cancellation.
void mixKnobs(std::size_t& h, const Setup& setup, const ServiceConfig& service)
{
    mix(h, static_cast<int>(setup.policy));
    mixFamilyExtras(h, setup);
    for (const Knob& knob : KnobRegistry::all()) {
        if (!knob.appliesTo(setup))
            continue;
        const std::optional<double> value = knob.read(setup, service);
        mix(h, value.has_value() ? 1 : 0);
        if (value)
            mix(h, *value);
    }
    mix(h, static_cast<int>(service.balancer));
    mix(h, service.slowdowns.has_value() ? 1 : 0);
    if (service.slowdowns) {
        mix(h, service.slowdowns->perMinute);
        mix(h, service.slowdowns->durationMs);
        mix(h, service.slowdowns->factor);
    }
    if (!setup.isFamily() && setup.hedge)
        mix(h, static_cast<int>(setup.hedge->placement));
    mix(h, setup.adaptiveLimit.has_value() ? 1 : 0);
    // The cancellation only where runsTheSameSimulation looks at it: a second attempt, or a
    // deadline that abandons the only one (Setup::mayCancel).
    const bool hedges = setup.mayCancel();
    mix(h, hedges ? static_cast<int>(setup.cancellation) + 1 : 0);
}

} // namespace

PointIdentity PointIdentity::of(const Scenario& scenario, const Setup& setup, double load,
                                std::int64_t calls)
{
    return of(scenario, setup, scenario.service, load, calls);
}

PointIdentity PointIdentity::of(const Scenario& scenario, const Setup& setup,
                                const ServiceConfig& service, double load, std::int64_t calls)
{
    PointIdentity id;
    id.m_spec.service = service;
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
    mixKnobs(h, m_spec.setup, m_spec.service);
    mix(h, m_spec.load);
    mix(h, static_cast<std::size_t>(m_spec.seed));
    mix(h, m_spec.replicate);
    mix(h, m_spec.calls);
    mix(h, m_spec.warmupFraction);
    mix(h, static_cast<int>(m_spec.serviceModel));
    mix(h, m_replicates);
    return h;
}

} // namespace hedge
