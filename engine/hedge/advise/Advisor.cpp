#include <hedge/advise/Advisor.h>

#include <hedge/KnobRegistry.h>
#include <hedge/io/Format.h>
#include <hedge/sim/LoadSweep.h>
#include <hedge/sim/TimelineWorld.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <iterator>
#include <map>
#include <set>
#include <stdexcept>

namespace hedge {

std::optional<double> objectiveFigure(const PointResult& point, AdviceObjective objective)
{
    switch (objective) {
    case AdviceObjective::P50: return point.p50Ms;
    case AdviceObjective::P99: return point.p99Ms;
    case AdviceObjective::P999: return point.p999Ms;
    }
    return point.p99Ms;
}

const PointResult* figuresAtTarget(const AdviceQuestion& question, const AdviceCandidate& candidate)
{
    for (std::size_t i = 0; i < question.heldLoads.size() && i < candidate.figures.size(); ++i)
        if (question.heldLoads[i] == question.targetLoad)
            return &candidate.figures[i];
    return nullptr;
}

const char* toString(AdviceStage stage)
{
    switch (stage) {
    case AdviceStage::Race: return "race";
    case AdviceStage::Refine: return "refine";
    case AdviceStage::Final: return "final";
    }
    return "race";
}

const char* toString(AdviceRejection::Limit limit)
{
    using L = AdviceRejection::Limit;
    switch (limit) {
    case L::Collapse: return "collapse";
    case L::RequestsAtTarget: return "requests per call at the target";
    case L::RequestsPerCall: return "requests per call";
    case L::Failures: return "failed calls";
    case L::Burst: return "burst";
    case L::Dominated: return "dominated";
    }
    return "collapse";
}

namespace {

using Limit = AdviceRejection::Limit;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

// docs/advisor.md, "How it searches": the race's short runs, the refinement's longer ones.
constexpr std::int64_t kMinRaceCalls = 5000;
constexpr int kRefineReplicates = 3;
constexpr std::size_t kMostAfterRace = 24;  // candidates the refinement runs, at most
constexpr std::size_t kMostFinalists = 8;   // candidates the full-length runs take, at most
constexpr int kRefineRounds = 3;            // rounds of a finer step after the first refinement
constexpr double kRaceTolerance = 0.10;     // an objective beaten by more than this is dropped
constexpr double kRefineTolerance = 0.03;   // ... in the refinement, beside the replicates' spread
constexpr double kTie = 0.01;               // objectives this close are a tie: fewer requests win
constexpr double kBurstWarmupS = 30.0;      // at the target before a burst
constexpr double kMarginStep = 0.05;        // the margin's loads above the held ones ...
constexpr double kMarginMaxLoad = 1.0;      // ... up to this one

std::string adviceText(const char* format, double value)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, format, value);
    return buffer;
}
std::string adviceMs(double value)
{
    return adviceText(value >= 100.0 ? "%.0f ms" : value >= 10.0 ? "%.1f ms" : "%.2f ms", value);
}
std::string adviceLoad(double value) { return io_detail::formatPlainNumber(value); }
std::string adviceRequests(double value) { return adviceText("%.3f", value); }
std::string advicePercent(double fraction) { return adviceText("%.2g %%", 100.0 * fraction); }

double failedOrRejected(const PointResult& p) { return p.failedFraction + p.rejectedFraction; }

// The noise a short run leaves on a fraction of n calls: four standard errors, and one call.
double fractionNoise(double fraction, std::int64_t calls)
{
    const double n = double(std::max<std::int64_t>(calls, 1));
    return 4.0 * std::sqrt(std::max(fraction * (1.0 - fraction), 0.0) / n) + 1.0 / n;
}
// The same for requests per call: attempts a call above one vary at most as much as a count of
// extra attempts, each call's between 0 and (rpc − 1) · 2 on average.
double requestsNoise(double requests, std::int64_t calls)
{
    const double extra = std::max(requests - 1.0, 0.0);
    const double n = double(std::max<std::int64_t>(calls, 1));
    return 4.0 * std::sqrt(extra * (1.0 + extra) / n) + 1.0 / n;
}

