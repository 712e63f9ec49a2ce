// Quantiles of one attempt's service time (docs/model.md, "The service"): a mixture of a log-normal
// body and a uniform hiccup, or the table of a service from measurements. The explorer shows them
// so that a user can pick a hedge delay "a little above p95" knowingly.
#pragma once

#include <hedge/Scenario.h>

namespace hedge {

struct ServiceTimeQuantiles {
    double p50Ms = 0.0;
    double p95Ms = 0.0;
    double p99Ms = 0.0;
};

// P(S <= x) of the mixture; 0 for x < 0.
double serviceTimeCdf(const ServiceConfig& service, double xMs);

// The smallest x with P(S <= x) >= q, for q in (0, 1), found by bisection on the CDF (the
// mixture has no closed-form inverse). Accurate to about 1e-9 relative.
double serviceTimeQuantile(const ServiceConfig& service, double q);

ServiceTimeQuantiles serviceTimeQuantiles(const ServiceConfig& service);

} // namespace hedge
