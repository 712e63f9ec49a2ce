// A scenario setup's policies as the pipeline takes them: the hedge knobs, the budget (none
// for 0 %), the adaptive limit. Real-clock drivers (hedgesim load) build their HedgedCaller
// from it, so that they run the same pipeline as the simulation of the same setup.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/policy/HedgePipeline.h>

namespace hedge {

HedgePipelineConfig pipelineConfigFor(const Setup& setup);

} // namespace hedge
