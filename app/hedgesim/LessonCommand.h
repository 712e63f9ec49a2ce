// `hedgesim lesson check LESSON.json... [--threads N]` (docs/lessons.md, "Checking a lesson"):
// every step of each lesson run headless, its callout printed with the run's figures and each
// condition's outcome.
#pragma once

#include "Hedgesim.h"

namespace hedge::cli {

// Reads every file first (a bad one: InvalidInput "FILE:LINE: FIELD: problem", nothing run), then runs
// them. kExitOk when every condition holds, kExitInternal (1) when one does not.
int runLessonCheck(const CommandLine& cl, const Streams& s);

} // namespace hedge::cli
