#include "AdviceFrontChart.h"

#include "ChartTheme.h"

#include <hedge/advise/Advisor.h>

#include <QChart>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace hedge {

namespace {

const QString kFront = QStringLiteral("front");
const QString kOthers = QStringLiteral("others");
const QString kAdvised = QStringLiteral("advised");
const QString kNoHedge = QStringLiteral("no hedge");
const QString kThumb = QStringLiteral("rule of thumb");

QScatterSeries* scatter(const QString& name, const QColor& colour, qreal size,
                        QScatterSeries::MarkerShape shape)
{
    auto* s = new QScatterSeries;
    s->setName(name);
    s->setColor(colour);
    s->setBorderColor(colour.darker(140));
    s->setMarkerSize(size);
    s->setMarkerShape(shape);
    return s;
}

} // namespace

AdviceFrontChart::AdviceFrontChart(QWidget* parent) : QChartView(parent)
{
    setObjectName(QStringLiteral("adviceFront"));
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(320, 220);
    chart()->setTitle(tr("The front"));
    restyle();
}

std::size_t AdviceFrontChart::targetIndex(const AdviceQuestion& question)
{
    std::size_t best = 0;
    for (std::size_t i = 1; i < question.heldLoads.size(); ++i)
        if (std::abs(question.heldLoads[i] - question.targetLoad) <
            std::abs(question.heldLoads[best] - question.targetLoad))
            best = i;
    return best;
}

std::optional<QPointF> AdviceFrontChart::pointOf(const AdviceQuestion& question,
                                                 const AdviceCandidate& candidate, bool finalOnly)
{
    const std::size_t t = targetIndex(question);
    if ((finalOnly && candidate.stage != AdviceStage::Final) || t >= candidate.figures.size())
        return std::nullopt;
    const PointResult& p = candidate.figures[t];
    const auto y = objectiveFigure(p, question.objective);
    if (!y || p.requestsPerCall <= 0.0)
        return std::nullopt;
    return QPointF(p.requestsPerCall, *y);
}

void AdviceFrontChart::clear()
{
    chart()->removeAllSeries();
    // removeAxis gives the axis back to us: a redraw per progress tick would leak two each.
    for (QAbstractAxis* axis : chart()->axes()) {
        chart()->removeAxis(axis);
        delete axis;
    }
}

