// The window's one redraw clock (as PlotJuggler's): one coalescing 25 Hz timer for the sweep's
// charts, the map and the Live view. A view marks itself when it has something new, as often
// as it likes; at the next tick each marked view redraws once. A view whose redraw says it
// wants the next tick too (a run in progress updates its progress every tick) stays marked.
// The timer runs only while some view is marked: an idle window wakes nobody.
#pragma once

#include <QObject>
#include <QTimer>

#include <functional>
#include <vector>

namespace hedge {

class RedrawClock : public QObject {
    Q_OBJECT
public:
    static constexpr int kIntervalMs = 40; // 25 Hz

    explicit RedrawClock(QObject* parent = nullptr);

    using Client = int;
    // `redraw` runs at a tick after a mark(); it returns whether it wants the next tick too.
    // The client is forgotten when `owner` is destroyed.
    Client add(QObject* owner, std::function<bool()> redraw);
    // `client` redraws at the next tick (once, however many marks come before it).
    void mark(Client client);
    bool isMarked(Client client) const;
    bool isTicking() const { return m_timer.isActive(); }
    // Redraws every marked client; the timer calls it (tests too, instead of waiting).
    void tick();
    // Redraws so far, every client counted (the --measure figures).
    qint64 redraws() const { return m_redraws; }

private:
    struct Entry {
        QObject* owner = nullptr;
        std::function<bool()> redraw;
        bool marked = false;
    };
    void remove(QObject* owner);

    QTimer m_timer;
    std::vector<Entry> m_clients; // indexed by Client; a removed one keeps its slot, empty
    qint64 m_redraws = 0;
};

} // namespace hedge
