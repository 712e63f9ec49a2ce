#include <hedge/policy/HedgePolicy.h>

namespace hedge {

HedgePolicy::HedgePolicy(const HedgePolicyConfig& config, OnHedge onHedge)
    : m_config(config), m_onHedge(std::move(onHedge))
{
}

CallStep HedgePolicy::end(CallState& call, CallEnd how, int errorAttempt) const
{
    CallStep step{.end = how, .cancel = call.inFlight, .errorAttempt = errorAttempt};
    call.end = how;
    call.inFlight = 0;
    call.hedgeDueAt = kNever;
    return step;
}

CallStep HedgePolicy::abandon(CallState& call) const
{
    if (call.end != CallEnd::Running)
        return {};
    return end(call, CallEnd::Abandoned, -1);
}

} // namespace hedge