class Search {
public:
    Search(const AdviceQuestion& q, int threads, const Advisor::OnProgress& onProgress,
           std::stop_token stop)
        : m_q(q), m_threads(threads), m_onProgress(onProgress), m_stop(std::move(stop)),
          m_target(std::size_t(std::find(q.heldLoads.begin(), q.heldLoads.end(), q.targetLoad) -
                               q.heldLoads.begin()))
    {}

    AdviceAnswer run();

private:
    bool runStage(const std::vector<std::size_t>& which, AdviceStage stage, std::int64_t calls,
                  int replicates, std::vector<AdviceCandidate*> extra = {});
    std::optional<AdviceRejection> brokenLimit(const AdviceCandidate& c) const;
    void dropDominated(AdviceStage stage, double tolerance, std::size_t keep);
    std::vector<std::size_t> refinements();
    std::vector<std::size_t> finalists() const;
    void judgeFinal();
    bool checkBurst();
    bool measureMargin();
    void chooseAdvice();
    void setFront(std::vector<std::size_t> kept);
    void findClosest();
    std::vector<std::size_t> alive() const;
    double objective(const AdviceCandidate& c) const;
    double requests(const AdviceCandidate& c) const { return c.figures[m_target].requestsPerCall; }
    bool better(const AdviceCandidate& a, const AdviceCandidate& b) const;
    std::size_t addCandidate(const std::vector<double>& values);
    void report();

    const AdviceQuestion& m_q;
    const int m_threads;
    const Advisor::OnProgress& m_onProgress;
    std::stop_token m_stop;
    const std::size_t m_target; // index of the target in heldLoads
    AdviceAnswer m_answer;
    std::map<std::vector<double>, std::size_t> m_byValues;
    // After the burst: when each world's backlog was gone for good (none: it never was). The
    // candidates' vector no longer grows by then, so their addresses hold.
    std::map<const AdviceCandidate*, std::optional<double>> m_burst;
};

double Search::objective(const AdviceCandidate& c) const
{
    return objectiveFigure(c.figures[m_target], m_q.objective).value_or(kInfinity);
}

// Lower objective first; a tie (within kTie) goes to fewer requests per call, then to the
// earlier candidate.
bool Search::better(const AdviceCandidate& a, const AdviceCandidate& b) const
{
    const double oa = objective(a), ob = objective(b);
    if (std::abs(oa - ob) > kTie * std::min(oa, ob))
        return oa < ob;
    if (requests(a) != requests(b))
        return requests(a) < requests(b);
    return oa < ob;
}

std::size_t Search::addCandidate(const std::vector<double>& values)
{
    if (auto it = m_byValues.find(values); it != m_byValues.end())
        return it->second;
    AdviceCandidate c;
    c.values = values;
    c.setup = withSearchedValues(m_q, values);
    c.label = c.setup.name;
    m_answer.candidates.push_back(std::move(c));
    m_byValues.emplace(values, m_answer.candidates.size() - 1);
    return m_answer.candidates.size() - 1;
}

std::vector<std::size_t> Search::alive() const
{
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < m_answer.candidates.size(); ++i)
        if (!m_answer.candidates[i].rejection)
            out.push_back(i);
    return out;
}

void Search::report()
{
    m_answer.candidatesLeft = alive().size();
    if (!m_answer.finished && m_answer.stage != AdviceStage::Final) {
        std::vector<std::size_t> ran;
        for (std::size_t i : alive())
            if (m_answer.candidates[i].stage == m_answer.stage && !m_answer.candidates[i].figures.empty())
                ran.push_back(i);
        setFront(ran);
    }
    if (m_onProgress)
        m_onProgress(m_answer);
}

