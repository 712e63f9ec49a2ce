#include <hedge/sim/SharedDrawTables.h>

#include <map>

namespace hedge {

SharedDrawTables::SharedDrawTables(const std::vector<PointSpec>& jobs,
                                   const std::vector<bool>& runs, int replicates)
    : m_tableOf(jobs.size(), kNone)
{
    if (jobs.empty() || CallDrawTable::kBytesPerCall * std::size_t(jobs.front().calls) *
                                std::size_t(replicates) > kMaxBytesAtOnce)
        return;
    std::map<CallDrawTable::Key, std::vector<std::size_t>> users;
    // A call that fans out draws each part's service by the part (SimulationCore): a table of
    // one draw a call would not serve it.
    for (std::size_t j = 0; j < jobs.size(); ++j)
        if (runs[j] && !jobs[j].service.fansOut())
            users[CallDrawTable::Key::of(jobs[j])].push_back(j);
    std::size_t shared = 0;
    for (const auto& [key, jobsOfKey] : users)
        shared += jobsOfKey.size() > 1;
    m_tables = std::make_unique<Table[]>(shared);
    std::size_t t = 0;
    for (const auto& [key, jobsOfKey] : users) {
        if (jobsOfKey.size() < 2)
            continue;
        m_tables[t].spec = &jobs[jobsOfKey.front()];
        m_tables[t].users = jobsOfKey.size();
        for (const std::size_t j : jobsOfKey)
            m_tableOf[j] = t;
        ++t;
    }
}

const CallDrawTable* SharedDrawTables::acquire(std::size_t job)
{
    const std::size_t t = m_tableOf[job];
    if (t == kNone)
        return nullptr;
    Table& table = m_tables[t];
    std::call_once(table.drawn, [&table] {
        table.draws = std::make_unique<const CallDrawTable>(*table.spec);
    });
    return table.draws.get();
}

void SharedDrawTables::release(std::size_t job)
{
    const std::size_t t = m_tableOf[job];
    if (t == kNone)
        return;
    const std::lock_guard lock(m_mutex);
    if (--m_tables[t].users == 0)
        m_tables[t].draws.reset();
}

} // namespace hedge
