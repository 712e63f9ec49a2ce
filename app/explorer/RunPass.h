// The passes of a background run of the sweep or the map: a coarse pass first (a rough curve
// within moments), then the full one. Shared by SweepController and MapController.
#pragma once

#include <cstdint>

namespace hedge {

enum class RunPass { Idle, Coarse, Full };

// Calls per point of the coarse pass.
inline constexpr std::int64_t kCoarsePassCalls = 20000;
// The pause without edits before a run starts: under the 100 ms an edit may take to show its
// first curve (the preview frame does not wait for it); long enough not to start a run
// between two steps of a held arrow key.
inline constexpr int kRunDebounceMs = 80;

} // namespace hedge
