#include <hedge/io/ResultsJson.h>

#include "ScenarioJsonDetail.h"
#include "SpreadColumns.h"

#include <hedge/sim/SweepPoints.h>

#include <algorithm>
#include <array>
#include <limits>
#include <optional>

namespace hedge {

namespace {

using io_detail::Json;
using io_detail::OrderedJson;

// A fan-out point's parts (docs/fanout.md, "Metrics"): their latencies are null when no part
// answered, as the call's are when no call succeeded.
OrderedJson partsToJson(const PartFigures& parts)
{
    OrderedJson j;
    j["answered"] = parts.answered;
    j["p50_ms"] = io_detail::optionalNumberJson(parts.p50Ms);
    j["p99_ms"] = io_detail::optionalNumberJson(parts.p99Ms);
    j["p999_ms"] = io_detail::optionalNumberJson(parts.p999Ms);
    j["hedged_fraction"] = parts.hedgedFraction;
    j["slowest_hedged_fraction"] = parts.slowestHedgedFraction;
    j["slower_than_part_p99_fraction"] = parts.slowerThanPartP99Fraction;
    return j;
}

// `replica_utilisation_max` is a point field only when there are replicas: a one-queue
// results file stays what it was before docs/topology.md.
OrderedJson pointToJson(const PointResult& p, const Scenario& scenario)
{
    const bool replicas = scenario.service.replicas > 1;
    OrderedJson j;
    j["setup"] = p.setup;
    j["cancellation"] = toString(p.cancellation);
    j["load"] = p.load;
    if (p.knobValue && scenario.grid) {
        j["knob"] = scenario.grid->knob;
        j["knob_value"] = *p.knobValue;
    }
    if (p.againstValue && scenario.grid && scenario.grid->against)
        j["against_value"] = *p.againstValue;
    j["measured_calls"] = p.measuredCalls;
    j["p50_ms"] = io_detail::optionalNumberJson(p.p50Ms);
    j["p99_ms"] = io_detail::optionalNumberJson(p.p99Ms);
    j["p999_ms"] = io_detail::optionalNumberJson(p.p999Ms);
    j["mean_ms"] = io_detail::optionalNumberJson(p.meanMs);
    j["max_ms"] = io_detail::optionalNumberJson(p.maxMs);
    j["requests_per_call"] = p.requestsPerCall;
    j["hedged_fraction"] = p.hedgedFraction;
    j["rejected_fraction"] = p.rejectedFraction;
    j["failed_fraction"] = p.failedFraction;
    if (scenario.hasPolicyFamilies())
        j["hedges_refused_fraction"] = p.hedgesRefusedFraction;
    // The calls' outcomes only when a setup has a deadline: every file of before stays the same.
    if (scenario.hasCallOutcomes()) {
        j["timed_out_fraction"] = p.timedOutFraction;
        j["goodput_fraction"] = p.goodputFraction;
        j["goodput_per_s"] = p.goodputPerSecond;
        j["hedges_per_call"] = p.hedgesPerCall;
        j["retries_per_call"] = p.retriesPerCall;
        j["wasted_work_fraction"] = p.wastedWorkFraction;
    }
    j["utilisation"] = p.utilisation;
    if (replicas)
        j["replica_utilisation_max"] = p.replicaUtilisationMax;
    j["collapsed"] = p.collapsed;
    // Only a point of a service that fans out has parts: every other file stays as it was.
    if (p.parts)
        j["parts"] = partsToJson(*p.parts);
    if (p.spread) {
        j["replicates"] = p.spread->replicates;
        j["collapsed_runs"] = p.spread->collapsedRuns;
        for (const io_detail::SpreadFigure& figure : io_detail::spreadFigures()) {
            const auto values = io_detail::spreadValues(figure.get(*p.spread));
            for (std::size_t i = 0; i < values.size(); ++i)
                j[std::string(figure.name) + io_detail::kSpreadSuffixes[i]] =
                    io_detail::optionalNumberJson(values[i]);
        }
    }
    return j;
}

// Reads and removes the replicate fields of a point (so that what is left is a plain
// point). They are required exactly when the scenario has more than one replicate.
std::optional<ReplicateSpread> takeSpread(Json& point, const std::string& path,
                                          const Scenario& scenario)
{
    if (scenario.replicates == 1 || !point.is_object())
        return std::nullopt;
    const auto take = [&](const std::string& key) {
        const auto it = point.find(key);
        if (it == point.end())
            throw ScenarioError(io_detail::childPath(path, key), "is missing");
        Json value = std::move(*it);
        point.erase(it);
        return value;
    };
    ReplicateSpread s;
    s.replicates = static_cast<int>(
        io_detail::readInteger(take("replicates"), io_detail::childPath(path, "replicates"),
                               scenario.replicates, scenario.replicates));
    s.collapsedRuns = static_cast<int>(io_detail::readInteger(
        take("collapsed_runs"), io_detail::childPath(path, "collapsed_runs"), 0, s.replicates));
    for (const io_detail::SpreadFigure& figure : io_detail::spreadFigures()) {
        std::array<std::optional<double>, 4> values;
        for (std::size_t i = 0; i < values.size(); ++i) {
            const std::string key = std::string(figure.name) + io_detail::kSpreadSuffixes[i];
            const Json value = take(key);
            if (!value.is_null())
                values[i] = io_detail::readNumber(value, io_detail::childPath(path, key));
        }
        const std::string minPath = io_detail::childPath(path, std::string(figure.name) + "_min");
        if (!values[0] || !values[1]) {
            if (!figure.latency)
                throw ScenarioError(minPath, "expected a number, got null");
            continue; // no replicate had a latency
        }
        if (*values[0] > *values[1])
            throw ScenarioError(minPath, "is greater than " + std::string(figure.name) + "_max");
        const FigureSpread spread{
            .min = *values[0], .max = *values[1], .p5 = values[2], .p95 = values[3]};
        if (figure.latency)
            s.*figure.latency = spread;
        else
            s.*figure.other = spread;
    }
    return s;
}

// A grid cell names the grid's knob and one of its values, and belongs to the gridded setup.
std::optional<double> readKnobValue(const io_detail::ObjectReader& r, const Scenario& scenario,
                                    const std::string& setup)
{
    const Json* knob = r.find("knob");
    const Json* value = r.find("knob_value");
    if (!knob && !value)
        return std::nullopt;
    if (!scenario.grid)
        throw ScenarioError(r.path(knob ? "knob" : "knob_value"),
                            "is only allowed when the scenario has a grid");
    if (!knob || !knob->is_string() || knob->get_ref<const std::string&>() != scenario.grid->knob)
        throw ScenarioError(r.path("knob"), "expected \"" + scenario.grid->knob +
                                                "\" (the grid's knob) with knob_value");
    const double v = io_detail::readNumber(r.required("knob_value"), r.path("knob_value"));
    const auto& values = scenario.grid->values;
    if (std::find(values.begin(), values.end(), v) == values.end())
        throw ScenarioError(r.path("knob_value"),
                            io_detail::describe(*value) + " is not a value of the grid");
    if (setup != scenario.grid->setup)
        throw ScenarioError(r.path("setup"), "\"" + setup + "\" is not the grid's setup \"" +
                                                 scenario.grid->setup + "\"");
    return v;
}

// A two-knob grid's cell or baseline names one of the against values (docs/maps.md, "Two
// knobs"); every cell has one.
std::optional<double> readAgainstValue(const io_detail::ObjectReader& r, const Scenario& scenario,
                                       bool cell)
{
    const bool against = scenario.grid && scenario.grid->against;
    const Json* value = r.find("against_value");
    if (!value) {
        if (against && cell)
            throw ScenarioError(r.path("against_value"), "is missing (a cell of a two-knob grid)");
        return std::nullopt;
    }
    if (!against)
        throw ScenarioError(r.path("against_value"),
                            "is only allowed when the scenario's grid has \"against\"");
    const double v = io_detail::readNumber(*value, r.path("against_value"));
    const auto& values = scenario.grid->against->values;
    if (std::find(values.begin(), values.end(), v) == values.end())
        throw ScenarioError(r.path("against_value"),
                            io_detail::describe(*value) + " is not a value of grid.against");
    return v;
}

std::optional<double> readOptionalNumber(const io_detail::ObjectReader& r, const char* key)
{
    const Json& v = r.required(key);
    if (v.is_null())
        return std::nullopt;
    return io_detail::readNumber(v, r.path(key));
}

double readFraction(const io_detail::ObjectReader& r, const char* key)
{
    const double v = io_detail::readNumber(r.required(key), r.path(key));
    if (!(v >= 0.0 && v <= 1.0))
        throw ScenarioError(r.path(key), io_detail::describe(r.required(key)) +
                                             " is out of range (allowed 0 … 1)");
    return v;
}

double readNonNegative(const io_detail::ObjectReader& r, const char* key)
{
    const double v = io_detail::readNumber(r.required(key), r.path(key));
    if (!(v >= 0.0))
        throw ScenarioError(r.path(key), io_detail::describe(r.required(key)) +
                                             " is out of range (allowed ≥ 0)");
    return v;
}

// Reads and removes a point's "parts" (so that what is left is a plain point). A point of a
// scenario that fans out must have them; a point of another keeps what a file gives, so that
// a results file reads back whole whatever the scenario says about fan-out.
std::optional<PartFigures> takeParts(Json& point, const std::string& path,
                                     const Scenario& scenario)
{
    if (!point.is_object())
        return std::nullopt;
    const std::string partsPath = io_detail::childPath(path, "parts");
    const auto it = point.find("parts");
    if (it == point.end()) {
        if (scenario.service.fansOut())
            throw ScenarioError(partsPath, "is missing (the service fans out)");
        return std::nullopt;
    }
    const Json value = std::move(*it);
    point.erase(it);
    const io_detail::ObjectReader r(value, partsPath,
                                    {"answered", "p50_ms", "p99_ms", "p999_ms", "hedged_fraction",
                                     "slowest_hedged_fraction", "slower_than_part_p99_fraction"},
                                    "an object (the parts' figures)");
    PartFigures parts;
    parts.answered = io_detail::readInteger(r.required("answered"), r.path("answered"), 0,
                                            std::numeric_limits<std::int64_t>::max());
    parts.p50Ms = readOptionalNumber(r, "p50_ms");
    parts.p99Ms = readOptionalNumber(r, "p99_ms");
    parts.p999Ms = readOptionalNumber(r, "p999_ms");
    parts.hedgedFraction = readFraction(r, "hedged_fraction");
    parts.slowestHedgedFraction = readFraction(r, "slowest_hedged_fraction");
    parts.slowerThanPartP99Fraction = readFraction(r, "slower_than_part_p99_fraction");
    return parts;
}

// One of the scenario's loads; a two-knob cell's (`against_value`) is grid.against's load.
double readPointLoad(const io_detail::ObjectReader& r, const Scenario& scenario, bool againstCell)
{
    const double load = io_detail::readNumber(r.required("load"), r.path("load"));
    if (againstCell) {
        if (load != scenario.grid->against->load)
            throw ScenarioError(r.path("load"), io_detail::describe(r.required("load")) +
                                                    " is not the load of grid.against");
    } else if (std::find(scenario.loads.begin(), scenario.loads.end(), load) ==
               scenario.loads.end())
        throw ScenarioError(r.path("load"), io_detail::describe(r.required("load")) +
                                                " is not a load of the scenario");
    return load;
}

// The calls' outcomes, written when a setup has a deadline (pointToJson).
constexpr const char* kOutcomeKeys[] = {"timed_out_fraction", "goodput_fraction",
                                        "goodput_per_s",      "hedges_per_call",
                                        "retries_per_call",   "wasted_work_fraction"};

PointResult readPoint(Json value, const std::string& path, const Scenario& scenario)
{
    std::optional<ReplicateSpread> spread = takeSpread(value, path, scenario);
    std::optional<PartFigures> parts = takeParts(value, path, scenario);
    const bool replicas = scenario.service.replicas > 1;
    std::vector<const char*> keys{
        "setup",           "cancellation",      "load",           "measured_calls",
        "p50_ms",          "p99_ms",            "p999_ms",        "mean_ms",
        "max_ms",          "requests_per_call", "hedged_fraction", "rejected_fraction",
        "failed_fraction", "utilisation",       "collapsed",      "knob",
        "knob_value",      "against_value",     "hedges_refused_fraction"};
    if (replicas)
        keys.push_back("replica_utilisation_max");
    if (scenario.hasCallOutcomes())
        keys.insert(keys.end(), std::begin(kOutcomeKeys), std::end(kOutcomeKeys));
    const io_detail::ObjectReader r(value, path, keys);
    PointResult p;
    if (!r.required("setup").is_string())
        throw ScenarioError(r.path("setup"), "expected a setup name (a string)");
    p.setup = r.string("setup", {});
    p.knobValue = readKnobValue(r, scenario, p.setup);
    p.againstValue = readAgainstValue(r, scenario, p.knobValue.has_value());
    const Setup* setup = nullptr;
    for (const Setup& each : scenario.setups)
        if (each.name == p.setup)
            setup = &each;
    // The "no hedge" baseline a grid run adds is not among the scenario's setups.
    std::optional<GridBaseline> baseline;
    if (!setup && scenario.grid && !p.knobValue) {
        baseline = gridBaseline(scenario);
        if (baseline->added && baseline->setup.name == p.setup)
            setup = &baseline->setup;
    }
    if (!setup)
        throw ScenarioError(r.path("setup"), "\"" + p.setup + "\" is not a setup of the scenario");
    const std::string cancellation = r.string("cancellation", {});
    if (cancellation != toString(setup->cancellation))
        throw ScenarioError(r.path("cancellation"),
                            io_detail::describe(r.required("cancellation")) +
                                " does not match setup \"" + p.setup + "\" (\"" +
                                toString(setup->cancellation) + "\")");
    p.cancellation = setup->cancellation;
    p.load = readPointLoad(r, scenario, p.againstValue.has_value());
    p.measuredCalls = io_detail::readInteger(r.required("measured_calls"), r.path("measured_calls"),
                                             0, std::numeric_limits<std::int64_t>::max());
    p.p50Ms = readOptionalNumber(r, "p50_ms");
    p.p99Ms = readOptionalNumber(r, "p99_ms");
    p.p999Ms = readOptionalNumber(r, "p999_ms");
    p.meanMs = readOptionalNumber(r, "mean_ms");
    p.maxMs = readOptionalNumber(r, "max_ms");
    p.requestsPerCall = readNonNegative(r, "requests_per_call");
    p.hedgedFraction = readFraction(r, "hedged_fraction");
    p.rejectedFraction = readFraction(r, "rejected_fraction");
    p.failedFraction = readFraction(r, "failed_fraction");
    // Written exactly when a setup follows another family (pointToJson).
    if (scenario.hasPolicyFamilies())
        p.hedgesRefusedFraction = readFraction(r, "hedges_refused_fraction");
    else if (r.find("hedges_refused_fraction"))
        throw ScenarioError(r.path("hedges_refused_fraction"),
                            "is written only when a setup follows a policy family");
    if (scenario.hasCallOutcomes()) {
        p.timedOutFraction = readFraction(r, "timed_out_fraction");
        p.goodputFraction = readFraction(r, "goodput_fraction");
        p.goodputPerSecond = readNonNegative(r, "goodput_per_s");
        p.hedgesPerCall = readNonNegative(r, "hedges_per_call");
        p.retriesPerCall = readNonNegative(r, "retries_per_call");
        p.wastedWorkFraction = readFraction(r, "wasted_work_fraction");
    }
    p.utilisation = readNonNegative(r, "utilisation");
    p.replicaUtilisationMax =
        replicas ? readNonNegative(r, "replica_utilisation_max") : 0.0;
    if (!r.required("collapsed").is_boolean())
        throw ScenarioError(r.path("collapsed"), "expected true or false");
    p.collapsed = r.boolean("collapsed", false);
    p.spread = std::move(spread);
    p.parts = std::move(parts);
    return p;
}

} // namespace

std::string writeResultsJson(const Scenario& scenario, const std::vector<PointResult>& points,
                             std::optional<Shard> shard)
{
    OrderedJson j;
    j["schema"] = kResultsSchema;
    if (shard)
        j["shard"] = {{"index", shard->index}, {"count", shard->count}};
    j["scenario"] = io_detail::scenarioToJson(scenario);
    OrderedJson array = OrderedJson::array();
    for (const PointResult& p : points)
        array.push_back(pointToJson(p, scenario));
    j["points"] = std::move(array);
    return io_detail::prettyPrint(j);
}

RunResults parseResultsJson(std::string_view json)
{
    const Json root = io_detail::parseJsonText(json);
    const io_detail::ObjectReader r(root, {}, {"schema", "shard", "scenario", "points"},
                                    "a JSON object (a results file)");
    const Json& schema = r.required("schema");
    if (!schema.is_string() || schema.get_ref<const std::string&>() != kResultsSchema)
        throw ScenarioError("schema", io_detail::describe(schema) +
                                          " is not supported (expected \"" + kResultsSchema +
                                          "\")");
    RunResults results;
    if (const Json* shard = r.find("shard")) {
        const io_detail::ObjectReader sr(*shard, "shard", {"index", "count"},
                                         "an object (index, count)");
        Shard s;
        s.count = static_cast<int>(
            io_detail::readInteger(sr.required("count"), "shard.count", 1, kMaxShards));
        s.index = static_cast<int>(
            io_detail::readInteger(sr.required("index"), "shard.index", 1, s.count));
        results.shard = s;
    }
    results.scenario = io_detail::scenarioFromJson(r.required("scenario"), "scenario");
    const Json& points = r.required("points");
    if (!points.is_array())
        throw ScenarioError("points",
                            "expected an array of points, got " + io_detail::describe(points));
    for (std::size_t i = 0; i < points.size(); ++i)
        results.points.push_back(
            readPoint(points[i], io_detail::indexPath("points", i), results.scenario));
    return results;
}

RunResults readResultsFile(const std::string& path)
{
    return parseResultsJson(io_detail::readFileBytes(path));
}

} // namespace hedge
