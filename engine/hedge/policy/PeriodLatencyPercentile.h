// Tower's hedge delay (docs/policies.md, "Tower"): latencies are recorded into the current
// period; a call reads the percentile of the previous period's latencies only (periods are
// counted from the clock's zero; a period without latencies leaves the next one nothing to
// read). Latencies are whole milliseconds rounded up, bucketed as an HdrHistogram of three
// significant digits (exact below 2048 ms, the highest value of a bucket above).
#pragma once

#include <cstdint>
#include <vector>

namespace hedge {

class PeriodLatencyPercentile {
public:
    // quantile in [0, 1]; periodMs > 0.
    PeriodLatencyPercentile(double quantile, double periodMs);

    void record(double latencyMs, double nowMs);
    // Latencies the previous period recorded, as seen at `nowMs`.
    std::int64_t count(double nowMs) const;
    // Their percentile (the nearest rank ⌈q·n⌉, at least the first); 0 when there are none.
    double percentile(double nowMs);
    // The same without keeping the sorted period (for gauges).
    double peek(double nowMs) const;

    void setQuantile(double quantile);
    double quantile() const { return m_quantile; }
    double periodMs() const { return m_periodMs; }

    // The value a latency is kept as: ⌈ms⌉, then the highest value of its histogram bucket.
    static std::int64_t bucketed(double latencyMs);

private:
    std::int64_t periodAt(double nowMs) const;
    // Moves the clock to `period`: the period being written becomes the one read (or, if more
    // than one period passed, both are empty).
    void rotate(std::int64_t period);
    const std::vector<std::int64_t>& previous(std::int64_t period) const;
    std::int64_t rankOf(std::size_t n) const;

    double m_quantile;
    double m_periodMs;
    std::int64_t m_writing = 0;          // the period m_written belongs to
    std::vector<std::int64_t> m_written; // this period's latencies
    std::vector<std::int64_t> m_read;    // period m_writing − 1's
    bool m_readSorted = false;
};

} // namespace hedge
