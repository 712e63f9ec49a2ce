// The measurement readers' common ground: the error, the names of formats and units, the
// dispatch by format and the distribution a file gives (MeasurementImport.h).
#include <hedge/service/MeasurementImport.h>

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <utility>

namespace hedge {

namespace {

std::string measurementErrorText(const std::string& file, int line, const std::string& problem)
{
    std::string text = file;
    if (line > 0) {
        text += ':';
        text += std::to_string(line);
    }
    text += ": ";
    text += problem;
    return text;
}

std::string lowerCase(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return text;
}

} // namespace

MeasurementError::MeasurementError(std::string file, int line, std::string problem)
    : std::runtime_error(measurementErrorText(file, line, problem)), m_file(std::move(file)),
      m_line(line), m_problem(std::move(problem))
{}

std::optional<MeasurementFormat> formatFromPath(const std::string& path)
{
    const auto slash = path.find_last_of("/\\");
    const std::string name = path.substr(slash == std::string::npos ? 0 : slash + 1);
    const auto dot = name.find_last_of('.');
    if (dot == std::string::npos || dot == 0)
        return std::nullopt;
    const std::string extension = lowerCase(name.substr(dot + 1));
    if (extension == "csv")
        return MeasurementFormat::Csv;
    if (extension == "hlog")
        return MeasurementFormat::HdrHistogramLog;
    if (extension == "prom" || extension == "txt" || extension == "metrics")
        return MeasurementFormat::Prometheus;
    return std::nullopt;
}

MeasuredLatencies readMeasurements(const MeasurementRequest& request)
{
    switch (request.format) {
    case MeasurementFormat::Csv:
        return readCsvLatencies(request);
    case MeasurementFormat::HdrHistogramLog:
        return readHdrHistogramLog(request);
    case MeasurementFormat::Prometheus:
        return readPrometheusHistogram(request);
    }
    throw MeasurementError(request.path, 0, "an unknown format");
}

ServiceDistribution importMeasurements(const MeasurementRequest& request,
                                       std::vector<std::string>* notes)
{
    MeasuredLatencies measured = readMeasurements(request);
    ServiceDistribution distribution;
    distribution.kind = DistributionKind::Empirical;
    distribution.source = request.path;
    distribution.format = request.format;
    distribution.column = request.column;
    distribution.metric = request.metric;
    distribution.unit = request.unit;
    distribution.samples = measured.samples;
    try {
        distribution.table = ServiceTimeTable::fromQuantiles(measured.quantiles);
    } catch (const std::invalid_argument& error) {
        throw MeasurementError(request.path, 0, std::string("no table: ") + error.what());
    }
    if (notes)
        *notes = std::move(measured.notes);
    return distribution;
}

} // namespace hedge
