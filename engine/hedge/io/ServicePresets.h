// The presets of docs/service-data.md: services whose times come from measurements. Presets.cpp
// lists them after its own.
#pragma once

#include <hedge/io/Presets.h>

#include <vector>

namespace hedge {

void addServicePresets(std::vector<Preset>& list);

} // namespace hedge