// Runs the candidates `which` (and `extra`: no hedge, the rule of thumb) at every held load on
// one scenario, so that they share arrivals and service times (common random numbers). False
// when stopped.
bool Search::runStage(const std::vector<std::size_t>& which, AdviceStage stage, std::int64_t calls,
                      int replicates, std::vector<AdviceCandidate*> extra)
{
    std::vector<AdviceCandidate*> run;
    for (std::size_t i : which)
        run.push_back(&m_answer.candidates[i]);
    run.insert(run.end(), extra.begin(), extra.end());
    if (run.empty())
        return true;
    Scenario s = m_q.world;
    s.calls = calls;
    s.replicates = replicates;
    s.loads = m_q.heldLoads;
    s.grid.reset();
    s.timeline.reset();
    s.setups.clear();
    for (AdviceCandidate* c : run)
        s.setups.push_back(c->setup);
    m_answer.stage = stage;
    const std::size_t loads = s.loads.size();
    std::vector<std::vector<PointResult>> got(run.size(), std::vector<PointResult>(loads));
    std::vector<std::size_t> done(run.size(), 0);
    const LoadSweep sweep(s, m_threads);
    const auto outcome = sweep.run(
        [&](std::size_t index, const PointResult& point) {
            const std::size_t setup = index / loads;
            got[setup][index % loads] = point;
            m_answer.runs += replicates;
            m_answer.simulatedCalls += point.simulatedCalls;
            if (++done[setup] == loads) {
                run[setup]->figures = std::move(got[setup]);
                run[setup]->stage = stage;
                if (setup < which.size()) // a candidate: the front fills in as it goes
                    report();
            }
        },
        m_stop);
    return !outcome.cancelled;
}

// The first limit the candidate breaks, as its last stage's runs show it. Short runs are given
// the benefit of their noise: only a clear break drops a candidate before the final runs.
std::optional<AdviceRejection> Search::brokenLimit(const AdviceCandidate& c) const
{
    const bool final = c.stage == AdviceStage::Final;
    const AdviceLimits& limits = m_q.limits;
    for (std::size_t i = 0; i < c.figures.size(); ++i) {
        const PointResult& p = c.figures[i];
        if (p.collapsedRuns() == 0)
            continue;
        AdviceRejection r{.limit = Limit::Collapse, .load = m_q.heldLoads[i],
                          .figure = double(p.collapsedRuns()), .allowed = 0.0,
                          .collapsedRuns = p.collapsedRuns(), .runs = p.replicates(),
                          .stage = c.stage};
        r.text = "collapsed at " + adviceLoad(r.load) +
                 (c.stage == AdviceStage::Race ? std::string(" in a short run")
                  : r.runs == 1                ? std::string(" in its run")
                                               : " in " + std::to_string(r.collapsedRuns) + " of " +
                                                     std::to_string(r.runs) + " runs");
        return r;
    }
    const auto over = [&](double figure, double allowed, double noise) {
        return figure > allowed + (final ? 0.0 : noise);
    };
    const PointResult& t = c.figures[m_target];
    if (limits.maxRequestsPerCallAtTarget &&
        over(t.requestsPerCall, *limits.maxRequestsPerCallAtTarget,
             requestsNoise(t.requestsPerCall, t.measuredCalls)))
        return AdviceRejection{.limit = Limit::RequestsAtTarget, .load = m_q.targetLoad,
                               .figure = t.requestsPerCall,
                               .allowed = *limits.maxRequestsPerCallAtTarget, .stage = c.stage,
                               .text = adviceRequests(t.requestsPerCall) + " requests per call at " +
                                       adviceLoad(m_q.targetLoad) + " (limit " +
                                       io_detail::formatPlainNumber(*limits.maxRequestsPerCallAtTarget) + ")"};
    for (std::size_t i = 0; i < c.figures.size(); ++i) {
        const PointResult& p = c.figures[i];
        if (limits.maxRequestsPerCall &&
            over(p.requestsPerCall, *limits.maxRequestsPerCall,
                 requestsNoise(p.requestsPerCall, p.measuredCalls)))
            return AdviceRejection{.limit = Limit::RequestsPerCall, .load = m_q.heldLoads[i],
                                   .figure = p.requestsPerCall,
                                   .allowed = *limits.maxRequestsPerCall, .stage = c.stage,
                                   .text = adviceRequests(p.requestsPerCall) + " requests per call at " +
                                           adviceLoad(m_q.heldLoads[i]) + " (limit " +
                                           io_detail::formatPlainNumber(*limits.maxRequestsPerCall) + ")"};
        const double failed = failedOrRejected(p);
        if (limits.maxFailedFraction &&
            over(failed, *limits.maxFailedFraction, fractionNoise(failed, p.measuredCalls)))
            return AdviceRejection{.limit = Limit::Failures, .load = m_q.heldLoads[i],
                                   .figure = failed, .allowed = *limits.maxFailedFraction,
                                   .stage = c.stage,
                                   .text = advicePercent(failed) + " of calls failed or were rejected at " +
                                           adviceLoad(m_q.heldLoads[i]) + " (limit " +
                                           advicePercent(*limits.maxFailedFraction) + ")"};
    }
    return std::nullopt;
}

