#include <hedge/policy/TowerHedge.h>

namespace hedge {

using family_detail::endCall;
using family_detail::launchNext;

std::optional<TpsBudget> TowerHedge::budgetFor(const TowerSettings& settings, double now)
{
    if (!settings.budget)
        return std::nullopt;
    const TowerBudget& b = *settings.budget;
    return TpsBudget(b.ttlSeconds, b.minPerSec, b.retryPercent, now);
}

TowerHedge::TowerHedge(const TowerSettings& settings)
    : m_settings(settings),
      m_latencies(settings.latencyPercentile, settings.periodSeconds * 1000.0),
      m_budget(budgetFor(settings, 0.0))
{}

CallStep TowerHedge::start(CallState& call, double now, const AttemptGate& gate)
{
    if (m_budget)
        m_budget->deposit(now);
    CallStep step = family_detail::launchFirst(call, now, gate);
    if (step.end == CallEnd::Rejected)
        return step;
    call.familyDelayMs = kNever;
    if (m_latencies.count(now) < m_settings.minDataPoints)
        return step; // too little of the previous period to go by: this call never hedges
    call.familyDelayMs = m_latencies.percentile(now);
    call.hedgeDueAt = now + call.familyDelayMs;
    step.hedgeAt = call.hedgeDueAt;
    return step;
}

CallStep TowerHedge::hedgeDue(CallState& call, double now, const AttemptGate& gate)
{
    if (!family_detail::timerDue(call, now))
        return {};
    call.hedgeDueAt = kNever;
    if (m_budget && !m_budget->withdraw(now)) {
        family_detail::noteRefused(call, m_refused); // the original runs on alone
        return {};
    }
    const int attempt = launchNext(call, now, gate);
    if (attempt < 0)
        return {};
    return CallStep{.launch = attempt};
}

CallStep TowerHedge::attemptDone(CallState& call, int attempt, double now, AttemptOutcome outcome,
                                 const AttemptGate&)
{
    call.inFlight &= static_cast<std::uint16_t>(~(1u << attempt));
    if (outcome == AttemptOutcome::Success) {
        m_latencies.record(now - call.launchedAt[attempt], now);
        return endCall(call, CallEnd::Succeeded, -1);
    }
    // The first result wins even when it is an error: the other attempt is dropped.
    call.lastErrorAttempt = static_cast<std::int8_t>(attempt);
    return endCall(call, CallEnd::Failed, attempt);
}

CallStep TowerHedge::abandon(CallState& call)
{
    if (call.end != CallEnd::Running)
        return {};
    return endCall(call, CallEnd::Abandoned, -1);
}

void TowerHedge::reconfigure(const TowerSettings& settings, double now)
{
    if (settings.periodSeconds != m_settings.periodSeconds)
        m_latencies =
            PeriodLatencyPercentile(settings.latencyPercentile, settings.periodSeconds * 1000.0);
    else
        m_latencies.setQuantile(settings.latencyPercentile);
    if (settings.budget != m_settings.budget)
        m_budget = budgetFor(settings, now);
    m_settings = settings;
}

FamilyGauges TowerHedge::gauges(double now) const
{
    FamilyGauges g;
    if (m_budget)
        g.tokens = m_budget->balance(now);
    if (m_latencies.count(now) >= m_settings.minDataPoints)
        g.delayMs = m_latencies.peek(now);
    return g;
}

} // namespace hedge
