#include <hedge/sim/TimelineWorld.h>

#include <hedge/sim/CollapseWatch.h>
#include <hedge/sim/LatencySummary.h>
#include <hedge/sim/ParallelFor.h>
#include <hedge/sim/SimulationCore.h>

#include <algorithm>
#include <cmath>
#include <mutex>

namespace hedge {

namespace {

using sim_detail::SimulationCore;

} // namespace

// Drives one world through its buckets and measures them (docs/timeline.md, "Results").
class TimelineWorld::Driver {
public:
    // A world's setup may change family between runs of the Live view: the policy is chosen
    // per world (ClientPolicy), at a branch an event.
    using Core = SimulationCore<Driver, true, ClientPolicy>;

    Driver(const Scenario& scenario, std::size_t setupIndex, std::stop_token stop,
           const SafetyCap& cap)
        : m_setup(scenario.setups.at(setupIndex)), m_service(scenario.service),
          m_baseService(scenario.service), m_bucketMs(scenario.timeline->bucketMs),
          m_durationMs(scenario.timeline->durationS * 1000.0),
          m_core(sim_detail::CoreConfig{.service = scenario.service,
                                        .setup = m_setup,
                                        .seed = scenario.seed,
                                        .randomKey = kTimelineRandomKey},
                 ArrivalSchedule(0.0), *this, std::move(stop), cap, nullptr)
    {
        for (const LoadStep& s : scenario.timeline->steps())
            addLoadStep(s);
        for (const TimelineChange& c : scenario.timeline->changes) {
            if (c.setup.empty() || c.setup == m_setup.name)
                m_changes.push_back(c);
        }
        m_outages = scenario.timeline->outages;
    }

    std::optional<TimelineBucket> advance()
    {
        if (finished())
            return std::nullopt;
        if (!m_started) {
            m_started = true;
            beginSegment(true);
        } else {
            beginSegment(false);
        }
        m_core.run();
        if (m_core.stoppedByCap())
            m_stoppedAtS = m_core.now() / 1000.0;
        if (!m_closed)
            return std::nullopt; // stopped by the cap or cancelled mid-bucket
        m_closed = false;
        return std::move(m_last);
    }

    bool finished() const
    {
        return m_bucketStart >= m_durationMs || m_core.stoppedByCap() || m_core.cancelled();
    }

    void addLoadStep(const LoadStep& step)
    {
        const double atMs = step.atS * 1000.0;
        if (!m_steps.empty() && atMs <= m_steps.back().atS * 1000.0)
            m_steps.back().load = step.load;
        else
            m_steps.push_back(step);
        m_core.arrivalSchedule().addStep(atMs, m_baseService.arrivalRatePerMs(step.load));
    }

    void addChange(const TimelineChange& change) { m_changes.push_back(change); }
    void continueTo(double durationMs) { m_durationMs = std::max(m_durationMs, durationMs); }

    // --- SimulationCore's hooks ---
    void onArrival(const Core&, std::int64_t) { ++m_arrivals; }
    void onLastArrival(const Core&) {}
    void onSent(const Core&, int attempt)
    {
        ++m_attempts;
        m_hedges += attempt > 0;
    }
    void onQueued(const Core& core) { m_queueMax = std::max(m_queueMax, core.queued()); }
    void onCallEnded(const Core& core, std::uint32_t, const sim_detail::EndedCall& ended, CallEnd end)
    {
        ++m_callsEnded;
        m_hedgesOfEnded += ended.hedges;
        m_retriesOfEnded += ended.retries;
        switch (end) {
        case CallEnd::Succeeded: m_latencies.push_back(core.now() - ended.startedAt); break;
        case CallEnd::Rejected: ++m_rejected; break;
        case CallEnd::TimedOut: ++m_timedOut; break;
        default: ++m_failed; break;
        }
    }
    bool onBoundary(const Core& core)
    {
        accumulateCapacity(core.now());
        if (core.now() >= bucketEnd()) {
            closeBucket();
            return true; // advance() returns; the next one begins the next bucket
        }
        beginSegment(false); // a change inside the bucket
        return false;
    }

    std::optional<double> m_stoppedAtS;
    Setup m_setup;
    ServiceConfig m_service;

private:
    double bucketEnd() const
    {
        return std::min(double(m_bucketIndex + 1) * m_bucketMs, m_durationMs);
    }