// Drops the candidates another beats beyond the noise in the objective at the target with no
// more requests per call there, then all but the `keep` best.
void Search::dropDominated(AdviceStage stage, double tolerance, std::size_t keep)
{
    std::vector<std::size_t> left = alive();
    for (std::size_t i : left) {
        AdviceCandidate& a = m_answer.candidates[i];
        if (a.stage != stage)
            continue;
        for (std::size_t j : left) {
            const AdviceCandidate& b = m_answer.candidates[j];
            if (i == j || b.stage != stage || b.rejection)
                continue;
            const double oa = objective(a), ob = objective(b);
            // With replicates, b's worst run must still beat a's best.
            bool beyond = ob * (1.0 + tolerance) < oa;
            if (beyond && a.figures[m_target].spread && b.figures[m_target].spread) {
                const auto& sa = a.figures[m_target].spread;
                const auto& sb = b.figures[m_target].spread;
                const auto fa = m_q.objective == AdviceObjective::P50   ? sa->p50Ms
                                : m_q.objective == AdviceObjective::P99 ? sa->p99Ms
                                                                        : sa->p999Ms;
                const auto fb = m_q.objective == AdviceObjective::P50   ? sb->p50Ms
                                : m_q.objective == AdviceObjective::P99 ? sb->p99Ms
                                                                        : sb->p999Ms;
                if (fa && fb)
                    beyond = fb->max < fa->min;
            }
            if (beyond && requests(b) <= requests(a)) {
                a.rejection = AdviceRejection{
                    .limit = Limit::Dominated, .load = m_q.targetLoad, .figure = oa, .allowed = ob,
                    .stage = stage,
                    .text = "beaten by " + b.label + ": " + toString(m_q.objective) + " " + adviceMs(ob) +
                            " against " + adviceMs(oa) + " at " + adviceLoad(m_q.targetLoad) + ", " +
                            adviceRequests(requests(b)) + " against " + adviceRequests(requests(a)) +
                            " requests per call"};
                break;
            }
        }
    }
    left = alive();
    std::stable_sort(left.begin(), left.end(), [&](std::size_t a, std::size_t b) {
        return better(m_answer.candidates[a], m_answer.candidates[b]);
    });
    for (std::size_t k = keep; k < left.size(); ++k) {
        AdviceCandidate& c = m_answer.candidates[left[k]];
        c.rejection = AdviceRejection{
            .limit = Limit::Dominated, .load = m_q.targetLoad, .figure = objective(c),
            .stage = stage,
            .text = "not among the " + std::to_string(keep) + " best after the " + toString(stage) +
                    " (" + toString(m_q.objective) + " " + adviceMs(objective(c)) + " at " +
                    adviceLoad(m_q.targetLoad) + ")"};
    }
}

