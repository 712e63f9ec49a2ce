#include <hedge/sim/PooledPoint.h>

#include <hedge/sim/NearestRank.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace hedge {

namespace {

// docs/model.md, "Metrics": p50, p99, p99.9, in per ten thousand.
constexpr std::int64_t kPooledPercentiles[] = {5000, 9900, 9990};

FigureSpread spreadOf(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    FigureSpread s{.min = values.front(), .max = values.back()};
    // Percentiles need enough replicates to mean something (docs/replicates.md: ≥ 10); up
    // to 19 they are the min and the max (spreadIsRange).
    if (values.size() >= 10) {
        s.p5 = values[nearestRankIndex(values.size(), 500)];
        s.p95 = values[nearestRankIndex(values.size(), 9500)];
    }
    return s;
}

template <typename Get> FigureSpread spreadOf(const std::vector<PointResult>& runs, Get get)
{
    std::vector<double> values;
    values.reserve(runs.size());
    for (const PointResult& r : runs)
        values.push_back(get(r));
    return spreadOf(std::move(values));
}

std::optional<FigureSpread> latencySpread(const std::vector<PointResult>& runs,
                                          std::optional<double> PointResult::*field)
{
    std::vector<double> values;
    for (const PointResult& r : runs)
        if (r.*field)
            values.push_back(*(r.*field));
    if (values.empty())
        return std::nullopt;
    return spreadOf(std::move(values));
}

// A fraction's count back from the run (exact: counts are far below 2^53).
std::int64_t countOf(double fraction, std::int64_t calls)
{
    return std::llround(fraction * double(calls));
}

} // namespace

// The parts' figures over every replicate's parts together (docs/fanout.md, "Metrics").
PartFigures PooledPoint::pooledParts(std::int64_t measuredCalls)
{
    PartFigures parts;
    // Every replicate's calls have the same parts: a fraction of the parts pools as one of
    // the calls.
    double partsHedged = 0.0, slowestHedged = 0.0, slower = 0.0;
    for (const PointResult& r : m_runs) {
        if (!r.parts)
            continue;
        parts.answered += r.parts->answered;
        partsHedged += r.parts->hedgedFraction * double(r.measuredCalls);
        slowestHedged += double(countOf(r.parts->slowestHedgedFraction, r.measuredCalls));
        slower += double(countOf(r.parts->slowerThanPartP99Fraction, r.measuredCalls));
    }
    if (measuredCalls > 0) {
        parts.hedgedFraction = partsHedged / double(measuredCalls);
        parts.slowestHedgedFraction = slowestHedged / double(measuredCalls);
        parts.slowerThanPartP99Fraction = slower / double(measuredCalls);
    }
    if (m_partLatencies && m_partLatencies->count() > 0) {
        std::optional<double> at[3];
        m_partLatencies->quantiles(kPooledPercentiles, at);
        parts.p50Ms = at[0];
        parts.p99Ms = at[1];
        parts.p999Ms = at[2];
    }
    return parts;
}

PooledPoint::PooledPoint(int replicates, std::int64_t measuredPerReplicate)
    : m_runs(static_cast<std::size_t>(replicates)),
      m_latencySums(static_cast<std::size_t>(replicates), 0.0),
      m_arrived(static_cast<std::size_t>(replicates), false),
      m_latencies(measuredPerReplicate * replicates)
{}

bool PooledPoint::add(int replicate, const PointResult& run, const std::vector<double>& latencies,
                      const std::vector<double>& partLatencies)
{
    const auto r = static_cast<std::size_t>(replicate);
    if (r >= m_runs.size() || m_arrived[r])
        throw std::logic_error("PooledPoint: replicate out of range or added twice");
    m_arrived[r] = true;
    m_runs[r] = run;
    m_latencySums[r] = std::accumulate(latencies.begin(), latencies.end(), 0.0);
    m_latencies.add(latencies);
    if (run.parts) {
        // Every replicate answers about as many parts: the first one's count sizes the pool.
        if (!m_partLatencies)
            m_partLatencies.emplace(run.parts->answered * std::int64_t(m_runs.size()));
        m_partLatencies->add(partLatencies);
    }
    return ++m_count == static_cast<int>(m_runs.size());
}

