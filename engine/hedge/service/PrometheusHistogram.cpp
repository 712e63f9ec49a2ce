// A Prometheus histogram in the text exposition format (MeasurementImport.h): the request's
// metric names it (`# TYPE name histogram`), with a label set when it has several; its
// cumulative `name_bucket{...,le="..."}` series becomes the quantile function that
// histogram_quantile assumes, linear within each bucket, the first bucket from 0.
#include <hedge/service/MeasurementDetail.h>
#include <hedge/service/PrometheusText.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace hedge {

namespace measurement_detail::prom {

struct PromBucket {
    double le = 0.0;
    std::string leText;
    double count = 0.0;
    int line = 0;
};

struct PromSeries {
    Labels labels; // without le, in the file's order
    std::vector<PromBucket> buckets;
};

struct PromTypes {
    std::map<std::string, std::pair<std::string, int>> typeOf; // name -> (type, line)
    std::vector<std::string> histograms; // typed `histogram`, or untyped with le buckets
};

std::string joined(const std::vector<std::string>& names)
{
    std::string text;
    for (const std::string& name : names)
        text += (text.empty() ? "" : ", ") + name;
    return text;
}

std::string bucketStem(std::string_view name)
{
    constexpr std::string_view kSuffix = "_bucket";
    if (name.size() > kSuffix.size() && name.substr(name.size() - kSuffix.size()) == kSuffix)
        return std::string(name.substr(0, name.size() - kSuffix.size()));
    return {};
}

PromTypes scanTypes(const std::vector<std::string>& lines)
{
    PromTypes types;
    std::vector<std::string> untyped;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string_view line = trimmed(lines[i]);
        if (startsWith(line, "# TYPE ")) {
            const std::string_view rest = trimmed(line.substr(7));
            const std::string name(sampleName(rest));
            const std::string type(trimmed(rest.substr(name.size())));
            types.typeOf.emplace(name, std::make_pair(type, int(i + 1)));
            if (type == "histogram")
                types.histograms.push_back(name);
        } else if (!line.empty() && line.front() != '#') {
            const std::string stem = bucketStem(sampleName(line));
            if (!stem.empty() && line.find("le=\"") != std::string_view::npos &&
                std::find(untyped.begin(), untyped.end(), stem) == untyped.end())
                untyped.push_back(stem);
        }
    }
    for (const std::string& stem : untyped) {
        if (types.typeOf.count(stem) == 0)
            types.histograms.push_back(stem);
    }
    return types;
}

std::string histogramsListed(const PromTypes& types)
{
    return types.histograms.empty()
               ? std::string("the file has no histogram (# TYPE name histogram)")
               : "the histograms are " + joined(types.histograms);
}

// The histogram the request means; throws FILE or FILE:LINE when there is none.
std::string resolveHistogram(const std::string& path, const std::string& wanted,
                             const PromTypes& types, std::vector<std::string>& notes)
{
    const auto& all = types.histograms;
    if (wanted.empty()) {
        if (all.size() == 1) {
            notes.push_back("the file's only histogram, " + all.front());
            return all.front();
        }
        throw MeasurementError(path, 0,
                               all.empty() ? histogramsListed(types)
                                           : std::to_string(all.size()) + " histograms (" +
                                                 joined(all) + "): name the metric");
    }
    if (std::find(all.begin(), all.end(), wanted) != all.end())
        return wanted;
    const std::string stem = bucketStem(wanted);
    if (!stem.empty() && std::find(all.begin(), all.end(), stem) != all.end())
        return stem;
    const auto typed = types.typeOf.find(wanted);
    if (typed != types.typeOf.end())
        throw MeasurementError(path, typed->second.second,
                               wanted + " is a " + typed->second.first + ", not a histogram; " +
                                   histogramsListed(types));
    throw MeasurementError(path, 0, "no metric " + wanted + "; " + histogramsListed(types));
}

