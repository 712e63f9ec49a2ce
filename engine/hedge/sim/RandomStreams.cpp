#include <hedge/sim/RandomStreams.h>

#include <bit>

namespace hedge {

RandomStreams::RandomStreams(std::uint64_t seed, double load, int replicate)
    // Keyed by the load's value, not its index in the list: a point's numbers then do not
    // change when other loads are added or removed (the explorer keeps such points).
    : m_key(SplitMix64::mix(SplitMix64::mix(seed ^ 0x6a09e667f3bcc909ull) ^
                            std::bit_cast<std::uint64_t>(load))),
      m_topologyKey(SplitMix64::mix(m_key ^ 0x746f706f6c6f6779ull)) // "topology"
{
    // Replicate 0 keeps the key it had before replicates existed: 1-replicate results are
    // bit-identical to older ones.
    if (replicate != 0)
        m_key = SplitMix64::mix(
            m_key ^ SplitMix64::mix(0xbb67ae8584caa73bull + static_cast<std::uint64_t>(replicate)));
}

} // namespace hedge
