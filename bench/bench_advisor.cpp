// The advisor's speed (docs/PERFORMANCE.md, "The advisor"): one search of the delay × the budget
// (108 candidates) over four held loads, ten replicates for the finalists, on the article's
// service; with --exhaustive, the grid it replaces (every candidate full length, ten replicates)
// and its best, for comparison. Prints wall and CPU seconds, runs and simulated calls, and the
// advice beside the rule of thumb and no hedge.
//
//   build/bin/bench_advisor [--preset NAME] [--family F] [--threads N] [--server] [--exhaustive]
#include <hedge/KnobRegistry.h>
#include <hedge/advise/Advisor.h>
#include <hedge/io/Presets.h>
#include <hedge/sim/LoadSweep.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>

using namespace hedge;

namespace {

struct Clock {
    std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::now();
    std::clock_t cpu = std::clock();
    double wallS() const
    {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count();
    }
    double cpuS() const { return double(std::clock() - cpu) / CLOCKS_PER_SEC; }
};

AdviceQuestion benchQuestion(const std::string& preset, const std::string& family, Cancellation cancellation)
{
    const Scenario world = findPreset(preset)->scenario;
    Setup stack{.name = "hedge", .cancellation = cancellation,
                .hedge = HedgeSettings{.maxAttempts = 2, .budgetPercent = 10.0}};
    if (!family.empty())
        stack.policy = *policyFamilyFromString(family);
    AdviceQuestion q = defaultQuestion(world, stack);
    if (stack.policy == PolicyFamily::Resilience4cata) {
        // docs/PERFORMANCE.md's search: the delay × the budget, 12 × 9.
        q.search = {*defaultKnobSearch(*KnobRegistry::find("hedge.delay_ms"), stack, world.service),
                    KnobSearch{.field = "hedge.budget_percent", .from = 0, .to = 20, .steps = 9}};
    }
    q.heldLoads = heldLoadsBetween(0.3, 0.85, 0.6);
    q.targetLoad = 0.6;
    q.limits.maxRequestsPerCallAtTarget = 1.05;
    q.limits.collapseRuns = 10;
    return q;
}

void exhaustive(const AdviceQuestion& q)
{
    Scenario s = q.world;
    s.replicates = q.limits.collapseRuns;
    s.loads = q.heldLoads;
    s.grid.reset();
    s.setups.clear();
    for (const auto& values : searchGrid(q))
        s.setups.push_back(withSearchedValues(q, values));
    const Clock clock;
    const auto outcome = LoadSweep(s, 0).run();
    const std::size_t loads = s.loads.size();
    const std::size_t target =
        std::size_t(std::find(q.heldLoads.begin(), q.heldLoads.end(), q.targetLoad) - q.heldLoads.begin());
    std::optional<std::size_t> best;
    double bestObjective = 1e300;
    for (std::size_t c = 0; c < s.setups.size(); ++c) {
        bool kept = true;
        for (std::size_t l = 0; l < loads; ++l)
            kept = kept && outcome.points[c * loads + l].collapsedRuns() == 0;
        const PointResult& t = outcome.points[c * loads + target];
        kept = kept && t.requestsPerCall <= q.limits.maxRequestsPerCallAtTarget.value_or(1e300);
        kept = kept && t.failedFraction + t.rejectedFraction <= q.limits.maxFailedFraction.value_or(1.0);
        const double o = objectiveFigure(t, q.objective).value_or(1e300);
        if (kept && o < bestObjective) {
            bestObjective = o;
            best = c;
        }
    }
    std::printf("exhaustive grid: %zu candidates x %zu loads x %d replicates: %.1f s wall, %.1f CPU s\n",
                s.setups.size(), loads, s.replicates, clock.wallS(), clock.cpuS());
    if (best)
        std::printf("  its best: %s, %s %.2f ms at %g, %.3f requests per call\n",
                    s.setups[*best].name.c_str(), toString(q.objective), bestObjective,
                    q.targetLoad, outcome.points[*best * loads + target].requestsPerCall);
    else
        std::printf("  no candidate keeps every limit\n");
}

} // namespace

int main(int argc, char** argv)
{
    std::string preset = "reference", family;
    int threads = 0;
    bool brute = false;
    Cancellation cancellation = Cancellation::Client;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--preset") && i + 1 < argc)
            preset = argv[++i];
        else if (!std::strcmp(argv[i], "--family") && i + 1 < argc)
            family = argv[++i];
        else if (!std::strcmp(argv[i], "--threads") && i + 1 < argc)
            threads = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--server"))
            cancellation = Cancellation::Server;
        else if (!std::strcmp(argv[i], "--exhaustive"))
            brute = true;
        else {
            std::fprintf(stderr, "usage: %s [--preset NAME] [--family F] [--threads N] [--server] [--exhaustive]\n", argv[0]);
            return 2;
        }
    }
    if (!family.empty() && !policyFamilyFromString(family)) {
        std::fprintf(stderr, "no family %s\n", family.c_str());
        return 2;
    }
    if (!findPreset(preset)) {
        std::fprintf(stderr, "no preset %s\n", preset.c_str());
        return 2;
    }
    const AdviceQuestion q = benchQuestion(preset, family, cancellation);
    std::printf("%s: %s, %zu knobs searched, holding", preset.c_str(), toString(q.stack.policy),
                q.search.size());
    for (double l : q.heldLoads)
        std::printf(" %g", l);
    std::printf(", target %g\n", q.targetLoad);
    const Clock clock;
    const AdviceAnswer a = Advisor(q, threads).run();
    std::printf("advisor: %zu candidates, %lld runs, %.1f M calls: %.1f s wall, %.1f CPU s\n",
                a.candidates.size(), static_cast<long long>(a.runs), double(a.simulatedCalls) / 1e6,
                clock.wallS(), clock.cpuS());
    const std::size_t target =
        std::size_t(std::find(q.heldLoads.begin(), q.heldLoads.end(), q.targetLoad) - q.heldLoads.begin());
    const auto print = [&](const char* what, const AdviceCandidate& c) {
        if (c.figures.empty())
            return;
        const PointResult& t = c.figures[target];
        std::printf("  %-14s %-40s %s %8.2f ms  %.3f req/call  collapsed runs:", what, c.label.c_str(),
                    toString(q.objective), objectiveFigure(t, q.objective).value_or(-1.0),
                    t.requestsPerCall);
        for (const PointResult& p : c.figures)
            std::printf(" %d", p.collapsedRuns());
        std::printf("%s%s\n", c.rejection ? "  rejected: " : "",
                    c.rejection ? c.rejection->text.c_str() : "");
    };
    print("no hedge", a.noHedge);
    print("rule of thumb", a.ruleOfThumb);
    if (const AdviceCandidate* advised = a.advisedCandidate()) {
        print("advised", *advised);
        std::printf("  margin: holds up to %g (%d runs a load)\n",
                    a.margin.highestLoadHeld.value_or(0.0), a.margin.runsPerLoad);
    } else if (a.closest) {
        print("closest", a.candidates[*a.closest]);
    }
    for (std::size_t i : a.front)
        print("front", a.candidates[i]);
    if (brute)
        exhaustive(q);
    return 0;
}
