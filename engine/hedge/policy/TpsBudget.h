// Tower's TpsBudget (docs/policies.md, "Tower"): calls deposit, hedges withdraw, and both
// expire after `ttl`. Kept as tower keeps it: for retry_percent ≤ 1 a deposit is 1 credit and
// a withdrawal ⌊1 / retry_percent⌋ (above 1: 1000 and ⌊1000 / retry_percent⌋); the reserve is
// min_per_sec × ⌊ttl in s⌋ withdrawals; the window is ten slots of ttl/10 plus the credits being
// written. When the first event after a slot's time arrives, the written credits go to the
// current slot, and every further slot passed over — one for each slot time beyond the first
// that went by — is emptied; the slot reached keeps its old credits until the next commit
// overwrites it. Slot times start at that event, not on a fixed grid.
#pragma once

#include <array>
#include <cstdint>

namespace hedge {

class TpsBudget {
public:
    TpsBudget(double ttlSeconds, double minPerSec, double retryPercent, double startMs = 0.0);

    void deposit(double nowMs);
    bool withdraw(double nowMs);
    // The credits held now (reserve included), in withdrawals.
    double balance(double nowMs) const;

    std::int64_t depositAmount() const { return m_deposit; }
    std::int64_t withdrawalAmount() const { return m_withdrawal; }
    std::int64_t reserve() const { return m_reserve; }

private:
    static constexpr int kSlots = 10;

    struct Bucket {
        std::array<std::int64_t, kSlots> credits{};
        std::int64_t writer = 0;
        int index = 0;        // the slot the writer is committed to
        double startMs = 0.0; // when the current generation began
        std::int64_t sum() const;
        void expire(double nowMs, double slotMs);
    };

    std::int64_t m_deposit;
    std::int64_t m_withdrawal;
    std::int64_t m_reserve;
    double m_slotMs;
    Bucket m_bucket;
};

} // namespace hedge
