// Netflix concurrency-limits' Gradient2 limit algorithm: a pure object that turns round-trip
// samples into a concurrency limit. It admits nothing itself (see AdaptiveLimiter).
#pragma once

namespace hedge {

struct Gradient2Config {
    int initialLimit = 20;
    int minLimit = 20;
    int maxLimit = 200;
    double smoothing = 0.2;
    double rttTolerance = 1.5;
    int longWindow = 600;
    int queueSize = 4;

    bool operator==(const Gradient2Config&) const = default;
};

class Gradient2Limit {
public:
    explicit Gradient2Limit(const Gradient2Config& config = {});

    // One successful attempt: its round-trip time (queueing included) and the in-flight
    // count right after it was admitted (itself included).
    void addSample(double rttMs, int inflight);

    // The un-truncated estimate; admission compares with its integer part.
    double estimatedLimit() const { return m_limit; }
    int limit() const { return static_cast<int>(m_limit); }
    double longRttMs() const { return m_longRtt; }
    const Gradient2Config& config() const { return m_config; }

private:
    // Upstream's ExpAvgMeasurement: a plain mean over the first samples, then an EMA.
    static constexpr int kWarmupSamples = 10;

    Gradient2Config m_config;
    double m_limit;
    double m_longRtt = 0.0;
    double m_longSum = 0.0;
    int m_longCount = 0;
    double m_emaFactor;
};

} // namespace hedge