    // At a bucket's start or at a change: the changes due now, then the next boundary (the
    // bucket's end or the next change), and the arrival rate spent up to it.
    void beginSegment(bool first)
    {
        const double now = m_core.now();
        while (m_nextChange < m_changes.size() && m_changes[m_nextChange].atS * 1000.0 <= now)
            applyChange(m_changes[m_nextChange++]);
        double boundary = bucketEnd();
        if (m_nextChange < m_changes.size())
            boundary = std::min(boundary, std::max(now, m_changes[m_nextChange].atS * 1000.0));
        if (!m_outages.empty()) { // docs/timeline.md, "Outages": a boundary at every edge
            const std::optional<Outage::Kind> outage = outageAt(m_outages, now / 1000.0);
            if (outage != m_outage) {
                m_core.setOutage(outage);
                m_outage = outage;
            }
            boundary = std::min(boundary, nextOutageEdge(m_outages, now / 1000.0) * 1000.0);
        }
        if (first)
            m_core.start(boundary);
        else
            m_core.extendArrivals(boundary);
        m_core.scheduleBoundary(boundary);
    }

    void applyChange(const TimelineChange& change)
    {
        Setup setup = m_setup;
        ServiceConfig service = m_service;
        for (const KnobSetting& knob : change.set)
            applyKnob(setup, service, knob);
        if (!setup.samePolicy(m_setup))
            m_core.reconfigurePipeline(setup);
        if (!(service == m_service))
            m_core.setService(service);
        m_setup = std::move(setup);
        m_service = service;
    }

    void accumulateCapacity(double now)
    {
        m_capacityMs += double(m_core.activeWorkers()) * (now - m_segmentStart);
        m_segmentStart = now;
    }

    double meanLoad(double from, double to) const
    {
        double integral = 0.0;
        for (std::size_t i = 0; i < m_steps.size(); ++i) {
            const double a = std::max(from, m_steps[i].atS * 1000.0);
            const double b = std::min(to, i + 1 < m_steps.size() ? m_steps[i + 1].atS * 1000.0 : to);
            if (b > a)
                integral += (b - a) * m_steps[i].load;
        }
        return to > from ? integral / (to - from) : 0.0;
    }

    void closeBucket()
    {
        const double end = m_core.now();
        TimelineBucket b;
        b.tS = end / 1000.0;
        b.load = meanLoad(m_bucketStart, end);
        b.arrivals = m_arrivals;
        b.callsEnded = m_callsEnded;
        const LatencySummary latency = LatencySummary::of(m_latencies);
        b.p50Ms = latency.p50Ms;
        b.p99Ms = latency.p99Ms;
        b.p999Ms = latency.p999Ms;
        if (m_arrivals > 0)
            b.requestsPerCall = double(m_attempts) / double(m_arrivals);
        b.hedges = m_hedges;
        b.rejected = m_rejected;
        b.failed = m_failed;
        b.queueLength = m_core.queued();
        b.queueMax = m_queueMax;
        b.backlogMs = m_core.backlogMs();
        if (m_core.replicaCount() > 1) {
            b.replicaBacklogMs.resize(static_cast<std::size_t>(m_core.replicaCount()));
            for (int r = 0; r < m_core.replicaCount(); ++r)
                b.replicaBacklogMs[static_cast<std::size_t>(r)] = m_core.replicaBacklogMs(r);
        }
        b.busyFraction = m_capacityMs > 0.0 ? (m_core.busyIntegral() - m_busyAtStart) / m_capacityMs : 0.0;
        b.timedOut = m_timedOut;
        if (end > m_bucketStart)
            b.goodputPerS = double(m_latencies.size()) / ((end - m_bucketStart) / 1000.0);
        b.hedgesOfEnded = m_hedgesOfEnded;
        b.retriesOfEnded = m_retriesOfEnded;
        const double busyMs = m_core.busyIntegral() - m_busyAtStart;
        if (busyMs > 0.0)
            b.wastedFraction = std::min(1.0, (m_core.wastedIntegral() - m_wastedAtStart) / busyMs);
        b.inFlight = m_core.busyWorkers() + m_core.queued();
        ClientPolicy& pipeline = m_core.pipeline();
        if (const AdaptiveLimiter* limiter = pipeline.limiter())
            b.limit = limiter->algorithm().estimatedLimit();
        if (HedgeBudget* budget = pipeline.budget())
            b.budgetBalance = budget->balance(end);
        b.hedgesRefused = m_core.hedgesRefused() - m_refusedBefore; // the whole fleet's
        m_refusedBefore = m_core.hedgesRefused();
        if (pipeline.family()) {
            const FamilyGauges g = pipeline.gauges(end);
            const auto present = [](double v) { return std::isnan(v) ? std::nullopt : std::optional(v); };
            b.throttleTokens = present(g.tokens);
            b.retrySlots = g.slotsInUse >= 0 ? std::optional<double>(g.slotsInUse) : std::nullopt;
            b.retrySlotLimit = g.slotLimit >= 0 ? std::optional<double>(g.slotLimit) : std::nullopt;
            b.percentileDelayMs = present(g.delayMs);
        }
        b.collapsed = m_collapse.observe(end, b.backlogMs);
        m_last = std::move(b);
        m_closed = true;

        // The next bucket starts empty; memory does not grow with the duration.
        ++m_bucketIndex;
        m_bucketStart = end;
        m_busyAtStart = m_core.busyIntegral();
        m_wastedAtStart = m_core.wastedIntegral();
        m_capacityMs = 0.0;
        m_arrivals = m_callsEnded = m_attempts = m_hedges = m_rejected = m_failed = 0;
        m_timedOut = m_hedgesOfEnded = m_retriesOfEnded = 0;
        m_queueMax = m_core.queued();
        m_latencies.clear();
    }