// Every `name_bucket` sample, grouped by its labels other than le.
std::vector<PromSeries> readSeries(const std::string& path, const std::vector<std::string>& lines,
                                   const std::string& name)
{
    const std::string bucketName = name + "_bucket";
    std::vector<PromSeries> series;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string_view line = trimmed(lines[i]);
        if (line.empty() || line.front() == '#' || sampleName(line) != bucketName)
            continue;
        const int lineNumber = int(i + 1);
        std::string problem;
        std::optional<PromSample> sample = parseSample(line, problem);
        if (!sample)
            throw MeasurementError(path, lineNumber, problem);
        PromBucket bucket;
        bucket.line = lineNumber;
        Labels others;
        bool hasLe = false;
        for (auto& [label, value] : sample->labels) {
            if (label == "le") {
                hasLe = true;
                bucket.leText = value;
            } else {
                others.emplace_back(label, value);
            }
        }
        if (!hasLe)
            throw MeasurementError(path, lineNumber, "a bucket without an le label");
        const std::optional<double> le = parsePromNumber(bucket.leText);
        if (!le || std::isnan(*le))
            throw MeasurementError(path, lineNumber, "le=\"" + bucket.leText + "\" is not a bound");
        bucket.le = *le;
        const std::optional<double> count = parsePromNumber(sample->valueText);
        if (!count || !std::isfinite(*count) || *count < 0.0)
            throw MeasurementError(path, lineNumber,
                                   "\"" + sample->valueText + "\" is not a count");
        bucket.count = *count;
        auto same = std::find_if(series.begin(), series.end(),
                                 [&](const PromSeries& s) { return s.labels == others; });
        if (same == series.end())
            same = series.insert(series.end(), PromSeries{std::move(others), {}});
        same->buckets.push_back(std::move(bucket));
    }
    return series;
}

bool hasLabels(const Labels& labels, const Labels& wanted)
{
    return std::all_of(wanted.begin(), wanted.end(), [&](const auto& pair) {
        return std::find(labels.begin(), labels.end(), pair) != labels.end();
    });
}

PromSeries chooseSeries(const std::string& path, const std::string& name, int typeLine,
                        std::vector<PromSeries> series, const Labels& wanted)
{
    if (series.empty())
        throw MeasurementError(path, typeLine, name + " has no " + name + "_bucket samples");
    std::vector<std::string> all;
    bool unlabelled = false; // a series with no label but le
    std::vector<PromSeries> matching;
    for (PromSeries& s : series) {
        if (s.labels.empty())
            unlabelled = true;
        else
            all.push_back(describeLabels(s.labels));
        if (hasLabels(s.labels, wanted))
            matching.push_back(std::move(s));
    }
    if (matching.size() == 1)
        return std::move(matching.front());
    if (matching.empty()) {
        // Never an empty list: a series without labels is said in words.
        std::string which;
        if (all.empty())
            which = "its buckets have no label but le: choose " + name + " without labels";
        else
            which = std::string(all.size() == 1 ? "its one label set is " : "its label sets are ") +
                    joined(all) + (unlabelled ? " and one without labels but le" : "");
        throw MeasurementError(path, 0,
                               "no " + name + " series has " + describeLabels(wanted) + "; " +
                                   which);
    }
    std::vector<std::string> sets;
    for (const PromSeries& s : matching)
        sets.push_back(describeLabels(s.labels));
    throw MeasurementError(path, 0,
                           name + " has " + std::to_string(sets.size()) + " label sets" +
                               (wanted.empty() ? "" : " with " + describeLabels(wanted)) + ": " +
                               joined(sets) + "; choose one, e.g. " + name + sets.front());
}

// Sorted by bound, cumulative, ending in +Inf; throws FILE:LINE at the first bucket that
// breaks that.
void checkBuckets(const std::string& path, const std::string& series,
                  std::vector<PromBucket>& buckets)
{
    std::stable_sort(buckets.begin(), buckets.end(),
                     [](const PromBucket& a, const PromBucket& b) { return a.le < b.le; });
    for (std::size_t i = 0; i < buckets.size(); ++i) {
        const PromBucket& bucket = buckets[i];
        if (i > 0 && bucket.le == buckets[i - 1].le)
            throw MeasurementError(path, bucket.line,
                                   "a second le=\"" + bucket.leText + "\" bucket for " + series);
        if (i > 0 && bucket.count < buckets[i - 1].count)
            throw MeasurementError(
                path, bucket.line,
                "the cumulative count falls from " + describeNumber(buckets[i - 1].count) +
                    " (le=\"" + buckets[i - 1].leText + "\") to " + describeNumber(bucket.count) +
                    " (le=\"" + bucket.leText +
                    "\"): a histogram's buckets count every sample at or below their bound");
        if (bucket.le < 0.0 && bucket.count > 0.0)
            throw MeasurementError(path, bucket.line,
                                   "a negative latency: " + describeNumber(bucket.count) +
                                       " samples at or below le=\"" + bucket.leText + "\"");
    }
    if (buckets.empty() || !std::isinf(buckets.back().le))
        throw MeasurementError(path, 0,
                               series + " has no le=\"+Inf\" bucket: its total is unknown");
    if (buckets.size() == 1 || !std::isfinite(buckets[buckets.size() - 2].le))
        throw MeasurementError(path, buckets.back().line,
                               series + " has only its +Inf bucket: no bound to place the "
                                        "latencies at");
}

} // namespace measurement_detail::prom

