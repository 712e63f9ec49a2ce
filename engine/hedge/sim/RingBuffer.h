// A FIFO of plain values in a ring that grows by doubling and never shrinks: nothing is
// allocated once it has reached the run's peak.
#pragma once

#include <cstddef>
#include <vector>

namespace hedge {

template<typename T>
class RingBuffer {
public:
    RingBuffer() : m_ring(64), m_mask(63) {}

    bool empty() const { return m_head == m_tail; }
    std::size_t size() const { return m_tail - m_head; }
    const T& front() const { return m_ring[m_head & m_mask]; }
    const T& back() const { return m_ring[(m_tail - 1) & m_mask]; }
    const T& at(std::size_t i) const { return m_ring[(m_head + i) & m_mask]; } // 0: the front

    void push(const T& value)
    {
        if (m_tail - m_head == m_mask + 1)
            grow();
        m_ring[m_tail++ & m_mask] = value;
    }
    T pop() { return m_ring[m_head++ & m_mask]; }

private:
    void grow()
    {
        std::vector<T> bigger(m_ring.size() * 2);
        for (std::size_t i = m_head; i != m_tail; ++i)
            bigger[i - m_head] = m_ring[i & m_mask];
        m_tail -= m_head;
        m_head = 0;
        m_ring.swap(bigger);
        m_mask = m_ring.size() - 1;
    }

    // A power of two long; the mask is kept rather than derived from size(), which for a
    // 24-byte Event is a division (a multiply by its inverse) at every access.
    std::vector<T> m_ring;
    std::size_t m_mask;
    std::size_t m_head = 0, m_tail = 0;
};

} // namespace hedge
