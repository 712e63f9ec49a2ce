#include <hedge/sim/RankSelection.h>

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdint>
#include <vector>

namespace hedge {
namespace {

// Below this many values a copy and nth_element is as quick as the histogram's passes.
constexpr std::size_t kSmall = 2048;
// 2^13 buckets (64 KiB of counts): L2-resident, and fine enough that the bucket of a
// percentile holds a few hundred of 200 000 latencies.
constexpr int kBucketBits = 13;

void bySelection(std::span<const double> values, std::span<const std::size_t> ranks,
                 std::span<double> out)
{
    std::vector<double> copy(values.begin(), values.end());
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        const auto at = copy.begin() + static_cast<std::ptrdiff_t>(ranks[i]);
        std::nth_element(copy.begin(), at, copy.end());
        out[i] = *at;
    }
}

} // namespace

void valuesAtRanks(std::span<const double> values, std::span<const std::size_t> ranks,
                   std::span<double> out)
{
    assert(out.size() >= ranks.size());
    const std::size_t n = values.size();
    if (ranks.empty())
        return;
    // The bits of non-negative doubles order like their values: bucket by the top bits.
    std::uint64_t lo = ~std::uint64_t{0}, hi = 0;
    for (double v : values) {
        const auto bits = std::bit_cast<std::uint64_t>(v);
        lo = std::min(lo, bits);
        hi = std::max(hi, bits);
    }
    constexpr std::uint64_t kSign = std::uint64_t{1} << 63;
    constexpr std::uint64_t kInfinity = 0x7ff0000000000000ull; // NaNs lie above it
    if (n < kSmall || hi > kInfinity || lo >= kSign || n > 0xffffffffu) {
        bySelection(values, ranks, out);
        return;
    }
    const int shift = std::max(0, static_cast<int>(std::bit_width(hi - lo)) - kBucketBits);
    const std::uint64_t base = lo >> shift;
    const auto bucketOf = [&](double v) {
        return static_cast<std::size_t>((std::bit_cast<std::uint64_t>(v) >> shift) - base);
    };
    std::vector<std::uint32_t> counts(((hi >> shift) - base) + 1, 0);
    for (double v : values)
        ++counts[bucketOf(v)];

    // Each rank's bucket and its rank within that bucket; `group` numbers the distinct buckets.
    struct Target {
        std::size_t bucket, within, group;
    };
    std::vector<Target> targets(ranks.size());
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        assert(ranks[i] < n);
        std::size_t below = 0, b = 0;
        while (below + counts[b] <= ranks[i])
            below += counts[b++];
        targets[i] = {b, ranks[i] - below, 0};
    }
    std::vector<std::size_t> groupBuckets;
    constexpr std::uint32_t kNoGroup = 0xffffffffu;
    std::vector<std::uint32_t> groupOf(counts.size(), kNoGroup);
    for (Target& t : targets) {
        if (groupOf[t.bucket] == kNoGroup) {
            groupOf[t.bucket] = static_cast<std::uint32_t>(groupBuckets.size());
            groupBuckets.push_back(t.bucket);
        }
        t.group = groupOf[t.bucket];
    }
    std::vector<std::vector<double>> groups(groupBuckets.size());
    for (std::size_t g = 0; g < groups.size(); ++g)
        groups[g].reserve(counts[groupBuckets[g]]);
    for (double v : values) {
        const std::uint32_t g = groupOf[bucketOf(v)];
        if (g != kNoGroup)
            groups[g].push_back(v);
    }
    for (std::size_t i = 0; i < targets.size(); ++i) {
        std::vector<double>& group = groups[targets[i].group];
        const auto at = group.begin() + static_cast<std::ptrdiff_t>(targets[i].within);
        std::nth_element(group.begin(), at, group.end());
        out[i] = *at;
    }
}

} // namespace hedge
