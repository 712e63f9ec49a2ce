// service.distribution in a scenario file (docs/scenario.md): where a service's time comes
// from when it is not the log-normal model, and the table itself, so that a scenario runs
// without the measurements it was made from. Internal to hedge/io.
#pragma once

#include <hedge/io/JsonDetail.h>
#include <hedge/service/ServiceDistribution.h>

namespace hedge::io_detail {

// "lognormal_hiccups" (or an object of that kind): an empty SharedDistribution. Throws
// ScenarioError naming the field and what it allows.
SharedDistribution readDistribution(const Json& value, const std::string& path);

OrderedJson distributionToJson(const ServiceDistribution& distribution);

} // namespace hedge::io_detail