// docs/advisor.md, "How it searches": a finer step between the best candidate's value and its
// neighbours, knob by knob (a count has no finer step); the neighbours are the nearest values
// any candidate has tried, so that each round halves the step around the best.
std::vector<std::size_t> Search::refinements()
{
    std::vector<std::size_t> left = alive();
    if (left.empty())
        return {};
    const std::size_t best = *std::min_element(left.begin(), left.end(), [&](auto a, auto b) {
        return better(m_answer.candidates[a], m_answer.candidates[b]);
    });
    const std::vector<double> at = m_answer.candidates[best].values;
    std::vector<std::size_t> added;
    for (std::size_t k = 0; k < m_q.search.size(); ++k) {
        const KnobSearch& s = m_q.search[k];
        const Knob* knob = KnobRegistry::find(s.field);
        if (!knob || knob->wholeNumber())
            continue;
        std::set<double> tried;
        for (const AdviceCandidate& c : m_answer.candidates)
            tried.insert(c.values[k]);
        const auto it = tried.find(at[k]);
        std::vector<double> neighbours;
        if (it != tried.begin())
            neighbours.push_back(*std::prev(it));
        if (std::next(it) != tried.end())
            neighbours.push_back(*std::next(it));
        for (double n : neighbours) {
            const auto mid = KnobSearch{.field = s.field, .from = std::min(n, at[k]),
                                        .to = std::max(n, at[k]), .steps = 3,
                                        .log = s.log && std::min(n, at[k]) > 0.0}
                                 .values();
            if (mid.size() != 3)
                continue; // the editor's precision has no value between them
            std::vector<double> values = at;
            values[k] = mid[1];
            const std::size_t before = m_answer.candidates.size();
            const std::size_t i = addCandidate(values);
            if (i >= before)
                added.push_back(i);
        }
    }
    return added;
}

// The candidates the full-length runs take: the refinement's front (objective at the target
// against requests per call), the best by the objective first.
std::vector<std::size_t> Search::finalists() const
{
    std::vector<std::size_t> left = alive();
    std::stable_sort(left.begin(), left.end(), [&](std::size_t a, std::size_t b) {
        return better(m_answer.candidates[a], m_answer.candidates[b]);
    });
    std::vector<std::size_t> out;
    for (std::size_t i : left) {
        const AdviceCandidate& c = m_answer.candidates[i];
        const bool beaten = std::any_of(out.begin(), out.end(), [&](std::size_t j) {
            return requests(m_answer.candidates[j]) <= requests(c);
        });
        if (!beaten || out.size() < 3)
            out.push_back(i);
        if (out.size() == kMostFinalists)
            break;
    }
    return out;
}

void Search::judgeFinal()
{
    for (std::size_t i : alive())
        if (m_answer.candidates[i].stage == AdviceStage::Final)
            m_answer.candidates[i].rejection = brokenLimit(m_answer.candidates[i]);
    m_answer.noHedge.rejection = brokenLimit(m_answer.noHedge);
    m_answer.ruleOfThumb.rejection = brokenLimit(m_answer.ruleOfThumb);
}

// The burst (docs/advisor.md, "The question": the burst): the finalists, the rule of thumb and
// no hedge as worlds of one timeline; a world still collapsed at its end did not come back.
bool Search::checkBurst()
{
    if (!m_q.burst)
        return true;
    std::vector<AdviceCandidate*> worlds;
    for (std::size_t i : alive())
        worlds.push_back(&m_answer.candidates[i]);
    worlds.push_back(&m_answer.ruleOfThumb);
    worlds.push_back(&m_answer.noHedge);
    const AdviceBurst& b = *m_q.burst;
    Scenario s = m_q.world;
    s.grid.reset();
    s.setups.clear();
    for (AdviceCandidate* c : worlds)
        s.setups.push_back(c->setup);
    Timeline t;
    t.durationS = kBurstWarmupS + b.lengthS + b.recoverS;
    t.profile = LoadProfile{.kind = LoadProfile::Kind::Spike, .base = m_q.targetLoad,
                            .peak = m_q.targetLoad * b.factor, .atS = kBurstWarmupS,
                            .lengthS = b.lengthS};
    s.timeline = t;
    const TimelineOutcome outcome = runTimeline(s, m_threads, m_stop);
    if (outcome.cancelled)
        return false;
    const double burstEnd = kBurstWarmupS + b.lengthS;
    for (std::size_t w = 0; w < worlds.size(); ++w) {
        const WorldResult& world = outcome.worlds[w];
        std::optional<double> recoveredAt;
        for (const TimelineBucket& bucket : world.buckets) {
            if (bucket.tS <= burstEnd)
                continue;
            if (bucket.collapsed || bucket.backlogMs > 1000.0)
                recoveredAt.reset();
            else if (!recoveredAt)
                recoveredAt = bucket.tS - burstEnd;
        }
        const bool recovered = !world.stoppedAtS && recoveredAt.has_value();
        AdviceCandidate* c = worlds[w];
        if (!recovered && !c->rejection)
            c->rejection = AdviceRejection{
                .limit = Limit::Burst, .load = m_q.targetLoad * b.factor, .figure = b.recoverS,
                .stage = AdviceStage::Final,
                .text = "still collapsed " + adviceText("%.0f s", b.recoverS) + " after a burst to " +
                        adviceLoad(m_q.targetLoad * b.factor) + " for " + adviceText("%.0f s", b.lengthS)};
        m_burst[c] = recovered ? recoveredAt : std::nullopt;
    }
    return true;
}

