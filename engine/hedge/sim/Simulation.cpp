#include <hedge/sim/Simulation.h>

#include <hedge/sim/CallDrawTable.h>
#include <hedge/sim/NearestRank.h>
#include <hedge/sim/RankSelection.h>
#include <hedge/sim/SimulationCore.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <vector>

namespace hedge {
namespace {

using sim_detail::CoreConfig;
using sim_detail::EndedCall;
using sim_detail::SimulationCore;

// A sweep's point: `calls` arrivals at one constant load, the first `warmupFraction` of them
// unmeasured, then a drain; docs/model.md, "Metrics"'s figures over the measured calls.
class PointMeasure {
public:
    // `buffer`, when given, lends its memory for the latencies (they go back into it at the
    // end): a thread that runs point after point then touches no new page for them.
    PointMeasure(const PointSpec& spec, std::vector<double>* buffer)
        : m_spec(spec), m_warmupCalls(static_cast<std::int64_t>(
                            std::floor(double(spec.calls) * spec.warmupFraction + 1e-9)))
    {
        if (buffer) {
            m_latencies = std::move(*buffer);
            m_latencies.clear();
        }
        m_latencies.reserve(static_cast<std::size_t>(spec.calls - m_warmupCalls));
        // docs/model.md, "Stopping early": a check every 1/64 of the measured calls, from the
        // middle one (whose queue the rule compares with) on; counted in arrivals, never in time.
        const std::int64_t measured = spec.calls - m_warmupCalls;
        if (spec.stopCollapsedEarly && measured > 1) {
            m_checkEvery = std::max<std::int64_t>(1, measured / 64);
            m_nextCheck = m_warmupCalls + measured / 2;
        }
    }

    template <class Core>
    void onArrival(const Core& core, std::int64_t call)
    {
        const std::int64_t measured = m_spec.calls - m_warmupCalls;
        if (call == m_warmupCalls) {
            m_windowStart = core.now();
            m_busyAtStart = core.busyIntegral();
            m_wastedAtStart = core.wastedIntegral();
            replicaBusy(core, m_replicaBusyAtStart);
        }
        if (call == m_warmupCalls + measured / 2) {
            m_queuedAtHalfway = core.queued();
            m_worstBacklogAtHalfway = worstReplicaBacklogMs(core);
        }
        if (call >= m_nextCheck) [[unlikely]]
            considerStopping(core, call);
    }

    // SimulationCore asks after each arrival: the collapse is proved, the run ends here.
    bool stopsRun() const { return m_stopNow; }

    template <class Core>
    void onLastArrival(const Core& core)
    {
        // Collapsed if more than a second of work is queued and the backlog grew over the
        // second half of the measured calls.
        m_windowEnd = core.now();
        m_busyAtEnd = core.busyIntegral();
        m_wastedAtEnd = core.wastedIntegral();
        replicaBusy(core, m_replicaBusyAtEnd);
        m_collapsed = core.backlogMs() > 1000.0 && core.queued() > m_queuedAtHalfway;
        // A call that fans out waits for every partition: one partition's queue growing
        // without end is the calls' collapse (docs/fanout.md, "Metrics").
        if (m_spec.service.fansOut()) {
            const double worst = worstReplicaBacklogMs(core);
            m_collapsed = m_collapsed || (worst > 1000.0 && worst > m_worstBacklogAtHalfway);
        }
    }

    template <class Core>
    void onSent(const Core&, int) {}
    template <class Core>
    void onQueued(const Core&) {}
    template <class Core>
    bool onBoundary(const Core&) { return false; }

    template <class Core>
    void onCallEnded(const Core& core, std::uint32_t call, const EndedCall& ended, CallEnd end)
    {
        if (call < static_cast<std::uint64_t>(m_warmupCalls))
            return;
        count(ended);
        switch (end) {
        case CallEnd::Succeeded: {
            m_slowestHedged += ended.slowestHedged;
            const double latency = core.now() - ended.startedAt;
            m_latencies.push_back(latency);
            m_latencySum += latency;
            m_latencyMax = std::max(m_latencyMax, latency);
            break;
        }
        case CallEnd::Rejected: ++m_rejected; break;
        case CallEnd::TimedOut: ++m_timedOut; break;
        default: ++m_failed; break;
        }
    }

    // docs/fanout.md, "Metrics": the parts that answered, for the parts' percentiles.
    template <class Core>
    void onPartEnded(const Core& core, std::uint32_t call, const CallState& part, CallEnd end)
    {
        if (end == CallEnd::Succeeded && call >= static_cast<std::uint64_t>(m_warmupCalls))
            m_partLatencies.push_back(core.now() - part.startedAt);
    }

