#include <hedge/io/ScenarioJson.h>

#include "DistributionJson.h"
#include "KnobJson.h"
#include "ScenarioJsonDetail.h"
#include "SetupJson.h"
#include "TimelineJson.h"

#include <hedge/KnobRegistry.h>
#include <hedge/io/FileText.h>
#include <hedge/io/ScenarioValidation.h>

#include <algorithm>
#include <initializer_list>
#include <limits>
#include <optional>
#include <string_view>

namespace hedge {

namespace io_detail {

namespace {

// Integers go through int64 with their real range when it is stricter than int's, so that
// "replicas": 1e12 says "out of range (allowed 1 … 64)" rather than overflowing.
int readInt(const ObjectReader& r, const char* key, int fallback, std::int64_t lo, std::int64_t hi)
{
    return static_cast<int>(r.integer(key, fallback, lo, hi));
}

std::optional<Slowdowns> readSlowdowns(const Json& value, const std::string& path)
{
    if (value.is_null())
        return std::nullopt;
    const ObjectReader r(value, path, {"per_minute", "duration_ms", "factor"},
                         "null or an object");
    Slowdowns d;
    d.perMinute = r.number("per_minute", d.perMinute);
    d.durationMs = r.number("duration_ms", d.durationMs);
    d.factor = r.number("factor", d.factor);
    return d;
}

// `fanout`: the scenario has a "fanout" object, whose service may have more replicas
// (docs/fanout.md, "Limits").
ServiceConfig readService(const Json& value, const std::string& path, bool fanout)
{
    // In the order of the file: the queue's knobs, then the topology (replicas first).
    std::vector<const char*> keys = knobKeys("service.", false);
    keys.insert(keys.end(), {"replicas", "balancer"});
    for (const char* key : knobKeys("service.", true))
        keys.push_back(key);
    keys.push_back("slowdowns");
    keys.push_back("distribution");
    const ObjectReader r(value, path, keys);
    ServiceConfig s;
    Setup unused;
    readKnobs(r, "service.", unused, s);
    s.replicas = readInt(r, "replicas", s.replicas, limits::kMinReplicas,
                         fanout ? limits::kMaxFanoutReplicas : limits::kMaxReplicas);
    s.balancer = readName(r, "balancer", s.balancer, &balancerFromString,
                          {"round_robin", "random", "least_outstanding", "two_choices"});
    if (const Json* d = r.find("slowdowns"))
        s.slowdowns = readSlowdowns(*d, r.path("slowdowns"));
    if (const Json* d = r.find("distribution"))
        s.distribution = readDistribution(*d, r.path("distribution"));
    return s;
}

// The "fanout" object (docs/scenario.md, "Fan-out") into `service`: the replicas follow
// parts × copies (Knob::write) unless the file gave them, which validation then compares.
void readFanout(const Json& value, const std::string& path, bool replicasGiven,
                ServiceConfig& service)
{
    const ObjectReader r(value, path, knobKeys("fanout.", false));
    const int given = service.replicas;
    Setup unused;
    readKnobs(r, "fanout.", unused, service);
    if (replicasGiven)
        service.replicas = given;
}

// The array `field` of a style block: each a key of `allowed`, or an error naming the field, the
// entry and the allowed keys.
std::vector<std::string> readStyleKeys(const ObjectReader& r, const char* field,
                                       const std::vector<std::string>& allowed, const char* what,
                                       const char* arrayOf)
{
    const Json& keys = *r.find(field);
    if (!keys.is_array())
        throw ScenarioError(r.path(field),
                            std::string("expected an array of ") + arrayOf + ", got " +
                                describe(keys));
    std::vector<std::string> read;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        const Json& key = keys[i];
        if (!key.is_string() || std::find(allowed.begin(), allowed.end(),
                                          key.get_ref<const std::string&>()) == allowed.end()) {
            std::string list;
            for (const std::string& k : allowed)
                list += (list.empty() ? "\"" : ", \"") + k + "\"";
            throw ScenarioError(indexPath(r.path(field), i),
                                describe(key) + " is not " + what + " (allowed " + list + ")");
        }
        read.push_back(key.get<std::string>());
    }
    return read;
}

ScenarioStyle readStyle(const Json& value, const std::string& path, std::size_t setupCount)
{
    const ObjectReader r(value, path, {"setups", "charts", "panels"});
    ScenarioStyle style;
    if (const Json* setups = r.find("setups")) {
        if (!setups->is_array())
            throw ScenarioError(r.path("setups"),
                                "expected an array of setup styles, got " + describe(*setups));
        if (setups->size() > setupCount)
            throw ScenarioError(r.path("setups"), std::to_string(setups->size()) + " entries for " +
                                                      std::to_string(setupCount) +
                                                      " setups (at most one per setup)");
        for (std::size_t i = 0; i < setups->size(); ++i) {
            const ObjectReader sr((*setups)[i], indexPath(r.path("setups"), i),
                                  {"colour", "visible"});
            SetupStyle setup;
            const Json* colour = sr.find("colour");
            if (!colour || !colour->is_string() || !isColour(colour->get_ref<const std::string&>()))
                throw ScenarioError(
                    sr.path("colour"),
                    (colour ? describe(*colour) + " is not a colour" : std::string("missing")) +
                        " (allowed \"#rrggbb\", hex digits)");
            setup.colour = colour->get<std::string>();
            setup.visible = sr.boolean("visible", setup.visible);
            style.setups.push_back(std::move(setup));
        }
    }
    if (r.find("charts"))
        style.charts = readStyleKeys(r, "charts", chartKeys(), "a chart", "metric keys");
    // Optional: a file written before the Live view's panels were kept has none.
    if (r.find("panels"))
        style.panels =
            readStyleKeys(r, "panels", panelKeys(), "an optional Live panel", "panel keys");
    return style;
}

std::vector<double> readKnobValues(const ObjectReader& r)
{
    const Json& values = r.required("values");
    if (!values.is_array())
        throw ScenarioError(r.path("values"),
                            "expected an array of knob values, got " + describe(values));
    std::vector<double> out;
    for (std::size_t i = 0; i < values.size(); ++i)
        out.push_back(readNumber(values[i], indexPath(r.path("values"), i)));
    return out;
}

std::string readKnobName(const ObjectReader& r)
{
    if (!r.required("knob").is_string())
        throw ScenarioError(r.path("knob"),
                            "expected a string, got " + describe(r.required("knob")));
    return r.string("knob", {});
}

// docs/maps.md, "Two knobs": every key is required (the load is not one of the loads').
GridAgainst readAgainst(const Json& value, const std::string& path)
{
    const ObjectReader r(value, path, {"knob", "values", "load"}, "an object");
    GridAgainst a;
    a.knob = readKnobName(r);
    a.values = readKnobValues(r);
    a.load = readNumber(r.required("load"), r.path("load"));
    return a;
}

Grid readGrid(const Json& value, const std::string& path)
{
    const ObjectReader r(value, path, {"setup", "knob", "values", "baseline", "against"},
                         "an object");
    Grid g;
    if (!r.required("setup").is_string())
        throw ScenarioError(r.path("setup"),
                            "expected a string, got " + describe(r.required("setup")));
    g.setup = r.string("setup", {});
    g.knob = readKnobName(r);
    g.values = readKnobValues(r);
    g.baseline = r.string("baseline", {});
    if (const Json* against = r.find("against"); against && !against->is_null())
        g.against = readAgainst(*against, r.path("against"));
    return g;
}

} // namespace

OrderedJson styleToJson(const ScenarioStyle& style)
{
    OrderedJson j;
    OrderedJson setups = OrderedJson::array();
    for (const SetupStyle& setup : style.setups) {
        OrderedJson o;
        o["colour"] = setup.colour;
        o["visible"] = setup.visible;
        setups.push_back(std::move(o));
    }
    j["setups"] = std::move(setups);
    j["charts"] = style.charts;
    if (style.panels)
        j["panels"] = *style.panels;
    return j;
}

Scenario scenarioFromJson(const Json& value, const std::string& path,
                          std::optional<ScenarioStyle>* style)
{
    const ObjectReader r(value, path,
                         {"schema", "seed", "calls", "replicates", "warmup_fraction", "loads",
                          "service", "fanout", "setups", "grid", "style", "timeline"},
                         "a JSON object (a scenario)");
    if (const Json* schema = r.find("schema")) {
        if (!schema->is_string() || schema->get_ref<const std::string&>() != kScenarioSchema)
            throw ScenarioError(r.path("schema"), describe(*schema) +
                                                      " is not supported (expected \"" +
                                                      kScenarioSchema + "\")");
    }
    Scenario s;
    s.seed = r.unsignedInteger("seed", s.seed);
    s.calls = r.integer("calls", s.calls, limits::kMinCalls, limits::kMaxCalls);
    s.replicates =
        readInt(r, "replicates", s.replicates, limits::kMinReplicates, limits::kMaxReplicates);
    s.warmupFraction = r.number("warmup_fraction", s.warmupFraction);
    if (const Json* loads = r.find("loads")) {
        if (!loads->is_array())
            throw ScenarioError(r.path("loads"),
                                "expected an array of loads, got " + describe(*loads));
        s.loads.clear();
        for (std::size_t i = 0; i < loads->size(); ++i)
            s.loads.push_back(readNumber((*loads)[i], indexPath(r.path("loads"), i)));
    }
    const Json* fanout = r.find("fanout");
    const Json* service = r.find("service");
    if (service)
        s.service = readService(*service, r.path("service"), fanout != nullptr);
    if (fanout)
        readFanout(*fanout, r.path("fanout"), service && service->contains("replicas"), s.service);
    if (const Json* setups = r.find("setups")) {
        if (!setups->is_array())
            throw ScenarioError(r.path("setups"),
                                "expected an array of setups, got " + describe(*setups));
        s.setups.clear();
        for (std::size_t i = 0; i < setups->size(); ++i)
            s.setups.push_back(readSetup((*setups)[i], indexPath(r.path("setups"), i), i));
    }
    if (const Json* grid = r.find("grid"); grid && !grid->is_null())
        s.grid = readGrid(*grid, r.path("grid"));
    // Read (and so validated) even when the caller draws nothing: a bad style is a bad file.
    std::optional<ScenarioStyle> readStyleBlock;
    if (const Json* block = r.find("style"))
        readStyleBlock = readStyle(*block, r.path("style"), s.setups.size());
    if (style)
        *style = std::move(readStyleBlock);
    if (const Json* timeline = r.find("timeline"))
        s.timeline = readTimeline(*timeline, r.path("timeline"));
    try {
        validateScenario(s);
    } catch (const ScenarioError& e) {
        throw e.withPrefix(path);
    }
    return s;
}

// The "service" object of a scenario file (docs/scenario.md, "Scenario").
OrderedJson serviceToJson(const ServiceConfig& s, bool replicasFollowFanout)
{
    OrderedJson service;
    // Replicas that follow the "fanout" object written beside are left out (docs/scenario.md,
    // "Fan-out"): a file whose parts are edited by hand then stays valid.
    const bool derived = replicasFollowFanout && s.hasFanout() &&
                         std::int64_t{s.replicas} == std::int64_t{s.fanoutParts} * s.fanoutCopies;
    writeKnobs(service, "service.", false, Setup{}, s);
    // The topology (docs/topology.md) is written only when it is not the one queue, so that
    // every file written before it existed is written the same, byte for byte.
    const ServiceConfig plain;
    if (s.replicas != plain.replicas || s.balancer != plain.balancer ||
        topologyKnobsSet(s) || s.slowdowns) {
        if (!derived)
            service["replicas"] = s.replicas;
        service["balancer"] = toString(s.balancer);
        writeKnobs(service, "service.", true, Setup{}, s);
        if (s.slowdowns) {
            OrderedJson& d = service["slowdowns"];
            d["per_minute"] = s.slowdowns->perMinute;
            d["duration_ms"] = s.slowdowns->durationMs;
            d["factor"] = s.slowdowns->factor;
        } else {
            service["slowdowns"] = nullptr;
        }
    }
    // Written only when the service is not the log-normal model: older files stay the same.
    if (s.distribution)
        service["distribution"] = distributionToJson(*s.distribution);
    return service;
}

OrderedJson scenarioToJson(const Scenario& s)
{
    OrderedJson j;
    j["schema"] = kScenarioSchema;
    j["seed"] = s.seed;
    j["calls"] = s.calls;
    // Written only when it matters: a 1-replicate file stays what older readers know.
    if (s.replicates != 1)
        j["replicates"] = s.replicates;
    j["warmup_fraction"] = s.warmupFraction;
    j["loads"] = s.loads;
    j["service"] = serviceToJson(s.service, true);
    // Written only when the service fans out: every file of before is written the same.
    if (s.service.hasFanout()) {
        OrderedJson& fanout = j["fanout"];
        fanout = OrderedJson::object();
        writeKnobs(fanout, "fanout.", false, Setup{}, s.service);
    }
    OrderedJson setups = OrderedJson::array();
    for (const Setup& setup : s.setups)
        setups.push_back(setupToJson(setup));
    j["setups"] = std::move(setups);
    // Written only when there is one, as "replicates": a plain scenario's file is unchanged.
    if (s.grid) {
        OrderedJson& grid = j["grid"];
        grid["setup"] = s.grid->setup;
        grid["knob"] = s.grid->knob;
        grid["values"] = s.grid->values;
        if (!s.grid->baseline.empty())
            grid["baseline"] = s.grid->baseline;
        if (const std::optional<GridAgainst>& against = s.grid->against) {
            OrderedJson& a = grid["against"];
            a["knob"] = against->knob;
            a["values"] = against->values;
            a["load"] = against->load;
        }
    }
    if (s.timeline)
        j["timeline"] = timelineToJson(*s.timeline);
    return j;
}

std::string readFileBytes(const std::string& path)
{
    FileText file = readFileText(path);
    if (!file.ok())
        throw ScenarioError({}, "cannot read " + path + ": " + file.error);
    return std::move(file.bytes);
}

} // namespace io_detail

