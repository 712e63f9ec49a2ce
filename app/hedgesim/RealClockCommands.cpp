#include "RealClockCommands.h"

#include "ComparisonTable.h"
#include "LoadGenerator.h"
#include "ResultsTable.h"
#include "ServiceProcess.h"

#include <hedge/io/ResultsCsv.h>
#include <hedge/io/ResultsJson.h>
#include <hedge/io/ScenarioValidation.h>
#include <hedge/sim/LoadSweep.h>

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <map>
#include <memory>
#include <ostream>

namespace hedge::cli {

namespace {

// hedgesim parses its own argv; Qt's network and timers only need an application object.
std::unique_ptr<QCoreApplication> ensureApplication()
{
    if (QCoreApplication::instance())
        return nullptr;
    static int argc = 1;
    static char name[] = "hedgesim";
    static char* argv[] = {name, nullptr};
    return std::make_unique<QCoreApplication>(argc, argv);
}

void applyCalls(const CommandLine& cl, Scenario& scenario)
{
    if (cl.calls > 0)
        scenario.calls = cl.calls;
}

std::string fixed(double v, int decimals)
{
    return ResultsTable::fixed(v, decimals);
}

std::string healthLine(const PointResult& p, const GeneratorHealth& h)
{
    std::string line = "  " + p.setup + " @ " + fixed(p.load, 2) + ": rate " +
                       fixed(h.achievedRatePerS, 1) + "/s achieved of " +
                       fixed(h.scheduledRatePerS, 1) + "/s scheduled (λ " +
                       fixed(h.intendedRatePerS, 1) + "/s); arrival lateness p50 " +
                       fixed(h.launchLatenessP50Ms, 2) + " p99 " +
                       fixed(h.launchLatenessP99Ms, 2) + " ms";
    if (h.timedHedges > 0)
        line += "; hedge lateness p50 " + fixed(h.hedgeLatenessP50Ms, 2) + " p99 " +
                fixed(h.hedgeLatenessP99Ms, 2) + " ms (" + std::to_string(h.timedHedges) +
                " hedges)";
    line += "; client queueing p99 " + fixed(h.clientQueueP99Ms, 2) + " ms, max " +
            fixed(h.clientQueueMaxMs, 2) + " ms, " + std::to_string(h.connectionsOpened) +
            " connections";
    if (!h.clientQueueingNegligible())
        line += "  CLIENT QUEUEING NOT NEGLIGIBLE";
    if (!h.utilisationMeasured)
        line += "  (utilisation unknown: the target has no hedge-service /stats)";
    if (!h.drained)
        line += "  DID NOT DRAIN";
    return line + "\n";
}

QJsonObject healthJson(const PointResult& p, const GeneratorHealth& h)
{
    return QJsonObject{
        {"setup", QString::fromStdString(p.setup)},
        {"cancellation", toString(p.cancellation)},
        {"load", p.load},
        {"intended_rate_per_s", h.intendedRatePerS},
        {"scheduled_rate_per_s", h.scheduledRatePerS},
        {"achieved_rate_per_s", h.achievedRatePerS},
        {"arrival_lateness_p50_ms", h.launchLatenessP50Ms},
        {"arrival_lateness_p99_ms", h.launchLatenessP99Ms},
        {"arrival_lateness_max_ms", h.launchLatenessMaxMs},
        {"timed_hedges", double(h.timedHedges)},
        {"hedge_lateness_min_ms", h.hedgeLatenessMinMs},
        {"hedge_lateness_p50_ms", h.hedgeLatenessP50Ms},
        {"hedge_lateness_p99_ms", h.hedgeLatenessP99Ms},
        {"hedge_lateness_max_ms", h.hedgeLatenessMaxMs},
        {"client_queue_p50_ms", h.clientQueueP50Ms},
        {"client_queue_p99_ms", h.clientQueueP99Ms},
        {"client_queue_max_ms", h.clientQueueMaxMs},
        {"client_queueing_negligible", h.clientQueueingNegligible()},
        {"connections_opened", h.connectionsOpened},
        {"utilisation_measured", h.utilisationMeasured},
        {"drained", h.drained},
        {"limiter_inflight_at_end", h.limiterInflightAtEnd},
    };
}

// Runs every point of `scenario` against `targetFor(setup)`, in scenario order.
template <class TargetFor>
std::vector<LoadPoint> runPoints(const Scenario& scenario, const Streams& s, bool quiet,
                                 TargetFor targetFor)
{
    std::vector<LoadPoint> points;
    const std::size_t total = scenario.setups.size() * scenario.loads.size();
    for (const Setup& setup : scenario.setups) {
        const QUrl target = targetFor(setup);
        for (const double load : scenario.loads) {
            if (!quiet)
                s.err << "hedgesim: point " << points.size() + 1 << "/" << total << ": "
                      << setup.name << " at load " << load << " ("
                      << fixed(double(scenario.calls) / scenario.service.arrivalRatePerMs(load) /
                                   1000.0,
                               1)
                      << " s)\n"
                      << std::flush;
            // Abandoned work of the previous point (client cancellation) must not count.
            waitForIdleService(target, 60000);
            const bool hedgeService = fetchServiceStats(target).has_value();
            LoadOptions options;
            options.target = target;
            options.calls = scenario.calls;
            options.warmupFraction = scenario.warmupFraction;
            options.seed = scenario.seed;
            options.commonRandomNumbers = hedgeService;
            points.push_back(runLoadPoint(scenario.service, setup, load, options));
        }
    }
    return points;
}

bool writeOutputs(const CommandLine& cl, const Streams& s, const Scenario& scenario,
                  const std::vector<LoadPoint>& points, const std::string& csvText)
{
    std::vector<PointResult> measured;
    QJsonArray health;
    for (const LoadPoint& p : points) {
        measured.push_back(p.result);
        health.append(healthJson(p.result, p.health));
    }
    bool written = true;
    const auto write = [&](const std::string& path, const std::string& bytes) {
        written = writeOutputFile(path, bytes, s.err) && written;
    };
    write(cl.jsonOutput, writeResultsJson(scenario, measured));
    write(cl.csvOutput, csvText.empty() ? writeResultsCsv(scenario, measured) : csvText);
    write(cl.healthOutput,
          QJsonDocument(QJsonObject{{"schema", "hedge-explorer/generator-health@1"},
                                    {"points", health}})
              .toJson()
              .toStdString());
    return written;
}

void printHealth(const Streams& s, const std::vector<LoadPoint>& points)
{
    s.out << "\nGenerator health:\n";
    for (const LoadPoint& p : points)
        s.out << healthLine(p.result, p.health);
    s.out << std::flush;
}

} // namespace

int runLoad(const CommandLine& cl, const Streams& s, Scenario scenario)
{
    applyCalls(cl, scenario);
    validateScenario(scenario);
    const auto app = ensureApplication();
    const QUrl target(QString::fromStdString(cl.target));
    s.err << "hedgesim: warning: hedging adds load to " << cl.target
          << " — every hedge is one more request to it; do not point this at a service you "
             "may not load\n"
          << std::flush;
    const std::vector<LoadPoint> points =
        runPoints(scenario, s, cl.quiet, [&](const Setup&) { return target; });
    if (!cl.quiet) {
        std::vector<PointResult> measured;
        for (const LoadPoint& p : points)
            measured.push_back(p.result);
        s.out << ResultsTable(measured, false, scenario.hasCallOutcomes()).format();
        printHealth(s, points);
    }
    return writeOutputs(cl, s, scenario, points, {}) ? kExitOk : kExitInternal;
}

namespace {

// A gRPC js setup with throttling: the model counts the hedges it sends past the bucket's half.
bool hedgesPastAThrottle(const Setup& setup)
{
    return setup.policy == PolicyFamily::Grpc &&
           setup.families.grpc.flavour == GrpcFlavour::Js && setup.families.grpc.throttling;
}

// confirm --measured: points measured elsewhere (the grpc-js run, docs/realclock.md, "grpc-js,
// for real") beside the simulation of the same points; nothing runs on real clocks.
int runConfirmMeasured(const CommandLine& cl, const Streams& s, const Scenario& scenario)
{
    RunResults measured;
    try {
        measured = readResultsFile(cl.measured);
    } catch (const ScenarioError& e) {
        throw InvalidInput("--measured: " + cl.measured + ": " + e.what());
    }
    const LoadSweep::Outcome simulated = LoadSweep(scenario, 0).run();
    std::vector<PointResult> real, sim;
    for (const PointResult& m : measured.points) {
        const auto same = std::find_if(
            simulated.points.begin(), simulated.points.end(), [&](const PointResult& p) {
                return p.setup == m.setup && p.load == m.load && !p.knobValue;
            });
        if (same == simulated.points.end())
            throw InvalidInput("--measured: " + cl.measured + ": point \"" + m.setup +
                               "\" at load " + fixed(m.load, 2) + " is not a point of " +
                               cl.input);
        real.push_back(m);
        sim.push_back(*same);
    }
    bool belowThreshold = false;
    for (const Setup& setup : scenario.setups)
        belowThreshold = belowThreshold || hedgesPastAThrottle(setup);
    ComparisonTable table(real, sim);
    if (belowThreshold)
        table.showHedgesBelowThreshold();
    if (scenario.hasCallOutcomes())
        table.showCallOutcomes();
    if (!cl.quiet) {
        s.out << "Measured (" << cl.measured << ") against the simulation (diff = real / sim - 1), "
              << scenario.calls << " calls a point";
        if (real.size() < scenario.setups.size() * scenario.loads.size())
            s.out << "; " << real.size() << " of " << scenario.setups.size() * scenario.loads.size()
                  << " points measured";
        s.out << ":\n" << table.format() << std::flush;
    }
    bool written = true;
    if (!cl.csvOutput.empty())
        written = writeOutputFile(cl.csvOutput, table.csv(), s.err);
    return written ? kExitOk : kExitInternal;
}

} // namespace

int runConfirm(const CommandLine& cl, const Streams& s, Scenario scenario)
{
    applyCalls(cl, scenario);
    validateScenario(scenario);
    if (!cl.measured.empty())
        return runConfirmMeasured(cl, s, scenario);
    const auto app = ensureApplication();

    // One hedge-service per cancellation mode, started when a setup first needs it.
    std::map<Cancellation, std::unique_ptr<ServiceProcess>> services;
    std::map<Cancellation, QUrl> urls;
    const auto targetFor = [&](const Setup& setup) {
        if (!cl.target.empty())
            return QUrl(QString::fromStdString(cl.target));
        if (!urls.count(setup.cancellation)) {
            auto process = std::make_unique<ServiceProcess>(
                ServiceProcess::defaultProgram(), scenario.service, setup.cancellation,
                scenario.seed);
            urls[setup.cancellation] = process->start();
            services[setup.cancellation] = std::move(process);
            if (!cl.quiet)
                s.err << "hedgesim: hedge-service (" << toString(setup.cancellation)
                      << " cancellation) on " << urls[setup.cancellation].toString().toStdString()
                      << "\n";
        }
        return urls[setup.cancellation];
    };
    if (!cl.target.empty())
        s.err << "hedgesim: warning: hedging adds load to " << cl.target << "\n" << std::flush;
    const std::vector<LoadPoint> points = runPoints(scenario, s, cl.quiet, targetFor);
    services.clear();

    const LoadSweep::Outcome simulated = LoadSweep(scenario, 0).run();
    std::vector<PointResult> measured;
    for (const LoadPoint& p : points)
        measured.push_back(p.result);
    ComparisonTable table(measured, simulated.points);
    if (scenario.hasCallOutcomes())
        table.showCallOutcomes();
    if (!cl.quiet) {
        s.out << "Real clocks against the simulation (diff = real / sim - 1), " << scenario.calls
              << " calls a point:\n"
              << table.format();
        printHealth(s, points);
    }
    return writeOutputs(cl, s, scenario, points, table.csv()) ? kExitOk : kExitInternal;
}

} // namespace hedge::cli
