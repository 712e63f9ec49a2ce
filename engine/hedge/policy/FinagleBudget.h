// Finagle's RetryBudget (docs/policies.md, "Finagle"), which both the backup filter's own budget
// and the client's budget are: every call deposits, every backup withdraws, and both expire
// after `ttl`. Kept as Finagle keeps it, in whole tokens: a deposit is 1000 tokens, a
// withdrawal ⌊1000 / percent⌋, the reserve min/s × ⌊ttl in s⌋ withdrawals; the window is nine
// slices of ttl/10 plus the slice being written, and a slice starts when the first event after
// the previous one's end arrives (not on a fixed grid), so an event counts for 9 to 10 slices.
#pragma once

#include <array>
#include <cstdint>

namespace hedge {

class FinagleBudget {
public:
    // percentCanRetry is a fraction (0.2 = one backup per five calls); both it and
    // minRetriesPerSec zero: the empty budget, which refuses every withdrawal.
    FinagleBudget(double percentCanRetry, double minRetriesPerSec, double ttlSeconds,
                  double startMs = 0.0);

    void deposit(double nowMs);
    // One backup: true (and the tokens taken) while the balance holds a whole withdrawal.
    bool tryWithdraw(double nowMs);
    // Withdrawals the budget would allow at `nowMs` (Finagle's `balance`).
    std::int64_t balance(double nowMs) const;

    std::int64_t depositAmount() const { return m_deposit; }
    std::int64_t withdrawalAmount() const { return m_withdrawal; }
    std::int64_t reserve() const { return m_reserve; }

private:
    static constexpr int kBuffered = 9; // the slices kept besides the one being written

    // The tokens of the last ttl: what the slices expire to at `nowMs`.
    struct Window {
        std::array<std::int64_t, kBuffered> slices{};
        std::int64_t writer = 0;
        int head = 0;             // the slice the writer goes to when its time is up
        std::int64_t startMs = 0; // when the writer's slice began
        std::int64_t sum() const;
        void expire(std::int64_t nowMs, std::int64_t sliceMs);
    };

    bool m_empty;
    std::int64_t m_deposit;
    std::int64_t m_withdrawal;
    std::int64_t m_reserve;
    std::int64_t m_sliceMs;
    Window m_window;
};

} // namespace hedge
