#include "ChartAnnotations.h"

#include "ChartTheme.h"

#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace hedge {

ChartAnnotations::ChartAnnotations(QChart* chart)
    : m_chart(chart), m_passLabel(new QGraphicsSimpleTextItem(chart)),
      m_collapseKey(new QGraphicsSimpleTextItem(chart))
{
    m_passLabel->setZValue(20);
    m_passLabel->hide();
    m_collapseKey->setZValue(20);
    m_collapseKey->hide();
}

void ChartAnnotations::applyTheme(const ChartTheme& theme)
{
    QFont keyFont = theme.smallFont();
    keyFont.setBold(true);
    m_collapseKey->setFont(keyFont);
    m_collapseKey->setBrush(theme.collapseColour());
    QFont passFont = theme.smallFont();
    passFont.setItalic(true);
    m_passLabel->setFont(passFont);
    m_passLabel->setBrush(ChartTheme::mix(theme.text(), theme.base(), 0.35));
}

void ChartAnnotations::setPassText(const QString& text)
{
    m_passText = text;
}

void ChartAnnotations::placePassLabel(int margin)
{
    const QSizeF size = m_chart->size();
    const QFontMetricsF metrics(m_passLabel->font());
    const double titleWidth =
        QFontMetricsF(m_chart->titleFont()).horizontalAdvance(m_chart->title());
    const double room = (size.width() - titleWidth) / 2.0 - 2.0 * margin;
    QString text = m_passText;
    // Not laid out yet: nothing to fit in.
    const bool unsized = size.width() <= 0.0;
    if (!unsized && metrics.horizontalAdvance(text) > room)
        text = text.section(QStringLiteral(" · "), 0, 0);
    const bool beside = unsized || metrics.horizontalAdvance(text) <= room;
    if (!beside)
        text = metrics.elidedText(m_passText, Qt::ElideRight, size.width() - 2.0 * margin);
    if (m_passLabel->text() != text)
        m_passLabel->setText(text);
    const int top =
        margin + (beside || m_passText.isEmpty() ? 0 : static_cast<int>(std::ceil(metrics.height())));
    if (m_chart->margins().top() != top)
        m_chart->setMargins(QMargins(margin, top, margin, margin));
    m_passLabel->setPos(std::max(0.0, size.width() - metrics.horizontalAdvance(text) - 2.0 * margin),
                        beside ? margin : 2.0);
    m_passLabel->setVisible(!m_passText.isEmpty());
}

void ChartAnnotations::KeyEntries::add(MarkerKind kind)
{
    switch (kind) {
    case MarkerKind::Collapse:
        collapse = true;
        break;
    case MarkerKind::OffScale:
        offScale = true;
        break;
    case MarkerKind::Partial:
        partialCollapse = true;
        break;
    case MarkerKind::PartialOffScale:
        partialOffScale = true;
        break;
    case MarkerKind::Measured:
        measured = true;
        break;
    }
}

QString ChartAnnotations::keyText(KeyEntries entries, bool brief)
{
    // Each shape once and the word "collapse" once: the filled shapes (✕ ▲) are a collapse in
    // every run, the half-filled ones (◐ ◭) in some runs; the triangles sit above the axis.
    const QString separator = QStringLiteral("   ");
    QStringList all, some;
    if (entries.collapse)
        all << QStringLiteral("✕");
    if (entries.offScale)
        all << QStringLiteral("▲");
    if (entries.partialCollapse)
        some << QStringLiteral("◐");
    if (entries.partialOffScale)
        some << QStringLiteral("◭");
    QStringList parts;
    if (brief && !(all + some).isEmpty()) {
        parts << (all + some).join(QLatin1Char(' ')) + QStringLiteral(" collapse");
    } else {
        if (entries.collapse && entries.offScale)
            parts << QStringLiteral("✕ collapse") + separator + QStringLiteral("▲ above the axis");
        else if (!all.isEmpty())
            parts << all.front() + QStringLiteral(" collapse") +
                         (entries.offScale ? QStringLiteral(", above the axis") : QString());
        // The word once: with the first entry.
        const QString word = all.isEmpty() ? QStringLiteral(" collapse") : QString();
        if (entries.partialOffScale && !entries.offScale) {
            // The triangle's meaning is said here, once.
            if (entries.partialCollapse)
                parts << QStringLiteral("◐") + word + QStringLiteral(" in some runs")
                      << QStringLiteral("◭ above the axis");
            else
                parts << QStringLiteral("◭") + word +
                             QStringLiteral(" in some runs, above the axis");
        } else if (!some.isEmpty()) {
            parts << some.join(QLatin1Char(' ')) + word + QStringLiteral(" in some runs");
        }
    }
    // What the callers get, after the first collapse entry: the chart cannot show it by itself.
    if (!parts.isEmpty() && (entries.timedOut || entries.answeredLate)) {
        if (entries.timedOut)
            parts.front() += brief ? QStringLiteral(": timeouts") : QStringLiteral(": callers time out");
        else
            parts.front() += brief ? QStringLiteral(": no deadline")
                                   : QStringLiteral(": no deadline, answered late");
    }
    if (entries.measured)
        parts << QStringLiteral("◇ measured");
    return parts.join(separator);
}

