// The presets of docs/fanout.md: calls that fan out. Presets.cpp lists them after its own.
#pragma once

#include <hedge/io/Presets.h>

#include <vector>

namespace hedge {

void addFanoutPresets(std::vector<Preset>& list);

// The tail-at-scale preset's service with `parts` partitions of one copy (its own has 100):
// what its explanation compares at one, ten and a hundred parts.
ServiceConfig tailAtScaleService(int parts);

} // namespace hedge
