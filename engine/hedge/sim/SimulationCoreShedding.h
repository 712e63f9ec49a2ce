// SimulationCore's shed attempts (docs/model.md, "The service"): an attempt that finds more
// backlog than service.shed_backlog_ms is answered at once with an error, through the queue as
// a service end, and holds no worker. Out of the class so that SimulationCore.h reads as the
// event loop. Included by SimulationCore.h only.
#pragma once

#include <hedge/sim/SimulationCore.h>

namespace hedge::sim_detail {

template <class Driver, bool kTopology, class Policy>
void SimulationCore<Driver, kTopology, Policy>::shed(std::uint32_t slot, int attempt, int r)
{
    if constexpr (kTopology)
        --m_replicas[static_cast<std::size_t>(r)].outstanding; // it holds nothing there
    m_slots[slot].worker[attempt] = kShed;
    trace(TraceEvent::AttemptShed, m_slots[slot].call, attempt, -1, 0.0, true, CallEnd::Running, r);
    m_events.push(m_now, Event::ServiceDone, kShedEvent | slot << 4 | std::uint32_t(attempt),
                  m_slots[slot].call);
}

template <class Driver, bool kTopology, class Policy>
void SimulationCore<Driver, kTopology, Policy>::shedDone(std::uint32_t slotAndAttempt,
                                                         std::uint32_t call)
{
    const std::uint32_t slot = slotAndAttempt >> 4;
    if (m_slots[slot].call == call) // else the call ended before its error arrived
        apply(slot, m_pipeline.attemptDone(m_slots[slot].state, int(slotAndAttempt & 15u), m_now,
                                           AttemptOutcome::HandledError));
}

} // namespace hedge::sim_detail
