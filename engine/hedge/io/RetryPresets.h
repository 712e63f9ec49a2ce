// The presets of retries and deadlines (docs/model.md, "Deadlines"; docs/timeline.md,
// "Outages"): hedge or retry, the retry storm an outage starts, and the work a server does for
// callers who have left. Presets.cpp lists them after the production presets.
#pragma once

#include <hedge/io/Presets.h>

#include <vector>

namespace hedge {

void addRetryPresets(std::vector<Preset>& list);

} // namespace hedge
