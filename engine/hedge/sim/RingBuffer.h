// A FIFO of plain values in a ring that grows by doubling and never shrinks: nothing is
// allocated once it has reached the run's peak.
#pragma once

#include <cstddef>
#include <memory>
#include <type_traits>

namespace hedge {

template<typename T>
class RingBuffer {
    // Slots are left uninitialised (a queue that doubles to megabytes would clear each ring
    // only to overwrite it): only for plain values.
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

public:
    RingBuffer() : m_ring(std::make_unique_for_overwrite<T[]>(64)), m_mask(63) {}
    RingBuffer(const RingBuffer& other) : RingBuffer() { *this = other; }
    RingBuffer& operator=(const RingBuffer& other)
    {
        if (this != &other) {
            m_ring = std::make_unique_for_overwrite<T[]>(other.m_mask + 1);
            m_mask = other.m_mask;
            m_head = 0;
            m_tail = 0;
            for (std::size_t i = other.m_head; i != other.m_tail; ++i)
                m_ring[m_tail++] = other.m_ring[i & other.m_mask];
        }
        return *this;
    }
    RingBuffer(RingBuffer&&) noexcept = default;
    RingBuffer& operator=(RingBuffer&&) noexcept = default;

    bool empty() const { return m_head == m_tail; }
    std::size_t size() const { return m_tail - m_head; }
    const T& front() const { return m_ring[m_head & m_mask]; }
    const T& back() const { return m_ring[(m_tail - 1) & m_mask]; }

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
        const std::size_t capacity = 2 * (m_mask + 1);
        std::unique_ptr<T[]> bigger = std::make_unique_for_overwrite<T[]>(capacity);
        for (std::size_t i = m_head; i != m_tail; ++i)
            bigger[i - m_head] = m_ring[i & m_mask];
        m_tail -= m_head;
        m_head = 0;
        m_ring = std::move(bigger);
        m_mask = capacity - 1;
    }

    // A power of two long (m_mask + 1 slots); the mask is kept rather than a size, from
    // which it would be derived by a division (a multiply by its inverse) at every access.
    std::unique_ptr<T[]> m_ring;
    std::size_t m_mask;
    std::size_t m_head = 0, m_tail = 0;
};

} // namespace hedge
