// Admits an attempt while fewer than floor(limit) are in flight (upstream's SimpleLimiter
// over AbstractLimiter), and feeds each success back to the Gradient2 limit.
#pragma once

#include <hedge/policy/Gradient2Limit.h>

#include <optional>

namespace hedge {

class AdaptiveLimiter {
public:
    // What an admitted attempt holds until it ends: the in-flight count right after it was
    // admitted, itself included (the "inflight" of its sample).
    struct Permit {
        int inflightAtAdmission = 0;
    };

    explicit AdaptiveLimiter(const Gradient2Config& config = {}) : m_limit(config) {}

    std::optional<Permit> tryAcquire()
    {
        if (m_inflight >= m_limit.limit())
            return std::nullopt;
        return Permit{++m_inflight};
    }

    // A response: release the place and teach the limit (upstream's onSuccess).
    void onSuccess(const Permit& permit, double rttMs)
    {
        --m_inflight;
        m_limit.addSample(rttMs, permit.inflightAtAdmission);
    }

    // An error or a cancellation: release the place, learn nothing (upstream's onIgnore).
    void onIgnore(const Permit&) { --m_inflight; }

    int inflight() const { return m_inflight; }
    int limit() const { return m_limit.limit(); }
    const Gradient2Limit& algorithm() const { return m_limit; }

private:
    Gradient2Limit m_limit;
    int m_inflight = 0;
};

} // namespace hedge
