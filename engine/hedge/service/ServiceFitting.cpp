#include <hedge/service/ServiceFitting.h>

#include <hedge/service/CalibrationVerdict.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hedge {

namespace {

std::string fitting_percent(double fraction)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f %%", fraction * 100.0);
    return text;
}

std::string fitting_ms(double ms)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.3g ms", ms);
    return text;
}

} // namespace

std::vector<std::string> percentileNotes(const ServiceDistribution& d)
{
    std::vector<std::string> notes;
    const auto given = [&](double p) {
        for (const PercentilePoint& point : d.percentiles)
            if (std::abs(point.p - p) < 1e-12)
                return true;
        return false;
    };
    // The fit table's rows the dashboard did not give: read off the table between its points.
    for (const auto& [p, label] : {std::pair{0.9, "p90"}, std::pair{0.999, "p99.9"}})
        if (!given(p))
            notes.push_back(std::string(label) + " not given: the table's value between its "
                                                 "neighbours (log-linear), " +
                            fitting_ms(d.table.quantile(p)));
    if (!d.minMs)
        notes.push_back("the fastest taken as half the p50: " + fitting_ms(d.table.quantile(0.0)));
    if (!d.maxMs)
        notes.push_back("no max given: the slowest taken as " + fitting_ms(d.table.quantile(1.0)) +
                        ", the last step's ratio once more");
    return notes;
}

ServiceFit fitService(const ServiceFitRequest& request,
                      const std::function<bool(int, double)>& onRound)
{
    ServiceFit fit;
    ServiceDistribution& d = fit.distribution;
    if (request.file) {
        d = importMeasurements(*request.file, &fit.notes);
        fit.measured = quantilePointsOf(d.table);
        for (double p : {0.5, 0.9, 0.99, 0.999, 1.0})
            fit.measuredPoints.push_back({p, fit.measured.at(p)});
    } else {
        d.kind = DistributionKind::Percentiles;
        d.percentiles = request.percentiles;
        d.maxMs = request.maxMs;
        d.table = percentileTable(request.percentiles, std::nullopt, request.maxMs);
        fit.measured = quantilePointsOf(d.table);
        fit.measuredPoints = request.percentiles;
        if (request.maxMs)
            fit.measuredPoints.push_back({1.0, *request.maxMs});
        fit.notes = percentileNotes(d);
    }
    if (!request.utilisation)
        return fit;

    CalibrationOptions options;
    options.utilisation = *request.utilisation;
    // A dashboard's own points are the targets; a file's, the fit table's percentiles.
    if (!request.file) {
        options.targets.clear();
        for (const PercentilePoint& p : request.percentiles)
            options.targets.push_back(p.p);
    }
    ServiceConfig service = request.service;
    service.distribution = d;
    const CalibrationResult result = calibrateService(service, fit.measured, options, onRound);
    d.table = result.table;
    d.calibration = result.calibration;
    // The verdict and its words are CalibrationVerdict's, as everywhere the fit is shown.
    const CalibrationVerdict verdict = calibrationVerdict(result.calibration, options.tolerance);
    fit.converged = verdict.calibrated;
    const int rounds = result.calibration.rounds;
    std::string note = describeCalibration(result.calibration, options.tolerance);
    // Round 0 is the measurements themselves taken as service times.
    if (rounds == 0)
        note += " (the measured latencies as service times fit best";
    else
        note += " (" + std::to_string(rounds) + (rounds == 1 ? " round" : " rounds");
    note += ", largest residual " + fitting_percent(verdict.worstResidual) +
            ", simulated with the scenario's " + std::to_string(request.service.workers) +
            (request.service.workers == 1 ? " worker" : " workers");
    if (request.service.replicas > 1)
        note += " on each of " + std::to_string(request.service.replicas) + " replicas";
    note += ")";
    fit.notes.push_back(note);
    fit.notes.push_back(describeShape(result.largestGap, result.converged));
    fit.simulatedResponse = result.simulatedResponse;
    return fit;
}

ServiceFit fitOfDistribution(const ServiceDistribution& d)
{
    ServiceFit fit;
    fit.distribution = d;
    fit.notes.push_back("the fit as the scenario keeps it (its table; the measurements are not "
                        "read again): change a field to fit again");
    if (d.kind == DistributionKind::Percentiles) {
        fit.measuredPoints = d.percentiles;
        if (d.maxMs)
            fit.measuredPoints.push_back({1.0, *d.maxMs});
    } else if (d.calibration) {
        // The response times measured are kept as the calibration's targets only.
        fit.measuredPoints = d.calibration->measured;
    } else {
        // Not calibrated: the table is the measurements' quantile function.
        fit.measured = quantilePointsOf(d.table);
        for (double p : {0.5, 0.9, 0.99, 0.999, 1.0})
            fit.measuredPoints.push_back({p, fit.measured.at(p)});
    }
    if (d.calibration) {
        const CalibrationVerdict verdict = calibrationVerdict(*d.calibration);
        fit.converged = verdict.calibrated;
        fit.notes.push_back(describeCalibration(*d.calibration) + " (" +
                            std::to_string(d.calibration->rounds) +
                            (d.calibration->rounds == 1 ? " round" : " rounds") +
                            ", largest residual " + fitting_percent(verdict.worstResidual) + ")");
    }
    return fit;
}

} // namespace hedge
