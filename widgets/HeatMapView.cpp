#include "HeatMapView.h"

#include "ChartTheme.h"
#include "HeatMapLegend.h"
#include "MapColourScale.h"
#include "PointTooltip.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace hedge {

namespace {

constexpr double kMargin = 8.0;

QString loadText(double load)
{
    return QString::number(load * 100.0, 'g', 4) + QStringLiteral(" %");
}

QString knobText(double value)
{
    return QString::number(value, 'g', 6);
}

} // namespace

QString HeatMapView::rowText(double row) const
{
    return m_map.rowsAreLoads() ? loadText(row) : knobText(row);
}

HeatMapView::HeatMapView(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("Heat map"));
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void HeatMapView::setMap(const GridMap& map, MapFigure figure)
{
    const bool sameShape = map.knobValues == m_map.knobValues && map.rows == m_map.rows;
    m_map = map;
    m_figure = figure;
    if (!sameShape) {
        m_current.reset();
        m_hovered.reset();
    }
    // The figures under the mouse (or of the keyboard's cell) follow the cell as it fills in.
    if (m_hovered || m_current) {
        const CellIndex cell = m_hovered ? *m_hovered : *m_current;
        const QString text = cellText(cell);
        if (text != m_shownText && QToolTip::isVisible() && QToolTip::text() == m_shownText)
            QToolTip::showText(m_hovered ? QCursor::pos()
                                         : mapToGlobal(cellRect(cell).center().toPoint()),
                               text, this);
        m_shownText = text;
    }
    update();
}

void HeatMapView::setNote(const QString& note)
{
    if (note == m_note)
        return;
    m_note = note;
    update();
}

HeatMapView::Layout HeatMapView::layoutFor(QSizeF size) const
{
    const ChartTheme theme(palette(), font());
    const QFontMetricsF title(theme.titleFont());
    const QFontMetricsF small(theme.smallFont());
    Layout l;
    // The title wraps rather than lose the setup or the knob in a narrow view.
    const double width = size.width() - 2 * kMargin;
    l.titleText =
        title.boundingRect(QRectF(0, 0, width, 1e6), Qt::TextWordWrap, this->title()).height();
    l.title = QRectF(kMargin, kMargin, width, l.titleText + small.height() + 4);
    double widestLoad = 0.0;
    for (double row : m_map.rows)
        widestLoad = std::max(widestLoad, small.horizontalAdvance(rowText(row)));
    const HeatMapLegend legend(theme);
    const double left = kMargin + small.height() + 6 + widestLoad + 6;
    const double legendWidth =
        14 + legend.barAreaWidth(MapColourScale::forMap(m_figure, m_map));
    const double keysHeight = legend.keysHeight(size.width() - 2 * kMargin);
    const double bottom = small.height() * 2 + 4 + 6 + 6 + keysHeight;
    const double top = l.title.bottom() + 8;
    l.plot = QRectF(left, top, std::max(10.0, size.width() - left - legendWidth - kMargin),
                    std::max(10.0, size.height() - top - bottom - kMargin));
    l.legend = QRectF(l.plot.right() + 14, l.plot.top(), HeatMapLegend::kBarWidth, l.plot.height());
    l.keys = QRectF(kMargin, size.height() - kMargin - keysHeight, size.width() - 2 * kMargin,
                    keysHeight);
    return l;
}

QRectF HeatMapView::cellRectIn(const Layout& layout, CellIndex cell) const
{
    const double columns = static_cast<double>(std::max<std::size_t>(1, m_map.knobValues.size()));
    const double rows = static_cast<double>(std::max<std::size_t>(1, m_map.rows.size()));
    const double w = layout.plot.width() / columns;
    const double h = layout.plot.height() / rows;
    // The lowest load at the bottom, as on the charts' load axis.
    return QRectF(layout.plot.left() + w * static_cast<double>(cell.value),
                  layout.plot.bottom() - h * static_cast<double>(cell.row + 1), w, h);
}

QRectF HeatMapView::cellRect(CellIndex cell) const
{
    return cellRectIn(layoutFor(size()), cell);
}

