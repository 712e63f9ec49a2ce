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

TowerHedge::TowerHedge(const TowerSettings& settings, std::uint64_t seed)
    : m_settings(settings),
      m_latencies(settings.latencyPercentile, settings.periodSeconds * 1000.0),
      m_budget(budgetFor(settings, 0.0)), m_random(seed)
{}

RetryBackoff TowerHedge::retryBackoff(const TowerRetry& retry)
{
    // base = min × 2^iterations up to max, plus a uniform share of it up to `jitter`, the sum
    // at most max.
    return RetryBackoff{.growth = RetryGrowth::Exponential,
                        .baseMs = retry.minBackoffMs,
                        .multiplier = 2.0,
                        .maxMs = retry.maxBackoffMs,
                        .jitter = RetryJitter::Proportional,
                        .jitterRatio = retry.jitter};
}

void TowerHedge::armHedge(CallState& call, double now, CallStep& step)
{
    call.familyDelayMs = kNever;
    if (m_latencies.count(now) < m_settings.minDataPoints)
        return; // too little of the previous period to go by: this try never hedges
    call.familyDelayMs = m_latencies.percentile(now);
    call.hedgeDueAt = now + call.familyDelayMs;
    step.hedgeAt = call.hedgeDueAt;
}

CallStep TowerHedge::start(CallState& call, double now, const AttemptGate& gate)
{
    if (m_budget)
        m_budget->deposit(now);
    CallStep step = family_detail::launchFirst(call, now, gate);
    if (step.end == CallEnd::Rejected)
        return step;
    armHedge(call, now, step);
    return step;
}

CallStep TowerHedge::hedgeDue(CallState& call, double now, const AttemptGate& gate)
{
    if (!family_detail::timerDue(call, now))
        return {};
    call.hedgeDueAt = kNever;
    if (call.familyFlags & kRetryPendingFlag) {
        call.familyFlags &= static_cast<std::uint8_t>(~kRetryPendingFlag);
        const int attempt = launchNext(call, now, gate);
        if (attempt < 0)
            return endCall(call, CallEnd::Failed, call.lastErrorAttempt);
        ++call.retries;
        CallStep step{.launch = attempt};
        armHedge(call, now, step);
        return step;
    }
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
    if (!call.isInFlight(attempt))
        return {}; // dropped when a retry took over: its result is not seen
    call.inFlight &= static_cast<std::uint16_t>(~(1u << attempt));
    if (outcome == AttemptOutcome::Success) {
        m_latencies.record(now - call.launchedAt[attempt], now);
        return endCall(call, CallEnd::Succeeded, -1);
    }
    // The first result wins even when it is an error: the other attempt is dropped.
    call.lastErrorAttempt = static_cast<std::int8_t>(attempt);
    return retryOrFail(call, attempt, now, outcome);
}

// Retry's Policy::retry: the service's error is retried while retries remain and the budget
// (when the setup has one) gives a withdrawal; the try's other attempt is dropped.
CallStep TowerHedge::retryOrFail(CallState& call, int attempt, double now, AttemptOutcome outcome)
{
    const bool wanted = m_settings.retry && outcome == AttemptOutcome::HandledError &&
                        call.retries < m_settings.retry->maxRetries && call.launched < kMaxAttempts;
    if (!wanted)
        return endCall(call, CallEnd::Failed, attempt);
    if (m_budget && !m_budget->withdraw(now)) {
        ++m_retriesRefused;
        return endCall(call, CallEnd::Failed, attempt);
    }
    call.inFlight = 0; // the other attempt, if any, is dropped and left to finish
    call.familyFlags |= kRetryPendingFlag;
    call.hedgeDueAt =
        now + retryBackoff(*m_settings.retry).draw(call.retries + 1, call.retryJitter, m_random);
    return CallStep{.hedgeAt = call.hedgeDueAt};
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
