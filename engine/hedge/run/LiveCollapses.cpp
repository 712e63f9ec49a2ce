#include <hedge/run/LiveCollapses.h>

#include <algorithm>

namespace hedge {

bool LiveCollapses::add(const TimelineBucket& b, double startS)
{
    if (!collapsedSince()) {
        if (!b.collapsed)
            return false;
        m_spans.push_back({b.tS, std::nullopt, startS});
        return true;
    }
    if (b.collapsed || b.backlogMs > kDrainedBacklogMs) {
        m_calmSince.reset();
        return false;
    }
    if (!m_calmSince)
        m_calmSince = startS;
    // 1e-9: buckets of 100 ms add up to 9.9999… s.
    if (b.tS - *m_calmSince >= kRecoveryS - 1e-9) {
        m_spans.back().toS = *m_calmSince;
        m_calmSince.reset();
    }
    return false;
}

LiveCollapses LiveCollapses::of(const BucketRing& ring)
{
    LiveCollapses c;
    for (std::size_t k = 0; k < ring.size(); ++k)
        c.add(ring.at(k), ring.startS(k));
    return c;
}

std::optional<double> LiveCollapses::collapsedSince() const
{
    if (m_spans.empty() || m_spans.back().toS)
        return std::nullopt;
    return m_spans.back().fromS;
}

bool LiveCollapses::collapsedAt(double t, double lastS) const
{
    return std::any_of(m_spans.begin(), m_spans.end(), [&](const CollapseSpan& s) {
        return t >= s.fromS && t <= s.toS.value_or(lastS);
    });
}

void LiveCollapses::forgetBefore(double tS)
{
    std::erase_if(m_spans, [tS](const CollapseSpan& s) { return s.toS && *s.toS < tS; });
}

} // namespace hedge