// The advised setting's margin: the highest load above the held ones, in steps of kMarginStep,
// at which none of its full-length runs collapsed.
bool Search::measureMargin()
{
    const AdviceCandidate* advised = m_answer.advisedCandidate();
    if (!advised)
        return true;
    AdviceMargin& margin = m_answer.margin;
    margin.runsPerLoad = m_q.limits.collapseRuns;
    margin.highestLoadHeld = m_q.heldLoads.back();
    if (m_q.burst) {
        const auto it = m_burst.find(advised);
        margin.burstRecovered = it != m_burst.end() && it->second.has_value();
        if (margin.burstRecovered.value_or(false))
            margin.recoveredAfterS = it->second;
    }
    for (int step = 1;; ++step) {
        const double l = std::round((m_q.heldLoads.back() + step * kMarginStep) * 1000.0) / 1000.0;
        if (l > kMarginMaxLoad + 1e-9)
            return true;
        Scenario s = m_q.world;
        s.calls = m_q.world.calls;
        s.replicates = m_q.limits.collapseRuns;
        s.loads = {l};
        s.grid.reset();
        s.timeline.reset();
        s.setups = {advised->setup};
        const auto outcome = LoadSweep(s, m_threads).run({}, m_stop);
        if (outcome.cancelled)
            return false;
        m_answer.runs += s.replicates;
        m_answer.simulatedCalls += outcome.points.front().simulatedCalls;
        if (outcome.points.front().collapsedRuns() > 0)
            return true;
        margin.highestLoadHeld = l;
    }
}

// The front of `kept` (docs/advisor.md, "The answer"): by requests per call, each with a lower
// objective than every cheaper one; and the best of them.
void Search::setFront(std::vector<std::size_t> kept)
{
    m_answer.front.clear();
    m_answer.bestSoFar.reset();
    if (kept.empty())
        return;
    m_answer.bestSoFar = *std::min_element(kept.begin(), kept.end(), [&](auto a, auto b) {
        return better(m_answer.candidates[a], m_answer.candidates[b]);
    });
    std::stable_sort(kept.begin(), kept.end(), [&](std::size_t a, std::size_t b) {
        const double ra = requests(m_answer.candidates[a]), rb = requests(m_answer.candidates[b]);
        return ra != rb ? ra < rb : objective(m_answer.candidates[a]) < objective(m_answer.candidates[b]);
    });
    double bestSoFar = kInfinity;
    for (std::size_t i : kept)
        if (objective(m_answer.candidates[i]) < bestSoFar) {
            bestSoFar = objective(m_answer.candidates[i]);
            m_answer.front.push_back(i);
        }
}

void Search::chooseAdvice()
{
    std::vector<std::size_t> kept;
    for (std::size_t i : alive())
        if (m_answer.candidates[i].stage == AdviceStage::Final)
            kept.push_back(i);
    setFront(kept);
    m_answer.advised = m_answer.bestSoFar;
}

