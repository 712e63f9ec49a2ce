// The draws a policy that jitters makes from its own seeded stream (SplitMix64, uniform01), as a
// test replays them to know the backoff the policy must have drawn.
#pragma once

#include <hedge/policy/SplitMix64.h>

#include <cstdint>

namespace hedge::test {

// The k-th uniform draw (k ≥ 1) of a stream seeded `seed`.
inline double nthUniform(std::uint64_t seed, int k)
{
    SplitMix64 random(seed);
    double u = 0.0;
    for (int i = 0; i < k; ++i)
        u = uniform01(random);
    return u;
}

} // namespace hedge::test
