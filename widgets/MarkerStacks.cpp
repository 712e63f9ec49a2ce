#include "MarkerStacks.h"

#include "SetupCurveSet.h"

#include <QChart>
#include <QLineSeries>
#include <QScatterSeries>

#include <algorithm>
#include <array>
#include <limits>

namespace hedge {

namespace {

// The markers of a collapse: opaque, they hide what lies under them.
constexpr std::array<MarkerKind, 4> kStackedKinds{MarkerKind::Collapse, MarkerKind::OffScale,
                                                  MarkerKind::Partial, MarkerKind::PartialOffScale};

struct Mark {
    std::size_t curve;
    MarkerKind kind;
    qsizetype k; // its place among the curve's markers of that kind
    int point;   // its PointResult
    double load;
    QPointF at; // where its figure is, in chart coordinates
};

using Placed = std::vector<std::array<QList<QPointF>, kMarkerKinds>>;

std::size_t slot(MarkerKind kind)
{
    return static_cast<std::size_t>(kind);
}

std::vector<Mark> collectMarks(QChart& chart, const SetupCurveSet& curves)
{
    std::vector<Mark> marks;
    for (std::size_t c = 0; c < curves.size(); ++c) {
        const SetupCurve& curve = *curves[c];
        for (const MarkerKind kind : kStackedKinds) {
            const SetupCurve::Marks& drawn = curve.drawn()[kind];
            for (qsizetype k = 0; k < drawn.at.size(); ++k)
                marks.push_back({c, kind, k, drawn.index[static_cast<std::size_t>(k)],
                                 drawn.at[k].x(),
                                 chart.mapToPosition(drawn.at[k], curve.marks(kind))});
        }
    }
    // By load, then from the top of the plot down: a stack is a run of neighbours.
    std::sort(marks.begin(), marks.end(), [](const Mark& a, const Mark& b) {
        return a.load != b.load ? a.load < b.load : a.at.y() < b.at.y();
    });
    return marks;
}

// The smallest distance between two loads drawn, in pixels: how far a stack may spread.
double loadSpacing(QChart& chart, const SetupCurveSet& curves)
{
    std::vector<double> xs;
    for (const auto& curve : curves)
        for (const QPointF& p : curve->drawn().line)
            xs.push_back(chart.mapToPosition(p, curve->line()).x());
    std::sort(xs.begin(), xs.end());
    double spacing = std::numeric_limits<double>::infinity();
    for (std::size_t i = 1; i < xs.size(); ++i)
        if (xs[i] - xs[i - 1] >= 1.0)
            spacing = std::min(spacing, xs[i] - xs[i - 1]);
    return spacing;
}

} // namespace

void MarkerStacks::place(QChart& chart, const SetupCurveSet& curves, double markerSize)
{
    m_stacks.clear();
    Placed placed(curves.size());
    for (std::size_t c = 0; c < curves.size(); ++c)
        for (const MarkerKind kind : kAllMarkerKinds)
            placed[c][slot(kind)] = curves[c]->drawn()[kind].at;
    if (chart.plotArea().isValid()) {
        std::vector<Mark> marks = collectMarks(chart, curves);
        // A marker's size apart where there is room, closer (half a marker at least) where the
        // loads are so close that a stack would run into the next load's.
        const double spacing = loadSpacing(chart, curves);
        for (std::size_t first = 0; first < marks.size();) {
            std::size_t end = first + 1;
            while (end < marks.size() && marks[end].load == marks[first].load &&
                   marks[end].at.y() - marks[end - 1].at.y() < markerSize)
                ++end;
            const auto n = static_cast<double>(end - first);
            if (end - first > 1) {
                std::sort(marks.begin() + static_cast<std::ptrdiff_t>(first),
                          marks.begin() + static_cast<std::ptrdiff_t>(end),
                          [](const Mark& a, const Mark& b) { return a.curve < b.curve; });
                const double step = std::clamp(spacing / n, 0.5 * markerSize, markerSize);
                std::vector<int> stack;
                for (std::size_t i = first; i < end; ++i) {
                    const Mark& m = marks[i];
                    const double offset = (static_cast<double>(i - first) - (n - 1.0) / 2.0) * step;
                    QPointF& shown = placed[m.curve][slot(m.kind)][m.k];
                    shown.setX(
                        chart
                            .mapToValue(m.at + QPointF(offset, 0.0), curves[m.curve]->marks(m.kind))
                            .x());
                    stack.push_back(m.point);
                }
                m_stacks.push_back(std::move(stack));
            }
            first = end;
        }
    }
    for (std::size_t c = 0; c < curves.size(); ++c)
        for (const MarkerKind kind : kAllMarkerKinds)
            curves[c]->placeMarks(kind, placed[c][slot(kind)]);
}

std::vector<int> MarkerStacks::stackOf(int point) const
{
    for (const std::vector<int>& stack : m_stacks)
        if (std::find(stack.begin(), stack.end(), point) != stack.end())
            return stack;
    return {};
}

} // namespace hedge
