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

// The numbers of a point (and of its parts) as a results file names them: the writer and the
// reader walk the same rows in the file's order, so a figure added to the files is one row.
// A latency is null when no call answered; a rate is a fraction (0 … 1) or any number ≥ 0.
template <class Figures>
struct LatencyField {
    const char* key;
    std::optional<double> Figures::*member;
};
enum class Bound { Fraction, NonNegative };
template <class Figures>
struct RateField {
    const char* key;
    double Figures::*member;
    Bound bound;
};

constexpr LatencyField<PointResult> kPointLatencies[] = {
    {"p50_ms", &PointResult::p50Ms},   {"p99_ms", &PointResult::p99Ms},
    {"p999_ms", &PointResult::p999Ms}, {"mean_ms", &PointResult::meanMs},
    {"max_ms", &PointResult::maxMs}};
constexpr RateField<PointResult> kPointRates[] = {
    {"requests_per_call", &PointResult::requestsPerCall, Bound::NonNegative},
    {"hedged_fraction", &PointResult::hedgedFraction, Bound::Fraction},
    {"rejected_fraction", &PointResult::rejectedFraction, Bound::Fraction},
    {"failed_fraction", &PointResult::failedFraction, Bound::Fraction}};
// The calls' outcomes, written only when a setup has a deadline or retries
// (Scenario::hasCallOutcomes): every file of before stays the same.
constexpr RateField<PointResult> kOutcomeRates[] = {
    {"timed_out_fraction", &PointResult::timedOutFraction, Bound::Fraction},
    {"goodput_fraction", &PointResult::goodputFraction, Bound::Fraction},
    {"goodput_per_s", &PointResult::goodputPerSecond, Bound::NonNegative},
    {"hedges_per_call", &PointResult::hedgesPerCall, Bound::NonNegative},
    {"retries_per_call", &PointResult::retriesPerCall, Bound::NonNegative},
    {"wasted_work_fraction", &PointResult::wastedWorkFraction, Bound::Fraction}};
constexpr LatencyField<PartFigures> kPartLatencies[] = {{"p50_ms", &PartFigures::p50Ms},
                                                         {"p99_ms", &PartFigures::p99Ms},
                                                         {"p999_ms", &PartFigures::p999Ms}};
constexpr RateField<PartFigures> kPartRates[] = {
    {"hedged_fraction", &PartFigures::hedgedFraction, Bound::Fraction},
    {"slowest_hedged_fraction", &PartFigures::slowestHedgedFraction, Bound::Fraction},
    {"slower_than_part_p99_fraction", &PartFigures::slowerThanPartP99Fraction,
     Bound::Fraction}};

template <class Figures, std::size_t N>
void writeLatencies(OrderedJson& j, const Figures& f, const LatencyField<Figures> (&fields)[N])
{
    for (const auto& field : fields)
        j[field.key] = io_detail::optionalNumberJson(f.*field.member);
}

template <class Figures, std::size_t N>
void writeRates(OrderedJson& j, const Figures& f, const RateField<Figures> (&fields)[N])
{
    for (const auto& field : fields)
        j[field.key] = f.*field.member;
}

template <class Fields>
void appendKeys(std::vector<const char*>& keys, const Fields& fields)
{
    for (const auto& field : fields)
        keys.push_back(field.key);
}

// A fan-out point's parts (docs/fanout.md, "Metrics"): their latencies are null when no part
// answered, as the call's are when no call succeeded.
OrderedJson partsToJson(const PartFigures& parts)
{
    OrderedJson j;
    j["answered"] = parts.answered;
    writeLatencies(j, parts, kPartLatencies);
    writeRates(j, parts, kPartRates);
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
    writeLatencies(j, p, kPointLatencies);
    writeRates(j, p, kPointRates);
    if (scenario.hasPolicyFamilies())
        j["hedges_refused_fraction"] = p.hedgesRefusedFraction;
    if (scenario.hasCallOutcomes())
        writeRates(j, p, kOutcomeRates);
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

double readRate(const io_detail::ObjectReader& r, const char* key, Bound bound)
{
    const double v = io_detail::readNumber(r.required(key), r.path(key));
    const bool fraction = bound == Bound::Fraction;
    if (!(v >= 0.0) || (fraction && !(v <= 1.0)))
        throw ScenarioError(r.path(key),
                            io_detail::describe(r.required(key)) + " is out of range (allowed " +
                                (fraction ? "0 … 1" : "≥ 0") + ")");
    return v;
}

template <class Figures, std::size_t N>
void readLatencies(const io_detail::ObjectReader& r, Figures& f,
                   const LatencyField<Figures> (&fields)[N])
{
    for (const auto& field : fields)
        f.*field.member = readOptionalNumber(r, field.key);
}

template <class Figures, std::size_t N>
void readRates(const io_detail::ObjectReader& r, Figures& f, const RateField<Figures> (&fields)[N])
{
    for (const auto& field : fields)
        f.*field.member = readRate(r, field.key, field.bound);
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
    std::vector<const char*> keys{"answered"};
    appendKeys(keys, kPartLatencies);
    appendKeys(keys, kPartRates);
    const io_detail::ObjectReader r(value, partsPath, keys, "an object (the parts' figures)");
    PartFigures parts;
    parts.answered = io_detail::readInteger(r.required("answered"), r.path("answered"), 0,
                                            std::numeric_limits<std::int64_t>::max());
    readLatencies(r, parts, kPartLatencies);
    readRates(r, parts, kPartRates);
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

PointResult readPoint(Json value, const std::string& path, const Scenario& scenario)
{
    std::optional<ReplicateSpread> spread = takeSpread(value, path, scenario);
    std::optional<PartFigures> parts = takeParts(value, path, scenario);
    const bool replicas = scenario.service.replicas > 1;
    std::vector<const char*> keys{"setup",      "cancellation", "load",
                                  "measured_calls", "utilisation",  "collapsed",
                                  "knob",           "knob_value",   "against_value",
                                  "hedges_refused_fraction"};
    appendKeys(keys, kPointLatencies);
    appendKeys(keys, kPointRates);
    if (replicas)
        keys.push_back("replica_utilisation_max");
    if (scenario.hasCallOutcomes())
        appendKeys(keys, kOutcomeRates);
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
    readLatencies(r, p, kPointLatencies);
    readRates(r, p, kPointRates);
    // Written exactly when a setup follows another family (pointToJson).
    if (scenario.hasPolicyFamilies())
        p.hedgesRefusedFraction = readRate(r, "hedges_refused_fraction", Bound::Fraction);
    else if (r.find("hedges_refused_fraction"))
        throw ScenarioError(r.path("hedges_refused_fraction"),
                            "is written only when a setup follows a policy family");
    if (scenario.hasCallOutcomes())
        readRates(r, p, kOutcomeRates);
    p.utilisation = readRate(r, "utilisation", Bound::NonNegative);
    p.replicaUtilisationMax =
        replicas ? readRate(r, "replica_utilisation_max", Bound::NonNegative) : 0.0;
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