    template <class Core>
    PointResult result(const Core& core); // once, at the end
    std::vector<double> takeLatencies() { return std::move(m_latencies); }
    std::vector<double> takePartLatencies() { return std::move(m_partLatencies); }

private:
    void count(const EndedCall& ended)
    {
        m_attempts += ended.attempts;
        m_hedged += ended.hedged;
        m_refused += ended.hedgeRefused;
        m_belowThreshold += ended.hedgeBelowThreshold;
        m_partsHedged += ended.partsHedged;
        m_hedges += ended.hedges;
        m_retries += ended.retries;
    }
    PartFigures partFigures(std::int64_t measuredCalls);

    // The rule of onLastArrival with `queued` attempts queued at the last arrival.
    template <class Core>
    bool collapsedWith(const Core& core, std::int64_t queued) const
    {
        return core.backlogMsOf(queued) > 1000.0 && queued > m_queuedAtHalfway;
    }

    // At a check: stop when the collapse at the last arrival is proved (docs/model.md,
    // "Stopping early"). The proof reads every queued attempt and every call to come, so it
    // is tried only when the queue, drained at the average rate of the calls' first attempts
    // alone, would still meet the rule by three standard deviations of a count of that many
    // (a healthy point never pays for it), and after a failed proof only at every 2nd, 4th, …
    // check (a wandering queue near capacity pays for a few). Neither decides the verdict.
    template <class Core>
    void considerStopping(const Core& core, std::int64_t call)
    {
        m_nextCheck += m_checkEvery;
        if (call + 1 >= m_spec.calls)
            return; // the last arrival applies the rule itself
        if (!core.earlyStopProvable()) {
            m_nextCheck = kNoCheck;
            return;
        }
        const double toCome = double(m_spec.calls - 1 - call);
        const double queued = double(core.queued());
        const double expected = queued - toCome * (1.0 / m_spec.load - 1.0) -
                                3.0 * std::sqrt(queued + toCome / m_spec.load);
        if (!collapsedWith(core, static_cast<std::int64_t>(std::max(0.0, expected))))
            return;
        if (m_checksToSkip > 0) {
            --m_checksToSkip;
            return;
        }
        if (collapsedWith(core, core.queuedLowerBoundAtLastArrival())) {
            m_stopNow = true;
            m_stoppedAtCall = call;
        } else {
            m_checksToSkip = m_skipAfterFailure;
            m_skipAfterFailure = 2 * m_skipAfterFailure + 1;
        }
    }

    // Each replica's busy integral now, with several replicas (one: `utilisation` says it all).
    template <class Core>
    static void replicaBusy(const Core& core, std::vector<double>& into)
    {
        into.clear();
        if (core.replicaCount() > 1)
            for (int r = 0; r < core.replicaCount(); ++r)
                into.push_back(core.replicaBusyIntegral(r));
    }

    template <class Core>
    double worstReplicaBacklogMs(const Core& core) const
    {
        double worst = 0.0;
        if (m_spec.service.fansOut())
            for (int r = 0; r < core.replicaCount(); ++r)
                worst = std::max(worst, core.replicaBacklogMs(r));
        return worst;
    }

