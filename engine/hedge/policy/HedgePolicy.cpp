#include <hedge/policy/HedgePolicy.h>

namespace hedge {

HedgePolicy::HedgePolicy(const HedgePolicyConfig& config, OnHedge onHedge)
    : m_config(config), m_onHedge(std::move(onHedge))
{
}

CallStep HedgePolicy::abandon(CallState& call) const
{
    if (call.end != CallEnd::Running)
        return {};
    return end(call, CallEnd::Abandoned, -1);
}

} // namespace hedge
