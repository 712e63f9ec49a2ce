#include "WindowLook.h"

#include "ChartLegend.h"

#include "AppPalette.h"
#include "ChartArea.h"
#include "ExportChartDialog.h"
#include "LiveView.h"
#include "LessonPanel.h"
#include "MainActions.h"
#include "MapTab.h"
#include "MapView.h"
#include "WindowPanes.h"

#include "ChartExport.h"
#include "ChartTheme.h"
#include "HeatMapView.h"
#include "LiveTimeSeriesView.h"
#include "MetricChartView.h"
#include "PresetExplanation.h"
#include "SlideExport.h"

#include <hedge/document/ScenarioDocument.h>
#include <hedge/io/Presets.h>

#include <QAction>
#include <QApplication>
#include <QChart>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontMetrics>
#include <QMainWindow>
#include <QPainter>
#include <QSettings>
#include <QTabWidget>

#include <algorithm>
#include <cmath>

namespace hedge {

namespace {

const QString kPresentingKey = QStringLiteral("session/presenterMode");

// The charts side by side, two or three a row, under presenter mode's one legend: a legend
// in each chart shared its width with the plot and cut long names ("…adaptiv...").
PaintAt chartsPainting(const QList<MetricChartView*>& charts, const ChartLegend* legend)
{
    return [charts, legend](QPainter* painter, QSizeF size) {
        double top = 0.0;
        if (!legend->names().isEmpty()) {
            const int width = static_cast<int>(size.width());
            legend->paint(painter, QRectF(0.0, 0.0, size.width(), size.height()));
            top = legend->heightForWidth(width) + QFontMetrics(legend->font()).height() / 2.0;
        }
        const int n = int(charts.size());
        const int columns = n <= 1 ? 1 : n <= 4 ? 2 : 3;
        const int rows = (n + columns - 1) / columns;
        const QSizeF cell(size.width() / columns, (size.height() - top) / std::max(1, rows));
        for (int i = 0; i < n; ++i) {
            const QRectF target(
                QPointF((i % columns) * cell.width(), top + (i / columns) * cell.height()), cell);
            renderChartInto(charts[i], painter, target, cell, false);
        }
    };
}

} // namespace

WindowLook::WindowLook(const Parts& parts, QObject* parent) : QObject(parent), m_parts(parts)
{
    // The desktop's palette stays unless the user chose the dark one (or a bench program
    // another).
    if (rememberedPalette() == QLatin1String("dark"))
        applyPalette(QStringLiteral("dark"));
    QAction* dark = parts.actions->darkPaletteAction();
    dark->setChecked(appliedPalette() == QLatin1String("dark"));
    connect(dark, &QAction::triggered, this, [](bool on) {
        const QString name = on ? QStringLiteral("dark") : QStringLiteral("desktop");
        applyPalette(name);
        rememberPalette(name);
    });
    connect(parts.actions, &MainActions::presenterModeToggled, this, &WindowLook::setOn);
    connect(parts.actions, &MainActions::exportSlideRequested, this,
            &WindowLook::exportSlideDialog);
}

void WindowLook::usePalette(const QString& name)
{
    if (applyPalette(name))
        m_parts.actions->darkPaletteAction()->setChecked(name == QLatin1String("dark"));
}

void WindowLook::setOn(bool on)
{
    if (on != m_on) {
        on ? enter() : leave();
        m_on = on;
        emit lookChanged();
    }
    m_parts.actions->setPresenting(m_on);
}

void WindowLook::enter()
{
    m_geometry = m_parts.window->saveGeometry();
    m_windowState = m_parts.window->windowState();
    m_palette = appliedPalette();
    m_parts.panes->setPresenterLayout(true);
    m_fonts.clear();
    QList<QWidget*> enlarged{m_parts.charts, m_parts.live, m_parts.map, m_parts.explanation};
    // The lesson pane is read from the back of the room too.
    if (auto* lessons = m_parts.window->findChild<LessonPanel*>())
        enlarged << lessons;
    for (QWidget* w : enlarged) {
        m_fonts.append(
            {w, w->testAttribute(Qt::WA_SetFont) ? std::optional(w->font()) : std::nullopt});
        w->setFont(ChartTheme::presenterFont(w->font()));
    }
    // In the large font a narrow pane set "What this shows" one word a line: room for a
    // line of about 24 characters.
    m_explanationMinWidth = m_parts.explanation->minimumWidth();
    m_parts.explanation->setMinimumWidth(
        std::max(m_explanationMinWidth,
                 24 * QFontMetrics(m_parts.explanation->font()).averageCharWidth()));
    applyPalette(QStringLiteral("presenter"));
    m_parts.charts->setLegendsOnCharts(true);
    // The story of a Live run, for a room: the load, what the calls see, what the hedges
    // cost and the queue behind them (the optional panels come back afterwards).
    m_parts.live->chart()->setPanelsDrawn(
        {Figure::Load, Figure::P99,
         Figure::RequestsPerCall, Figure::Backlog});
    m_parts.window->setWindowState(m_windowState | Qt::WindowFullScreen);
}

void WindowLook::leave()
{
    m_parts.window->restoreGeometry(m_geometry); // its state too: no longer full screen
    m_parts.live->chart()->setPanelsDrawn({});
    m_parts.charts->setLegendsOnCharts(false);
    applyPalette(m_palette);
    // A widget without a font of its own inherits its parent's again.
    for (const auto& [widget, font] : m_fonts)
        if (widget)
            widget->setFont(font.value_or(QFont()));
    m_fonts.clear();
    m_parts.explanation->setMinimumWidth(m_explanationMinWidth);
    m_parts.panes->setPresenterLayout(false);
}

QList<SeriesStyle> WindowLook::chartStyles(const QList<SeriesStyle>& styles) const
{
    if (!m_on)
        return styles;
    QList<SeriesStyle> shown;
    for (const SeriesStyle& s : presenterStyles(styles))
        if (s.visible)
            shown << s;
    return shown;
}

QList<SeriesStyle> WindowLook::liveStyles(const QList<SeriesStyle>& styles) const
{
    return m_on ? presenterStyles(styles) : styles;
}

QString WindowLook::slideTitle() const
{
    if (const auto lesson = lessonSlide())
        return lesson->title;
    if (const Preset* p = m_parts.document->preset())
        return QString::fromStdString(p->title);
    const QString path = m_parts.document->filePath();
    return path.isEmpty() ? tr("Untitled") : QFileInfo(path).completeBaseName();
}

std::optional<LessonPanel::SlideText> WindowLook::lessonSlide() const
{
    // The lesson pane belongs to Help (HelpController docks it on the window): found there.
    const LessonPanel* lessons = m_parts.window->findChild<LessonPanel*>();
    return lessons ? lessons->slideText() : std::nullopt;
}

std::optional<QString> WindowLook::exportSlide(const QString& path, const QString& callout) const
{
    // A lesson's step is what the room is looking at: its sentence, not the preset's first.
    // A step still running has no sentence yet: its slide has none rather than the preset's.
    QString caption = callout;
    const auto lesson = lessonSlide();
    if (caption.isEmpty() && lesson)
        caption = lesson->caption;
    else if (caption.isEmpty())
        caption = firstSentence(m_parts.explanation->text());
    Slide slide{.title = slideTitle(),
                .caption = caption,
                .view = {},
                .background = m_parts.window->palette().color(QPalette::Base),
                .text = m_parts.window->palette().color(QPalette::Text),
                .dpi = m_parts.window->logicalDpiY() > 0 ? m_parts.window->logicalDpiY() : 96};
    if (m_parts.views->currentWidget() == m_parts.live) {
        const LiveTimeSeriesView* live = m_parts.live->chart();
        slide.view = [live](QPainter* painter, QSizeF size) {
            live->render(*painter, QRectF(QPointF(0, 0), size));
        };
    } else if (m_parts.mapTab->isMapCurrent()) {
        const HeatMapView* map = m_parts.map->heatMap();
        slide.view = [map](QPainter* painter, QSizeF size) { map->render(painter, size); };
    } else
        slide.view =
            chartsPainting(m_parts.charts->shownCharts(), m_parts.charts->sharedLegend());
    return hedge::exportSlide(slide, path);
}

void WindowLook::exportSlideDialog()
{
    using Format = ExportChartDialog::Format;
    const QString file = m_parts.document->filePath();
    const QString base = (file.isEmpty() ? QDir::homePath() : QFileInfo(file).absolutePath()) +
                         QStringLiteral("/slide.png");
    QString path =
        QFileDialog::getSaveFileName(m_parts.window, tr("Export Slide"), base,
                                     ExportChartDialog::filter(Format::Png) + QStringLiteral(";;") +
                                         ExportChartDialog::filter(Format::Svg));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".png");
    if (auto error = exportSlide(path))
        emit failed(tr("Export Failed"), *error);
    else
        emit message(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 4000);
}

void WindowLook::restoreState(const QSettings& settings)
{
    setOn(settings.value(kPresentingKey, false).toBool());
}

void WindowLook::saveState(QSettings& settings) const
{
    settings.setValue(kPresentingKey, m_on);
}

} // namespace hedge
