#include <hedge/service/CalibrationVerdict.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hedge {

namespace {

// 0.6 → "60", 0.625 → "62.5": a load as the explorer's fields show it.
std::string loadPercentText(double fraction)
{
    char text[32];
    const double percent = fraction * 100.0;
    if (std::abs(percent - std::round(percent)) < 1e-9)
        std::snprintf(text, sizeof text, "%.0f", percent);
    else
        std::snprintf(text, sizeof text, "%.1f", percent);
    return text;
}

} // namespace

CalibrationVerdict calibrationVerdict(const Calibration& calibration, double tolerance)
{
    CalibrationVerdict v;
    const std::size_t n = std::min(calibration.measured.size(), calibration.simulated.size());
    for (std::size_t i = 0; i < n; ++i) {
        const double measured = calibration.measured[i].ms;
        if (!(measured > 0.0))
            continue;
        const double residual = std::abs(calibration.simulated[i].ms / measured - 1.0);
        if (residual >= v.worstResidual) {
            v.worstResidual = residual;
            v.worstP = calibration.measured[i].p;
        }
    }
    // The same comparison as calibrateService's `converged`, on the same figures (no target:
    // nothing missed, as there).
    v.calibrated = v.worstResidual <= tolerance;
    return v;
}

std::string describeCalibration(const Calibration& calibration, double tolerance)
{
    const CalibrationVerdict v = calibrationVerdict(calibration, tolerance);
    const std::string load = loadPercentText(calibration.utilisation) + " % load";
    if (v.calibrated)
        return "calibrated at " + load;
    char residual[32];
    std::snprintf(residual, sizeof residual, "%.1f", v.worstResidual * 100.0);
    return "not calibrated at " + load + ": " + percentileName(v.worstP) + " is " + residual +
           " % off, above the " + loadPercentText(tolerance) + " % tolerance";
}

std::string percentileName(double p)
{
    if (p >= 1.0)
        return "max";
    char text[32];
    std::snprintf(text, sizeof text, "p%.10g", std::round(p * 1e6) / 1e4);
    return text;
}

} // namespace hedge
