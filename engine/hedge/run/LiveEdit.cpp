#include <hedge/KnobDiff.h>
#include <hedge/run/LiveEdit.h>

#include <utility>

namespace hedge {

LiveEdit liveEditOf(const Scenario& current, const Scenario& started, const Scenario& next)
{
    LiveEdit edit;
    bool sameWorlds = next.setups.size() == current.setups.size() && next.seed == current.seed;
    for (std::size_t i = 0; sameWorlds && i < next.setups.size(); ++i)
        sameWorlds = next.setups[i].cancellation == current.setups[i].cancellation;
    if (!sameWorlds) {
        edit.kind = LiveEdit::Kind::NewWorlds;
        return edit;
    }
    edit.candidate = current;
    for (std::size_t i = 0; i < next.setups.size(); ++i) {
        std::vector<KnobSetting> set = setupKnobChanges(current.setups[i], next.setups[i]);
        if (set.empty())
            continue;
        for (const KnobSetting& k : set)
            applyKnob(edit.candidate.setups[i], edit.candidate.service, k);
        edit.changes.push_back({0.0, started.setups[i].name, std::move(set)});
    }
    std::vector<KnobSetting> service = serviceKnobChanges(current.service, next.service);
    if (!service.empty()) {
        Setup unused;
        for (const KnobSetting& k : service)
            applyKnob(unused, edit.candidate.service, k);
        edit.changes.push_back({0.0, std::string(), std::move(service)});
    }
    bool reachable = edit.candidate.service == next.service;
    for (std::size_t i = 0; reachable && i < next.setups.size(); ++i) {
        Setup a = edit.candidate.setups[i], b = next.setups[i];
        a.name = b.name;
        reachable = a == b;
    }
    if (!reachable)
        edit.kind = LiveEdit::Kind::Unreachable;
    return edit;
}

} // namespace hedge