namespace measurement_detail::prom {

// (fraction, raw latency) per finite bound, from (0, 0); the +Inf bucket's samples at the
// largest finite bound. Equal fractions: the leading zeros keep their last point (the first
// sample's bucket starts there), the trailing ones their first (nothing lies past it), an
// inner run its two ends (the quantile steps over the empty buckets).
QuantilePoints bucketQuantiles(const std::vector<PromBucket>& buckets, double total)
{
    std::vector<std::pair<double, double>> raw{{0.0, 0.0}};
    for (const PromBucket& bucket : buckets) {
        if (std::isfinite(bucket.le))
            raw.emplace_back(std::min(bucket.count / total, 1.0), std::max(bucket.le, 0.0));
    }
    if (raw.back().first < 1.0)
        raw.emplace_back(1.0, raw.back().second);
    std::size_t first = 0;
    while (first + 1 < raw.size() && raw[first + 1].first == 0.0)
        ++first;
    std::size_t last = first;
    while (raw[last].first < 1.0)
        ++last;
    QuantilePoints points;
    for (std::size_t i = first; i <= last; ++i) {
        const bool innerOfRun = i > first && i < last && raw[i - 1].first == raw[i].first &&
                                raw[i + 1].first == raw[i].first;
        if (innerOfRun)
            continue;
        points.fraction.push_back(raw[i].first);
        points.latencyMs.push_back(raw[i].second);
    }
    return points;
}

} // namespace measurement_detail::prom

std::vector<std::string> prometheusSeries(const std::string& path)
{
    using namespace measurement_detail;
    using namespace measurement_detail::prom;
    const std::vector<std::string> lines = readTextLines(path);
    std::vector<std::string> out;
    for (const std::string& name : scanTypes(lines).histograms)
        for (const PromSeries& series : readSeries(path, lines, name))
            out.push_back(name + describeLabels(series.labels));
    return out;
}

MeasuredLatencies readPrometheusHistogram(const MeasurementRequest& request)
{
    using namespace measurement_detail;
    using namespace measurement_detail::prom;
    const std::vector<std::string> lines = readTextLines(request.path);
    Labels wanted;
    std::string wantedName;
    if (!trimmed(request.metric).empty()) {
        auto selector = parseSelector(request.metric);
        if (!selector)
            throw MeasurementError(request.path, 0,
                                   "the metric \"" + request.metric +
                                       "\" is neither a name nor name{label=\"value\",...}");
        wantedName = selector->first;
        wanted = std::move(selector->second);
    }
    MeasuredLatencies result;
    const PromTypes types = scanTypes(lines);
    const std::string name = resolveHistogram(request.path, wantedName, types, result.notes);
    const auto typed = types.typeOf.find(name);
    const int typeLine = typed == types.typeOf.end() ? 0 : typed->second.second;
    PromSeries series =
        chooseSeries(request.path, name, typeLine, readSeries(request.path, lines, name), wanted);
    const std::string seriesName = name + describeLabels(series.labels);
    std::vector<PromBucket>& buckets = series.buckets;
    checkBuckets(request.path, seriesName, buckets);

    const double total = buckets.back().count;
    if (total <= 0.0)
        throw MeasurementError(request.path, 0, "no latencies: " + seriesName + " counted none");
    QuantilePoints points = bucketQuantiles(buckets, total);
    checkUnitFits(request.path, points.latencyMs.front(), request.unit);
    const double factor = millisecondsPer(request.unit);
    for (double& latency : points.latencyMs)
        latency *= factor;

    result.quantiles = std::move(points);
    result.samples = std::llround(total);
    const std::size_t finite = buckets.size() - 1;
    result.notes.push_back(seriesName + ": " + describeNumber(total) + " samples in " +
                           std::to_string(finite + 1) + " buckets, bounds read as " +
                           toString(request.unit));
    result.notes.push_back("within a bucket the latencies are taken as spread evenly, as "
                           "histogram_quantile assumes; the first bucket starts at 0");
    const double overflow = total - buckets[finite - 1].count;
    const double largestMs = buckets[finite - 1].le * factor;
    if (overflow > 0.0)
        result.notes.push_back("the +Inf bucket's " + describeNumber(overflow) +
                               " samples sit at " + describeMs(largestMs) +
                               ", the largest finite bound");
    result.notes.push_back("the slowest knot is " + describeMs(result.quantiles.latencyMs.back()) +
                           ", the top of the last bucket with samples: nothing is "
                           "extrapolated past it");
    return result;
}

} // namespace hedge
