// An attempt's service time and outcome, drawn when a worker starts it: the model's draw
// (docs/model.md, "The service"), and the same with the topology's effects. Keyed by (call,
// attempt), so the same whenever it happens. Internal to the engine.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/sim/RandomStreams.h>
#include <hedge/sim/SimulationCoreTypes.h>
#include <hedge/topology/SlowdownSchedule.h>

#include <optional>

namespace hedge::sim_detail {

// The model's draw of an attempt's service (docs/model.md, "The service").
inline ServiceDraw modelDraw(const RandomStreams& random, const ServiceConfig& sc,
                             bool exponential, const AttemptRef& ref)
{
    if (exponential)
        return ServiceDraw{random.exponentialServiceMs(ref.call, ref.attempt, sc.medianMs), false};
    if (sc.distribution)
        return random.tableService(ref.call, ref.attempt, sc.distribution->table,
                                   sc.errorProbability);
    return random.service(ref.call, ref.attempt, sc.medianMs, sc.sigma, sc.hiccupProbability,
                          sc.hiccupMinMs, sc.hiccupMaxMs, sc.errorProbability);
}

// The same with the topology's effects: a hedge's hiccup (a table's quantile) copied from the
// first attempt, the replica's slow period.
inline ServiceDraw topologyDraw(const RandomStreams& random, const ServiceConfig& sc,
                                bool exponential, const AttemptRef& ref,
                                std::optional<SlowdownSchedule>& slowdowns, double now)
{
    ServiceDraw d{};
    if (exponential || sc.hiccupCorrelation <= 0.0 || ref.attempt == 0)
        d = modelDraw(random, sc, exponential, ref);
    else if (sc.distribution) // a table has no hiccup state: the hedge copies the quantile
        d = random.tableService(ref.call, ref.attempt, sc.distribution->table,
                                sc.errorProbability, sc.hiccupCorrelation);
    else
        d = random.correlatedService(ref.call, ref.attempt, sc.medianMs, sc.sigma,
                                     sc.hiccupProbability, sc.hiccupMinMs, sc.hiccupMaxMs,
                                     sc.errorProbability, sc.hiccupCorrelation);
    if (slowdowns)
        d.serviceMs *= slowdowns->factorAt(now);
    return d;
}

} // namespace hedge::sim_detail