Scenario parseScenarioJson(std::string_view json)
{
    return io_detail::scenarioFromJson(io_detail::parseJsonText(json), {});
}

Scenario readScenarioFile(const std::string& path)
{
    return parseScenarioJson(io_detail::readFileBytes(path));
}

StyledScenario parseStyledScenarioJson(std::string_view json)
{
    StyledScenario result;
    result.scenario =
        io_detail::scenarioFromJson(io_detail::parseJsonText(json), {}, &result.style);
    return result;
}

StyledScenario readStyledScenarioFile(const std::string& path)
{
    return parseStyledScenarioJson(io_detail::readFileBytes(path));
}

std::string writeScenarioJson(const Scenario& scenario)
{
    return io_detail::prettyPrint(io_detail::scenarioToJson(scenario));
}

std::string writeScenarioJson(const Scenario& scenario, const std::optional<ScenarioStyle>& style)
{
    io_detail::OrderedJson j = io_detail::scenarioToJson(scenario);
    if (style)
        j["style"] = io_detail::styleToJson(*style);
    return io_detail::prettyPrint(j);
}

std::string writeServiceJson(const ServiceConfig& service)
{
    return io_detail::prettyPrint(io_detail::serviceToJson(service, false));
}

std::string writeSetupJson(const Setup& setup)
{
    return io_detail::prettyPrint(io_detail::setupToJson(setup));
}

} // namespace hedge
