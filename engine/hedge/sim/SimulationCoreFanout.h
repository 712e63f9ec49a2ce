// SimulationCore's handlers of a call that fans out (docs/fanout.md, "Model"): its parts start
// as calls of their own, and a part's end may decide the call. Out of the class so that
// SimulationCore.h reads as the event loop of one-part calls; FanoutCalls keeps the records.
// Included by SimulationCore.h only.
#pragma once

#include <hedge/sim/SimulationCore.h>

namespace hedge::sim_detail {

// One part per partition, each started as a call (the budget counts parts); a part the limiter
// rejects may decide the call before its other parts start: they are then never sent.
template <class Driver, bool kTopology, class Policy>
void SimulationCore<Driver, kTopology, Policy>::arriveInParts(std::int64_t call)
{
    const std::uint32_t fan = m_fanout.open(call, m_now);
    for (int p = 0; p < m_fanout.parts() && m_fanout.isOpen(fan); ++p) {
        const std::uint32_t slot = takeSlot(m_slots, m_freeSlots);
        m_fanout.place(fan, p, slot);
        m_slots[slot].call = m_fanout.partId(call, p);
        trace(TraceEvent::CallStarted, m_slots[slot].call);
        apply(slot, m_pipeline.startCall(m_slots[slot].state, m_now));
    }
}

// The driver hears of the part; the call's end when this part decided it (Running: not yet).
template <class Driver, bool kTopology, class Policy>
CallEnd SimulationCore<Driver, kTopology, Policy>::partEnded(std::uint32_t slot,
                                                             const CallStep& step,
                                                             std::uint32_t& fan)
{
    fan = m_fanout.partOf(slot).fan;
    if constexpr (requires { m_driver.onPartEnded(*this, 0u, m_slots[slot].state, step.end); })
        m_driver.onPartEnded(*this, m_fanout.callOf(fan), m_slots[slot].state, step.end);
    return m_fanout.partEnded(slot, m_slots[slot].state, step.end);
}

// The call's other parts are abandoned, their attempts cancelled as losers (the setup's
// cancellation), and the driver hears of the call.
template <class Driver, bool kTopology, class Policy>
void SimulationCore<Driver, kTopology, Policy>::endCallOfParts(std::uint32_t fan, CallEnd end)
{
    m_fanout.forEachRunningPart(fan, [&](std::uint32_t part) {
        const CallStep abandon = m_pipeline.abandonCall(m_slots[part].state);
        m_fanout.abandoned(fan, part, m_slots[part].state);
        trace(TraceEvent::CallEnded, m_slots[part].call, -1, -1, 0.0, false, abandon.end);
        release(part, abandon.cancel);
    });
    const std::uint32_t call = m_fanout.callOf(fan);
    m_driver.onCallEnded(*this, call, m_fanout.close(fan), end);
}

template <class Driver, bool kTopology, class Policy>
template <class F>
void SimulationCore<Driver, kTopology, Policy>::forEachLiveCall(F&& f) const
{
    if (m_fanout.enabled()) {
        m_fanout.forEachOpenCall(
            [this](std::uint32_t s) -> const CallState& { return m_slots[s].state; }, f);
        return;
    }
    for (const CallSlot& s : m_slots)
        if (s.call != kNoCall)
            f(s.call, EndedCall::of(s.state));
}

} // namespace hedge::sim_detail
