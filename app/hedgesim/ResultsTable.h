// hedgesim's table: one row per (setup, load) point, grouped by setup, columns aligned.
#pragma once

#include <hedge/sim/PointResult.h>

#include <string>
#include <vector>

namespace hedge::cli {

class ResultsTable {
public:
    // Points in scenario order (consecutive points of one setup form one group).
    // `replicaColumn`: add the busiest replica's utilisation (a service of several replicas).
    // `outcomeColumns`: the calls' outcomes too (a scenario with deadlines, docs/model.md,
    // "Deadlines"): goodput %, timed out %, hedges/call, retries/call, wasted work %.
    explicit ResultsTable(std::vector<PointResult> points, bool replicaColumn = false,
                          bool outcomeColumns = false);

    // The header, then a row per point: setup (on a group's first row), load, p99 ms,
    // p99.9 ms, the parts' p99 ("part p99 ms", only when a point fans out), requests/call,
    // rejected %, failed % (only when some point has failures), with `outcomeColumns` goodput %,
    // timed out %, hedges/call, retries/call and wasted %, utilisation %, the busiest
    // replica's utilisation % ("busiest", with `replicaColumn`), and "COLLAPSED" for a
    // collapsed point; "-" for an absent latency; a blank line between setups; a legend line when a
    // point collapsed. A point that pooled replicates shows its spread after p99, p99.9,
    // requests/call and utilisation ("212.0 [55.0–238.0]") and "collapsed 3/10" (capitals
    // when most replicates collapsed), with a legend. Locale-independent. Widths count UTF-8
    // characters, not bytes.
    std::string format() const;

    // Helpers, public for tests.
    static std::string fixed(double value, int decimals);
    static std::size_t displayWidth(const std::string& utf8);

private:
    std::vector<PointResult> m_points;
    bool m_replicaColumn;
    bool m_outcomeColumns;
};

} // namespace hedge::cli
