// Internal to hedge/io: the knobs of a scenario file's objects as their rows (KnobRegistry)
// spell them, read and written in the registry's order.
#pragma once

#include "JsonDetail.h"

#include <hedge/Scenario.h>

#include <string_view>
#include <vector>

namespace hedge::io_detail {

// The file's keys of the knobs of `group` ("hedge.", "adaptive_limit.", "service.") whose
// `topology` is `topology`.
std::vector<const char*> knobKeys(std::string_view group, bool topology);

// Reads every knob of `group` that `r` has into `setup` / `service` (the others keep their
// values). Counts are read in their range, so that "workers": 1e12 says "out of range
// (allowed 1 … 10000)" rather than overflowing.
void readKnobs(const ObjectReader& r, std::string_view group, Setup& setup, ServiceConfig& service);

// Writes the knobs of `group` whose `topology` is `topology`, in the registry's order.
void writeKnobs(OrderedJson& o, std::string_view group, bool topology, const Setup& setup,
                const ServiceConfig& service);

// Whether a topology knob (written only with the replicas) is not at its default.
bool topologyKnobsSet(const ServiceConfig& service);

} // namespace hedge::io_detail
