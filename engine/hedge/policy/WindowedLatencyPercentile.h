// Finagle's windowed latency percentile (docs/policies.md, "Finagle"), the backup filter's
// delay: latencies in whole milliseconds, clamped to 1…2000, go to the current 10 s bucket; at
// every 10 s mark the bucket that ended joins the window of the last three complete buckets
// (30 s), and every 3 s the percentile of that window is read afresh. Before the first 3 s
// there is no percentile; an empty window (before the first 10 s mark, or 30 s without a
// latency) reads 0. When a 3 s and a 10 s mark coincide the bucket joins first.
// The clock's zero is when the filter was made; time never runs backwards here.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace hedge {

class WindowedLatencyPercentile {
public:
    static constexpr int kMinValueMs = 1;
    static constexpr int kMaxValueMs = 2000; // Finagle's highest trackable value
    static constexpr double kBucketMs = 10000.0;
    static constexpr int kBuckets = 3;
    static constexpr double kRefreshMs = 3000.0;

    // quantile in [0, 1]: 0.99 reads the 99th percentile.
    explicit WindowedLatencyPercentile(double quantile);

    // One latency observed at `nowMs` (clamped to 1…2000 ms).
    void record(int latencyMs, double nowMs);
    // The percentile read at the last 3 s mark at or before `nowMs`; none before the first.
    std::optional<int> read(double nowMs);
    // The same without keeping the result (for gauges).
    std::optional<int> peek(double nowMs) const;

    // A new quantile from the next 3 s mark on; the latencies are kept.
    void setQuantile(double quantile, double nowMs);
    double quantile() const { return m_quantile; }

private:
    // Buckets kept: the window's three and the one or two being written since its last mark.
    static constexpr int kRing = kBuckets + 2;
    static constexpr int kValues = kMaxValueMs + 1; // counts by value, 0 unused

    int percentileAtMark(std::int64_t mark) const;
    std::uint32_t* countsOf(int slot) { return m_counts.data() + slot * kValues; }
    const std::uint32_t* countsOf(int slot) const { return m_counts.data() + slot * kValues; }

    double m_quantile;
    std::vector<std::uint32_t> m_counts; // kRing buckets of kValues counts
    std::int64_t m_bucketOf[kRing];      // which 10 s bucket each slot holds (−1: none)
    std::int64_t m_totalOf[kRing];       // latencies in each slot
    std::int64_t m_cachedMark = -1;      // the 3 s mark m_cachedValue was read at
    int m_cachedValue = 0;
};

} // namespace hedge