PointResult PooledPoint::result()
{
    const PointResult& first = m_runs.front();
    PointResult p;
    p.setup = first.setup;
    p.cancellation = first.cancellation;
    p.load = first.load;

    std::int64_t attempts = 0, hedged = 0, rejected = 0, failed = 0, refused = 0;
    std::int64_t timedOut = 0, answered = 0, hedges = 0, retries = 0;
    double busyMs = 0.0, busiestReplicaMs = 0.0, latencySum = 0.0;
    ReplicateSpread spread;
    spread.replicates = static_cast<int>(m_runs.size());
    // Replicate order, so that the floating-point sums do not depend on which thread
    // finished first.
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        const PointResult& r = m_runs[i];
        p.measuredCalls += r.measuredCalls;
        attempts += countOf(r.requestsPerCall, r.measuredCalls);
        hedged += countOf(r.hedgedFraction, r.measuredCalls);
        rejected += countOf(r.rejectedFraction, r.measuredCalls);
        failed += countOf(r.failedFraction, r.measuredCalls);
        refused += countOf(r.hedgesRefusedFraction, r.measuredCalls);
        timedOut += countOf(r.timedOutFraction, r.measuredCalls);
        answered += countOf(r.goodputFraction, r.measuredCalls);
        hedges += countOf(r.hedgesPerCall, r.measuredCalls);
        retries += countOf(r.retriesPerCall, r.measuredCalls);
        p.busyMs += r.busyMs;
        p.wastedMs += r.wastedMs;
        busyMs += r.utilisation * r.measuredWindowMs;
        busiestReplicaMs += r.replicaUtilisationMax * r.measuredWindowMs;
        p.measuredWindowMs += r.measuredWindowMs;
        latencySum += m_latencySums[i];
        if (r.maxMs)
            p.maxMs = std::max(p.maxMs.value_or(*r.maxMs), *r.maxMs);
        spread.collapsedRuns += r.collapsed ? 1 : 0;
        p.stoppedBySafetyCap = p.stoppedBySafetyCap || r.stoppedBySafetyCap;
        if (r.stoppedEarly)
            p.stoppedAtCall = p.stoppedEarly ? std::min(p.stoppedAtCall, r.stoppedAtCall)
                                             : r.stoppedAtCall;
        p.stoppedEarly = p.stoppedEarly || r.stoppedEarly;
        p.simulatedCalls += r.simulatedCalls;
        p.events += r.events;
        p.limiterInflightAtEnd += r.limiterInflightAtEnd;
        p.replicaOutstandingAtEnd += r.replicaOutstandingAtEnd;
    }
    if (p.measuredCalls > 0) {
        const double n = double(p.measuredCalls);
        p.requestsPerCall = double(attempts) / n;
        p.hedgedFraction = double(hedged) / n;
        p.rejectedFraction = double(rejected) / n;
        p.failedFraction = double(failed) / n;
        p.hedgesRefusedFraction = double(refused) / n;
        p.timedOutFraction = double(timedOut) / n;
        p.goodputFraction = double(answered) / n;
        p.hedgesPerCall = double(hedges) / n;
        p.retriesPerCall = double(retries) / n;
    }
    if (p.busyMs > 0.0)
        p.wastedWorkFraction = std::min(1.0, p.wastedMs / p.busyMs);
    // Busy time over capacity time of all replicates together (workers cancel out).
    // The busiest replica of each replicate, weighted the same way.
    if (p.measuredWindowMs > 0.0) {
        p.utilisation = busyMs / p.measuredWindowMs;
        p.replicaUtilisationMax = busiestReplicaMs / p.measuredWindowMs;
        p.goodputPerSecond = double(answered) / (p.measuredWindowMs / 1000.0);
    }
    if (m_latencies.count() > 0) {
        std::optional<double> at[3];
        m_latencies.quantiles(kPooledPercentiles, at);
        p.p50Ms = at[0];
        p.p99Ms = at[1];
        p.p999Ms = at[2];
        p.meanMs = latencySum / double(m_latencies.count());
    }
    p.collapsed = 2 * spread.collapsedRuns > spread.replicates;
    if (first.parts)
        p.parts = pooledParts(p.measuredCalls);

    spread.p50Ms = latencySpread(m_runs, &PointResult::p50Ms);
    spread.p99Ms = latencySpread(m_runs, &PointResult::p99Ms);
    spread.p999Ms = latencySpread(m_runs, &PointResult::p999Ms);
    spread.meanMs = latencySpread(m_runs, &PointResult::meanMs);
    spread.maxMs = latencySpread(m_runs, &PointResult::maxMs);
    spread.requestsPerCall =
        spreadOf(m_runs, [](const PointResult& r) { return r.requestsPerCall; });
    spread.hedgedFraction = spreadOf(m_runs, [](const PointResult& r) { return r.hedgedFraction; });
    spread.rejectedFraction =
        spreadOf(m_runs, [](const PointResult& r) { return r.rejectedFraction; });
    spread.failedFraction = spreadOf(m_runs, [](const PointResult& r) { return r.failedFraction; });
    spread.utilisation = spreadOf(m_runs, [](const PointResult& r) { return r.utilisation; });
    p.spread = std::move(spread);
    return p;
}

} // namespace hedge
