// How the explorer names setups as they change: names stay unique in a scenario, and a name
// made from the policy (Setup::nameFollowsPolicy) is made again from the new policy. The one
// place an edit makes a setup's name from its policy.
#pragma once

#include <hedge/Scenario.h>

#include <string>
#include <vector>

namespace hedge {

// `base`, or "base 2", "base 3"…: a name no setup other than the one at `exceptRow` has.
std::string uniqueSetupName(const std::string& base, const std::vector<Setup>& setups,
                            int exceptRow = -1);

// `knobs` in place of setups[row], named: a name generated from the policy follows the new
// policy (kept unique); the user's own name is kept. The name of `knobs` is not taken.
Setup withEditedKnobs(const std::vector<Setup>& setups, int row, Setup knobs);

// A copy of setups[row] for the row after it: a setup named by its policy is named by its
// policy again (and so goes on following it), any other gets " (copy)".
Setup copyOfSetup(const std::vector<Setup>& setups, int row);

} // namespace hedge
