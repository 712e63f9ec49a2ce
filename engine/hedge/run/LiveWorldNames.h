// The names a Live session's worlds had through time. A setup whose name follows its policy is
// renamed by an edit (Setup::nameFollowsPolicy), and the user may rename one while the worlds
// run; the history already drawn keeps the name it had then (the hover over an old bucket
// names the world as it was named at that time), and the time after the edit carries the new
// one (docs/user-guide.md, "Live view").
#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace hedge {

class LiveWorldNames {
public:
    // A new session: world i is named names[i] from 0 s on.
    void reset(const QStringList& names);
    // World `world` is named `name` after simulated time `fromS` (the buckets ending later);
    // returns false when it already was, or there is no such world.
    bool rename(std::size_t world, double fromS, const QString& name);
    // The name in force at simulated time `t` (t after the rename's time: the new name).
    QString nameAt(std::size_t world, double t) const;
    std::size_t size() const { return m_names.size(); }

private:
    struct Name {
        double fromS = 0.0;
        QString name;
    };
    std::vector<std::vector<Name>> m_names; // per world, in time order, never empty
};

} // namespace hedge
