// The presets of what every production call also has (docs/model.md, "A fleet of clients"): the
// policy state each client keeps to itself. Presets.cpp lists them after its own.
#pragma once

#include <hedge/io/Presets.h>

#include <vector>

namespace hedge {

void addProductionPresets(std::vector<Preset>& list);

} // namespace hedge