std::optional<HeatMapView::CellIndex> HeatMapView::cellAt(QPointF pos) const
{
    const Layout l = layoutFor(size());
    if (m_map.knobValues.empty() || m_map.rows.empty() || !l.plot.contains(pos))
        return std::nullopt;
    const auto column = static_cast<std::size_t>((pos.x() - l.plot.left()) / l.plot.width() *
                                                 static_cast<double>(m_map.knobValues.size()));
    const auto row = static_cast<std::size_t>((l.plot.bottom() - pos.y()) / l.plot.height() *
                                              static_cast<double>(m_map.rows.size()));
    return CellIndex{std::min(column, m_map.knobValues.size() - 1),
                     std::min(row, m_map.rows.size() - 1)};
}

void HeatMapView::setCurrentCell(std::optional<CellIndex> cell)
{
    if (cell && (cell->value >= m_map.knobValues.size() || cell->row >= m_map.rows.size()))
        cell.reset();
    m_current = cell;
    update();
}

QString HeatMapView::cellText(CellIndex index) const
{
    if (index.value >= m_map.knobValues.size() || index.row >= m_map.rows.size())
        return {};
    const auto& cell = m_map.at(index.value, index.row);
    const QString knob = m_knobTitle.toHtmlEscaped();
    const QString value = knobText(m_map.knobValues[index.value]);
    // A two-knob map's cell names both values, and the one load they ran at.
    const QString where =
        m_map.rowsAreLoads()
            ? QStringLiteral("<nobr><b>%1 = %2 · load %3</b></nobr><br>")
                  .arg(knob, value, loadText(m_map.rows[index.row]))
            : QStringLiteral("<nobr><b>%1 = %2 · %3 = %4 · load %5</b></nobr><br>")
                  .arg(knob, value, m_againstTitle.toHtmlEscaped(),
                       knobText(m_map.rows[index.row]), loadText(*m_map.againstLoad));
    if (!cell)
        return where + tr("<nobr>not computed yet</nobr>");
    QString html = where;
    if (cell->point.p99Ms && cell->baseline && cell->baseline->p99Ms && *cell->baseline->p99Ms > 0)
        html += QStringLiteral("<nobr>p99 %1 vs %2 for %3: ×%4</nobr><br>")
                    .arg(PointTooltip::duration(*cell->point.p99Ms),
                         PointTooltip::duration(*cell->baseline->p99Ms),
                         m_baselineName.toHtmlEscaped(),
                         PointTooltip::threeDigits(*cell->point.p99Ms / *cell->baseline->p99Ms));
    else if (!cell->baseline)
        html += tr("<nobr>%1 at this load: not computed yet</nobr><br>")
                    .arg(m_baselineName.toHtmlEscaped());
    if (cell->collapsed && !cell->point.collapsed)
        html += tr("<nobr><b>%1 collapsed at this load: no ratio</b></nobr><br>")
                    .arg(m_baselineName.toHtmlEscaped());
    html += cell->helps ? tr("<nobr>Hedging helps here, without collapse.</nobr><br>")
                        : tr("<nobr>Hedging does not help here.</nobr><br>");
    return html + PointTooltip::text(cell->point);
}

QString HeatMapView::title() const
{
    const QString figure = MapColourScale::figureTitle(m_figure);
    if (m_setupName.isEmpty() || m_knobTitle.isEmpty())
        return figure;
    if (!m_map.rowsAreLoads())
        return tr("%1 — “%2”, %3 against %4 at load %5")
            .arg(figure, m_setupName, m_knobTitle, m_againstTitle, loadText(*m_map.againstLoad));
    return tr("%1 — “%2”, %3 against load").arg(figure, m_setupName, m_knobTitle);
}

