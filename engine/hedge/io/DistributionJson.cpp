#include <hedge/io/DistributionJson.h>

#include <cmath>
#include <stdexcept>

namespace hedge::io_detail {

namespace {

// The dashboards' percentiles, as the file spells them.
struct LadderKey {
    const char* name; // "p99.9"
    const char* key;  // "p999_ms"
    double p;
};
constexpr LadderKey kLadder[] = {{"p50", "p50_ms", 0.5},
                                 {"p90", "p90_ms", 0.9},
                                 {"p99", "p99_ms", 0.99},
                                 {"p99.9", "p999_ms", 0.999}};

std::vector<PercentilePoint> readPercentileObject(const Json& value, const std::string& path)
{
    const ObjectReader r(value, path, {"p50", "p90", "p99", "p99.9"});
    std::vector<PercentilePoint> points;
    for (const LadderKey& k : kLadder)
        if (r.find(k.name))
            points.push_back({k.p, r.number(k.name, 0.0)});
    return points;
}

OrderedJson percentileObject(const std::vector<PercentilePoint>& points)
{
    OrderedJson j = OrderedJson::object();
    for (const PercentilePoint& pt : points)
        for (const LadderKey& k : kLadder)
            if (k.p == pt.p)
                j[k.name] = pt.ms;
    return j;
}

Calibration readCalibration(const Json& value, const std::string& path)
{
    const ObjectReader r(value, path, {"utilisation", "rounds", "measured_ms", "simulated_ms"});
    Calibration c;
    c.utilisation = r.number("utilisation", c.utilisation);
    if (!(c.utilisation > 0.0 && c.utilisation < 1.0))
        throw ScenarioError(r.path("utilisation"), "must be between 0 and 1 (exclusive)");
    c.rounds = int(r.integer("rounds", 0, 0, 1000));
    if (const Json* m = r.find("measured_ms"))
        c.measured = readPercentileObject(*m, r.path("measured_ms"));
    if (const Json* s = r.find("simulated_ms"))
        c.simulated = readPercentileObject(*s, r.path("simulated_ms"));
    return c;
}

ServiceTimeTable readKnots(const Json& value, const std::string& path)
{
    if (!value.is_array())
        throw ScenarioError(path, "expected an array of " +
                                      std::to_string(ServiceTimeTable::kSegments + 1) +
                                      " service times in ms, got " + describe(value));
    std::vector<double> knots;
    knots.reserve(value.size());
    for (std::size_t i = 0; i < value.size(); ++i)
        knots.push_back(readNumber(value[i], indexPath(path, i)));
    try {
        return ServiceTimeTable(std::move(knots));
    } catch (const std::invalid_argument& e) {
        throw ScenarioError(path, e.what());
    }
}

template <typename Enum>
Enum readChoice(const ObjectReader& r, const char* key, Enum fallback,
                std::optional<Enum> (*parse)(const std::string&), const char* allowed)
{
    if (!r.find(key))
        return fallback;
    const std::string name = r.string(key, "");
    if (const std::optional<Enum> e = parse(name))
        return *e;
    throw ScenarioError(r.path(key), "\"" + name + "\" is not one of " + allowed);
}

void readPercentileKind(const ObjectReader& r, ServiceDistribution& d)
{
    for (const LadderKey& k : kLadder)
        if (r.find(k.key))
            d.percentiles.push_back({k.p, r.number(k.key, 0.0)});
    if (r.find("min_ms"))
        d.minMs = r.number("min_ms", 0.0);
    if (r.find("max_ms"))
        d.maxMs = r.number("max_ms", 0.0);
    const bool hasP50 = r.find("p50_ms"), hasP99 = r.find("p99_ms");
    if (!hasP50 || !hasP99)
        throw ScenarioError(r.path(hasP50 ? "p99_ms" : "p50_ms"),
                            "missing: a percentiles service needs p50_ms and p99_ms at least");
    try {
        d.table = percentileTable(d.percentiles, d.minMs, d.maxMs);
    } catch (const std::invalid_argument& e) {
        throw ScenarioError(r.path(), e.what());
    }
}

} // namespace

SharedDistribution readDistribution(const Json& value, const std::string& path)
{
    if (value.is_string() && value.get<std::string>() == "lognormal_hiccups")
        return {};
    const ObjectReader r(value, path,
                         {"kind", "source", "format", "column", "metric", "unit", "samples",
                          "p50_ms", "p90_ms", "p99_ms", "p999_ms", "min_ms", "max_ms",
                          "calibration", "knots_ms"},
                         "\"lognormal_hiccups\" or an object");
    const std::string kind = r.string("kind", "");
    ServiceDistribution d;
    if (kind == "lognormal_hiccups")
        return {};
    if (kind == "percentiles") {
        d.kind = DistributionKind::Percentiles;
        readPercentileKind(r, d);
    } else if (kind == "empirical") {
        d.kind = DistributionKind::Empirical;
        d.source = r.string("source", "");
        d.format = readChoice(r, "format", d.format, &formatFromString,
                              "csv, hdrhistogram_log, prometheus");
        d.column = r.string("column", "");
        d.metric = r.string("metric", "");
        d.unit = readChoice(r, "unit", d.unit, &unitFromString, "ms, s, us");
        d.samples = r.integer("samples", 0, 0, std::int64_t(1) << 62);
        if (!r.find("knots_ms"))
            throw ScenarioError(r.path("knots_ms"),
                                "missing: an empirical service carries its table (hedgesim "
                                "service fit makes one from the measurements)");
    } else {
        throw ScenarioError(r.path("kind"), (kind.empty() ? std::string("missing") : "\"" + kind + "\"") +
                                                ": must be lognormal_hiccups, empirical or "
                                                "percentiles");
    }
    if (const Json* c = r.find("calibration"))
        d.calibration = readCalibration(*c, r.path("calibration"));
    if (const Json* k = r.find("knots_ms"))
        d.table = readKnots(*k, r.path("knots_ms"));
    return SharedDistribution(std::move(d));
}

OrderedJson distributionToJson(const ServiceDistribution& d)
{
    OrderedJson j;
    j["kind"] = toString(d.kind);
    if (d.kind == DistributionKind::Empirical) {
        j["source"] = d.source;
        j["format"] = toString(d.format);
        if (!d.column.empty())
            j["column"] = d.column;
        if (!d.metric.empty())
            j["metric"] = d.metric;
        j["unit"] = toString(d.unit);
        j["samples"] = d.samples;
    } else {
        for (const PercentilePoint& pt : d.percentiles)
            for (const LadderKey& k : kLadder)
                if (k.p == pt.p)
                    j[k.key] = pt.ms;
        if (d.minMs)
            j["min_ms"] = *d.minMs;
        if (d.maxMs)
            j["max_ms"] = *d.maxMs;
    }
    if (d.calibration) {
        OrderedJson& c = j["calibration"];
        c["utilisation"] = d.calibration->utilisation;
        c["rounds"] = d.calibration->rounds;
        c["measured_ms"] = percentileObject(d.calibration->measured);
        c["simulated_ms"] = percentileObject(d.calibration->simulated);
    }
    // A percentiles service's table follows from its points, unless calibration moved it.
    if (d.kind == DistributionKind::Empirical || d.calibration)
        j["knots_ms"] = d.table.knotsMs();
    return j;
}

} // namespace hedge::io_detail
