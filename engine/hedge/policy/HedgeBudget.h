// A retry budget in the style of Finagle's RetryBudget, used for hedges: every call deposits,
// every hedge withdraws, and both expire after a sliding window.
#pragma once

#include <array>
#include <cstdint>

namespace hedge {

struct HedgeBudgetConfig {
    double percent = 10.0;     // hedges allowed per 100 calls
    double minPerSecond = 1.0; // a reserve for low traffic
    double windowSeconds = 10.0;

    bool operator==(const HedgeBudgetConfig&) const = default;
};

class HedgeBudget {
public:
    explicit HedgeBudget(const HedgeBudgetConfig& config = {});

    // One call started at `nowMs`.
    void deposit(double nowMs);
    // Asks for one hedge at `nowMs`: true (and one withdrawal) while
    //   minPerSecond·window + percent/100·deposits − withdrawals ≥ 1
    // over the window ending now.
    bool tryWithdraw(double nowMs);
    // The same under other terms (percent and reserve; the window stays this budget's): a call
    // that started before a change of terms is judged by the terms it started under
    // (HedgePipeline::reconfigure).
    bool tryWithdraw(double nowMs, const HedgeBudgetConfig& terms);
    // The left side of that inequality, for display and tests.
    double balance(double nowMs);

    const HedgeBudgetConfig& config() const { return m_config; }

    // New percent and reserve from now on; the deposits and withdrawals of the window are
    // kept (a timeline's change of budget). A new window length cannot reuse slices of the
    // old one, so it starts an empty window.
    void reconfigure(const HedgeBudgetConfig& config);

private:
    // The window is kSlices slices; a slice expires whole, so an event counts for between
    // 9/10 and 10/10 of the window — the granularity Finagle's bucket has too.
    static constexpr int kSlices = 10;

    void advance(double nowMs);
    double balanceHundredths() const { return balanceHundredths(m_reserve, m_config.percent); }
    double balanceHundredths(double reserve, double percent) const;
    bool withdraw(double nowMs, double reserve, double percent);

    HedgeBudgetConfig m_config;
    double m_sliceMs;
    double m_reserve;
    std::int64_t m_slice = 0; // index of the newest slice
    std::array<std::int64_t, kSlices> m_deposits{};
    std::array<std::int64_t, kSlices> m_withdrawals{};
    std::int64_t m_depositTotal = 0;
    std::int64_t m_withdrawalTotal = 0;
};

} // namespace hedge