void HeatMapView::render(QPainter* p, QSizeF size) const
{
    const ChartTheme theme(palette(), font());
    const Layout l = layoutFor(size);
    const MapColourScale scale = MapColourScale::forMap(m_figure, m_map);
    p->save();
    p->setRenderHint(QPainter::Antialiasing, false);
    p->fillRect(QRectF(QPointF(0, 0), size), theme.base());
    p->setPen(theme.text());
    p->setFont(theme.titleFont());
    p->drawText(QRectF(l.title.topLeft(), QSizeF(l.title.width(), l.titleText)),
                Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, title());
    p->setFont(theme.smallFont());
    p->setPen(ChartTheme::mix(theme.text(), theme.base(), 0.3));
    p->drawText(QRectF(l.title.left(), l.title.top() + l.titleText + 2, l.title.width(),
                       l.title.height() - l.titleText),
                Qt::AlignLeft | Qt::AlignTop, m_note);
    paintCells(p, l, scale);
    p->setRenderHint(QPainter::Antialiasing, true);
    paintHelpsOutline(p, l);
    paintAxes(p, l);
    HeatMapLegend(theme).paintBar(p, l.legend, scale);
    if (const std::optional<CalloutBubble> callout = placedCallout(l))
        callout->paint(p);
    p->restore();
}

void HeatMapView::setCallout(double knobValue, double rowValue, const QString& text,
                             const QString& compact)
{
    m_callout = Callout{knobValue, rowValue, text, compact};
    update();
}

std::optional<CalloutBubble> HeatMapView::placedCallout(const Layout& l) const
{
    const auto indexOf = [](const std::vector<double>& values, double v) {
        return std::size_t(std::find_if(values.begin(), values.end(),
                                        [v](double x) { return std::fabs(x - v) < 1e-9; }) -
                           values.begin());
    };
    const CellIndex cell{indexOf(m_map.knobValues, m_callout.knobValue),
                         indexOf(m_map.rows, m_callout.rowValue)};
    if (m_callout.text.isEmpty() || cell.value >= m_map.knobValues.size() ||
        cell.row >= m_map.rows.size() || !m_map.at(cell.value, cell.row))
        return std::nullopt;
    // Over the cells only (the axes say which delay and load a cell is), over as few of their
    // centres, where their figures are, as it can.
    CalloutBubble::Avoid avoid;
    for (std::size_t v = 0; v < m_map.knobValues.size(); ++v)
        for (std::size_t r = 0; r < m_map.rows.size(); ++r)
            avoid.points.push_back(cellRectIn(l, {v, r}).center());
    const ChartTheme theme(palette(), font());
    CalloutBubble bubble;
    bubble.setLook(theme.smallFont(), theme.text(), theme.base(), theme.collapseColour());
    bubble.setText(m_callout.text, m_callout.compact);
    bubble.place(cellRectIn(l, cell).center(), l.plot, avoid);
    return bubble;
}

void HeatMapView::paintCells(QPainter* p, const Layout& l, const MapColourScale& scale) const
{
    const ChartTheme theme(palette(), font());
    const QColor pendingLine = ChartTheme::mix(theme.text(), theme.base(), 0.7);
    const QColor noFigure = ChartTheme::mix(theme.text(), theme.base(), 0.85);
    const QColor collapsedFill = ChartTheme::mix(theme.text(), theme.base(), 0.75);
    const QFontMetricsF small(theme.smallFont());
    p->setFont(theme.smallFont());
    for (std::size_t v = 0; v < m_map.knobValues.size(); ++v)
        for (std::size_t r = 0; r < m_map.rows.size(); ++r) {
            const QRectF rect = cellRectIn(l, {v, r});
            const auto& cell = m_map.at(v, r);
            if (!cell) {
                p->setPen(QPen(pendingLine, 1, Qt::DotLine));
                p->setBrush(Qt::NoBrush);
                p->drawRect(rect.adjusted(1.5, 1.5, -1.5, -1.5));
                continue;
            }
            if (cell->collapsed) {
                // Hatched and crossed: a collapse must not read as a strong colour of the scale.
                p->fillRect(rect, collapsedFill);
                p->fillRect(rect, QBrush(theme.collapseColour(), Qt::BDiagPattern));
                p->setPen(QPen(theme.collapseColour(), 1.5));
                const QRectF x = rect.adjusted(rect.width() * 0.25, rect.height() * 0.25,
                                               -rect.width() * 0.25, -rect.height() * 0.25);
                p->drawLine(x.topLeft(), x.bottomRight());
                p->drawLine(x.topRight(), x.bottomLeft());
                continue;
            }
            if (!cell->value) {
                p->fillRect(rect, noFigure);
                continue;
            }
            const QColor fill = scale.colour(*cell->value);
            p->fillRect(rect, fill);
            const QString text = MapColourScale::valueText(m_figure, *cell->value);
            if (rect.width() >= small.horizontalAdvance(text) + 4 && rect.height() >= small.height()) {
                // Black on light cells, white on dark ones, by luminance (viridis' greens are
                // bright though their HSL lightness is middling).
                const double luminance =
                    0.2126 * fill.redF() + 0.7152 * fill.greenF() + 0.0722 * fill.blueF();
                p->setPen(luminance > 0.45 ? QColor(Qt::black) : QColor(Qt::white));
                p->drawText(rect, Qt::AlignCenter, text);
            }
        }
    // Thin gaps between the cells, in the background colour.
    p->setPen(QPen(theme.base(), 1));
    for (std::size_t v = 1; v < m_map.knobValues.size(); ++v) {
        const double x = cellRectIn(l, {v, 0}).left();
        p->drawLine(QPointF(x, l.plot.top()), QPointF(x, l.plot.bottom()));
    }
    for (std::size_t r = 1; r < m_map.rows.size(); ++r) {
        const double y = cellRectIn(l, {0, r}).bottom();
        p->drawLine(QPointF(l.plot.left(), y), QPointF(l.plot.right(), y));
    }
}

