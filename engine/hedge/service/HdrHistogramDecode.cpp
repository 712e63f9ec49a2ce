// HdrHistogram's V2 compressed encoding (HdrHistogramDecode.h). The layout, all big-endian:
//   compressed:  int32 cookie (0x1c849304 | word-size nibble), int32 length, zlib data
//   inflated:    int32 cookie (0x1c849303 | nibble), int32 payload length,
//                int32 normalizingIndexOffset, int32 significant digits,
//                int64 lowest discernible value, int64 highest trackable value,
//                8 bytes integer-to-double ratio, then the payload: the counts by index as
//                ZigZag LEB128 varints of at most 9 bytes, a negative one standing for that
//                many empty buckets.
// The counts are written in their logical order, so the normalizing offset (DoubleHistogram's
// shifting) does not move them; the ratio only means something for a DoubleHistogram (and
// hdr-histogram-js writes it as the integer 1): both are read past.
#include <hedge/service/HdrHistogramDecode.h>

#include <zlib.h>

#include <algorithm>
#include <bit>
#include <limits>
#include <string>

namespace hedge::measurement_detail::hdr {

namespace {

constexpr std::uint32_t kCookieNibble = 0xf0;
constexpr std::uint32_t kV2Encoding = 0x1c849303;
constexpr std::uint32_t kV2Compressed = 0x1c849304;
constexpr std::uint32_t kV1Compressed = 0x1c849302;
constexpr std::uint32_t kV0Compressed = 0x1c849309;
constexpr std::uint32_t kDoubleCompressed = 0x0c72124f;
constexpr std::size_t kV2HeaderBytes = 40;
// A 3-digit histogram of an hour in microseconds inflates to under 200 KiB; anything past
// this is not a latency histogram.
constexpr std::size_t kMostInflatedBytes = std::size_t(64) << 20;

std::string hex(std::uint32_t value)
{
    static const char digits[] = "0123456789abcdef";
    std::string text = "0x";
    for (int shift = 28; shift >= 0; shift -= 4)
        text += digits[(value >> shift) & 0xf];
    return text;
}

// Big-endian reads that say what was cut short.
class HdrByteReader {
public:
    HdrByteReader(const unsigned char* data, std::size_t size) : m_data(data), m_size(size) {}

    std::size_t position() const { return m_pos; }
    std::size_t remaining() const { return m_size - m_pos; }

    std::uint64_t bigEndian(int bytes, const char* what)
    {
        if (remaining() < std::size_t(bytes))
            throw CorruptHistogram(std::string("truncated in the ") + what);
        std::uint64_t value = 0;
        for (int i = 0; i < bytes; ++i)
            value = (value << 8) | m_data[m_pos++];
        return value;
    }

