// SimulationCore's answers to a timeline's changes (docs/timeline.md, "Changes"): the arrival
// rate known further, a new service. Out of the class so that SimulationCore.h reads as the
// event loop and its handlers. Included by SimulationCore.h only.
#pragma once

#include <hedge/sim/SimulationCore.h>

namespace hedge::sim_detail {

// A pending call that had not arrived by the previous horizon goes on spending its draw from now.
template <class Driver, bool kTopology, class Policy>
void SimulationCore<Driver, kTopology, Policy>::extendArrivals(double horizon)
{
    m_horizon = horizon;
    if (m_arrivalPending)
        continueArrivals();
}

// Attempts that start service from now on draw from the new distribution; extra workers (per
// replica) start on their replica's queue at once; removed workers finish the attempt they
// serve first. The arrival rate does not change (it is the traffic's); so do not the replicas,
// the balancer, the slow periods and the fan-out (the scenario's: no change names them).
template <class Driver, bool kTopology, class Policy>
void SimulationCore<Driver, kTopology, Policy>::setService(const ServiceConfig& service)
{
    const ServiceConfig before = m_service;
    m_service = service;
    m_draws = nullptr; // its first attempts were drawn for the old service
    m_service.replicas = before.replicas;
    m_service.balancer = before.balancer;
    m_service.slowdowns = before.slowdowns;
    m_service.fanoutParts = before.fanoutParts;
    m_service.fanoutWaitFor = before.fanoutWaitFor;
    m_service.fanoutCopies = before.fanoutCopies;
    m_meanServiceMs = m_exponential ? m_service.medianMs : m_service.meanServiceMs();
    m_topologyDraws = drawsDependOnTopology(m_service);
    m_sheds = m_service.shedBacklogMs > 0.0;
    m_shedEvents = m_shedEvents || m_sheds; // a shed answer may still be pending
    const auto target = static_cast<std::size_t>(service.workers);
    resizeReplicas(target, m_workers, m_replicas, [this](std::uint16_t w) { serveNext(w); });
    m_activeWorkers = target * m_replicas.size();
}

} // namespace hedge::sim_detail
