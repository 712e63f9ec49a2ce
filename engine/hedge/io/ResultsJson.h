// Results files (docs/scenario.md): the scenario as run and one point per
// (setup, load), in scenario order.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/io/ScenarioError.h>
#include <hedge/sim/LoadSweep.h>
#include <hedge/sim/PointResult.h>

#include <optional>

#include <string>
#include <string_view>
#include <vector>

namespace hedge {

inline constexpr const char* kResultsSchema = "hedge-explorer/results@1";
inline constexpr int kMaxShards = 100000;

struct RunResults {
    Scenario scenario;
    std::vector<PointResult> points;
    std::optional<Shard> shard; // a part of a sharded run (hedgesim run --shard)

    bool operator==(const RunResults&) const = default;
};

// The results file: schema, the scenario with every default filled in, the points as given
// (LoadSweep gives them in scenario order), latencies null when absent. Doubles are written
// to read back bit for bit; one point a line. PointResult's diagnostics (safety cap, simulated
// calls, events) are not part of the format and are not written. A grid cell records the
// knob and its value ("knob", "knob_value"). A shard's part says which it is ("shard").
std::string writeResultsJson(const Scenario& scenario, const std::vector<PointResult>& points,
                             std::optional<Shard> shard = std::nullopt);

// Reads a results file back (tests, GUI import). Every point field is required; each point
// must belong to a setup and load of the embedded scenario (a partial run is accepted).
// Throws ScenarioError naming the field ("points[3].p99_ms", "scenario.loads[0]").
RunResults parseResultsJson(std::string_view json);
RunResults readResultsFile(const std::string& path);

} // namespace hedge