    // One count: LEB128 with 7 bits a byte for 8 bytes and all 8 bits of a ninth, ZigZag.
    std::int64_t zigZagVarint(std::size_t end)
    {
        std::uint64_t value = 0;
        for (int i = 0; i < 9; ++i) {
            if (m_pos >= end)
                throw CorruptHistogram("truncated in a count (payload byte " +
                                       std::to_string(m_pos - kV2HeaderBytes) + ")");
            const std::uint64_t byte = m_data[m_pos++];
            if (i == 8) {
                value |= byte << 56;
                break;
            }
            value |= (byte & 0x7f) << (7 * i);
            if ((byte & 0x80) == 0)
                break;
        }
        return std::int64_t((value >> 1) ^ (std::uint64_t(0) - (value & 1)));
    }

private:
    const unsigned char* m_data;
    std::size_t m_size;
    std::size_t m_pos = 0;
};

std::vector<unsigned char> inflated(const unsigned char* data, std::size_t size)
{
    z_stream stream{};
    if (inflateInit(&stream) != Z_OK)
        throw CorruptHistogram("zlib could not start");
    struct End {
        z_stream* s;
        ~End() { inflateEnd(s); }
    } end{&stream};
    stream.next_in = const_cast<unsigned char*>(data);
    stream.avail_in = uInt(size);
    std::vector<unsigned char> out;
    constexpr std::size_t kChunk = 64 * 1024;
    for (;;) {
        const std::size_t before = out.size();
        out.resize(before + kChunk);
        stream.next_out = out.data() + before;
        stream.avail_out = uInt(kChunk);
        const int rc = inflate(&stream, Z_NO_FLUSH);
        out.resize(before + (kChunk - stream.avail_out));
        if (rc == Z_STREAM_END)
            return out;
        if (rc != Z_OK)
            throw CorruptHistogram(std::string("the zlib data is ") +
                                   (rc == Z_BUF_ERROR ? "cut short" : "corrupt") +
                                   (stream.msg ? std::string(" (") + stream.msg + ")" : ""));
        if (out.size() > kMostInflatedBytes)
            throw CorruptHistogram("the zlib data inflates past 64 MiB");
    }
}

void refuseOtherEncodings(std::uint32_t cookie)
{
    const std::uint32_t base = cookie & ~kCookieNibble;
    if (base == kV2Compressed)
        return;
    if (cookie == kDoubleCompressed)
        throw CorruptHistogram("a DoubleHistogram: only integer HdrHistograms are read");
    if (base == kV1Compressed || cookie == kV0Compressed)
        throw CorruptHistogram("an encoding older than V2 (cookie " + hex(cookie) +
                               "): log it again with a current HdrHistogram");
    throw CorruptHistogram("not a compressed HdrHistogram (cookie " + hex(cookie) + ")");
}

} // namespace

BucketLayout BucketLayout::of(int significantDigits, std::int64_t lowestDiscernible,
                              std::int64_t highestTrackable)
{
    if (significantDigits < 0 || significantDigits > 5)
        throw CorruptHistogram(std::to_string(significantDigits) +
                               " significant digits (HdrHistogram keeps 0 to 5)");
    if (lowestDiscernible < 1)
        throw CorruptHistogram("a lowest discernible value of " +
                               std::to_string(lowestDiscernible) + " (at least 1)");
    if (highestTrackable < 2 * lowestDiscernible)
        throw CorruptHistogram("a highest trackable value of " + std::to_string(highestTrackable) +
                               ", under twice the lowest discernible value");
    // Unit resolution up to 2 * 10^digits needs a power of two of sub-buckets at least that.
    std::int64_t singleUnitResolution = 2;
    for (int i = 0; i < significantDigits; ++i)
        singleUnitResolution *= 10;
    const int subBucketCountMagnitude =
        int(std::bit_width(std::uint64_t(singleUnitResolution - 1)));
    BucketLayout layout;
    layout.subBucketHalfCountMagnitude = std::max(subBucketCountMagnitude, 1) - 1;
    layout.unitMagnitude = int(std::bit_width(std::uint64_t(lowestDiscernible))) - 1;
    layout.highestTrackableValue = highestTrackable;
    if (layout.unitMagnitude + layout.subBucketHalfCountMagnitude > 61)
        throw CorruptHistogram("a lowest discernible value too large for its digits");
    return layout;
}

std::int64_t BucketLayout::lowestValueAt(std::int64_t index) const
{
    const std::int64_t halfCount = std::int64_t(1) << subBucketHalfCountMagnitude;
    std::int64_t bucket = (index >> subBucketHalfCountMagnitude) - 1;
    std::int64_t subBucket = (index & (halfCount - 1)) + halfCount;
    if (bucket < 0) { // the first bucket's lower half: index is the sub-bucket
        subBucket -= halfCount;
        bucket = 0;
    }
    // subBucket < 2^(halfMagnitude + 1): the value stays below 2^62 while this holds.
    if (bucket + unitMagnitude + subBucketHalfCountMagnitude + 1 > 62)
        throw CorruptHistogram("a count at index " + std::to_string(index) +
                               ", past any trackable value");
    const std::int64_t value = subBucket << (bucket + unitMagnitude);
    if (value > highestTrackableValue)
        throw CorruptHistogram("a count at " + std::to_string(value) +
                               ", past the highest trackable value " +
                               std::to_string(highestTrackableValue));
    return value;
}

std::int64_t BucketLayout::rangeWidthAt(std::int64_t index) const
{
    const std::int64_t bucket =
        std::max<std::int64_t>((index >> subBucketHalfCountMagnitude) - 1, 0);
    return std::int64_t(1) << (bucket + unitMagnitude);
}

DecodedHistogram decodeCompressedHistogram(const std::vector<unsigned char>& bytes)
{
    HdrByteReader outer(bytes.data(), bytes.size());
    refuseOtherEncodings(std::uint32_t(outer.bigEndian(4, "cookie")));
    const auto compressedLength = std::int64_t(std::int32_t(outer.bigEndian(4, "length")));
    if (compressedLength < 0 || std::size_t(compressedLength) > outer.remaining())
        throw CorruptHistogram("truncated: " + std::to_string(compressedLength) +
                               " compressed bytes announced, " + std::to_string(outer.remaining()) +
                               " present");
    const std::vector<unsigned char> plain =
        inflated(bytes.data() + outer.position(), std::size_t(compressedLength));

    HdrByteReader in(plain.data(), plain.size());
    const auto cookie = std::uint32_t(in.bigEndian(4, "header"));
    if ((cookie & ~kCookieNibble) != kV2Encoding)
        throw CorruptHistogram("not an HdrHistogram inside (cookie " + hex(cookie) + ")");
    const auto payloadLength = std::int64_t(std::int32_t(in.bigEndian(4, "header")));
    in.bigEndian(4, "header"); // normalizingIndexOffset: see above
    const auto digits = int(std::int32_t(in.bigEndian(4, "header")));
    const auto lowest = std::int64_t(in.bigEndian(8, "header"));
    const auto highest = std::int64_t(in.bigEndian(8, "header"));
    in.bigEndian(8, "header"); // integerToDoubleValueConversionRatio: see above
    if (payloadLength < 0 || std::size_t(payloadLength) > in.remaining())
        throw CorruptHistogram("truncated: a payload of " + std::to_string(payloadLength) +
                               " bytes announced, " + std::to_string(in.remaining()) + " present");
    const BucketLayout layout = BucketLayout::of(digits, lowest, highest);

    DecodedHistogram decoded;
    decoded.significantDigits = digits;
    const std::size_t end = in.position() + std::size_t(payloadLength);
    std::int64_t index = 0;
    while (in.position() < end) {
        const std::int64_t count = in.zigZagVarint(end);
        if (count < 0) {
            if (count == std::numeric_limits<std::int64_t>::min() ||
                -count > (std::int64_t(1) << 56))
                throw CorruptHistogram("a run of " + std::to_string(-count) + " empty buckets");
            index += -count;
            continue;
        }
        if (count > 0) {
            const std::int64_t lowestValue = layout.lowestValueAt(index);
            decoded.buckets.emplace_back(lowestValue + layout.rangeWidthAt(index) - 1, count);
        }
        ++index;
    }
    return decoded;
}

} // namespace hedge::measurement_detail::hdr
