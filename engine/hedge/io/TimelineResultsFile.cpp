#include <hedge/io/TimelineResultsFile.h>

#include "Format.h"
#include "ScenarioJsonDetail.h"

#include <algorithm>
#include <optional>
#include <string_view>
#include <type_traits>
#include <variant>

namespace hedge {

namespace {

using io_detail::OrderedJson;

// A bucket's figures in file order: the JSON keys and the CSV columns after "setup" are
// these names, and each writer turns the member's type into its own spelling.
using BucketMember = std::variant<double TimelineBucket::*, std::int64_t TimelineBucket::*,
                                  std::optional<double> TimelineBucket::*, bool TimelineBucket::*>;

// Which files have a field: every one, or only those with a setup of another family, or with a
// setup that has a deadline (TimelineBucket), so that a file without them stays as it was.
enum class WrittenWith : std::uint8_t { Always, Families, Deadlines };

struct BucketField {
    const char* name;
    BucketMember member;
    WrittenWith with = WrittenWith::Always;
};

constexpr WrittenWith kFamilies = WrittenWith::Families;
constexpr WrittenWith kDeadlines = WrittenWith::Deadlines;

const std::vector<BucketField>& bucketFields()
{
    static const std::vector<BucketField> fields{
        {"t_s", &TimelineBucket::tS},
        {"load", &TimelineBucket::load},
        {"arrivals", &TimelineBucket::arrivals},
        {"calls_ended", &TimelineBucket::callsEnded},
        {"p50_ms", &TimelineBucket::p50Ms},
        {"p99_ms", &TimelineBucket::p99Ms},
        {"p999_ms", &TimelineBucket::p999Ms},
        {"requests_per_call", &TimelineBucket::requestsPerCall},
        {"hedges", &TimelineBucket::hedges},
        {"rejected", &TimelineBucket::rejected},
        {"failed", &TimelineBucket::failed},
        {"queue_length", &TimelineBucket::queueLength},
        {"queue_max", &TimelineBucket::queueMax},
        {"backlog_ms", &TimelineBucket::backlogMs},
        {"busy_fraction", &TimelineBucket::busyFraction},
        {"in_flight", &TimelineBucket::inFlight},
        {"limit", &TimelineBucket::limit},
        {"budget_balance", &TimelineBucket::budgetBalance},
        {"collapsed", &TimelineBucket::collapsed},
        {"hedges_refused", &TimelineBucket::hedgesRefused, kFamilies},
        {"throttle_tokens", &TimelineBucket::throttleTokens, kFamilies},
        {"retry_slots", &TimelineBucket::retrySlots, kFamilies},
        {"retry_slot_limit", &TimelineBucket::retrySlotLimit, kFamilies},
        {"percentile_delay_ms", &TimelineBucket::percentileDelayMs, kFamilies},
        {"timed_out", &TimelineBucket::timedOut, kDeadlines},
        {"hedges_of_ended", &TimelineBucket::hedgesOfEnded, kDeadlines},
        {"retries_of_ended", &TimelineBucket::retriesOfEnded, kDeadlines},
        {"wasted_fraction", &TimelineBucket::wastedFraction, kDeadlines},
        {"goodput_per_s", &TimelineBucket::goodputPerS, kDeadlines}};
    return fields;
}

// The optional fields these worlds' file has.
struct Written {
    bool families = false;
    bool deadlines = false;

