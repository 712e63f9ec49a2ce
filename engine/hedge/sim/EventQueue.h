// The future events of a simulation, popped in (time, sequence) order, so events at the same
// time run in the order they were scheduled — deterministic ties. Nothing is ever removed
// early: a cancelled event stays queued and its handler sees it is stale.
//
// Most events never need a heap, so the queue has three lanes and pops the earliest head:
// * the next arrival (a simulation schedules one at a time: the next call arrives when the
//   previous one does);
// * hedge timers in a FIFO: each is `now + delay` with one constant delay on a clock that
//   never goes back, so they come due in the order they were armed — although most are
//   stale by then (the call ended first), they cost a ring slot, not a heap entry;
// * a binary heap for the rest: service ends (about one per busy worker) and whatever does
//   not fit the first two lanes (a second pending arrival, a timer due before the last one).
// Whatever the pattern of pushes, pops come out exactly as from one heap keyed by
// (time, sequence): the lanes are a speed-up, never a change of order.
#pragma once

#include <hedge/sim/EventHeap.h>
#include <hedge/sim/RingBuffer.h>

#include <cassert>
#include <cmath>

namespace hedge {

class EventQueue {
public:
    // `time` ≥ 0 (Event::before compares bits).
    void push(double time, Event::Kind kind, std::uint32_t a, std::uint32_t b)
    {
        assert(!std::signbit(time) && !std::isnan(time));
        const Event e{time, (m_sequence++ << 2) | kind, a, b};
        if (kind == Event::Arrival && !hasArrival())
            m_arrival = e;
        else if (kind == Event::HedgeDue && (m_timers.empty() || !(time < m_timers.back().time)))
            m_timers.push(e);
        else
            m_heap.push(e);
    }

    bool empty() const { return !hasArrival() && m_timers.empty() && m_heap.empty(); }
    std::size_t size() const { return std::size_t(hasArrival()) + m_timers.size() + m_heap.size(); }

    // The lane whose head comes first: with `popFrom`, what `pop` does, for a loop that
    // dispatches on the lane. The lanes alternate at random (an arrival, a service end, a
    // timer), so the choice is computed without branches and the loop's one switch on it is
    // the only guess the branch predictor makes (it used to make three: two here, then one on
    // the event's kind).
    enum Lane : std::uint8_t { ArrivalLane, TimerLane, HeapLane };
    Lane firstLane() const
    {
        const Event& timer = m_timers.empty() ? kNone : m_timers.front();
        const Event& other = m_heap.empty() ? kNone : m_heap.top();
        const bool timerFirst = timer.before(other);
        const Event& early = timerFirst ? timer : other;
        const bool arrivalFirst = m_arrival.before(early);
        return static_cast<Lane>(arrivalFirst ? ArrivalLane : timerFirst ? TimerLane : HeapLane);
    }

    // Pops the head of `lane` (not empty): an Arrival from ArrivalLane, a HedgeDue from
    // TimerLane, any kind from HeapLane.
    Event popFrom(Lane lane)
    {
        switch (lane) {
        case ArrivalLane: break;
        case TimerLane: return m_timers.pop();
        case HeapLane: return m_heap.pop();
        }
        const Event e = m_arrival;
        m_arrival = kNone;
        return e;
    }

    Event pop() { return popFrom(firstLane()); }

    // The time of `lane`'s head (infinity when it is empty): what a driver's own timers, kept
    // outside the queue (a call's deadline), are compared with.
    double headTime(Lane lane) const
    {
        switch (lane) {
        case ArrivalLane: return m_arrival.time;
        case TimerLane: return m_timers.empty() ? kNone.time : m_timers.front().time;
        case HeapLane: break;
        }
        return m_heap.empty() ? kNone.time : m_heap.top().time;
    }

private:
    static constexpr Event kNone = Event::none();
    bool hasArrival() const { return m_arrival.order != kNone.order; }

    Event m_arrival = kNone;
    RingBuffer<Event> m_timers;
    EventHeap m_heap;
    std::uint64_t m_sequence = 0;
};

} // namespace hedge