    const ServiceConfig m_baseService; // the load's reference: changes do not move the traffic
    const double m_bucketMs;
    double m_durationMs; // moved on by continueTo (the Live view's Continue Live)
    std::vector<LoadStep> m_steps;
    std::vector<TimelineChange> m_changes;
    std::size_t m_nextChange = 0;
    std::vector<Outage> m_outages;           // the timeline's, each world's own copy
    std::optional<Outage::Kind> m_outage;    // in force now
    bool m_started = false;

    std::int64_t m_bucketIndex = 0;
    double m_bucketStart = 0.0;
    double m_segmentStart = 0.0;
    double m_capacityMs = 0.0;
    double m_busyAtStart = 0.0;
    double m_wastedAtStart = 0.0;
    std::int64_t m_timedOut = 0, m_hedgesOfEnded = 0, m_retriesOfEnded = 0;
    std::int64_t m_arrivals = 0, m_callsEnded = 0, m_attempts = 0, m_hedges = 0;
    std::int64_t m_refusedBefore = 0; // the policy's refusals before this bucket
    std::int64_t m_rejected = 0, m_failed = 0, m_queueMax = 0;
    std::vector<double> m_latencies; // of the current bucket only
    CollapseWatch m_collapse;
    TimelineBucket m_last;
    bool m_closed = false;

public:
    Core m_core; // last: it calls back into the members above
};

TimelineWorld::TimelineWorld(const Scenario& scenario, std::size_t setup, std::stop_token stop,
                             const SafetyCap& cap)
    : m_driver(std::make_unique<Driver>(scenario, setup, std::move(stop), cap))
{
}

TimelineWorld::~TimelineWorld() = default;

std::optional<TimelineBucket> TimelineWorld::advance() { return m_driver->advance(); }
bool TimelineWorld::finished() const { return m_driver->finished(); }
std::optional<double> TimelineWorld::stoppedAtS() const { return m_driver->m_stoppedAtS; }
double TimelineWorld::nowS() const { return m_driver->m_core.now() / 1000.0; }
const std::string& TimelineWorld::setupName() const { return m_driver->m_setup.name; }
const Setup& TimelineWorld::setup() const { return m_driver->m_setup; }
const ServiceConfig& TimelineWorld::service() const { return m_driver->m_service; }
void TimelineWorld::addLoadStep(const LoadStep& step) { m_driver->addLoadStep(step); }
void TimelineWorld::addChange(const TimelineChange& change) { m_driver->addChange(change); }
void TimelineWorld::continueTo(double durationS)
{
    m_driver->continueTo(durationS * 1000.0);
}

TimelineOutcome runTimeline(const Scenario& scenario, int threads, std::stop_token stop,
                            const std::function<void(std::size_t, const TimelineBucket&)>& onBucket)
{
    const std::size_t worlds = scenario.setups.size();
    TimelineOutcome outcome;
    outcome.worlds.resize(worlds);
    std::mutex reportMutex;
    // Each world runs start to end on one thread: worlds share nothing but their inputs.
    parallelFor(worlds, workerThreads(threads), stop, [&](std::size_t w) {
        TimelineWorld world(scenario, w, stop);
        WorldResult& result = outcome.worlds[w];
        result.setup = scenario.setups[w].name;
        result.policyFamily = scenario.setups[w].isFamily();
        result.deadline = scenario.setups[w].hasDeadline();
        while (std::optional<TimelineBucket> bucket = world.advance()) {
            if (onBucket) {
                const std::lock_guard lock(reportMutex);
                onBucket(w, *bucket);
            }
            result.buckets.push_back(std::move(*bucket));
        }
        result.stoppedAtS = world.stoppedAtS();
    });
    outcome.cancelled = stop.stop_requested();
    return outcome;
}

} // namespace hedge
