// HdrHistogram's V2 compressed encoding, as its HistogramLogWriter puts one interval on a line
// (Java, C, JavaScript alike): decoded into the recorded values' buckets. Integer histograms
// only; a DoubleHistogram or an encoding older than V2 is refused by name.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

namespace hedge::measurement_detail::hdr {

// A histogram that cannot be decoded; the log reader adds the file and the line.
class CorruptHistogram : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The layout of an HdrHistogram's counts: which values the count at an index stands for.
// Buckets double in width; each has subBucketCount slots, the lower half of every bucket but
// the first already covered by the bucket before (HdrHistogram's own indexing).
struct BucketLayout {
    int unitMagnitude = 0;               // floor(log2(lowest discernible value))
    int subBucketHalfCountMagnitude = 0; // log2(subBucketCount) - 1
    std::int64_t highestTrackableValue = 0;

    // Throws CorruptHistogram for parameters HdrHistogram never writes.
    static BucketLayout of(int significantDigits, std::int64_t lowestDiscernible,
                           std::int64_t highestTrackable);
    // The smallest value counted at `index` and the width of its range (both in the
    // histogram's integer unit); throws CorruptHistogram past the highest trackable value.
    std::int64_t lowestValueAt(std::int64_t index) const;
    std::int64_t rangeWidthAt(std::int64_t index) const;
};

struct DecodedHistogram {
    int significantDigits = 0;
    // (highest value equivalent to the bucket's, count) per non-empty bucket, ascending.
    std::vector<std::pair<std::int64_t, std::int64_t>> buckets;
};

// `bytes`: the base64-decoded text of an interval line.
DecodedHistogram decodeCompressedHistogram(const std::vector<unsigned char>& bytes);

} // namespace hedge::measurement_detail::hdr
