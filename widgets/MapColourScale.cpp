#include "MapColourScale.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace hedge {

namespace {

// ColorBrewer RdBu (11 classes), from the strongest blue to the strongest red.
constexpr std::array<QRgb, 11> kDiverging = {0x053061, 0x2166ac, 0x4393c3, 0x92c5de,
                                             0xd1e5f0, 0xf7f7f7, 0xfddbc7, 0xf4a582,
                                             0xd6604d, 0xb2182b, 0x67001f};
// viridis, sampled at ten even steps.
constexpr std::array<QRgb, 10> kSequential = {0x440154, 0x482878, 0x3e4989, 0x31688e,
                                              0x26828e, 0x1f9e89, 0x35b779, 0x6ece58,
                                              0xb5de2b, 0xfde725};

template <std::size_t N> QColor along(const std::array<QRgb, N>& stops, double t)
{
    t = std::clamp(t, 0.0, 1.0) * static_cast<double>(N - 1);
    const std::size_t i = std::min(static_cast<std::size_t>(t), N - 2);
    const double f = t - static_cast<double>(i);
    const QColor a(stops[i]);
    const QColor b(stops[i + 1]);
    return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * f),
                            static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * f),
                            static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * f));
}

// 1, 2, 5 × 10^k steps giving about `count` ticks over [low, high].
double niceStep(double low, double high, int count)
{
    const double raw = (high - low) / std::max(1, count);
    if (!(raw > 0.0))
        return 1.0;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * magnitude >= raw)
            return m * magnitude;
    return 10.0 * magnitude;
}

} // namespace

MapColourScale MapColourScale::forMap(MapFigure figure, const GridMap& map)
{
    MapColourScale scale;
    scale.m_figure = figure;
    if (figure == MapFigure::P99Ratio)
        return scale; // fixed, centred on 1: maps and runs compare at a glance
    double low = std::numeric_limits<double>::infinity();
    double high = -low;
    for (const auto& cell : map.cells)
        if (cell && cell->value && std::isfinite(*cell->value)) {
            low = std::min(low, *cell->value);
            high = std::max(high, *cell->value);
        }
    if (!(low <= high)) {
        low = 0.0;
        high = 1.0;
    }
    switch (figure) {
    case MapFigure::RequestsPerCall:
        low = std::min(low, 1.0); // one request per call is the floor: no extra work
        break;
    case MapFigure::RejectedPercent:
        low = 0.0;
        high = std::max(high, 1.0);
        break;
    case MapFigure::P999Ms:
    case MapFigure::P99Ratio:
        break;
    }
    // Tail latencies over a plane span decades: a log scale keeps the light loads apart.
    scale.m_log = figure == MapFigure::P999Ms && low > 0.0 && high / low > 10.0;
    if (high - low < 1e-9 * std::max(1.0, std::abs(high))) {
        high = low + (low > 0.0 ? 0.1 * low : 1.0);
    }
    scale.m_low = low;
    scale.m_high = high;
    return scale;
}

double MapColourScale::position(double value) const
{
    if (m_log) {
        if (!(value > 0.0))
            return 0.0;
        return std::clamp(std::log(value / m_low) / std::log(m_high / m_low), 0.0, 1.0);
    }
    return std::clamp((value - m_low) / (m_high - m_low), 0.0, 1.0);
}

QColor MapColourScale::colour(double value) const
{
    const double t = position(value);
    return isDiverging() ? along(kDiverging, t) : along(kSequential, t);
}

std::vector<std::pair<double, QString>> MapColourScale::ticks() const
{
    std::vector<std::pair<double, QString>> out;
    if (isDiverging()) {
        for (double v : {0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 4.0})
            out.emplace_back(v, QStringLiteral("×") + QString::number(v));
        return out;
    }
    if (m_log) {
        for (double decade = std::pow(10.0, std::floor(std::log10(m_low))); decade <= m_high;
             decade *= 10.0)
            for (double m : {1.0, 2.0, 5.0})
                if (m * decade >= m_low && m * decade <= m_high)
                    out.emplace_back(m * decade, valueText(m_figure, m * decade));
        return out;
    }
    const double step = niceStep(m_low, m_high, 5);
    for (double v = std::ceil(m_low / step) * step; v <= m_high + step * 1e-9; v += step)
        out.emplace_back(v, valueText(m_figure, v));
    return out;
}

QString MapColourScale::figureTitle(MapFigure figure)
{
    switch (figure) {
    case MapFigure::P99Ratio:
        return QStringLiteral("p99 ÷ baseline p99");
    case MapFigure::RequestsPerCall:
        return QStringLiteral("requests per call");
    case MapFigure::P999Ms:
        return QStringLiteral("p99.9 (ms)");
    case MapFigure::RejectedPercent:
        return QStringLiteral("rejected (%)");
    }
    return {};
}

QString MapColourScale::valueText(MapFigure figure, double value)
{
    switch (figure) {
    case MapFigure::P99Ratio:
        return QString::number(value, 'f', 2);
    case MapFigure::RequestsPerCall:
        return QString::number(value, 'f', 2);
    case MapFigure::P999Ms:
        return value >= 100.0 ? QString::number(value, 'f', 0) : QString::number(value, 'g', 3);
    case MapFigure::RejectedPercent:
        return QString::number(value, 'g', 3);
    }
    return {};
}

} // namespace hedge
