#include <hedge/io/ShardMerge.h>

#include "Format.h"

#include <hedge/sim/SweepPoints.h>

#include <algorithm>
#include <map>

namespace hedge {

namespace {

std::string shardName(const Shard& s)
{
    return "shard " + std::to_string(s.index) + "/" + std::to_string(s.count);
}

std::string describePoint(const std::string& setup, double load, std::optional<double> knob,
                          std::optional<double> against)
{
    std::string text = "\"" + setup + "\" at load " + io_detail::formatNumber(load);
    if (knob)
        text += " with knob value " + io_detail::formatNumber(*knob);
    if (against)
        text += " against value " + io_detail::formatNumber(*against);
    return text;
}

} // namespace

RunResults mergeResultsParts(const std::vector<ResultsPart>& parts)
{
    if (parts.empty())
        throw ScenarioError("merge", "needs at least one part");
    const ResultsPart& first = parts.front();
    std::map<int, const ResultsPart*> byIndex;
    for (const ResultsPart& part : parts) {
        if (!part.results.shard)
            throw ScenarioError(part.name, "is not a part of a sharded run (no \"shard\"; parts "
                                           "are written by hedgesim run --shard K/N)");
        const Shard& shard = *part.results.shard;
        if (shard.count != first.results.shard->count)
            throw ScenarioError(part.name, "is " + shardName(shard) + " but " + first.name +
                                               " is " + shardName(*first.results.shard) +
                                               " (parts of different splits)");
        if (!(part.results.scenario == first.results.scenario))
            throw ScenarioError(part.name, "ran another scenario than " + first.name +
                                               " (parts of different runs)");
        const auto [it, inserted] = byIndex.emplace(shard.index, &part);
        if (!inserted)
            throw ScenarioError(part.name, shardName(shard) + " is also " + it->second->name +
                                               " (parts overlap)");
    }
    const Scenario& scenario = first.results.scenario;
    const int count = first.results.shard->count;
    std::string missing;
    for (int k = 1; k <= count; ++k)
        if (!byIndex.contains(k))
            missing += (missing.empty() ? "" : ", ") + std::to_string(k);
    if (!missing.empty())
        throw ScenarioError("merge", "shard(s) " + missing + " of " + std::to_string(count) +
                                         " missing (give every part of the run)");

    const std::vector<SweepPoint> points = sweepPoints(scenario);
    RunResults merged;
    merged.scenario = scenario;
    merged.points.resize(points.size());
    for (const auto& [index, part] : byIndex) {
        std::vector<std::size_t> expected =
            LoadSweep::pointsOfShard(scenario, *part->results.shard);
        std::sort(expected.begin(), expected.end());
        const std::vector<PointResult>& got = part->results.points;
        if (got.size() != expected.size())
            throw ScenarioError(part->name, "holds " + std::to_string(got.size()) + " points; " +
                                                shardName(*part->results.shard) +
                                                " of this scenario has " +
                                                std::to_string(expected.size()) +
                                                " (an unfinished or edited part)");
        for (std::size_t i = 0; i < got.size(); ++i) {
            const SweepPoint& want = points[expected[i]];
            const double load = pointLoad(scenario, want);
            if (got[i].setup != want.setup.name || got[i].load != load ||
                got[i].knobValue != want.knobValue || got[i].againstValue != want.againstValue)
                throw ScenarioError(part->name + ": points[" + std::to_string(i) + "]",
                                    describePoint(got[i].setup, got[i].load, got[i].knobValue,
                                                  got[i].againstValue) +
                                        " is not the point " + shardName(*part->results.shard) +
                                        " has there (" +
                                        describePoint(want.setup.name, load, want.knobValue,
                                                      want.againstValue) +
                                        ")");
            merged.points[expected[i]] = got[i];
        }
    }
    return merged;
}

} // namespace hedge
