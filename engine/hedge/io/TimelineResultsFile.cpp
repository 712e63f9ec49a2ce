#include <hedge/io/TimelineResultsFile.h>

#include "Format.h"
#include "ScenarioJsonDetail.h"

#include <algorithm>

namespace hedge {

namespace {

using io_detail::OrderedJson;

OrderedJson optionalJson(const std::optional<double>& v)
{
    return v ? OrderedJson(*v) : OrderedJson(nullptr);
}

std::string optionalCell(const std::optional<double>& v)
{
    return v ? io_detail::formatNumber(*v) : std::string();
}

} // namespace

const std::vector<std::string>& timelineCsvColumns()
{
    static const std::vector<std::string> columns{
        "setup",      "t_s",          "load",         "arrivals",       "calls_ended",
        "p50_ms",     "p99_ms",       "p999_ms",      "requests_per_call", "hedges",
        "rejected",   "failed",       "queue_length", "queue_max",      "backlog_ms",
        "busy_fraction", "in_flight", "limit",        "budget_balance", "collapsed"};
    return columns;
}

std::string writeTimelineResultsJson(const Scenario& scenario, const std::vector<WorldResult>& worlds)
{
    OrderedJson j;
    j["format"] = kTimelineFormat;
    j["scenario"] = io_detail::scenarioToJson(scenario);
    OrderedJson list = OrderedJson::array();
    for (const WorldResult& w : worlds) {
        OrderedJson o;
        o["setup"] = w.setup;
        o["stopped_at_s"] = optionalJson(w.stoppedAtS);
        OrderedJson buckets = OrderedJson::array();
        for (const TimelineBucket& b : w.buckets) {
            OrderedJson x;
            x["t_s"] = b.tS;
            x["load"] = b.load;
            x["arrivals"] = b.arrivals;
            x["calls_ended"] = b.callsEnded;
            x["p50_ms"] = optionalJson(b.p50Ms);
            x["p99_ms"] = optionalJson(b.p99Ms);
            x["p999_ms"] = optionalJson(b.p999Ms);
            x["requests_per_call"] = optionalJson(b.requestsPerCall);
            x["hedges"] = b.hedges;
            x["rejected"] = b.rejected;
            x["failed"] = b.failed;
            x["queue_length"] = b.queueLength;
            x["queue_max"] = b.queueMax;
            x["backlog_ms"] = b.backlogMs;
            if (!b.replicaBacklogMs.empty())
                x["replica_backlog_ms"] = b.replicaBacklogMs;
            x["busy_fraction"] = b.busyFraction;
            x["in_flight"] = b.inFlight;
            x["limit"] = optionalJson(b.limit);
            x["budget_balance"] = optionalJson(b.budgetBalance);
            x["collapsed"] = b.collapsed;
            buckets.push_back(std::move(x));
        }
        o["buckets"] = std::move(buckets);
        list.push_back(std::move(o));
    }
    j["worlds"] = std::move(list);
    return io_detail::prettyPrint(j);
}

std::string writeTimelineResultsCsv(const std::vector<WorldResult>& worlds)
{
    using io_detail::formatNumber;
    // Every world has the scenario's replicas (no change names them); one replica has no
    // columns of its own, so a one-queue file stays as it always was.
    std::size_t replicas = 0;
    for (const WorldResult& w : worlds)
        for (const TimelineBucket& b : w.buckets)
            replicas = std::max(replicas, b.replicaBacklogMs.size());
    std::string out;
    for (const std::string& column : timelineCsvColumns())
        out += (out.empty() ? "" : ",") + column;
    for (std::size_t r = 0; r < replicas; ++r)
        out += ",replica_" + std::to_string(r + 1) + "_backlog_ms";
    out += '\n';
    for (const WorldResult& w : worlds) {
        for (const TimelineBucket& b : w.buckets) {
            const std::string cells[] = {io_detail::csvCell(w.setup),
                                         formatNumber(b.tS),
                                         formatNumber(b.load),
                                         std::to_string(b.arrivals),
                                         std::to_string(b.callsEnded),
                                         optionalCell(b.p50Ms),
                                         optionalCell(b.p99Ms),
                                         optionalCell(b.p999Ms),
                                         optionalCell(b.requestsPerCall),
                                         std::to_string(b.hedges),
                                         std::to_string(b.rejected),
                                         std::to_string(b.failed),
                                         std::to_string(b.queueLength),
                                         std::to_string(b.queueMax),
                                         formatNumber(b.backlogMs),
                                         formatNumber(b.busyFraction),
                                         std::to_string(b.inFlight),
                                         optionalCell(b.limit),
                                         optionalCell(b.budgetBalance),
                                         b.collapsed ? "true" : "false"};
            std::string row;
            for (const std::string& cell : cells)
                row += (row.empty() ? "" : ",") + cell;
            for (std::size_t r = 0; r < replicas; ++r)
                row += "," + (r < b.replicaBacklogMs.size() ? formatNumber(b.replicaBacklogMs[r]) : std::string());
            out += row + '\n';
        }
    }
    return out;
}

} // namespace hedge
