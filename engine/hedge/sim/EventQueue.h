// The future events of a simulation: a binary heap keyed by (time, sequence), so events at
// the same time run in the order they were scheduled — deterministic ties. Events are plain
// data; nothing is allocated per event once the heap has grown. Nothing is ever removed
// early either: a cancelled event stays in the heap and its handler sees it is stale.
#pragma once

#include <cstdint>
#include <vector>

namespace hedge {

struct Event {
    enum Kind : std::uint8_t { Arrival, HedgeDue, ServiceDone };

    double time;
    std::uint64_t order; // sequence << 2 | kind: unique, so it breaks every tie
    std::uint32_t a;     // Arrival: -; HedgeDue: call slot; ServiceDone: worker
    std::uint32_t b;     // Arrival: call index; HedgeDue: call index; ServiceDone: worker generation

    Kind kind() const { return static_cast<Kind>(order & 3u); }
};

class EventQueue {
public:
    void push(double time, Event::Kind kind, std::uint32_t a, std::uint32_t b)
    {
        m_heap.push_back(Event{time, (m_sequence++ << 2) | kind, a, b});
        siftUp(m_heap.size() - 1);
    }

    bool empty() const { return m_heap.empty(); }
    std::size_t size() const { return m_heap.size(); }

    Event pop()
    {
        const Event top = m_heap.front();
        const Event last = m_heap.back();
        m_heap.pop_back();
        if (!m_heap.empty())
            siftDown(last);
        return top;
    }

private:
    static bool before(const Event& x, const Event& y)
    {
        return x.time < y.time || (x.time == y.time && x.order < y.order);
    }

    void siftUp(std::size_t i)
    {
        const Event e = m_heap[i];
        while (i > 0) {
            const std::size_t parent = (i - 1) / 2;
            if (!before(e, m_heap[parent]))
                break;
            m_heap[i] = m_heap[parent];
            i = parent;
        }
        m_heap[i] = e;
    }

    // Places `e` (the former last element) starting from the root: a hole moves down.
    void siftDown(const Event& e)
    {
        const std::size_t n = m_heap.size();
        std::size_t i = 0;
        for (;;) {
            std::size_t child = 2 * i + 1;
            if (child >= n)
                break;
            if (child + 1 < n && before(m_heap[child + 1], m_heap[child]))
                ++child;
            if (!before(m_heap[child], e))
                break;
            m_heap[i] = m_heap[child];
            i = child;
        }
        m_heap[i] = e;
    }

    std::vector<Event> m_heap;
    std::uint64_t m_sequence = 0;
};

} // namespace hedge
