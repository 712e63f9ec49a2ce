#include "ReplicaQueueStrip.h"

#include "ChartTheme.h"
#include "LivePanelPainter.h"

#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPainter>

#include <algorithm>
#include <array>
#include <cmath>

namespace hedge {

namespace {

// ColorBrewer YlOrRd (9 classes): light where a queue is short, dark red where it piles up;
// a sequential scale that stays readable with the common colour-vision deficiencies.
constexpr std::array<QRgb, 9> kRamp = {0xffffcc, 0xffeda0, 0xfed976, 0xfeb24c, 0xfd8d3c,
                                       0xfc4e2a, 0xe31a1c, 0xbd0026, 0x800026};

QColor alongRamp(double t)
{
    t = std::clamp(t, 0.0, 1.0) * double(kRamp.size() - 1);
    const std::size_t i = std::min(std::size_t(t), kRamp.size() - 2);
    return ChartTheme::mix(QColor(kRamp[i]), QColor(kRamp[i + 1]), t - double(i));
}

// The first of 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10^k at or above `v`: the darkest colour
// stays close to the largest backlog shown.
double roundUp(double v)
{
    const double magnitude = std::pow(10.0, std::floor(std::log10(v)));
    for (double m : {1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0})
        if (m * magnitude >= v * (1 - 1e-9))
            return m * magnitude;
    return 10.0 * magnitude;
}

QString secondsText(double s)
{
    return QStringLiteral("%1 s").arg(QString::number(s, 'g', 3));
}


} // namespace

ReplicaQueueStrip::ReplicaQueueStrip(const std::vector<BucketRing>* rings,
                                     const QList<SeriesStyle>& styles, double t0, double t1)
    : m_rings(rings), m_styles(styles), m_t0(t0), m_t1(t1)
{
    const std::size_t worlds = rings ? rings->size() : 0;
    double highest = 0.0;
    for (std::size_t w = 0; w < worlds && int(w) < styles.size(); ++w) {
        if (!styles[int(w)].visible)
            continue;
        const BucketRing& ring = (*rings)[w];
        const int replicas = replicasOf(ring);
        if (replicas < 2)
            continue;
        ++m_worldsWithRows;
        for (int r = 0; r < replicas; ++r)
            m_rows.push_back(Row{w, r, replicas, r == 0});
        for (std::size_t k = 0; k < ring.size(); ++k) {
            const TimelineBucket& b = ring.at(k);
            if (b.tS < t0)
                continue;
            for (double ms : b.replicaBacklogMs)
                highest = std::max(highest, ms / 1000.0);
        }
    }
    m_scaleMaxS = roundUp(std::max(highest, kMinScaleS));
}

int ReplicaQueueStrip::replicasOf(const BucketRing& ring)
{
    return ring.empty() ? 1 : std::max(1, int(ring.back().replicaBacklogMs.size()));
}

double ReplicaQueueStrip::headerHeight(const ChartTheme& theme)
{
    return QFontMetricsF(theme.smallFont()).height() + 4.0;
}

double ReplicaQueueStrip::preferredHeight(const ChartTheme& theme) const
{
    // Rows tall enough to tell apart and to carry their label.
    const double row = QFontMetricsF(theme.smallFont()).height() * 0.8;
    return headerHeight(theme) + row * double(m_rows.size()) +
           kWorldGap * double(std::max(0, m_worldsWithRows - 1));
}

QColor ReplicaQueueStrip::colour(const ChartTheme& theme, double seconds) const
{
    if (!(seconds > 0.0)) // an empty queue: the plot's own background, barely tinted
        return ChartTheme::mix(theme.base(), theme.text(), theme.isDark() ? 0.10 : 0.04);
    return alongRamp(seconds / m_scaleMaxS);
}

QRectF ReplicaQueueStrip::rowRect(const QRectF& rowsArea, int row) const
{
    const double gaps = kWorldGap * double(std::max(0, m_worldsWithRows - 1));
    const double h = std::max(1.0, (rowsArea.height() - gaps) / double(std::max<std::size_t>(1, m_rows.size())));
    int groupsBefore = 0;
    for (int i = 1; i <= row; ++i)
        groupsBefore += m_rows[std::size_t(i)].firstOfWorld;
    return {rowsArea.left(), rowsArea.top() + h * row + kWorldGap * groupsBefore, rowsArea.width(), h};
}

void ReplicaQueueStrip::draw(QPainter& p, const ChartTheme& theme, const QRectF& area) const
{
    if (m_rows.empty())
        return;
    const double headerH = headerHeight(theme);
    drawHeader(p, theme, QRectF(area.left(), area.top(), area.width(), headerH));
    const QRectF rowsArea(area.left(), area.top() + headerH, area.width(), area.height() - headerH);
    p.save();
    // Cells meet edge to edge: antialiasing would leave seams between them.
    p.setRenderHint(QPainter::Antialiasing, false);
    const QFontMetricsF fm(theme.smallFont());
    p.setFont(theme.smallFont());
    // A label every `every` rows, so that labels never overlap on a short strip.
    const double rowH = rowRect(rowsArea, 0).height();
    const int every = std::max(1, int(std::ceil(fm.height() * 0.9 / rowH)));
    for (int i = 0; i < rowCount(); ++i) {
        const Row& row = m_rows[std::size_t(i)];
        const QRectF rect = rowRect(rowsArea, i);
        drawRow(p, theme, row, rect);
        if (row.firstOfWorld) {
            // The world's colour beside its rows, as in the legend.
            const QRectF group(rect.left() - 6, rect.top(), 3, rect.height() * row.replicas);
            p.fillRect(group, m_styles[int(row.world)].color);
        }
        if (row.replica % every == 0) {
            p.setPen(theme.text());
            p.drawText(QRectF(rect.left() - 60, rect.center().y() - fm.height() / 2, 52, fm.height()),
                       Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("R%1").arg(row.replica + 1));
        }
    }
    p.setPen(QPen(ChartTheme::mix(theme.text(), theme.base(), 0.55), 1.0));
    p.setBrush(Qt::NoBrush);
    for (int i = 0; i < rowCount(); ++i) {
        if (!m_rows[std::size_t(i)].firstOfWorld)
            continue;
        const QRectF first = rowRect(rowsArea, i);
        p.drawRect(QRectF(first.left(), first.top(), first.width(),
                          first.height() * m_rows[std::size_t(i)].replicas));
    }
    p.restore();
}

void ReplicaQueueStrip::drawHeader(QPainter& p, const ChartTheme& theme, const QRectF& header) const
{
    QFont title = theme.smallFont();
    title.setBold(true);
    const QFontMetricsF tfm(title);
    const QFontMetricsF fm(theme.smallFont());
    const QString text = tr("Backlog per replica (s of work)");
    p.setFont(title);
    p.setPen(theme.text());
    p.drawText(QRectF(header.left() + 4, header.top(), tfm.horizontalAdvance(text) + 4, header.height()),
               Qt::AlignLeft | Qt::AlignVCenter, text);

    // The scale, right-aligned: 0 [gradient] max.
    const QString low = QStringLiteral("0");
    const QString high = secondsText(m_scaleMaxS);
    const double barW = std::clamp(header.width() * 0.2, 40.0, 120.0);
    const double highW = fm.horizontalAdvance(high);
    const double barRight = header.right() - highW - 6;
    const double barLeft = barRight - barW;
    if (barLeft - fm.horizontalAdvance(low) - 4 < header.left() + tfm.horizontalAdvance(text) + 12)
        return; // too narrow for both: the title says what the colours are; the hover, how much
    const QRectF bar(barLeft, header.center().y() - 4, barW, 8);
    QLinearGradient gradient(bar.topLeft(), bar.topRight());
    for (std::size_t i = 0; i < kRamp.size(); ++i)
        gradient.setColorAt(double(i) / double(kRamp.size() - 1), QColor(kRamp[i]));
    p.fillRect(bar, gradient);
    p.setFont(theme.smallFont());
    p.drawText(QRectF(barLeft - fm.horizontalAdvance(low) - 4, header.top(), fm.horizontalAdvance(low) + 2,
                      header.height()),
               Qt::AlignRight | Qt::AlignVCenter, low);
    p.drawText(QRectF(barRight + 4, header.top(), highW + 2, header.height()),
               Qt::AlignLeft | Qt::AlignVCenter, high);
}

void ReplicaQueueStrip::drawRow(QPainter& p, const ChartTheme& theme, const Row& row,
                                const QRectF& rect) const
{
    p.fillRect(rect, colour(theme, 0.0));
    const BucketRing& ring = (*m_rings)[row.world];
    const auto mapX = [&](double t) {
        return std::lround(rect.left() + (t - m_t0) / (m_t1 - m_t0) * rect.width());
    };
    // Buckets narrower than a pixel share a column: it shows the largest of them.
    long column = -1;
    double columnMax = 0.0;
    const auto flush = [&] {
        if (column >= 0 && columnMax > 0.0)
            p.fillRect(QRectF(double(column), rect.top(), 1.0, rect.height()), colour(theme, columnMax));
        column = -1;
        columnMax = 0.0;
    };
    for (std::size_t k = 0; k < ring.size(); ++k) {
        const TimelineBucket& b = ring.at(k);
        if (b.tS <= m_t0 || std::size_t(row.replica) >= b.replicaBacklogMs.size())
            continue;
        const double s = b.replicaBacklogMs[std::size_t(row.replica)] / 1000.0;
        const long x0 = mapX(std::max(ring.startS(k), m_t0));
        const long x1 = mapX(b.tS);
        if (x1 - x0 <= 1) {
            if (x0 != column)
                flush();
            column = x0;
            columnMax = std::max(columnMax, s);
            continue;
        }
        flush();
        if (s > 0.0)
            p.fillRect(QRectF(double(x0), rect.top(), double(x1 - x0), rect.height()), colour(theme, s));
    }
    flush();
}

std::optional<ReplicaQueueStrip::Hit> ReplicaQueueStrip::hitTest(const ChartTheme& theme,
                                                                 const QRectF& area, QPointF pos) const
{
    const double headerH = headerHeight(theme);
    const QRectF rowsArea(area.left(), area.top() + headerH, area.width(), area.height() - headerH);
    if (!rowsArea.contains(pos))
        return std::nullopt;
    const double t = m_t0 + (pos.x() - rowsArea.left()) / rowsArea.width() * (m_t1 - m_t0);
    for (int i = 0; i < rowCount(); ++i) {
        if (!rowRect(rowsArea, i).contains(pos))
            continue;
        const Row& row = m_rows[std::size_t(i)];
        const BucketRing& ring = (*m_rings)[row.world];
        const std::optional<std::size_t> k = ring.indexCovering(t);
        if (!k)
            return std::nullopt;
        const TimelineBucket& b = ring.at(*k);
        if (std::size_t(row.replica) >= b.replicaBacklogMs.size())
            return std::nullopt;
        Hit hit;
        hit.world = row.world;
        hit.replica = row.replica;
        hit.replicas = row.replicas;
        hit.toS = b.tS;
        hit.fromS = ring.startS(*k);
        hit.backlogMs = b.replicaBacklogMs[std::size_t(row.replica)];
        return hit;
    }
    return std::nullopt;
}

QString ReplicaQueueStrip::hoverText(const Hit& hit) const
{
    const QString setup = int(hit.world) < m_styles.size() ? m_styles[int(hit.world)].setup : QString();
    return tr("<nobr><b>%1</b></nobr><br><nobr>replica %2 of %3 · %4–%5</nobr><br>"
                       "<nobr>backlog %6 of work (%7 ms)</nobr>")
        .arg(setup.toHtmlEscaped())
        .arg(hit.replica + 1)
        .arg(hit.replicas)
        .arg(LivePanelPainter::timeLabel(hit.fromS), LivePanelPainter::timeLabel(hit.toS), secondsText(hit.backlogMs / 1000.0),
             QString::number(hit.backlogMs, 'f', 1));
}

} // namespace hedge
