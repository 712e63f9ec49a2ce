// The load balancer of docs/topology.md: picks the replica of every attempt, first attempts and
// hedges alike, among the replicas the hedge placement allows. Sans-I/O like the policies: it
// is told the replicas' outstanding attempts and given a source of random 64-bit words, so the
// simulation, a live view or a real client can ask it the same question.
#pragma once

#include <hedge/Scenario.h>

#include <bit>
#include <cstdint>

namespace hedge {

class Balancer {
public:
    static constexpr int kMaxReplicas = 64; // a replica is a bit of a 64-bit mask

    Balancer(BalancerKind kind, int replicas);

    // A replica of `allowed` (bit r set: replica r allowed; never empty). `outstanding[r]` is
    // what replica r has queued or in service; `random()` gives uniform 64-bit words and is
    // called only by the kinds that draw (random, least outstanding on a tie, two choices).
    template <class Random>
    int choose(std::uint64_t allowed, const int* outstanding, Random&& random);

    BalancerKind kind() const { return m_kind; }
    // Round robin: where the search for the next attempt's replica starts.
    int counter() const { return m_counter; }

    // Replica r's bit in an `allowed` mask; every replica of a service of `replicas`.
    static std::uint64_t bit(int r) { return std::uint64_t{1} << r; }
    static std::uint64_t all(int replicas)
    {
        return replicas >= 64 ? ~std::uint64_t{0} : bit(replicas) - 1;
    }
    // The `n`-th (from 0) replica of `allowed`.
    static int nth(std::uint64_t allowed, int n);

private:
    // Uniform in [0, n): the modulo's bias is below n / 2^64, far below anything measurable.
    template <class Random>
    static int uniform(int n, Random& random)
    {
        return static_cast<int>(random() % static_cast<std::uint64_t>(n));
    }
    int nextRoundRobin(std::uint64_t allowed);

    BalancerKind m_kind;
    int m_replicas;
    int m_counter = 0;
};

template <class Random>
int Balancer::choose(std::uint64_t allowed, const int* outstanding, Random&& random)
{
    const int n = std::popcount(allowed);
    switch (m_kind) {
    case BalancerKind::RoundRobin:
        return nextRoundRobin(allowed);
    case BalancerKind::Random:
        return nth(allowed, uniform(n, random));
    case BalancerKind::LeastOutstanding: {
        int fewest = 0, ties = 0;
        for (std::uint64_t a = allowed; a; a &= a - 1) {
            const int o = outstanding[std::countr_zero(a)];
            if (ties == 0 || o < fewest) {
                fewest = o;
                ties = 1;
            } else if (o == fewest) {
                ++ties;
            }
        }
        if (ties == 1)
            for (std::uint64_t a = allowed;; a &= a - 1)
                if (outstanding[std::countr_zero(a)] == fewest)
                    return std::countr_zero(a);
        std::uint64_t tied = 0;
        for (std::uint64_t a = allowed; a; a &= a - 1)
            if (outstanding[std::countr_zero(a)] == fewest)
                tied |= a & -a;
        return nth(tied, uniform(ties, random));
    }
    case BalancerKind::TwoChoices: {
        if (n == 1)
            return std::countr_zero(allowed);
        const int first = nth(allowed, uniform(n, random));
        const int second = nth(allowed & ~bit(first), uniform(n - 1, random));
        return outstanding[second] < outstanding[first] ? second : first;
    }
    }
    return std::countr_zero(allowed);
}

} // namespace hedge
