// The CSV export of a run: the columns of a results point (docs/scenario.md), a header row, one row
// a point.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/sim/PointResult.h>

#include <string>
#include <vector>

namespace hedge {

// Header: setup,cancellation,load,measured_calls,p50_ms,p99_ms,p999_ms,mean_ms,max_ms,
// requests_per_call,hedged_fraction,rejected_fraction,failed_fraction,utilisation,collapsed.
// Doubles are the shortest text that reads back the same value; an absent latency is an
// empty cell; collapsed is true/false; a name holding a comma, a quote or a line break is
// quoted as RFC 4180 says. Lines end with "\n" (not RFC 4180's CRLF, which line-based Unix
// tools keep in the last cell; every CSV reader accepts both).
// When a point pooled replicates, resultsCsvSpreadColumns() follow: replicates,
// collapsed_runs and each figure's _min, _max, _p5, _p95 (empty when absent).
// When a point is a grid cell, a last column knob_value follows (empty for other points), and
// for a two-knob grid against_value after it.
// When a setup follows a policy family, hedges_refused_fraction follows. When a point fans out
// (has parts), resultsCsvPartColumns() come last: part_p50_ms, part_p99_ms, part_p999_ms,
// slowest_part_hedged_fraction, slower_than_part_p99_fraction (empty for a point without parts
// or a latency no part had).
// With `scenario.service.replicas` > 1, replica_utilisation_max (the busiest replica's
// utilisation) comes between utilisation and collapsed, as in the JSON.
std::string writeResultsCsv(const Scenario& scenario, const std::vector<PointResult>& points);

// The header row's cells, in order.
const std::vector<std::string>& resultsCsvColumns();
const std::vector<std::string>& resultsCsvSpreadColumns();
const std::vector<std::string>& resultsCsvPartColumns();
// When a setup of the scenario has a deadline, the calls' outcomes come last (docs/model.md,
// "Metrics"): timed_out_fraction, goodput_fraction, goodput_per_s, hedges_per_call,
// retries_per_call, wasted_work_fraction. A file without deadlines stays as it was.
const std::vector<std::string>& resultsCsvOutcomeColumns();

} // namespace hedge
