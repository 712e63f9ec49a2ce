// A tiny counter-based generator: the simulation keys its streams with it (RandomStreams) and
// a policy that draws (EnvoyHedging's jittered backoff) owns one.
#pragma once

#include <cstdint>
#include <limits>

namespace hedge {

// SplitMix64 (Steele, Lea & Flood): a tiny generator whose seed may be any key.
class SplitMix64 {
public:
    using result_type = std::uint64_t;
    explicit SplitMix64(std::uint64_t state) : m_state(state) {}
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }
    result_type operator()() { return mix(m_state += 0x9e3779b97f4a7c15ull); }

    static std::uint64_t mix(std::uint64_t z)
    {
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }

private:
    std::uint64_t m_state;
};

// A uniform double in [0, 1) from the top 53 bits of one draw.
inline double uniform01(SplitMix64& random)
{
    return double(random() >> 11) * 0x1.0p-53;
}

} // namespace hedge
