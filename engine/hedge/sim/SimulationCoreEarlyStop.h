// SimulationCore's side of a point's early stop (docs/model.md, "Stopping early"): a lower
// bound, proved from the keyed draws, on the attempts still queued at the last arrival. Out of
// the class so that SimulationCore.h reads as the event loop. Included by SimulationCore.h only.
#pragma once

#include <hedge/sim/SimulationCore.h>

#include <algorithm>
#include <functional>
#include <vector>

namespace hedge::sim_detail {

// The argument needs: one FIFO queue (one replica, no fan-out); every attempt sent is served in
// full once started and stays queued until then (client cancellation, or no second attempt
// for a server to cancel); every call's first attempt sent at its arrival (no limiter to
// refuse it, no shedding); draws that do not depend on when they are made (no slow periods).
template <class Driver, bool kTopology, class Policy>
bool SimulationCore<Driver, kTopology, Policy>::earlyStopProvable(const Setup& setup) const
{
    const bool noLosersToDrop =
        !m_serverCancels || (!setup.isFamily() && (!setup.hedge || setup.hedge->maxAttempts <= 1));
    return m_replicas.size() == 1 && !m_fanout.enabled() && !m_sheds &&
           !m_service.slowdowns.has_value() && m_pipeline.limiter() == nullptr && noLosersToDrop;
}

// Called at the arrival of call k (the driver's onArrival, before the call is sent), at time t.
// The attempts queued now (FIFO order) and then the first attempts of calls k … N−2, in that
// order, are a subsequence of the queue's order from now on; hedges sent later only come
// between them. An element x of it, the p-th, starts at s_x: then every element before it has
// started and at most W − 1 of those, with the W attempts in service now, are still in
// service, so at least p have ended, each after its whole draw. Hence
//   W · (s_x − t) ≥ (sum of the p − 1 elements before x) − (the W − 1 largest of them)
// (the attempts in service now counted as 0 ms; every hedge among them only adds). When that
// exceeds W · (t_N − t), with t_N the last arrival's time (the arrivals' keyed gaps, summed as
// the run sums them), x and every element after it are still queued at t_N.
template <class Driver, bool kTopology, class Policy>
std::int64_t SimulationCore<Driver, kTopology, Policy>::queuedLowerBoundAtLastArrival() const
{
    const std::int64_t k = m_arrivals - 1;
    const std::int64_t last = m_callLimit - 1;
    const RingBuffer<AttemptRef>& queue = m_replicas[0].queue;
    // A non-empty queue: every worker is busy (one replica takes the head when one frees).
    if (!m_earlyStopProvable || queue.empty() || k >= last)
        return 0;
    ArrivalSchedule arrivals = m_arrivalSchedule;
    double lastArrival = m_now;
    for (std::int64_t c = k + 1; c <= last; ++c) {
        double hazard = unitArrivalGap(c);
        lastArrival = arrivals.next(lastArrival, hazard, m_horizon);
        if (lastArrival == kNever)
            return 0;
    }
    const std::size_t workers = m_activeWorkers;
    // The margin covers the rounding of the sums here and of the run's own clock (relative
    // errors of order 1e-11 over a run's 10⁵–10⁶ additions).
    const double capacity = double(workers) * (lastArrival - m_now) * (1.0 + 1e-9);
    std::vector<double> largest; // the W − 1 largest values so far, a min-heap
    largest.reserve(workers);
    double sum = 0.0, largestSum = 0.0;
    const std::int64_t queued = std::int64_t(queue.size());
    const std::int64_t elements = queued + (last - k);
    std::optional<SlowdownSchedule> noSlowdowns; // earlyStopProvable: there are none
    for (std::int64_t i = 0; i < elements; ++i) {
        if (sum - largestSum > capacity)
            return elements - i;
        const AttemptRef ref =
            i < queued ? queue.at(std::size_t(i))
                       : AttemptRef{0, static_cast<std::uint32_t>(k + (i - queued)), 0};
        const double v = serviceDraw(ref, noSlowdowns).serviceMs;
        sum += v;
        if (largest.size() + 1 < workers) {
            largest.push_back(v);
            std::push_heap(largest.begin(), largest.end(), std::greater<>());
            largestSum += v;
        } else if (!largest.empty() && v > largest.front()) {
            std::pop_heap(largest.begin(), largest.end(), std::greater<>());
            largestSum += v - largest.back();
            largest.back() = v;
            std::push_heap(largest.begin(), largest.end(), std::greater<>());
        }
    }
    return 0;
}

} // namespace hedge::sim_detail
