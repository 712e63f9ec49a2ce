// The knob rows of the policy families (docs/policies.md), one list per family, in the order
// the docs list the families: KnobRegistry adds them after the hedge's and the limit's rows.
// Kept apart from KnobRegistry.cpp only for length: a family's knob is still one row.
#pragma once

#include <hedge/Knob.h>

#include <vector>

namespace hedge {

// Every family's rows: "grpc.max_attempts", "grpc.throttling", "grpc.throttling.max_tokens",
// "envoy.per_try_timeout_ms", ...
std::vector<Knob> familyKnobs();

} // namespace hedge
