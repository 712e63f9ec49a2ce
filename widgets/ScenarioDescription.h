// A scenario's setups and service topology in words, for people: the setup list's tooltips and
// the report's summary describe them with these, so that two setups that differ are never
// described alike ("hedge after 20 ms, up to 2 attempts, no budget, hedges to another
// replica, client-only cancellation"; "4 replicas of 4 workers, random balancer, ...").
#pragma once

#include <hedge/Scenario.h>

#include <QCoreApplication>
#include <QString>

namespace hedge {

class ScenarioDescription {
    Q_DECLARE_TR_FUNCTIONS(ScenarioDescription)

public:
    // The setup's policy, its name left out: the hedge (delay, attempts, budget, where hedges
    // go), the adaptive limit and the cancellation, with every advanced knob that is not at
    // its default.
    static QString setup(const Setup& setup);
    // The service's topology (docs/topology.md): replicas, balancer, hiccup correlation and
    // slow periods; "one replica, one queue" for the model's single queue without
    // correlation.
    static QString topology(const ServiceConfig& service);
    // A number as the descriptions write it: up to 6 significant digits, no exponent below
    // a million.
    static QString number(double value);
};

} // namespace hedge