// No candidate kept every limit: the limit that ruled out the most of them, and the candidate
// that missed it by the least.
void Search::findClosest()
{
    std::map<Limit, int> count;
    for (const AdviceCandidate& c : m_answer.candidates)
        if (c.rejection && c.rejection->limit != Limit::Dominated)
            ++count[c.rejection->limit];
    if (count.empty())
        return;
    const Limit tightest = std::max_element(count.begin(), count.end(), [](auto& a, auto& b) {
                               return a.second < b.second;
                           })->first;
    const auto miss = [&](const AdviceRejection& r) {
        if (r.limit == Limit::Collapse)
            return double(r.collapsedRuns) / double(std::max(r.runs, 1)) - r.load;
        return r.allowed > 0.0 ? r.figure / r.allowed : r.figure;
    };
    for (std::size_t i = 0; i < m_answer.candidates.size(); ++i) {
        const auto& r = m_answer.candidates[i].rejection;
        if (!r || r->limit != tightest)
            continue;
        if (!m_answer.closest ||
            miss(*r) < miss(*m_answer.candidates[*m_answer.closest].rejection))
            m_answer.closest = i;
    }
}

AdviceAnswer Search::run()
{
    for (const auto& values : searchGrid(m_q))
        addCandidate(values);
    m_answer.noHedge.setup = noHedge(m_q);
    m_answer.noHedge.label = m_answer.noHedge.setup.name;
    m_answer.ruleOfThumb.setup = ruleOfThumb(m_q);
    m_answer.ruleOfThumb.label = m_answer.ruleOfThumb.setup.name;

    const std::int64_t full = m_q.world.calls;
    const std::int64_t raceCalls = std::min(full, std::max(kMinRaceCalls, full / 8));
    const std::int64_t refineCalls = std::max(raceCalls, full / 2);
    const int refineReplicates = std::min(kRefineReplicates, m_q.limits.collapseRuns);

    // The race: every candidate short, once.
    if (!runStage(alive(), AdviceStage::Race, raceCalls, 1))
        return m_answer;
    for (std::size_t i : alive())
        m_answer.candidates[i].rejection = brokenLimit(m_answer.candidates[i]);
    dropDominated(AdviceStage::Race, kRaceTolerance, kMostAfterRace);
    report();

    // The refinement: the survivors and a finer step around the best, longer, a few times; then
    // rounds of a finer step around the new best, each halving it.
    refinements();
    std::vector<std::size_t> next = alive();
    for (int round = 0; round <= kRefineRounds && !next.empty(); ++round) {
        if (!runStage(next, AdviceStage::Refine, refineCalls, refineReplicates))
            return m_answer;
        for (std::size_t i : next)
            m_answer.candidates[i].rejection = brokenLimit(m_answer.candidates[i]);
        dropDominated(AdviceStage::Refine, kRefineTolerance, kMostAfterRace);
        next = round < kRefineRounds ? refinements() : std::vector<std::size_t>{};
    }
    const std::vector<std::size_t> last = finalists();
    for (std::size_t i : alive())
        if (std::find(last.begin(), last.end(), i) == last.end()) {
            AdviceCandidate& c = m_answer.candidates[i];
            c.rejection = AdviceRejection{
                .limit = Limit::Dominated, .load = m_q.targetLoad, .figure = objective(c),
                .stage = AdviceStage::Refine,
                .text = "off the front after the refinement (" + std::string(toString(m_q.objective)) +
                        " " + adviceMs(objective(c)) + " at " + adviceLoad(m_q.targetLoad) + ", " +
                        adviceRequests(requests(c)) + " requests per call)"};
        }
    report();

    // The final runs: full length, the question's replicates, beside no hedge and the rule of
    // thumb on the same seeds. Every figure of the answer comes from these.
    if (!runStage(last, AdviceStage::Final, full, m_q.limits.collapseRuns,
                  {&m_answer.noHedge, &m_answer.ruleOfThumb}))
        return m_answer;
    judgeFinal();
    if (!checkBurst())
        return m_answer;
    chooseAdvice();
    if (!m_answer.advised)
        findClosest();
    report();
    if (!measureMargin())
        return m_answer;
    m_answer.finished = true;
    m_answer.candidatesLeft = 0;
    return m_answer;
}

} // namespace

Advisor::Advisor(AdviceQuestion question, int threads)
    : m_question(std::move(question)), m_threads(threads)
{
    if (const auto error = adviceQuestionError(m_question))
        throw std::invalid_argument(*error);
}

AdviceAnswer Advisor::run(const OnProgress& onProgress, std::stop_token stop) const
{
    return Search(m_question, m_threads, onProgress, std::move(stop)).run();
}

} // namespace hedge
