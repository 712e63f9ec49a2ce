#include "ServiceCommand.h"

#include "ResultsTable.h"
#include "ServiceFitTable.h"

#include <hedge/io/ScenarioError.h>
#include <hedge/io/ScenarioJson.h>
#include <hedge/io/ScenarioValidation.h>
#include <hedge/service/MeasurementImport.h>
#include <hedge/service/CalibrationVerdict.h>
#include <hedge/service/ServiceCalibration.h>
#include <hedge/service/ServiceFitting.h>

#include <QDir>
#include <QFileInfo>
#include <QString>

#include <array>
#include <charconv>
#include <cctype>
#include <cmath>
#include <ostream>
#include <stdexcept>

namespace hedge::cli {

namespace {

// The rows of the fit table, in this order; the first four are the calibration's targets.
constexpr std::array<double, 5> kFitFractions{0.5, 0.9, 0.99, 0.999, 1.0};
constexpr std::array<const char*, 5> kFitLabels{"p50", "p90", "p99", "p99.9", "max"};

// A value as the user gave it: the shortest text that reads back the same (8, 0.012).
std::string number(double value)
{
    char buffer[64];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return ec == std::errc() ? std::string(buffer, end) : std::string("?");
}

LatencyUnit unitOf(const ServiceFitArguments& f,
                   MeasurementFormat format = MeasurementFormat::Csv)
{
    if (f.unit.empty())
        return defaultUnit(format);
    if (const auto unit = unitFromString(f.unit))
        return *unit;
    throw InvalidInput("--unit: \"" + f.unit + "\" is not allowed (allowed ms, s, us)");
}

// The dashboard's percentiles as a distribution: the points given, in ms, increasing.
ServiceDistribution percentilesDistribution(const ServiceFitArguments& f,
                                            std::vector<std::string>& notes)
{
    const double scale = millisecondsPer(unitOf(f));
    ServiceDistribution d;
    d.kind = DistributionKind::Percentiles;
    d.unit = unitOf(f);
    const std::array<std::pair<const char*, double>, 4> given{
        {{"--p50", f.p50}, {"--p90", f.p90}, {"--p99", f.p99}, {"--p999", f.p999}}};
    const std::array<double, 4> ps{0.5, 0.9, 0.99, 0.999};
    const char* previous = nullptr;
    for (std::size_t i = 0; i < given.size(); ++i) {
        if (given[i].second <= 0)
            continue;
        if (previous && given[i].second * scale <= d.percentiles.back().ms)
            throw InvalidInput(std::string(given[i].first) + ": " + number(given[i].second) +
                               " is not above " + previous + " (percentiles must increase)");
        d.percentiles.push_back({ps[i], given[i].second * scale});
        previous = given[i].first;
    }
    if (f.max > 0) {
        if (f.max * scale <= d.percentiles.back().ms)
            throw InvalidInput("--max: " + number(f.max) + " is not above " + previous +
                               " (the slowest latency must be)");
        d.maxMs = f.max * scale;
    }
    try {
        d.table = percentileTable(d.percentiles, d.minMs, d.maxMs);
    } catch (const std::invalid_argument& e) {
        throw InvalidInput(std::string("service fit: ") + e.what());
    }
    // The explorer's From Measurements dialog says the same of the same percentiles.
    notes = percentileNotes(d);
    return d;
}

ServiceDistribution fileDistribution(const CommandLine& cl, std::vector<std::string>& notes)
{
    const ServiceFitArguments& f = cl.fit;
    MeasurementRequest request;
    request.path = cl.input;
    const std::optional<MeasurementFormat> format =
        f.format.empty() ? formatFromPath(cl.input) : formatFromString(f.format);
    if (!format)
        throw InvalidInput(f.format.empty()
                               ? "--format: the name " + cl.input +
                                     " does not say (give --format csv, hdrhistogram_log or "
                                     "prometheus)"
                               : "--format: \"" + f.format +
                                     "\" is not allowed (allowed csv, hdrhistogram_log, "
                                     "prometheus)");
    request.format = *format;
    request.column = f.column;
    request.metric = f.metric;
    request.unit = unitOf(f, request.format);
    try {
        return importMeasurements(request, &notes);
    } catch (const MeasurementError& e) {
        std::string where = e.file();
        if (e.line() > 0)
            where += ":" + std::to_string(e.line());
        throw InvalidInput(where + ": " + e.problem());
    }
}

void checkOutputPath(const CommandLine& cl)
{
    if (cl.jsonOutput.empty())
        return;
    const QFileInfo info(QString::fromStdString(cl.jsonOutput));
    if (info.isDir())
        throw InvalidInput("-o: " + cl.jsonOutput + " is a directory");
    if (!info.absoluteDir().exists())
        throw InvalidInput("-o: directory " + info.absoluteDir().path().toStdString() +
                           " does not exist");
    if (!cl.input.empty() &&
        info.absoluteFilePath() == QFileInfo(QString::fromStdString(cl.input)).absoluteFilePath())
        throw InvalidInput("-o: would overwrite the measurements " + cl.input);
}

// The calibration, with its progress on a terminal.
CalibrationResult calibrate(const CommandLine& cl, const Streams& s, const ServiceConfig& service,
                            const ServiceTimeTable& measured)
{
    CalibrationOptions options;
    options.utilisation = cl.fit.atUtilisation;
    if (cl.calls > 0)
        options.calls = cl.calls;
    const bool progress = s.errIsTerminal && !cl.quiet;
    const auto onRound = [&](int round, double worst) {
        if (progress)
            s.err << "\rhedgesim: calibrating, round " << round << ", largest residual "
                  << ServiceFitTable::latency(worst * 100.0) << " %" << std::flush;
        return true;
    };
    CalibrationResult result =
        calibrateService(service, quantilePointsOf(measured), options, onRound);
    if (progress)
        s.err << "\r\033[K" << std::flush;
    return result;
}

// The line under the table: what the service time is, and how well it fits.
std::string verdict(const ServiceConfig& service, const ServiceDistribution& d,
                    const std::optional<CalibrationResult>& calibrated)
{
    if (!calibrated)
        return "The service time is the measured latency itself (no --at-utilisation: "
               "latencies measured without queueing).\n";
    const Calibration& c = *d.calibration;
    // The verdict and its first words are the engine's, as the explorer shows them.
    const CalibrationVerdict v = calibrationVerdict(c);
    std::string words = describeCalibration(c);
    words[0] = char(std::toupper(static_cast<unsigned char>(words[0])));
    std::string where = "Simulated with " + std::to_string(service.workers) +
                        (service.workers == 1 ? " worker" : " workers");
    if (service.replicas > 1)
        where += " per replica";
    if (v.calibrated)
        return words + ": p50, p90, p99 and p99.9 within 2 % " +
               (c.rounds == 0   ? std::string("as measured (no round needed)")
                : c.rounds == 1 ? std::string("after 1 round")
                                : "after " + std::to_string(c.rounds) + " rounds") +
               ". " + where + ".\n";
    return words + ". " + where +
           "; the table is the round that came closest (round " + std::to_string(c.rounds) +
           "). The calibration found no service time that gives these response times here: "
           "check the utilisation and --workers; at a high utilisation p99 and p99.9 vary "
           "from run to run, and more --calls steadies them.\n";
}

} // namespace

int runServiceFit(const CommandLine& cl, const Streams& s)
{
    checkOutputPath(cl);
    std::vector<std::string> notes;
    ServiceDistribution distribution = cl.fit.hasPercentiles()
                                           ? percentilesDistribution(cl.fit, notes)
                                           : fileDistribution(cl, notes);
    ServiceConfig service;
    if (cl.fit.workers > 0)
        service.workers = cl.fit.workers;
    const ServiceTimeTable measured = distribution.table;

    std::optional<CalibrationResult> calibrated;
    std::vector<PercentilePoint> response;
    if (cl.fit.atUtilisation > 0) {
        calibrated = calibrate(cl, s, service, measured);
        distribution.table = calibrated->table;
        distribution.calibration = calibrated->calibration;
    }
    service.distribution = SharedDistribution(distribution);
    if (calibrated)
        response = simulatedResponsePercentiles(
            service, cl.fit.atUtilisation,
            std::vector<double>(kFitFractions.begin(), kFitFractions.end()),
            cl.calls > 0 ? cl.calls : CalibrationOptions{}.calls, CalibrationOptions{}.seed);

    if (!cl.quiet) {
        std::vector<ServiceFitRow> rows;
        for (std::size_t i = 0; i < kFitFractions.size(); ++i) {
            ServiceFitRow row{kFitLabels[i], measured.quantile(kFitFractions[i]),
                              distribution.table.quantile(kFitFractions[i]), std::nullopt};
            if (calibrated)
                row.simulatedMs = response[i].ms;
            rows.push_back(std::move(row));
        }
        s.out << ServiceFitTable(std::move(rows),
                                 calibrated ? std::optional(cl.fit.atUtilisation) : std::nullopt)
                     .format()
              << verdict(service, distribution, calibrated);
        // Beyond the four percentiles, never hidden: a bimodal service can match them and not
        // its gap between the modes.
        if (calibrated)
            s.out << "Shape: " << describeShape(calibrated->largestGap, calibrated->converged)
                  << ".\n";
        for (const std::string& note : notes)
            s.out << "note: " << note << "\n";
        s.out << std::flush;
    }
    if (cl.jsonOutput.empty())
        return kExitOk;
    Scenario check;
    check.service = service;
    validateScenario(check); // a service the scenario reader refuses is not written
    return writeOutputFile(cl.jsonOutput, writeServiceJson(service), s.err) ? kExitOk
                                                                            : kExitInternal;
}

} // namespace hedge::cli
