#include <hedge/run/RedrawClock.h>

namespace hedge {

RedrawClock::RedrawClock(QObject* parent) : QObject(parent)
{
    // A steady beat while views are marked (a single shot restarted after each redraw would
    // add the paint's time to every period).
    m_timer.setInterval(kIntervalMs);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &RedrawClock::tick);
}

RedrawClock::Client RedrawClock::add(QObject* owner, std::function<bool()> redraw)
{
    m_clients.push_back({owner, std::move(redraw), false});
    connect(owner, &QObject::destroyed, this, [this, owner] { remove(owner); });
    return static_cast<Client>(m_clients.size() - 1);
}

void RedrawClock::remove(QObject* owner)
{
    for (Entry& e : m_clients)
        if (e.owner == owner)
            e = Entry{};
}

void RedrawClock::mark(Client client)
{
    Entry& e = m_clients.at(static_cast<std::size_t>(client));
    if (!e.redraw)
        return;
    e.marked = true;
    if (!m_timer.isActive())
        m_timer.start();
}

bool RedrawClock::isMarked(Client client) const
{
    return m_clients.at(static_cast<std::size_t>(client)).marked;
}

void RedrawClock::tick()
{
    bool any = false;
    // By index: a redraw may add a client.
    for (std::size_t i = 0; i < m_clients.size(); ++i) {
        if (!m_clients[i].marked)
            continue;
        m_clients[i].marked = false;
        ++m_redraws;
        const std::function<bool()> redraw = m_clients[i].redraw;
        const bool again = redraw();
        if (again && m_clients[i].redraw)
            m_clients[i].marked = true;
        any = any || m_clients[i].marked;
    }
    if (!any) {
        for (const Entry& e : m_clients)
            any = any || e.marked; // marked during another's redraw
        if (!any)
            m_timer.stop();
    }
}

} // namespace hedge
