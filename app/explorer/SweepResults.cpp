#include "SweepResults.h"

#include <unordered_set>
#include <utility>

namespace hedge {

namespace {

// Bounds the cache: a long session of edits would otherwise grow it without end.
constexpr std::size_t kMaxCachedPoints = 50000;

} // namespace

bool SweepResults::needsCoarsePass() const
{
    return m_coarseCalls > 0 && m_scenario.calls > m_coarseCalls;
}

std::int64_t SweepResults::firstPassCalls() const
{
    return needsCoarsePass() ? m_coarseCalls : m_scenario.calls;
}

PointIdentity SweepResults::key(const Setup& setup, double load, std::int64_t calls) const
{
    return PointIdentity::of(m_scenario, setup, load, calls);
}

const PointResult* SweepResults::passResult(const Setup& setup, double load) const
{
    if (const PointResult* full = cached(key(setup, load, m_scenario.calls)))
        return full;
    return needsCoarsePass() ? cached(key(setup, load, m_coarseCalls)) : nullptr;
}

const PointResult* SweepResults::cached(const PointIdentity& key) const
{
    const auto it = m_cache.find(key);
    return it == m_cache.end() ? nullptr : &it->second;
}

void SweepResults::store(const PointIdentity& key, const PointResult& point)
{
    if (m_cache.size() >= kMaxCachedPoints)
        m_cache.clear();
    m_cache.insert_or_assign(key, point);
    ++m_stored;
}

SweepResults::Missing SweepResults::missing(std::int64_t calls, bool coarse) const
{
    return missingWhere(calls, [this, calls, coarse](const Setup& s, double load) {
        // The coarse pass is only for points that have no full-size result yet.
        return contains(key(s, load, calls)) ||
               (coarse && contains(key(s, load, m_scenario.calls)));
    });
}

SweepResults::Missing SweepResults::missingBesidePasses(std::int64_t calls) const
{
    return missingWhere(calls, [this, calls](const Setup& s, double load) {
        return passResult(s, load) != nullptr || contains(key(s, load, calls));
    });
}

template <class Have>
SweepResults::Missing SweepResults::missingWhere(std::int64_t calls, Have have) const
{
    // The rectangle of (policies with a missing point) × (loads with a missing point): usually
    // exact (an edit changes whole setups or whole loads); a few extra points at worst.
    std::vector<std::size_t> setupRows;
    std::unordered_set<PointIdentity, PointIdentity::Hash> seenPolicies; // at one load
    std::vector<bool> loadMissing(m_scenario.loads.size(), false);
    std::unordered_set<PointIdentity, PointIdentity::Hash> missingKeys;
    for (std::size_t i = 0; i < m_scenario.setups.size(); ++i) {
        const Setup& s = m_scenario.setups[i];
        bool any = false;
        for (std::size_t j = 0; j < m_scenario.loads.size(); ++j) {
            const double load = m_scenario.loads[j];
            if (!have(s, load)) {
                any = true;
                loadMissing[j] = true;
                missingKeys.insert(key(s, load, calls));
            }
        }
        // Setups that are one point at one load are one at every load: run one of them.
        if (any && seenPolicies.insert(key(s, m_scenario.loads.front(), calls)).second)
            setupRows.push_back(i);
    }
    Missing m;
    m.count = static_cast<int>(missingKeys.size());
    if (m.count == 0)
        return m;
    m.sub.seed = m_scenario.seed;
    m.sub.calls = calls;
    m.sub.replicates = m_scenario.replicates;
    m.sub.warmupFraction = m_scenario.warmupFraction;
    m.sub.service = m_scenario.service;
    m.sub.loads.clear();
    for (std::size_t j = 0; j < m_scenario.loads.size(); ++j)
        if (loadMissing[j])
            m.sub.loads.push_back(m_scenario.loads[j]);
    m.sub.setups.clear();
    for (std::size_t row : setupRows) {
        Setup s = m_scenario.setups[row];
        // Appended, not "p" + string: g++ 12 -O3 warns falsely (-Wrestrict, GCC bug 105651).
        s.name = std::string(1, 'p').append(std::to_string(m.sub.setups.size()));
        m.sub.setups.push_back(std::move(s));
    }
    for (const Setup& s : m.sub.setups)
        for (double load : m.sub.loads)
            m.keys.push_back(key(s, load, calls));
    return m;
}

bool SweepResults::isComplete() const
{
    for (const Setup& s : m_scenario.setups)
        for (double load : m_scenario.loads)
            if (!contains(key(s, load, m_scenario.calls)))
                return false;
    return true;
}

} // namespace hedge
