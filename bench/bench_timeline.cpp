// Simulated seconds per wall second for the hysteresis timeline of timeline.md §3 (the
// `metastable` preset: 5 worlds, 570 s), on one thread and on every core.
#include <hedge/io/Presets.h>
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

} // namespace

BENCHMARK(BM_MetastableTimeline)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_MAIN();
