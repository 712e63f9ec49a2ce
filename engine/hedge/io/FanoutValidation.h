// Internal to hedge/io: the rules of a service that fans out (docs/fanout.md, "Limits") between
// its knobs, the replicas and the calls, once each "fanout." knob is within its row's range.
#pragma once

#include <hedge/Scenario.h>

#include <cstdint>

namespace hedge::io_detail {

// wait_for ≤ parts, parts × copies ≤ 255 replicas, replicas = parts × copies; throws
// ScenarioError naming the field. A service without a fan-out passes.
void validateFanout(const ServiceConfig& service);

// calls × parts below 2^32 − 1 (a part's index is 32 bits). Only a service that fans out.
void validateFanoutCalls(const ServiceConfig& service, std::int64_t calls);

} // namespace hedge::io_detail
