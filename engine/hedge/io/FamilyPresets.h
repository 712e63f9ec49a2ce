// The presets of docs/policies.md, "Presets": the stacks' hedging policies side by side, and the
// mechanisms that set them apart (a rate, a concurrency or a failure-ratio bound; a percentile
// delay). Presets.cpp lists them after its own.
#pragma once

#include <hedge/io/Presets.h>

#include <vector>

namespace hedge {

void addFamilyPresets(std::vector<Preset>& list);

} // namespace hedge
