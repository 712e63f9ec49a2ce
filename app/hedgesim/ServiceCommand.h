// `hedgesim service fit FILE|--p50 X ... [--at-utilisation U] [-o SERVICE.json]`: a service's
// time from measured latencies or a dashboard's percentiles, calibrated for the queueing the
// measurements included when they were taken under load; the fit as a table, the service as
// the scenario's "service" object.
#pragma once

#include "Hedgesim.h"

namespace hedge::cli {

// Throws InvalidInput for bad input ("FILE:LINE: problem" for a bad file); writes nothing then.
int runServiceFit(const CommandLine& cl, const Streams& s);

} // namespace hedge::cli
