#include "SetupNames.h"

namespace hedge {

std::string uniqueSetupName(const std::string& base, const std::vector<Setup>& setups,
                            int exceptRow)
{
    const auto taken = [&](const std::string& name) {
        for (int i = 0; i < static_cast<int>(setups.size()); ++i)
            if (i != exceptRow && setups[static_cast<std::size_t>(i)].name == name)
                return true;
        return false;
    };
    if (!taken(base))
        return base;
    for (int n = 2;; ++n) {
        std::string candidate = base + ' ' + std::to_string(n);
        if (!taken(candidate))
            return candidate;
    }
}

Setup withEditedKnobs(const std::vector<Setup>& setups, int row, Setup knobs)
{
    const Setup& before = setups.at(static_cast<std::size_t>(row));
    knobs.name = before.nameFollowsPolicy()
                     ? uniqueSetupName(knobs.generatedName(), setups, row)
                     : before.name;
    return knobs;
}

Setup copyOfSetup(const std::vector<Setup>& setups, int row)
{
    Setup copy = setups.at(static_cast<std::size_t>(row));
    copy.name = uniqueSetupName(copy.nameFollowsPolicy() ? copy.generatedName()
                                                         : copy.name + " (copy)",
                                setups);
    return copy;
}

} // namespace hedge
