#include <hedge/policy/EnvoyRetrySlots.h>

#include <algorithm>
#include <cmath>

namespace hedge {

EnvoyRetrySlots::EnvoyRetrySlots(const EnvoySettings& settings)
    : m_budget(settings.retryBudget), m_maxRetries(settings.maxRetries)
{}

void EnvoyRetrySlots::reconfigure(const EnvoySettings& settings)
{
    m_budget = settings.retryBudget;
    m_maxRetries = settings.maxRetries;
}

void EnvoyRetrySlots::attemptsEnded(int count)
{
    // Never below zero: attempts a replaced pipeline sent end here too (a change of family).
    m_attemptsInFlight = std::max(0, m_attemptsInFlight - count);
}

int EnvoyRetrySlots::limit() const
{
    if (!m_budget)
        return m_maxRetries;
    // Envoy truncates the percentage of the active requests, then applies the floor.
    const double share = m_budget->budgetPercent / 100.0 * double(m_attemptsInFlight);
    return std::max(static_cast<int>(std::floor(share)), m_budget->minRetryConcurrency);
}

bool EnvoyRetrySlots::tryAcquire()
{
    if (m_slotsInUse >= limit())
        return false;
    ++m_slotsInUse;
    return true;
}

void EnvoyRetrySlots::release()
{
    m_slotsInUse = std::max(0, m_slotsInUse - 1);
}

} // namespace hedge
