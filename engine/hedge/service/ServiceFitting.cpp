#include <hedge/service/ServiceFitting.h>

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
        // What the table assumed beyond the dashboard's points.
        fit.notes.push_back("the fastest taken as half the p50: " +
                            fitting_ms(d.table.quantile(0.0)));
        if (!request.maxMs)
            fit.notes.push_back("no max given: the slowest taken as " +
                                fitting_ms(d.table.quantile(1.0)) +
                                ", the last step's ratio once more");
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
    fit.converged = result.converged;
    double largest = 0.0;
    for (std::size_t i = 0; i < result.calibration.simulated.size() &&
                            i < result.calibration.measured.size();
         ++i) {
        const double measured = result.calibration.measured[i].ms;
        if (measured > 0.0)
            largest = std::max(largest,
                               std::abs(result.calibration.simulated[i].ms - measured) / measured);
    }
    const int rounds = result.calibration.rounds;
    std::string note = "calibrated at " + fitting_percent(options.utilisation);
    // Round 0 is the measurements themselves taken as service times.
    if (rounds == 0)
        note += ": the measured latencies as service times fit best";
    else
        note += " in " + std::to_string(rounds) + (rounds == 1 ? " round" : " rounds");
    note += ", largest residual " + fitting_percent(largest);
    if (!result.converged) {
        note += ", above the tolerance of ";
        note += fitting_percent(options.tolerance);
    }
    fit.notes.push_back(note);
    fit.notes.push_back(describeShape(result.largestGap, result.converged));
    fit.simulatedResponse = result.simulatedResponse;
    return fit;
}

} // namespace hedge
