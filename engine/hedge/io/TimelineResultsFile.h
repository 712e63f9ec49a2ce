// The files of a timeline's results (docs/timeline.md, "Results"): `hedge-explorer/timeline@1` JSON
// (the scenario as run, then per world its buckets) and CSV (one row per world and bucket).
#pragma once

#include <hedge/Scenario.h>
#include <hedge/sim/TimelineResult.h>

#include <string>
#include <vector>

namespace hedge {

inline constexpr const char* kTimelineFormat = "hedge-explorer/timeline@1";

std::string writeTimelineResultsJson(const Scenario& scenario, const std::vector<WorldResult>& worlds);

// Header `setup,t_s,load,arrivals,…,collapsed`; empty cells for absent figures. With
// several replicas, `replica_1_backlog_ms` … `replica_R_backlog_ms` follow (JSON: the array
// `replica_backlog_ms` after `backlog_ms`).
std::string writeTimelineResultsCsv(const std::vector<WorldResult>& worlds);
const std::vector<std::string>& timelineCsvColumns();

} // namespace hedge