void ChartAnnotations::placeCollapseKey(const std::vector<QPointF>& marks,
                                        const std::vector<QPointF>& linePoints, KeyEntries entries,
                                        double markerSize)
{
    QString key = keyText(entries, false);
    const QRectF plot = m_chart->plotArea();
    if (key.isEmpty() || !plot.isValid()) {
        m_collapseKey->hide();
        return;
    }
    const QFontMetricsF metrics(m_collapseKey->font());
    if (metrics.horizontalAdvance(key) > plot.width() * 0.6) {
        // Where the axis is said once, in words, the triangles read as the circles' kin; what
        // the half-filled shapes mean (some runs, or some seeds) is kept as long as it fits.
        QString shorter = key;
        shorter.remove(QStringLiteral(", above the axis"));
        key = metrics.horizontalAdvance(shorter) <= plot.width() * 0.6 ? shorter
                                                                       : keyText(entries, true);
    }
    if (m_collapseKey->text() != key)
        m_collapseKey->setText(key);
    const QSizeF keySize = m_collapseKey->boundingRect().size();
    const double inset = 4.0;
    // Off-scale markers hang from the top: the key starts below them.
    const double top = plot.top() + markerSize + 2.0;
    const double bottom = plot.bottom() - inset - keySize.height();
    const double left = plot.left() + inset;
    const double right = plot.right() - inset - keySize.width();
    const QPointF corners[] = {{left, top}, {right, top}, {left, bottom}, {right, bottom}};
    // The corner with the fewest markers in it (none, where the plot has room), then the
    // fewest points of the lines. On a short plot every corner may hold a marker or a figure:
    // the least covered one still wins (the first corner did, and sat on "57.1 s").
    QPointF chosen = corners[0];
    std::pair<std::size_t, std::size_t> fewest{std::numeric_limits<std::size_t>::max(), 0};
    const double half = markerSize / 2.0;
    for (const QPointF& corner : corners) {
        const QRectF area = QRectF(corner, keySize).adjusted(-half, -half, half, half);
        const auto inside = [&area](const QPointF& p) { return area.contains(p); };
        const std::pair covered{
            static_cast<std::size_t>(std::count_if(marks.begin(), marks.end(), inside)),
            static_cast<std::size_t>(std::count_if(linePoints.begin(), linePoints.end(), inside))};
        if (covered < fewest) {
            fewest = covered;
            chosen = corner;
        }
    }
    m_collapseKey->setPos(chosen);
    m_collapseKey->show();
}

QRectF ChartAnnotations::passLabelRect() const
{
    return m_passLabel->isVisible() ? m_passLabel->mapRectToParent(m_passLabel->boundingRect())
                                    : QRectF();
}

QString ChartAnnotations::collapseKeyText() const
{
    return m_collapseKey->isVisible() ? m_collapseKey->text() : QString();
}

QRectF ChartAnnotations::collapseKeyRect() const
{
    return m_collapseKey->isVisible()
               ? m_collapseKey->mapRectToParent(m_collapseKey->boundingRect())
               : QRectF();
}

} // namespace hedge
