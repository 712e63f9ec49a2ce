// Simulated calls per second on one core for the setups issue 2 names, at load 0.7, and for
// four replicas behind each balancer (issue 14): per second of wall time and per second of this
// thread's CPU time. On a machine shared with other jobs the wall figure drops with the share
// of the core the thread gets; the CPU-time figure does not (caches and memory bandwidth shared
// with the other jobs still lower it a little).
#include <hedge/sim/AllocatorTuning.h>
#include <hedge/sim/ServiceTimeQuantiles.h>
#include <hedge/sim/Simulation.h>

#include <algorithm>
#include <string>

#include <benchmark/benchmark.h>

#include <chrono>
#include <ctime>

namespace {

double threadCpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

hedge::Setup setupNamed(const char* prefix)
{
    for (const hedge::Setup& s : hedge::Scenario::referenceSetups()) {
        if (s.name.rfind(prefix, 0) == 0 && s.cancellation == hedge::Cancellation::Client)
            return s;
    }
    std::abort();
}

void runPoint(benchmark::State& state, const hedge::Setup& setup,
              const hedge::ServiceConfig& service = {}, double load = 0.7)
{
    const std::int64_t parts = service.fansOut() ? service.fanoutParts : 1;
    hedge::PointSpec spec{.service = service, .setup = setup, .load = load,
                          .calls = state.range(0) / parts};
    std::int64_t calls = 0;
    double attempts = 0.0;
    const auto wallStart = std::chrono::steady_clock::now();
    const double cpuStart = threadCpuSeconds();
    for (auto _ : state) {
        const hedge::PointResult r = hedge::simulatePoint(spec);
        benchmark::DoNotOptimize(r.p99Ms);
        calls += r.simulatedCalls;
        attempts += r.requestsPerCall * double(r.simulatedCalls);
        ++spec.seed; // a new sample each iteration, same cost
    }
    const double cpu = threadCpuSeconds() - cpuStart;
    const std::chrono::duration<double> wall = std::chrono::steady_clock::now() - wallStart;
    state.SetItemsProcessed(calls);
    state.counters["wall_calls/s"] = static_cast<double>(calls) / wall.count();
    state.counters["cpu_calls/s"] = static_cast<double>(calls) / cpu;
    // What a call that fans out is compared by (docs/fanout.md): attempts, every part's.
    state.counters["cpu_attempts/s"] = attempts / cpu;
}

void BM_NoHedge(benchmark::State& state) { runPoint(state, setupNamed("no hedge")); }
void BM_HedgeBudgetAdaptiveLimit(benchmark::State& state)
{
    runPoint(state, setupNamed("hedge, default budget, adaptive limit"));
}
void BM_HedgeNoBudget(benchmark::State& state) { runPoint(state, setupNamed("hedge, no budget")); }

// Four replicas of four workers (docs/topology.md) behind each balancer, hedged with the default
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

// Each policy family (docs/policies.md) at a comparable setting: a hedge after about the
// service's p95 (20 ms), its own budget or throttle at the stack's default. State.range(1) is
// the family (PolicyFamily's order).
hedge::Setup familySetup(hedge::PolicyFamily family)
{
    if (family == hedge::PolicyFamily::Resilience4cata)
        return setupNamed("hedge, default budget");
    hedge::Setup setup;
    setup.policy = family;
    hedge::FamilySettings& f = setup.families;
    f.grpc = hedge::GrpcSettings{.hedgingDelayMs = 20.0, .throttling = hedge::GrpcThrottling{}};
    f.envoy = hedge::EnvoySettings{.perTryTimeoutMs = 20.0, .retryBudget = hedge::EnvoyRetryBudget{}};
    f.polly.delayMs = 20.0;
    f.murphy.delayMs = 20.0;
    f.finagle.maxExtraLoad = 0.02;
    f.tower = hedge::TowerSettings{.latencyPercentile = 0.95, .budget = hedge::TowerBudget{}};
    return setup;
}

void BM_Family(benchmark::State& state)
{
    const hedge::Setup setup = familySetup(static_cast<hedge::PolicyFamily>(state.range(1)));
    state.SetLabel(hedge::toString(setup.policy));
    runPoint(state, setup);
}

// Deadlines and retries per family (docs/policies.md, "Retries"; issue 40's speed goal): the
// family's setup of BM_Family (resilience4cata: the hedge with the default budget) on a service
// with 1 % errors, without a deadline or retries (range(2) = 0), and with a 50 ms deadline and
// the family's retries, three attempts with waits of about 10 ms, budgets at their defaults (1).
// gRPC's retryPolicy replaces its hedgingPolicy, as gRPC allows one or the other.
void BM_Retries(benchmark::State& state)
{
    hedge::Setup setup = familySetup(static_cast<hedge::PolicyFamily>(state.range(1)));
    hedge::ServiceConfig service;
    service.errorProbability = 0.01;
    if (state.range(2) == 1) {
        setup.deadlineMs = 50.0;
        hedge::FamilySettings& f = setup.families;
        f.resilience4cata.retry = hedge::Resilience4cataRetry{.waitDurationMs = 10.0};
        f.grpc.hedgingPolicy = false;
        f.grpc.retryPolicy = hedge::GrpcRetryPolicy{.maxAttempts = 3, .initialBackoffMs = 10.0};
        f.envoy.retryOn5xx = true;
        f.polly.retry = hedge::PollyRetry{.maxRetryAttempts = 2, .delayMs = 10.0};
        f.finagle.retryPolicy = hedge::FinagleRetryPolicy{.numTries = 3};
        f.tower.retry = hedge::TowerRetry{.maxRetries = 2, .minBackoffMs = 10.0, .maxBackoffMs = 100.0};
        f.murphy.retry = hedge::MurphyRetry{.maxRetries = 2, .backoffMs = 10.0};
    }
    state.SetLabel(std::string(hedge::toString(setup.policy)) +
                   (state.range(2) == 1 ? "_deadline_retries" : "_plain"));
    runPoint(state, setup, service);
}

// The same service three ways (docs/service-data.md): the log-normal model (0), a table of the
// model's own quantiles as an empirical service (1), a dashboard's percentiles of it (2);
// hedged with the default budget. The draws differ, the queue's work is the same.
void BM_ServiceDistribution(benchmark::State& state)
{
    hedge::ServiceConfig service;
    const auto quantile = [&service](double q) {
        return hedge::serviceTimeQuantile(service, std::clamp(q, 1e-6, 1.0 - 1e-6));
    };
    hedge::ServiceDistribution d;
    if (state.range(1) == 1) {
        hedge::QuantilePoints points;
        for (int i = 0; i <= hedge::ServiceTimeTable::kSegments; ++i) {
            points.fraction.push_back(double(i) / hedge::ServiceTimeTable::kSegments);
            points.latencyMs.push_back(quantile(points.fraction.back()));
        }
        d.table = hedge::ServiceTimeTable::fromQuantiles(points);
    } else if (state.range(1) == 2) {
        d.kind = hedge::DistributionKind::Percentiles;
        for (double p : {0.5, 0.9, 0.99, 0.999})
            d.percentiles.push_back({p, quantile(p)});
        d.table = hedge::percentileTable(d.percentiles, std::nullopt, std::nullopt);
    }
    if (state.range(1) != 0)
        service.distribution = d;
    state.SetLabel(state.range(1) == 0 ? "lognormal_hiccups" : hedge::toString(d.kind));
    runPoint(state, setupNamed("hedge, default budget"), service);
}

// Calls that fan out (docs/fanout.md) to range(1) partitions of one copy, hedged at the part's
// p95 with a 5 % budget, at 50 % load; range(0) parts a point (range(0) / range(1) calls), so
// every case simulates about the same attempts.
void BM_Fanout(benchmark::State& state)
{
    hedge::ServiceConfig service;
    service.fanoutParts = static_cast<int>(state.range(1));
    service.replicas = service.fanoutParts;
    hedge::Setup setup{.name = "hedge at p95, budget 5 %",
                       .hedge = hedge::HedgeSettings{.delayMs = 16.0, .budgetPercent = 5.0}};
    runPoint(state, setup, service, 0.5);
}

// A call's deadline (docs/model.md, "Deadlines"): the hedge with the default budget without one
// (0), and with a 50 ms deadline (about 2 % of the calls time out at load 0.7) under client (1)
// and server (2) cancellation. Case 0 is the cost a setup without a deadline pays.
void BM_Deadline(benchmark::State& state)
{
    hedge::Setup setup = setupNamed("hedge, default budget");
    if (state.range(1) > 0) {
        setup.deadlineMs = 50.0;
        setup.cancellation =
            state.range(1) == 2 ? hedge::Cancellation::Server : hedge::Cancellation::Client;
    }
    state.SetLabel(state.range(1) == 0   ? "none"
                   : state.range(1) == 1 ? "50ms_client"
                                         : "50ms_server");
    runPoint(state, setup);
}

} // namespace

BENCHMARK(BM_Deadline)->ArgsProduct({{200000}, {0, 1, 2}})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Retries)
    ->ArgsProduct({{200000}, {0, 1, 2, 3, 4, 5, 6}, {0, 1}})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Fanout)->ArgsProduct({{2000000}, {1, 10, 100}})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ServiceDistribution)
    ->ArgsProduct({{200000}, {0, 1, 2}})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_NoHedge)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_HedgeBudgetAdaptiveLimit)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_HedgeNoBudget)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FourReplicas)
    ->ArgsProduct({{200000}, {0, 1, 2, 3}})
    ->Unit(benchmark::kMillisecond);
// As hedgesim and the explorer run their points: freed blocks kept for reuse.
int main(int argc, char** argv)
{
    hedge::keepFreedMemoryForReuse();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
BENCHMARK(BM_Family)
    ->ArgsProduct({{200000}, {1, 2, 3, 4, 5, 6}})
    ->Unit(benchmark::kMillisecond);
