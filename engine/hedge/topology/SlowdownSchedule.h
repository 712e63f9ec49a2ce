// The slow periods of one replica (docs/topology.md): starts form a Poisson process of
// `per_minute`, each lasts `duration_ms`, overlapping ones merge. Drawn lazily from the
// replica's own random stream as the clock moves on, so the periods are the same whatever
// asks, and when.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/sim/RandomStreams.h>

namespace hedge {

class SlowdownSchedule {
public:
    SlowdownSchedule(const Slowdowns& slowdowns, SplitMix64 random);

    // Whether the replica is slow at `nowMs`. `nowMs` must not decrease between calls.
    bool slowAt(double nowMs);
    // The factor an attempt starting service at `nowMs` multiplies its service time by.
    double factorAt(double nowMs) { return slowAt(nowMs) ? m_factor : 1.0; }

private:
    double nextGapMs();

    SplitMix64 m_random;
    double m_ratePerMs;
    double m_durationMs;
    double m_factor;
    double m_nextStart;
    double m_slowUntil = 0.0;
};

} // namespace hedge
