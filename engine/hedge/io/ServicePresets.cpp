#include <hedge/io/ServicePresets.h>

#include <hedge/service/MeasurementImport.h>
#include <hedge/sim/ServiceTimeQuantiles.h>

#include <cmath>
#include <string>

namespace hedge {

namespace {

// The measurements ship with the program (resources/services, a Qt resource of the engine).
constexpr const char* kBimodalCache = ":/services/bimodal-cache.csv";

std::string presetWholeMs(double v)
{
    return std::to_string(static_cast<int>(std::lround(v)));
}

std::string presetTenthsMs(double v)
{
    const long tenths = std::lround(v * 10.0);
    return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10);
}

// A hedge without budget, client cancellation, named as the editor names it; a delay other
// than the usual 20 ms is named too ("hedge after 50 ms, no budget / client").
Setup hedgeAfter(double delayMs)
{
    Setup s;
    s.hedge = HedgeSettings{.delayMs = delayMs, .budgetPercent = 0.0};
    s.name = s.generatedName();
    if (delayMs != HedgeSettings{}.delayMs)
        s.name.insert(std::string("hedge").size(), " after " + presetWholeMs(delayMs) + " ms");
    return s;
}

// Every figure of the run the text states is checked against the run by
// tests/core/io/tst_servicepresetclaims.cpp; the service's own percentiles are read from its table.
Preset bimodalCache()
{
    Scenario s;
    s.loads = {0.3, 0.5, 0.6, 0.7, 0.8, 0.9};
    ServiceDistribution d = importMeasurements(
        {.path = kBimodalCache, .format = MeasurementFormat::Csv, .column = "latency_ms"});
    d.source = "bimodal-cache.csv";
    s.service.distribution = std::move(d);
    Setup none;
    none.name = none.generatedName();
    s.setups = {none, hedgeAfter(20.0), hedgeAfter(50.0)};
    const ServiceConfig& service = s.service;
    return Preset{
        "bimodal-cache",
        "A bimodal service: where the delay must sit",
        "A cache measured in production (20 000 latencies shipped with the program, "
        "bimodal-cache.csv): 80 % of the requests hit and take about 2 ms, 20 % miss and take "
        "about 40 ms. Its service time's median is " +
            presetTenthsMs(serviceTimeQuantile(service, 0.5)) + " ms, its p90 " +
            presetWholeMs(serviceTimeQuantile(service, 0.9)) + " ms and its p99 " +
            presetWholeMs(serviceTimeQuantile(service, 0.99)) +
            " ms: the service's table, drawn from the file (Service → From Measurements… "
            "makes one from your own). No budget, client cancellation.\n\n"
            "The usual 20 ms delay sits between the two modes, so every miss hedges: 1.20 "
            "requests per call. A miss's hedge is usually a hit, so at 30 % load the p99 falls "
            "from 66 ms to 48 ms, but the fifth more work is paid on every call, and the service "
            "collapses from 60 % load (a p99 of tens of seconds), where without hedging its p99 is 66 ms.\n\n"
            "A delay above the misses, 50 ms, hedges only the slowest misses, 4.5 % of the calls "
            "(1.05 requests per call): the p99 is 53 ms at 30 % load and 56 ms at 70 %, and "
            "the service holds to 70 %. For a bimodal service the delay must sit above the slow "
            "mode, not at a percentile inside it; without hedging the service holds to 90 % "
            "(p99 81 ms), and at 80 % even the 50 ms hedge collapses it without a budget.",
        s,
        {"p99_ms", "requests_per_call"},
        0.6};
}

} // namespace

void addServicePresets(std::vector<Preset>& list)
{
    list.push_back(bimodalCache());
}

} // namespace hedge