    static Written by(const std::vector<WorldResult>& worlds)
    {
        const auto any = [&worlds](auto has) { return std::any_of(worlds.begin(), worlds.end(), has); };
        return {.families = any([](const WorldResult& w) { return w.policyFamily; }),
                .deadlines = any([](const WorldResult& w) { return w.deadline; })};
    }
    bool has(const BucketField& field) const
    {
        return field.with == WrittenWith::Always ||
               (field.with == WrittenWith::Families ? families : deadlines);
    }
};

OrderedJson jsonValue(const TimelineBucket& b, const BucketMember& member)
{
    return std::visit(
        [&b](auto m) -> OrderedJson {
            const auto& v = b.*m;
            if constexpr (std::is_same_v<std::decay_t<decltype(v)>, std::optional<double>>)
                return io_detail::optionalNumberJson(v);
            else
                return OrderedJson(v);
        },
        member);
}

std::string csvValue(const TimelineBucket& b, const BucketMember& member)
{
    return std::visit(
        [&b](auto m) -> std::string {
            const auto& v = b.*m;
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, std::optional<double>>)
                return io_detail::formatOptionalNumber(v);
            else if constexpr (std::is_same_v<T, double>)
                return io_detail::formatNumber(v);
            else if constexpr (std::is_same_v<T, bool>)
                return v ? "true" : "false";
            else
                return std::to_string(v);
        },
        member);
}

} // namespace

const std::vector<std::string>& timelineCsvColumns()
{
    static const std::vector<std::string> columns = [] {
        std::vector<std::string> names{"setup"};
        for (const BucketField& field : bucketFields())
            if (field.with == WrittenWith::Always)
                names.emplace_back(field.name);
        return names;
    }();
    return columns;
}

std::string writeTimelineResultsJson(const Scenario& scenario, const std::vector<WorldResult>& worlds)
{
    OrderedJson j;
    j["format"] = kTimelineFormat;
    j["scenario"] = io_detail::scenarioToJson(scenario);
    OrderedJson list = OrderedJson::array();
    const Written written = Written::by(worlds);
    for (const WorldResult& w : worlds) {
        OrderedJson o;
        o["setup"] = w.setup;
        o["stopped_at_s"] = io_detail::optionalNumberJson(w.stoppedAtS);
        OrderedJson buckets = OrderedJson::array();
        for (const TimelineBucket& b : w.buckets) {
            OrderedJson x;
            for (const BucketField& field : bucketFields()) {
                if (!written.has(field))
                    continue;
                x[field.name] = jsonValue(b, field.member);
                // Per replica only with replicas: a one-queue file stays as it always was.
                if (std::string_view(field.name) == "backlog_ms" && !b.replicaBacklogMs.empty())
                    x["replica_backlog_ms"] = b.replicaBacklogMs;
            }
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
    // Every world has the scenario's replicas (no change names them); one replica has no
    // columns of its own, so a one-queue file stays as it always was.
    std::size_t replicas = 0;
    for (const WorldResult& w : worlds)
        for (const TimelineBucket& b : w.buckets)
            replicas = std::max(replicas, b.replicaBacklogMs.size());
    // Appended piece by piece: g++ 12 at -O3 warns falsely (-Wrestrict) on `"," + string`.
    std::string out;
    for (const std::string& column : timelineCsvColumns()) {
        if (!out.empty())
            out += ',';
        out += column;
    }
    for (std::size_t r = 0; r < replicas; ++r) {
        out += ",replica_";
        out += std::to_string(r + 1);
        out += "_backlog_ms";
    }
    const Written written = Written::by(worlds);
    for (const BucketField& field : bucketFields()) {
        if (field.with != WrittenWith::Always && written.has(field)) {
            out += ',';
            out += field.name;
        }
    }
    out += '\n';
    for (const WorldResult& w : worlds) {
        for (const TimelineBucket& b : w.buckets) {
            out += io_detail::csvCell(w.setup);
            for (const BucketField& field : bucketFields()) {
                if (field.with != WrittenWith::Always)
                    continue;
                out += ',';
                out += csvValue(b, field.member);
            }
            for (std::size_t r = 0; r < replicas; ++r) {
                out += ',';
                if (r < b.replicaBacklogMs.size())
                    out += io_detail::formatNumber(b.replicaBacklogMs[r]);
            }
            for (const BucketField& field : bucketFields()) {
                if (field.with != WrittenWith::Always && written.has(field)) {
                    out += ',';
                    out += csvValue(b, field.member);
                }
            }
            out += '\n';
        }
    }
    return out;
}

} // namespace hedge
