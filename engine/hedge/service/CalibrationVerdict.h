// Whether a calibration reached its targets, decided once from what a scenario keeps of it
// (Calibration: the targets and the percentiles its table's own run gave), and its one wording:
// the From Measurements dialog, the service editor's source line, `hedgesim service fit` and
// the report all say "calibrated at 60 % load" or "not calibrated at 60 % load: p90 is 5.3 %
// off, above the 2 % tolerance" from here (docs/service-data.md, "Measured under load: calibration").
#pragma once

#include <hedge/service/ServiceDistribution.h>

#include <string>

namespace hedge {

// calibrateService's default tolerance: every target's |residual| at most this.
inline constexpr double kCalibrationTolerance = 0.02;

struct CalibrationVerdict {
    bool calibrated = false; // every residual within the tolerance
    double worstResidual = 0.0; // the largest |simulated / measured − 1|
    double worstP = 0.0;        // the target it is at
};

CalibrationVerdict calibrationVerdict(const Calibration& calibration,
                                      double tolerance = kCalibrationTolerance);

// "calibrated at 60 % load" or "not calibrated at 60 % load: p90 is 5.3 % off, above the 2 %
// tolerance" (lower case: callers start a sentence with it or put it after a comma).
std::string describeCalibration(const Calibration& calibration,
                                double tolerance = kCalibrationTolerance);

// 0.9 → "p90", 0.999 → "p99.9", 1 → "max".
std::string percentileName(double p);

} // namespace hedge
