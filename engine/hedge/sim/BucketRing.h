// The last `capacity` buckets of one world, oldest first: what the live view keeps of a run,
// so that its memory stays the same whatever the duration.
#pragma once

#include <hedge/sim/TimelineResult.h>

#include <cstddef>
#include <optional>
#include <vector>

namespace hedge {

class BucketRing {
public:
    explicit BucketRing(std::size_t capacity = 600) : m_ring(capacity > 0 ? capacity : 1) {}

    std::size_t capacity() const { return m_ring.size(); }
    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    // 0 is the oldest kept.
    const TimelineBucket& at(std::size_t i) const
    {
        return m_ring[(m_start + i) % m_ring.size()];
    }
    const TimelineBucket& back() const { return at(m_size - 1); }
    // The kept bucket whose span holds simulated time `t` (a bucket spans from the previous
    // one's end to its own; the oldest kept, one bucket length before its end); none when `t`
    // is outside what is kept.
    std::optional<std::size_t> indexCovering(double t) const
    {
        if (m_size == 0 || t > back().tS)
            return std::nullopt;
        std::size_t lo = 0, hi = m_size - 1; // the first bucket ending at or after t
        while (lo < hi) {
            const std::size_t mid = (lo + hi) / 2;
            if (at(mid).tS < t)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo == 0 && t < startS(0))
            return std::nullopt;
        return lo;
    }
    // Where bucket i begins: the previous one's end; the oldest kept, one bucket length (the
    // next one's) before its end, and never before 0.
    double startS(std::size_t i) const
    {
        if (i > 0)
            return at(i - 1).tS;
        const double length = m_size > 1 ? at(1).tS - at(0).tS : at(0).tS;
        return at(0).tS - length > 0.0 ? at(0).tS - length : 0.0;
    }

    void push(const TimelineBucket& bucket)
    {
        if (m_size < m_ring.size()) {
            m_ring[(m_start + m_size) % m_ring.size()] = bucket;
            ++m_size;
        } else {
            m_ring[m_start] = bucket; // the oldest goes
            m_start = (m_start + 1) % m_ring.size();
        }
    }
    void clear()
    {
        m_start = 0;
        m_size = 0;
    }

private:
    std::vector<TimelineBucket> m_ring;
    std::size_t m_start = 0;
    std::size_t m_size = 0;
};

} // namespace hedge
