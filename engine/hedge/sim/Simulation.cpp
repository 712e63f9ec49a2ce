#include <hedge/sim/Simulation.h>

#include <hedge/policy/HedgePipeline.h>
#include <hedge/sim/EventQueue.h>
#include <hedge/sim/NearestRank.h>
#include <hedge/sim/RandomStreams.h>
#include <hedge/sim/RingBuffer.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace hedge {
namespace {

constexpr std::uint32_t kNoCall = 0xffffffffu;      // a free call slot
constexpr std::uint16_t kNotInService = 0xffffu;    // an attempt waiting in the queue
constexpr std::int64_t kStopCheckInterval = 1024;   // events between looks at the stop token

HedgePipelineConfig pipelineConfig(const Setup& setup)
{
    HedgePipelineConfig config;
    if (setup.hedge) {
        const HedgeSettings& h = *setup.hedge;
        config.hedge = HedgePolicyConfig{.delayMs = h.delayMs, .maxAttempts = h.maxAttempts};
        if (h.hasBudget())
            config.budget = HedgeBudgetConfig{.percent = h.budgetPercent,
                                              .minPerSecond = h.budgetMinPerSecond,
                                              .windowSeconds = h.budgetWindowSeconds};
    }
    config.adaptiveLimit = setup.adaptiveLimit;
    return config;
}

// One attempt as the service sees it: whose it is. The call may have ended meanwhile.
struct AttemptRef {
    std::uint32_t slot;
    std::uint32_t call;
    std::uint8_t attempt;
};

class Simulation {
public:
    Simulation(const PointSpec& spec, std::stop_token stop, const SafetyCap& cap,
               SimulationObserver* observer)
        : m_spec(spec), m_stop(std::move(stop)), m_cap(cap), m_observer(observer), m_pipeline(pipelineConfig(spec.setup)),
          m_random(spec.seed, spec.load, spec.replicate), m_exponential(spec.distribution == ServiceDistribution::Exponential),
          m_meanServiceMs(m_exponential ? spec.service.medianMs : spec.service.meanServiceMs()),
          m_ratePerMs(spec.load * spec.service.workers / m_meanServiceMs),
          m_warmupCalls(static_cast<std::int64_t>(
              std::floor(double(spec.calls) * spec.warmupFraction + 1e-9))),
          m_serverCancels(spec.setup.cancellation == Cancellation::Server),
          m_workers(static_cast<std::size_t>(spec.service.workers))
    {
        m_freeWorkers.reserve(m_workers.size());
        for (std::size_t w = m_workers.size(); w-- > 0;)
            m_freeWorkers.push_back(static_cast<std::uint16_t>(w));
        m_latencies.reserve(static_cast<std::size_t>(spec.calls - m_warmupCalls));
    }

    PointResult run();
    std::vector<double> takeLatencies() { return std::move(m_latencies); }

private:
    struct Worker {
        AttemptRef serving{};
        bool error = false;
        std::uint32_t generation = 0; // bumped when its attempt is cut short (server cancel)
    };
    struct CallSlot {
        CallState state;
        std::uint32_t call = kNoCall; // the call index, or kNoCall when free
        std::uint16_t worker[kMaxAttempts];
    };

    void arrive(std::int64_t call);
    void hedgeDue(std::uint32_t slot, std::uint32_t call);
    void serviceDone(std::uint16_t worker, std::uint32_t generation);
    void apply(std::uint32_t slot, const CallStep& step);
    void send(std::uint32_t slot, int attempt);
    void serveNext(std::uint16_t worker);
    void start(std::uint16_t worker, const AttemptRef& ref);
    void finish(std::uint32_t slot, const CallStep& step);
    void advanceClock(double t)
    {
        m_busyIntegral += double(m_busy) * (t - m_now);
        m_now = t;
    }
    double backlogMs() const { return double(m_queued) * m_meanServiceMs / double(m_workers.size()); }
    PointResult result(); // once, at the end: reorders m_latencies
    void trace(TraceEvent::Kind kind, std::int64_t call, int attempt = -1, int worker = -1,
               double serviceMs = 0.0, bool error = false, CallEnd end = CallEnd::Running)
    {
        if (m_observer) [[unlikely]]
            m_observer->onEvent(TraceEvent{kind, m_now, call, attempt, worker, serviceMs, error, end});
    }

