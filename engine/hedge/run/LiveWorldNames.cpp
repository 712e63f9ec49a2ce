#include <hedge/run/LiveWorldNames.h>

namespace hedge {

void LiveWorldNames::reset(const QStringList& names)
{
    m_names.clear();
    for (const QString& name : names)
        m_names.push_back({Name{0.0, name}});
}

bool LiveWorldNames::rename(std::size_t world, double fromS, const QString& name)
{
    if (world >= m_names.size() || m_names[world].back().name == name)
        return false;
    std::vector<Name>& names = m_names[world];
    // Two renames before a bucket was drawn: the first was never shown, the second replaces it.
    if (names.size() > 1 && names.back().fromS >= fromS)
        names.back().name = name;
    else
        names.push_back({fromS, name});
    return true;
}

QString LiveWorldNames::nameAt(std::size_t world, double t) const
{
    if (world >= m_names.size())
        return {};
    const std::vector<Name>& names = m_names[world];
    for (auto it = names.rbegin(); it != names.rend(); ++it)
        if (it->fromS < t)
            return it->name;
    return names.front().name;
}

} // namespace hedge
