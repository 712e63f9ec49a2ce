#include <hedge/policy/FinagleBackup.h>

#include <algorithm>
#include <cmath>

namespace hedge {

using family_detail::endCall;
using family_detail::launchNext;

namespace {
constexpr int kOriginal = 0;
constexpr int kBackup = 1;
} // namespace

FinagleBudget FinagleBackup::filterBudgetFor(const FinagleSettings& settings, double now)
{
    // max_extra_load 0: Finagle's empty budget, which never allows a backup.
    if (settings.maxExtraLoad <= 0.0)
        return FinagleBudget(0.0, 0.0, kFilterTtlSeconds, now);
    return FinagleBudget(settings.maxExtraLoad, kFilterMinPerSecond, kFilterTtlSeconds, now);
}

FinagleBudget FinagleBackup::clientBudgetFor(const FinagleRetryBudget& budget, double now)
{
    return FinagleBudget(budget.percentCanRetry, budget.minRetriesPerSec, budget.ttlSeconds, now);
}

FinagleBackup::FinagleBackup(const FinagleSettings& settings, std::uint64_t seed)
    : m_settings(settings), m_latencies(1.0 - settings.maxExtraLoad),
      m_filterBudget(filterBudgetFor(settings, 0.0)),
      m_clientBudget(clientBudgetFor(settings.clientBudget, 0.0)), m_random(seed)
{}

double FinagleBackup::delayFrom(std::optional<int> percentile) const
{
    if (!percentile)
        return kNever; // the first 3 s: no percentile read yet
    const double delay = std::max(m_settings.minSendBackupAfterMs, double(*percentile));
    // At the histogram's ceiling the percentile says nothing: no backups.
    return delay >= WindowedLatencyPercentile::kMaxValueMs ? kNever : delay;
}

double FinagleBackup::delayAt(double now) const
{
    return delayFrom(m_latencies.peek(now));
}

CallStep FinagleBackup::start(CallState& call, double now, const AttemptGate& gate)
{
    m_filterBudget.deposit(now);
    m_clientBudget.deposit(now);
    CallStep step = family_detail::launchFirst(call, now, gate); // the original: attempt 0
    if (step.end == CallEnd::Rejected)
        return step;
    const double delay = delayFrom(m_latencies.read(now));
    call.familyDelayMs = delay;
    if (delay != kNever) {
        call.hedgeDueAt = now + delay;
        step.hedgeAt = call.hedgeDueAt;
    }
    return step;
}

CallStep FinagleBackup::hedgeDue(CallState& call, double now, const AttemptGate& gate)
{
    if (!family_detail::timerDue(call, now))
        return {};
    call.hedgeDueAt = kNever;
    if (call.familyFlags & kRetryPendingFlag) {
        // The retry's backoff is over: it goes out alone, no backup armed for it.
        call.familyFlags &= static_cast<std::uint8_t>(~kRetryPendingFlag);
        const int attempt = launchNext(call, now, gate);
        if (attempt < 0)
            return endCall(call, CallEnd::Failed, call.lastErrorAttempt);
        ++call.retries;
        return CallStep{.launch = attempt};
    }
    // The filter's budget first; what it gave is not returned if the client's refuses.
    if (!m_filterBudget.tryWithdraw(now) || !m_clientBudget.tryWithdraw(now)) {
        family_detail::noteRefused(call, m_refused);
        return {};
    }
    const int attempt = launchNext(call, now, gate);
    if (attempt < 0)
        return {}; // the limiter refused it: the original runs on alone
    return CallStep{.launch = attempt};
}

void FinagleBackup::record(const CallState& call, int attempt, double now)
{
    const double ms = std::floor(now - call.launchedAt[attempt]);
    m_latencies.record(
        static_cast<int>(std::min(ms, double(WindowedLatencyPercentile::kMaxValueMs))), now);
}

CallStep FinagleBackup::attemptDone(CallState& call, int attempt, double now,
                                    AttemptOutcome outcome, const AttemptGate&)
{
    call.inFlight &= static_cast<std::uint16_t>(~(1u << attempt));
    if (outcome == AttemptOutcome::Success) {
        record(call, attempt, now);
        // The other attempt is superseded: interrupted now, its latency so far is recorded;
        // left running, its end is never seen here.
        const int other = attempt == kOriginal ? kBackup : kOriginal;
        if (m_settings.sendInterrupts && call.isInFlight(other))
            record(call, other, now);
        return endCall(call, CallEnd::Succeeded, -1);
    }
    call.lastErrorAttempt = static_cast<std::int8_t>(attempt);
    // A service error while the other attempt still runs hands the call over to it.
    if (outcome == AttemptOutcome::HandledError && call.inFlight != 0) {
        call.hedgeDueAt = kNever; // one backup at most, and it is the one still running
        return {};
    }
    if (outcome == AttemptOutcome::HandledError && m_settings.retryPolicy)
        return retryOrFail(call, attempt, now);
    return endCall(call, CallEnd::Failed, attempt);
}

// RetryFilter: a retryable failure is retried while the policy has a backoff left (num_tries − 1
// of them) and the client's RetryBudget gives a withdrawal (the calls' deposits are made at
// their start).
CallStep FinagleBackup::retryOrFail(CallState& call, int attempt, double now)
{
    const bool triesLeft = call.retries < m_settings.retryPolicy->numTries - 1 &&
                           call.launched < kMaxAttempts;
    if (!triesLeft)
        return endCall(call, CallEnd::Failed, attempt);
    if (!m_clientBudget.tryWithdraw(now)) {
        ++m_retriesRefused;
        return endCall(call, CallEnd::Failed, attempt);
    }
    call.familyFlags |= kRetryPendingFlag;
    call.hedgeDueAt = now + kRetryBackoff.draw(call.retries + 1, call.retryJitter, m_random);
    return CallStep{.hedgeAt = call.hedgeDueAt};
}

CallStep FinagleBackup::abandon(CallState& call)
{
    if (call.end != CallEnd::Running)
        return {};
    return endCall(call, CallEnd::Abandoned, -1);
}

void FinagleBackup::reconfigure(const FinagleSettings& settings, double now)
{
    if (settings.maxExtraLoad != m_settings.maxExtraLoad) {
        m_latencies.setQuantile(1.0 - settings.maxExtraLoad, now);
        m_filterBudget = filterBudgetFor(settings, now);
    }
    if (settings.clientBudget != m_settings.clientBudget)
        m_clientBudget = clientBudgetFor(settings.clientBudget, now);
    m_settings = settings;
}

FamilyGauges FinagleBackup::gauges(double now) const
{
    FamilyGauges g;
    // The backups both budgets would allow now.
    g.tokens = double(std::min(m_filterBudget.balance(now), m_clientBudget.balance(now)));
    const std::optional<int> percentile = m_latencies.peek(now);
    if (percentile)
        g.delayMs = std::max(m_settings.minSendBackupAfterMs, double(*percentile));
    return g;
}

} // namespace hedge