    const PointSpec& m_spec;
    std::stop_token m_stop;
    SafetyCap m_cap;
    SimulationObserver* m_observer;
    HedgePipeline m_pipeline;
    RandomStreams m_random;
    const bool m_exponential;
    const double m_meanServiceMs;
    const double m_ratePerMs;
    const std::int64_t m_warmupCalls;
    const bool m_serverCancels;

    EventQueue m_events;
    RingBuffer<AttemptRef> m_queue; // the service's FIFO queue
    std::int64_t m_queued = 0; // attempts in m_queue that will still be served
    std::vector<Worker> m_workers;
    std::vector<std::uint16_t> m_freeWorkers;
    int m_busy = 0;
    std::vector<CallSlot> m_slots;
    std::vector<std::uint32_t> m_freeSlots;
    double m_now = 0.0;
    double m_busyIntegral = 0.0;
    bool m_stopped = false;

    // Measurements (model.md §4).
    double m_windowStart = 0.0, m_windowEnd = 0.0, m_busyAtStart = 0.0, m_busyAtEnd = 0.0;
    std::int64_t m_queuedAtHalfway = 0;
    bool m_collapsed = false;
    bool m_stoppedByCap = false;
    std::vector<double> m_latencies; // 8 bytes a measured call: exact percentiles
    double m_latencySum = 0.0, m_latencyMax = 0.0;
    std::int64_t m_attempts = 0, m_hedged = 0, m_rejected = 0, m_failed = 0;
    std::int64_t m_eventCount = 0, m_arrivals = 0;
};

// The whole model is these few handlers around one loop.
PointResult Simulation::run()
{
    m_events.push(m_random.arrivalGapMs(0, m_ratePerMs), Event::Arrival, 0, 0);
    while (!m_events.empty() && !m_stoppedByCap) {
        const Event e = m_events.pop();
        advanceClock(e.time);
        switch (e.kind()) {
        case Event::Arrival: arrive(e.b); break;
        case Event::HedgeDue: hedgeDue(e.a, e.b); break;
        case Event::ServiceDone: serviceDone(static_cast<std::uint16_t>(e.a), e.b); break;
        }
        if (++m_eventCount % kStopCheckInterval == 0 && m_stop.stop_requested()) {
            m_stopped = true;
            break;
        }
    }
    return result();
}

void Simulation::arrive(std::int64_t call)
{
    ++m_arrivals;
    const std::int64_t measured = m_spec.calls - m_warmupCalls;
    if (call == m_warmupCalls) {
        m_windowStart = m_now;
        m_busyAtStart = m_busyIntegral;
    }
    if (call == m_warmupCalls + measured / 2)
        m_queuedAtHalfway = m_queued;
    if (call + 1 < m_spec.calls) {
        m_events.push(m_now + m_random.arrivalGapMs(call + 1, m_ratePerMs), Event::Arrival, 0,
                      static_cast<std::uint32_t>(call + 1));
    } else {
        // The last arrival: collapsed if more than a second of work is queued and the
        // backlog grew over the second half of the measured calls.
        m_windowEnd = m_now;
        m_busyAtEnd = m_busyIntegral;
        m_collapsed = backlogMs() > 1000.0 && m_queued > m_queuedAtHalfway;
    }
    const auto live = static_cast<std::int64_t>(m_slots.size() - m_freeSlots.size());
    if (live >= m_cap.maxLiveCalls || backlogMs() > m_cap.maxBacklogMs) {
        m_stoppedByCap = true;
        return;
    }

    std::uint32_t slot;
    if (m_freeSlots.empty()) {
        slot = static_cast<std::uint32_t>(m_slots.size());
        m_slots.emplace_back();
    } else {
        slot = m_freeSlots.back();
        m_freeSlots.pop_back();
    }
    m_slots[slot].call = static_cast<std::uint32_t>(call);
    trace(TraceEvent::CallStarted, call);
    apply(slot, m_pipeline.startCall(m_slots[slot].state, m_now));
}

void Simulation::hedgeDue(std::uint32_t slot, std::uint32_t call)
{
    if (m_slots[slot].call != call)
        return; // the call ended; its timer outlived it
    apply(slot, m_pipeline.hedgeDue(m_slots[slot].state, m_now));
}

void Simulation::serviceDone(std::uint16_t worker, std::uint32_t generation)
{
    Worker& w = m_workers[worker];
    if (w.generation != generation)
        return; // cancelled in service: the worker moved on already
    const AttemptRef done = w.serving;
    const bool error = w.error;
    trace(TraceEvent::ServiceEnded, done.call, done.attempt, worker, 0.0, error);
    // The worker takes the head of the queue before anything the response triggers joins
    // the tail: FIFO by arrival at the queue.
    --m_busy;
    serveNext(worker);

    CallSlot& s = m_slots[done.slot];
    if (s.call != done.call)
        return; // a loser whose call ended earlier (client cancellation): work wasted
    s.worker[done.attempt] = kNotInService;
    apply(done.slot, m_pipeline.attemptDone(s.state, done.attempt, m_now,
                                            error ? AttemptOutcome::HandledError
                                                  : AttemptOutcome::Success));
}

void Simulation::apply(std::uint32_t slot, const CallStep& step)
{
    if (step.launch >= 0)
        send(slot, step.launch);
    if (step.hedgeAt != kNever)
        m_events.push(step.hedgeAt, Event::HedgeDue, slot, m_slots[slot].call);
    if (step.end != CallEnd::Running)
        finish(slot, step);
}

void Simulation::send(std::uint32_t slot, int attempt)
{
    const AttemptRef ref{slot, m_slots[slot].call, static_cast<std::uint8_t>(attempt)};
    if (!m_freeWorkers.empty()) {
        const std::uint16_t w = m_freeWorkers.back();
        m_freeWorkers.pop_back();
        start(w, ref);
    } else {
        m_slots[slot].worker[attempt] = kNotInService;
        m_queue.push(ref);
        ++m_queued;
        trace(TraceEvent::AttemptQueued, ref.call, attempt);
    }
}

void Simulation::serveNext(std::uint16_t worker)
{
    while (!m_queue.empty()) {
        const AttemptRef next = m_queue.pop();
        // With server cancellation a loser left the queue when its call ended (it was
        // uncounted from m_queued then); with client cancellation it is served anyway.
        if (m_serverCancels && m_slots[next.slot].call != next.call)
            continue;
        --m_queued;
        start(worker, next);
        return;
    }
    m_freeWorkers.push_back(worker);
}

void Simulation::start(std::uint16_t worker, const AttemptRef& ref)
{
    const ServiceConfig& sc = m_spec.service;
    const ServiceDraw draw =
        m_exponential
            ? ServiceDraw{m_random.exponentialServiceMs(ref.call, ref.attempt, sc.medianMs), false}
            : m_random.service(ref.call, ref.attempt, sc.medianMs, sc.sigma, sc.hiccupProbability,
                               sc.hiccupMinMs, sc.hiccupMaxMs, sc.errorProbability);
    Worker& w = m_workers[worker];
    w.serving = ref;
    w.error = draw.error;
    trace(TraceEvent::ServiceStarted, ref.call, ref.attempt, worker, draw.serviceMs, draw.error);
    ++m_busy;
    if (m_slots[ref.slot].call == ref.call)
        m_slots[ref.slot].worker[ref.attempt] = worker;
    m_events.push(m_now + draw.serviceMs, Event::ServiceDone, worker, w.generation);
}

void Simulation::finish(std::uint32_t slot, const CallStep& step)
{
    CallSlot& s = m_slots[slot];
    trace(TraceEvent::CallEnded, s.call, step.errorAttempt, -1, 0.0, false, step.end);
    if (s.call >= static_cast<std::uint64_t>(m_warmupCalls)) {
        m_attempts += s.state.launched;
        m_hedged += s.state.launched > 1;
        switch (step.end) {
        case CallEnd::Succeeded: {
            const double latency = m_now - s.state.startedAt;
            m_latencies.push_back(latency);
            m_latencySum += latency;
            m_latencyMax = std::max(m_latencyMax, latency);
            break;
        }
        case CallEnd::Rejected: ++m_rejected; break;
        default: ++m_failed; break;
        }
    }
    // Free the slot first: with server cancellation the queued losers of this call must
    // already look dead when a worker freed below scans the queue.
    const std::uint32_t call = s.call;
    s.call = kNoCall;
    m_freeSlots.push_back(slot);
    if (!m_serverCancels || step.cancel == 0)
        return;
    for (int a = 0; a < kMaxAttempts; ++a) {
        if (((step.cancel >> a) & 1u) == 0)
            continue;
        const std::uint16_t w = s.worker[a];
        if (w == kNotInService) {
            --m_queued;
            trace(TraceEvent::QueuedDropped, call, a);
        } else {
            trace(TraceEvent::ServiceCutShort, call, a, w);
            ++m_workers[w].generation; // its ServiceDone event is now stale
            --m_busy;
            serveNext(w);
        }
    }
}

PointResult Simulation::result()
{
    PointResult r;
    r.setup = m_spec.setup.name;
    r.cancellation = m_spec.setup.cancellation;
    r.load = m_spec.load;
    r.measuredCalls = std::max<std::int64_t>(0, m_arrivals - m_warmupCalls);
    r.simulatedCalls = m_arrivals;
    r.events = m_eventCount;
    r.stoppedBySafetyCap = m_stoppedByCap;
    r.limiterInflightAtEnd = m_pipeline.limiter() ? m_pipeline.limiter()->inflight() : 0;
    r.collapsed = m_collapsed || m_stoppedByCap;
    if (m_stoppedByCap) {
        // Calls still live when the cap stopped the run sent attempts too: count them, or
        // requests per call would only describe the calls lucky enough to end.
        for (const CallSlot& s : m_slots) {
            if (s.call != kNoCall && s.call >= static_cast<std::uint64_t>(m_warmupCalls)) {
                m_attempts += s.state.launched;
                m_hedged += s.state.launched > 1;
            }
        }
    }
    if (r.measuredCalls > 0) {
        const double n = double(r.measuredCalls);
        r.requestsPerCall = double(m_attempts) / n;
        r.hedgedFraction = double(m_hedged) / n;
        r.rejectedFraction = double(m_rejected) / n;
        r.failedFraction = double(m_failed) / n;
    }
    // A run stopped early has no last arrival: its window ends where it stopped.
    const double windowEnd = m_windowEnd > m_windowStart ? m_windowEnd : m_now;
    const double busyAtEnd = m_windowEnd > m_windowStart ? m_busyAtEnd : m_busyIntegral;
    r.measuredWindowMs = std::max(0.0, windowEnd - m_windowStart);
    if (windowEnd > m_windowStart)
        r.utilisation = (busyAtEnd - m_busyAtStart) /
                        (double(m_workers.size()) * (windowEnd - m_windowStart));
    if (!m_latencies.empty()) {
        // Selected in place: a copy would double the peak memory of a long run (8 more
        // bytes a measured call: 1.4 GB more at 100 million calls on two threads).
        std::vector<double>& sorted = m_latencies;
        const auto at = [&](std::int64_t perTenThousand, std::size_t from) {
            const std::size_t i = nearestRankIndex(sorted.size(), perTenThousand);
            std::nth_element(sorted.begin() + static_cast<std::ptrdiff_t>(std::min(from, i)),
                             sorted.begin() + static_cast<std::ptrdiff_t>(i), sorted.end());
            return i;
        };
        const std::size_t i50 = at(5000, 0);
        r.p50Ms = sorted[i50];
        const std::size_t i99 = at(9900, i50 + 1);
        r.p99Ms = sorted[i99];
        const std::size_t i999 = at(9990, i99 + 1);
        r.p999Ms = sorted[i999];
        r.meanMs = m_latencySum / double(m_latencies.size());
        r.maxMs = m_latencyMax;
    }
    return r;
}

} // namespace

PointResult simulatePoint(const PointSpec& spec, std::stop_token stop, const SafetyCap& cap,
                          SimulationObserver* observer, std::vector<double>* latencies)
{
    Simulation simulation(spec, std::move(stop), cap, observer);
    PointResult result = simulation.run();
    if (latencies)
        *latencies = simulation.takeLatencies();
    return result;
}

} // namespace hedge
