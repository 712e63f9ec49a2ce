// `hedgesim lesson export LESSON.json --html OUT [--pdf OUT] [--student] [--threads N]`
// (docs/lessons.md, "Handouts"): every step of the lesson run headless, as `lesson check` runs
// them, and its handout written (widgets/LessonHandout.h) with the charts the explorer draws.
#pragma once

#include "Hedgesim.h"

namespace hedge::cli {

// A file that is not a valid lesson: InvalidInput "FILE: FIELD: problem", nothing run or
// written. kExitOk when every file is written, kExitInternal (1) when one cannot be.
int runLessonExport(const CommandLine& cl, const Streams& s);

} // namespace hedge::cli
