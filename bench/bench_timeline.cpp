// Simulated seconds per wall second for the hysteresis timeline of docs/timeline.md, "Determinism"
// (the `metastable` preset: 5 worlds, 570 s), on one thread and on every core; and for the
// `slow-replica` preset's setups (four replicas, slow periods) as a 300 s timeline at 30 % load,
// which also reports each replica's backlog every bucket.
#include <hedge/io/Presets.h>
#include <hedge/sim/LiveTimeline.h>
#include <hedge/sim/TimelineWorld.h>

#include <benchmark/benchmark.h>

namespace {

void BM_MetastableTimeline(benchmark::State& state)
{
    hedge::Scenario scenario = hedge::findPreset("metastable")->scenario;
    const int threads = static_cast<int>(state.range(0));
    double worldSeconds = 0.0;
    for (auto _ : state) {
        const hedge::TimelineOutcome out = hedge::runTimeline(scenario, threads);
        benchmark::DoNotOptimize(out.worlds.data());
        worldSeconds += double(out.worlds.size()) * scenario.timeline->durationS;
        ++scenario.seed; // a new sample each iteration, same cost
    }
    state.counters["timeline s/s"] = benchmark::Counter(
        double(state.iterations()) * 570.0, benchmark::Counter::kIsRate);
    state.counters["world s/s"] = benchmark::Counter(worldSeconds, benchmark::Counter::kIsRate);
}

void BM_SlowReplicaTimeline(benchmark::State& state)
{
    constexpr double kDurationS = 300.0;
    hedge::Scenario scenario =
        hedge::LiveTimeline::liveScenario(hedge::findPreset("slow-replica")->scenario, 0.3);
    scenario.timeline->durationS = kDurationS;
    const int threads = static_cast<int>(state.range(0));
    double worldSeconds = 0.0;
    for (auto _ : state) {
        const hedge::TimelineOutcome out = hedge::runTimeline(scenario, threads);
        benchmark::DoNotOptimize(out.worlds.data());
        worldSeconds += double(out.worlds.size()) * kDurationS;
        ++scenario.seed;
    }
    state.counters["timeline s/s"] = benchmark::Counter(
        double(state.iterations()) * kDurationS, benchmark::Counter::kIsRate);
    state.counters["world s/s"] = benchmark::Counter(worldSeconds, benchmark::Counter::kIsRate);
}

} // namespace

BENCHMARK(BM_MetastableTimeline)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_SlowReplicaTimeline)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_MAIN();