void AdviceFrontChart::draw(const AdviceQuestion& question, const AdviceAnswer& answer)
{
    clear();
    QChart* c = chart();
    c->setTitle(answer.finished ? tr("The front") : tr("The front so far (unfinished)"));
    const QColor accent = palette().color(QPalette::Highlight);
    auto* frontLine = new QLineSeries;
    frontLine->setName(kFront);
    frontLine->setColor(accent);
    auto* front = scatter(kFront, accent, 9, QScatterSeries::MarkerShapeCircle);
    auto* others = scatter(kOthers, QColor(0x9A, 0x9A, 0x9A), 7, QScatterSeries::MarkerShapeCircle);
    auto* advised =
        scatter(kAdvised, QColor(0xD9, 0x7A, 0x00), 16, QScatterSeries::MarkerShapeStar);
    auto* none =
        scatter(kNoHedge, QColor(0x55, 0x55, 0x55), 12, QScatterSeries::MarkerShapeRectangle);
    auto* thumb =
        scatter(kThumb, QColor(0x2E, 0x8B, 0x57), 12, QScatterSeries::MarkerShapeTriangle);

    std::vector<QPointF> frontPoints;
    for (std::size_t i = 0; i < answer.candidates.size(); ++i) {
        // A finished answer shows full-length figures only; while the search runs (or once
        // stopped) the stage under way's figures fill the front in.
        const auto point = pointOf(question, answer.candidates[i], answer.finished);
        if (!point)
            continue;
        const AdviceCandidate& c = answer.candidates[i];
        if (std::find(answer.front.begin(), answer.front.end(), i) != answer.front.end())
            frontPoints.push_back(*point);
        else if (!c.rejection || c.rejection->limit != AdviceRejection::Limit::Collapse)
            // A collapsed candidate's tail is the collapse's (seconds): it would squash the
            // front into a corner; the why-not list names it.
            others->append(*point);
        if (answer.advised == i)
            advised->append(*point);
    }
    std::sort(frontPoints.begin(), frontPoints.end(),
              [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
    for (const QPointF& p : frontPoints) {
        front->append(p);
        frontLine->append(p);
    }
    // No hedge and the rule of thumb run on the finalists' seeds, full length, whatever stage
    // they are marked with.
    if (const auto p = pointOf(question, answer.noHedge, false))
        none->append(*p);
    if (const auto p = pointOf(question, answer.ruleOfThumb, false))
        thumb->append(*p);

    double xMin = 1.0, xMax = 1.05, yMin = 1.0, yMax = 1000.0; // empty: 1 … 1000 ms
    bool any = false;
    for (QXYSeries* s : {static_cast<QXYSeries*>(front), static_cast<QXYSeries*>(others),
                         static_cast<QXYSeries*>(none), static_cast<QXYSeries*>(thumb)})
        for (const QPointF& p : s->points()) {
            xMin = any ? std::min(xMin, p.x()) : std::min(1.0, p.x());
            xMax = any ? std::max(xMax, p.x()) : std::max(1.05, p.x());
            yMin = any ? std::min(yMin, p.y()) : p.y();
            yMax = any ? std::max(yMax, p.y()) : p.y();
            any = true;
        }
    const double xPad = std::max(0.01, (xMax - xMin) * 0.08);

    auto* x = new QValueAxis;
    x->setTitleText(
        tr("requests per call at %1 % load").arg(question.targetLoad * 100.0, 0, 'g', 3));
    x->setRange(std::max(0.0, xMin - xPad), xMax + xPad);
    x->applyNiceNumbers();
    x->setLabelFormat(QStringLiteral("%.2f"));
    // A log scale, as the p99 chart's: the front's tens of milliseconds stay apart beside no
    // hedge's hundreds.
    auto* y = new QLogValueAxis;
    y->setBase(10.0);
    y->setMinorTickCount(-1);
    y->setTitleText(tr("%1 at %2 % (ms)")
                        .arg(QString::fromLatin1(toString(question.objective)))
                        .arg(question.targetLoad * 100.0, 0, 'g', 3));
    y->setRange(std::pow(10.0, std::floor(std::log10(std::max(yMin, 1e-3) * 0.9))),
                std::pow(10.0, std::ceil(std::log10(std::max(yMax, 1e-3) * 1.1))));
    y->setLabelFormat(QStringLiteral("%g"));
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    for (QXYSeries* s : {static_cast<QXYSeries*>(frontLine), static_cast<QXYSeries*>(others),
                         static_cast<QXYSeries*>(front), static_cast<QXYSeries*>(none),
                         static_cast<QXYSeries*>(thumb), static_cast<QXYSeries*>(advised)}) {
        c->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    }
    // One legend entry per kind: the front's line stands for its markers.
    for (QLegendMarker* m : c->legend()->markers(front))
        m->setVisible(false);
    restyle();
}

int AdviceFrontChart::pointCount(const QString& name) const
{
    for (QAbstractSeries* s : chart()->series())
        if (auto* scatterSeries = qobject_cast<QScatterSeries*>(s);
            scatterSeries && s->name() == name)
            return int(scatterSeries->count());
    return 0;
}

void AdviceFrontChart::restyle()
{
    const ChartTheme theme(palette(), font());
    theme.styleChart(chart());
    for (QAbstractAxis* axis : chart()->axes())
        theme.styleAxis(axis, false);
    // The legend beside the plot: the plot keeps the height a 1024 × 700 dialog leaves it.
    chart()->legend()->setAlignment(Qt::AlignRight);
}

} // namespace hedge
