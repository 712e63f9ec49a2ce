// Simulated calls per second on one core for the setups issue 2 names, at load 0.7.
#include <hedge/sim/Simulation.h>

#include <benchmark/benchmark.h>

namespace {

hedge::Setup setupNamed(const char* prefix)
{
    for (const hedge::Setup& s : hedge::Scenario::referenceSetups()) {
        if (s.name.rfind(prefix, 0) == 0 && s.cancellation == hedge::Cancellation::Client)
            return s;
    }
    std::abort();
}

void runPoint(benchmark::State& state, const hedge::Setup& setup)
{
    hedge::PointSpec spec{.setup = setup, .load = 0.7, .calls = state.range(0)};
    std::int64_t calls = 0;
    for (auto _ : state) {
        const hedge::PointResult r = hedge::simulatePoint(spec);
        benchmark::DoNotOptimize(r.p99Ms);
        calls += r.simulatedCalls;
        ++spec.seed; // a new sample each iteration, same cost
    }
    state.SetItemsProcessed(calls);
    state.counters["calls/s"] =
        benchmark::Counter(double(calls), benchmark::Counter::kIsRate);
}

void BM_NoHedge(benchmark::State& state) { runPoint(state, setupNamed("no hedge")); }
void BM_HedgeBudgetAdaptiveLimit(benchmark::State& state)
{
    runPoint(state, setupNamed("hedge, default budget, adaptive limit"));
}
void BM_HedgeNoBudget(benchmark::State& state) { runPoint(state, setupNamed("hedge, no budget")); }

} // namespace

BENCHMARK(BM_NoHedge)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_HedgeBudgetAdaptiveLimit)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_HedgeNoBudget)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