void HeatMapView::paintCurrentCell(QPainter* p, const Layout& l) const
{
    if (!m_current)
        return;
    const ChartTheme theme(palette(), font());
    const QRectF rect = cellRectIn(l, *m_current).adjusted(1, 1, -1, -1);
    p->setBrush(Qt::NoBrush);
    p->setPen(QPen(theme.base(), 3));
    p->drawRect(rect);
    p->setPen(
        QPen(palette().color(QPalette::Highlight), 2, hasFocus() ? Qt::SolidLine : Qt::DashLine));
    p->drawRect(rect);
}

void HeatMapView::paintHelpsOutline(QPainter* p, const Layout& l) const
{
    const auto helps = [this](std::ptrdiff_t v, std::ptrdiff_t r) {
        if (v < 0 || r < 0 || v >= std::ptrdiff_t(m_map.knobValues.size()) ||
            r >= std::ptrdiff_t(m_map.rows.size()))
            return false;
        const auto& cell = m_map.at(std::size_t(v), std::size_t(r));
        return cell && cell->helps;
    };
    QPainterPath edges;
    for (std::ptrdiff_t v = 0; v < std::ptrdiff_t(m_map.knobValues.size()); ++v)
        for (std::ptrdiff_t r = 0; r < std::ptrdiff_t(m_map.rows.size()); ++r) {
            if (!helps(v, r))
                continue;
            const QRectF c = cellRectIn(l, {std::size_t(v), std::size_t(r)});
            const auto edge = [&edges](QPointF a, QPointF b) {
                edges.moveTo(a);
                edges.lineTo(b);
            };
            if (!helps(v - 1, r))
                edge(c.topLeft(), c.bottomLeft());
            if (!helps(v + 1, r))
                edge(c.topRight(), c.bottomRight());
            if (!helps(v, r + 1)) // the row above: a higher load
                edge(c.topLeft(), c.topRight());
            if (!helps(v, r - 1))
                edge(c.bottomLeft(), c.bottomRight());
        }
    const ChartTheme theme(palette(), font());
    p->setBrush(Qt::NoBrush);
    // A halo in the background colour keeps the line visible on every cell colour.
    p->setPen(QPen(theme.base(), 5, Qt::SolidLine, Qt::SquareCap));
    p->drawPath(edges);
    p->setPen(QPen(theme.text(), 2.5, Qt::SolidLine, Qt::SquareCap));
    p->drawPath(edges);
}

