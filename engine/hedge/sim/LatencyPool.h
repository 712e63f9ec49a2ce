// The measured latencies of every replicate of one point, for the pooled percentiles.
//
// Exact while the pool holds at most kExactLimit latencies (8 bytes each: 128 MiB), so the
// pooled percentiles are nearest-rank over every latency, as a single run's are. A larger
// pool (for example 100 replicates of 200 000 calls) would break the memory bound of
// docs/HARDENING.md, so it becomes a log-linear histogram instead: 1 024 buckets per power of
// two, each percentile reported as its bucket's midpoint (clamped to the pooled minimum and
// maximum), which is within kRelativeError (1/2048, under 0.05 %) of the exact nearest-rank
// value. The bucket of a latency is read from the bits of its double, so the histogram is the
// same on every compiler and library; counts add up, so the order in which replicates are
// added never changes the result.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace hedge {

class LatencyPool {
public:
    static constexpr std::int64_t kExactLimit = std::int64_t{1} << 24;
    static constexpr double kRelativeError = 1.0 / 2048.0;
    // Latencies under 2^-20 ms (about 1 ns) share one bucket, reported as the pooled
    // minimum: an absolute error under 1 ns.
    static constexpr int kLowestExponent = -20;
    static constexpr int kHighestExponent = 40; // 2^40 ms: 35 years, never reached

    // `expectedLatencies`: an upper bound of what will be added; it chooses the method.
    explicit LatencyPool(std::int64_t expectedLatencies);

    void add(const std::vector<double>& latencies);

    bool exact() const { return m_buckets.empty(); }
    std::int64_t count() const { return m_count; }

    // The nearest-rank quantile q = perTenThousand / 10000; empty when the pool is empty.
    std::optional<double> quantile(std::int64_t perTenThousand) const;
    // Several at once: out[i] for perTenThousand[i]. The exact pool finds them all in two
    // passes over its latencies (RankSelection.h), where one quantile at a time took a
    // selection each: 12 % of a 10-replicate map's time.
    void quantiles(std::span<const std::int64_t> perTenThousand,
                   std::span<std::optional<double>> out) const;

    // The histogram's bucket of a latency and the value it reports for it, public for tests.
    static std::size_t bucketOf(double latencyMs);
    static double bucketMidpoint(std::size_t bucket);

private:
    double fromHistogram(std::size_t index) const; // the histogram's value at a rank

    std::vector<double> m_exact;
    std::vector<std::int64_t> m_buckets;
    std::int64_t m_count = 0;
    double m_min = 0.0, m_max = 0.0;
};

} // namespace hedge
