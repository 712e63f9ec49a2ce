#include <hedge/topology/Balancer.h>

namespace hedge {

Balancer::Balancer(BalancerKind kind, int replicas) : m_kind(kind), m_replicas(replicas) {}

int Balancer::nth(std::uint64_t allowed, int n)
{
    for (; n > 0; --n)
        allowed &= allowed - 1;
    return std::countr_zero(allowed);
}

int Balancer::nextRoundRobin(std::uint64_t allowed)
{
    // The first allowed replica at or after the counter, cyclically; the counter then moves
    // past it, so a replica skipped for this attempt is the next one's first candidate.
    const std::uint64_t fromCounter = allowed & ~(bit(m_counter) - 1);
    const int chosen = std::countr_zero(fromCounter ? fromCounter : allowed);
    m_counter = chosen + 1 == m_replicas ? 0 : chosen + 1;
    return chosen;
}

} // namespace hedge