void HeatMapView::paintAxes(QPainter* p, const Layout& l) const
{
    const ChartTheme theme(palette(), font());
    const QFontMetricsF small(theme.smallFont());
    p->setFont(theme.smallFont());
    p->setPen(theme.text());
    // Row labels (loads or against values) on every row that has room for one.
    double lastTop = std::numeric_limits<double>::infinity();
    for (std::size_t r = 0; r < m_map.rows.size(); ++r) {
        const QRectF c = cellRectIn(l, {0, r});
        if (c.center().y() + small.height() / 2 > lastTop)
            continue;
        const QRectF label(kMargin, c.center().y() - small.height() / 2, l.plot.left() - kMargin - 6,
                           small.height());
        p->drawText(label, Qt::AlignRight | Qt::AlignVCenter, rowText(m_map.rows[r]));
        lastTop = label.top();
    }
    double lastRight = -std::numeric_limits<double>::infinity();
    for (std::size_t v = 0; v < m_map.knobValues.size(); ++v) {
        const QRectF c = cellRectIn(l, {v, 0});
        const QString text = knobText(m_map.knobValues[v]);
        const double w = small.horizontalAdvance(text);
        if (c.center().x() - w / 2 < lastRight + 4)
            continue;
        p->drawText(QRectF(c.center().x() - w / 2 - 2, l.plot.bottom() + 3, w + 4, small.height()),
                    Qt::AlignCenter, text);
        lastRight = c.center().x() + w / 2;
    }
    p->drawText(QRectF(l.plot.left(), l.plot.bottom() + 3 + small.height(), l.plot.width(),
                       small.height() + 2),
                Qt::AlignCenter, m_knobTitle);
    p->save();
    p->translate(kMargin, l.plot.center().y());
    p->rotate(-90);
    p->drawText(QRectF(-l.plot.height() / 2, 0, l.plot.height(), small.height()), Qt::AlignCenter,
                m_map.rowsAreLoads() ? tr("load") : m_againstTitle);
    p->restore();

    HeatMapLegend(theme).paintKeys(p, l.keys);
}

void HeatMapView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::TextAntialiasing);
    render(&p, size());
    paintCurrentCell(&p, layoutFor(size()));
}

void HeatMapView::showCellText(std::optional<CellIndex> cell, QPoint globalPos)
{
    m_shownText = cell ? cellText(*cell) : QString();
    if (m_shownText.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(globalPos, m_shownText, this, cellRect(*cell).toAlignedRect());
}

void HeatMapView::mouseMoveEvent(QMouseEvent* event)
{
    const std::optional<CellIndex> cell = cellAt(event->position());
    if (cell == m_hovered && !m_shownText.isEmpty())
        return;
    m_hovered = cell;
    showCellText(cell, event->globalPosition().toPoint());
}

void HeatMapView::leaveEvent(QEvent*)
{
    m_hovered.reset();
    m_shownText.clear();
    QToolTip::hideText();
}

void HeatMapView::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return;
    const std::optional<CellIndex> cell = cellAt(event->position());
    if (!cell)
        return;
    setCurrentCell(cell);
    if (m_map.at(cell->value, cell->row))
        emit cellActivated(m_map.knobValues[cell->value], m_map.rows[cell->row]);
}

void HeatMapView::keyPressEvent(QKeyEvent* event)
{
    if (m_map.knobValues.empty() || m_map.rows.empty()) {
        QWidget::keyPressEvent(event);
        return;
    }
    CellIndex c = m_current.value_or(CellIndex{});
    const std::size_t lastValue = m_map.knobValues.size() - 1;
    const std::size_t lastRow = m_map.rows.size() - 1;
    switch (event->key()) {
    case Qt::Key_Left:
        c.value = c.value > 0 ? c.value - 1 : 0;
        break;
    case Qt::Key_Right:
        c.value = std::min(c.value + (m_current ? 1 : 0), lastValue);
        break;
    case Qt::Key_Down:
        c.row = c.row > 0 ? c.row - 1 : 0;
        break;
    case Qt::Key_Up:
        c.row = std::min(c.row + (m_current ? 1 : 0), lastRow);
        break;
    case Qt::Key_Home:
        c.value = 0;
        break;
    case Qt::Key_End:
        c.value = lastValue;
        break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_Space:
        if (m_current && m_map.at(m_current->value, m_current->row))
            emit cellActivated(m_map.knobValues[m_current->value], m_map.rows[m_current->row]);
        return;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    setCurrentCell(c);
    m_hovered.reset();
    // The keyboard's cell shows its figures where the mouse would.
    showCellText(c, mapToGlobal(cellRect(c).center().toPoint()));
}

void HeatMapView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        update();
    QWidget::changeEvent(event);
}

} // namespace hedge
