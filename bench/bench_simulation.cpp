// Simulated calls per second on one core for the setups issue 2 names, at load 0.7, and for
// four replicas behind each balancer (issue 14).
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

void runPoint(benchmark::State& state, const hedge::Setup& setup,
              const hedge::ServiceConfig& service = {})
{
    hedge::PointSpec spec{.service = service, .setup = setup, .load = 0.7, .calls = state.range(0)};
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

// Four replicas of four workers (topology.md §1) behind each balancer, hedged with the default
// budget, hedges to another replica.
void BM_FourReplicas(benchmark::State& state)
{
    hedge::ServiceConfig service;
    service.replicas = 4;
    service.workers = 4;
    service.balancer = static_cast<hedge::BalancerKind>(state.range(1));
    hedge::Setup setup = setupNamed("hedge, default budget");
    setup.hedge->placement = hedge::HedgePlacement::OtherReplica;
    state.SetLabel(hedge::toString(service.balancer));
    runPoint(state, setup, service);
}

} // namespace

BENCHMARK(BM_NoHedge)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_HedgeBudgetAdaptiveLimit)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_HedgeNoBudget)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FourReplicas)
    ->ArgsProduct({{200000}, {0, 1, 2, 3}})
    ->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