    const PointSpec& m_spec;
    const std::int64_t m_warmupCalls;
    double m_windowStart = 0.0, m_windowEnd = 0.0, m_busyAtStart = 0.0, m_busyAtEnd = 0.0;
    double m_wastedAtStart = 0.0, m_wastedAtEnd = 0.0;
    std::int64_t m_queuedAtHalfway = 0;
    double m_worstBacklogAtHalfway = 0.0;
    bool m_collapsed = false;
    static constexpr std::int64_t kNoCheck = std::numeric_limits<std::int64_t>::max();
    std::int64_t m_checkEvery = 0, m_nextCheck = kNoCheck, m_stoppedAtCall = 0;
    int m_checksToSkip = 0, m_skipAfterFailure = 1; // after failed proofs: 1, 3, 7, … checks
    bool m_stopNow = false;
    std::vector<double> m_replicaBusyAtStart, m_replicaBusyAtEnd;
    std::vector<double> m_latencies; // 8 bytes a measured call: exact percentiles
    double m_latencySum = 0.0, m_latencyMax = 0.0;
    std::int64_t m_attempts = 0, m_hedged = 0, m_rejected = 0, m_failed = 0, m_refused = 0;
    std::int64_t m_timedOut = 0, m_hedges = 0, m_retries = 0;
    std::int64_t m_belowThreshold = 0;
    std::vector<double> m_partLatencies; // fan-out: the measured calls' parts that answered
    std::int64_t m_partsHedged = 0, m_slowestHedged = 0;
};

// The three percentiles of docs/model.md, "Metrics" (nearest rank), in `latencies`' order.
void percentiles(std::vector<double>& latencies, double (&at)[3])
{
    const std::size_t n = latencies.size();
    const std::size_t ranks[] = {nearestRankIndex(n, 5000), nearestRankIndex(n, 9900),
                                 nearestRankIndex(n, 9990)};
    valuesAtRanks(latencies, ranks, at);
}

PartFigures PointMeasure::partFigures(std::int64_t measuredCalls)
{
    PartFigures parts{.answered = std::int64_t(m_partLatencies.size())};
    if (!m_partLatencies.empty()) {
        double at[3];
        percentiles(m_partLatencies, at);
        parts.p50Ms = at[0];
        parts.p99Ms = at[1];
        parts.p999Ms = at[2];
        const std::int64_t faster = std::count_if(m_latencies.begin(), m_latencies.end(),
                                                  [&](double l) { return l <= at[1]; });
        if (measuredCalls > 0)
            parts.slowerThanPartP99Fraction = double(measuredCalls - faster) / double(measuredCalls);
    }
    if (measuredCalls > 0) {
        parts.hedgedFraction =
            double(m_partsHedged) / (double(measuredCalls) * double(m_spec.service.fanoutParts));
        parts.slowestHedgedFraction = double(m_slowestHedged) / double(measuredCalls);
    }
    return parts;
}

template <class Core>
PointResult PointMeasure::result(const Core& core)
{
    PointResult r;
    r.setup = m_spec.setup.name;
    r.cancellation = m_spec.setup.cancellation;
    r.load = m_spec.load;
    r.measuredCalls = std::max<std::int64_t>(0, core.arrivals() - m_warmupCalls);
    r.simulatedCalls = core.arrivals();
    r.events = core.events();
    r.stoppedBySafetyCap = core.stoppedByCap();
    r.limiterInflightAtEnd = core.pipeline().limiter() ? core.pipeline().limiter()->inflight() : 0;
    for (int i = 0; i < core.replicaCount(); ++i)
        r.replicaOutstandingAtEnd += std::abs(core.replicaOutstanding(i));
    r.stoppedEarly = core.stoppedEarly();
    r.stoppedAtCall = r.stoppedEarly ? m_stoppedAtCall : 0;
    r.collapsed = m_collapsed || core.stoppedByCap() || core.stoppedEarly();
    if (core.stoppedByCap() || core.stoppedEarly()) {
        // Calls still live when the cap or the early stop ended the run sent attempts too:
        // count them, or requests per call would only describe the calls lucky enough to end.
        core.forEachLiveCall([this](std::uint32_t call, const EndedCall& ended) {
            if (call >= static_cast<std::uint64_t>(m_warmupCalls))
                count(ended);
        });
    }
    if (r.measuredCalls > 0) {
        const double n = double(r.measuredCalls);
        r.requestsPerCall = double(m_attempts) / n;
        r.hedgedFraction = double(m_hedged) / n;
        r.rejectedFraction = double(m_rejected) / n;
        r.failedFraction = double(m_failed) / n;
        r.hedgesRefusedFraction = double(m_refused) / n;
        r.timedOutFraction = double(m_timedOut) / n;
        r.goodputFraction = double(m_latencies.size()) / n;
        r.hedgesPerCall = double(m_hedges) / n;
        r.retriesPerCall = double(m_retries) / n;
        r.hedgesBelowThresholdFraction = double(m_belowThreshold) / n;
    }
    // A run stopped early has no last arrival: its window ends where it stopped.
    const double windowEnd = m_windowEnd > m_windowStart ? m_windowEnd : core.now();
    const double busyAtEnd = m_windowEnd > m_windowStart ? m_busyAtEnd : core.busyIntegral();
    const double wastedAtEnd =
        m_windowEnd > m_windowStart ? m_wastedAtEnd : core.wastedIntegral();
    r.measuredWindowMs = std::max(0.0, windowEnd - m_windowStart);
    r.busyMs = std::max(0.0, busyAtEnd - m_busyAtStart);
    r.wastedMs = std::max(0.0, wastedAtEnd - m_wastedAtStart);
    if (r.busyMs > 0.0)
        r.wastedWorkFraction = std::min(1.0, r.wastedMs / r.busyMs);
    if (r.measuredWindowMs > 0.0)
        r.goodputPerSecond = double(m_latencies.size()) / (r.measuredWindowMs / 1000.0);
    if (windowEnd > m_windowStart) {
        r.utilisation = (busyAtEnd - m_busyAtStart) /
                        (double(core.activeWorkers()) * (windowEnd - m_windowStart));
        // The busiest replica (docs/topology.md), over the same window.
        std::vector<double> replicaAtEnd = m_replicaBusyAtEnd;
        if (m_windowEnd <= m_windowStart)
            replicaBusy(core, replicaAtEnd);
        const double perReplica = double(m_spec.service.workers) * (windowEnd - m_windowStart);
        for (std::size_t i = 0; i < replicaAtEnd.size() && i < m_replicaBusyAtStart.size(); ++i)
            r.replicaUtilisationMax = std::max(
                r.replicaUtilisationMax, (replicaAtEnd[i] - m_replicaBusyAtStart[i]) / perReplica);
    }
    if (!m_latencies.empty()) {
        double at[3];
        percentiles(m_latencies, at);
        r.p50Ms = at[0];
        r.p99Ms = at[1];
        r.p999Ms = at[2];
        r.meanMs = m_latencySum / double(m_latencies.size());
        r.maxMs = m_latencyMax;
    }
    if (m_spec.service.fansOut())
        r.parts = partFigures(r.measuredCalls);
    return r;
}

} // namespace

bool runsTheSameSimulation(const PointSpec& a, const PointSpec& b)
{
    // A family's setup may always send a second attempt (and its Setup::hedge is not used); a
    // deadline abandons a call's only attempt (Setup::mayCancel).
    const auto hedges = [](const Setup& s) { return s.mayCancel(); };
    // Setup::samePolicy, the cancellation left out where it never reaches anything.
    const bool samePolicy =
        a.setup.samePolicy(b.setup) ||
        (!hedges(a.setup) && !hedges(b.setup) && a.setup.hedge == b.setup.hedge &&
         a.setup.adaptiveLimit == b.setup.adaptiveLimit &&
         a.setup.families.resilience4cata == b.setup.families.resilience4cata); // its retry
    return samePolicy && a.service == b.service && a.load == b.load && a.seed == b.seed && a.replicate == b.replicate &&
           a.calls == b.calls && a.warmupFraction == b.warmupFraction &&
           a.serviceModel == b.serviceModel && a.stopCollapsedEarly == b.stopCollapsedEarly;
}

PointResult simulatePoint(const PointSpec& spec, std::stop_token stop, const SafetyCap& cap,
                          SimulationObserver* observer, std::vector<double>* latencies,
                          std::vector<double>* partLatencies)
{
    if (spec.draws && !(spec.draws->key() == CallDrawTable::Key::of(spec)))
        throw std::invalid_argument("simulatePoint: the draw table is another point's");
    const CoreConfig config{.service = spec.service,
                            .setup = spec.setup,
                            .seed = spec.seed,
                            .randomKey = spec.load,
                            .replicate = spec.replicate,
                            .serviceModel = spec.serviceModel,
                            .callLimit = spec.calls,
                            .draws = spec.draws};
    const double meanServiceMs = spec.serviceModel == ServiceTimeModel::Exponential
                                     ? spec.service.medianMs
                                     : spec.service.meanServiceMs();
    PointMeasure measure(spec, latencies);
    // Each replica busy `load` of the time without hedges: a call of n parts sends one to
    // each partition (docs/fanout.md, "Model").
    const double partsPerMs = spec.load * spec.service.totalWorkers() / meanServiceMs;
    const ArrivalSchedule arrivals(spec.service.fansOut() ? partsPerMs / spec.service.fanoutParts
                                                          : partsPerMs);
    const auto run = [&]<bool kTopology, class Policy>() {
        SimulationCore<PointMeasure, kTopology, Policy> core(config, arrivals, measure,
                                                             std::move(stop), cap, observer);
        core.start();
        core.run();
        return measure.result(core);
    };
    // A family's points run on the topology's core: one instantiation more, not two.
    const ServiceConfig& s = spec.service;
    PointResult result =
        spec.setup.isFamily() ? run.template operator()<true, FamilyPipeline>()
        : s.replicas > 1 || s.fansOut() || s.hiccupCorrelation > 0.0 || s.slowdowns
            ? run.template operator()<true, HedgePipeline>()
            : run.template operator()<false, HedgePipeline>();
    if (latencies)
        *latencies = measure.takeLatencies();
    if (partLatencies)
        *partLatencies = measure.takePartLatencies();
    return result;
}

} // namespace hedge
