#include "MapView.h"

#include "GridDialog.h"
#include "HeatMapView.h"
#include "MapColourScale.h"
#include "PaintedExport.h"

#include <hedge/qt/AtomicFile.h>
#include <hedge/io/ResultsCsv.h>
#include <hedge/io/ResultsJson.h>
#include <hedge/run/SweepController.h>
#include <hedge/sim/SweepPoints.h>

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace hedge {

MapView::MapView(SweepController* controller, QWidget* parent)
    : QWidget(parent), m_controller(controller)
{
    m_heatMap = new HeatMapView(this);
    m_figureBox = new QComboBox(this);
    for (MapFigure f : {MapFigure::P99Ratio, MapFigure::RequestsPerCall, MapFigure::P999Ms,
                        MapFigure::RejectedPercent})
        m_figureBox->addItem(MapColourScale::figureTitle(f), static_cast<int>(f));
    m_figureBox->setAccessibleName(tr("Map figure"));
    auto* figureLabel = new QLabel(tr("&Figure:"), this);
    figureLabel->setBuddy(m_figureBox);
    m_editButton = new QPushButton(tr("Edit &Grid…"), this);
    m_editButton->setToolTip(
        tr("The setup, knob and values the map sweeps against load or a second knob"));
    m_exportButton = new QPushButton(tr("&Export Map…"), this);
    m_exportButton->setToolTip(
        tr("The map as PNG, SVG or PDF, or its cells as CSV or a results JSON file"));
    // One line: the map needs the height. The full sentence is the map's description.
    auto* hint = new QLabel(tr("Click a cell for its curves"), this);
    hint->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // cut, not wider
    m_heatMap->setAccessibleDescription(
        tr("Arrow keys move between cells and show their figures; Enter or a click gives the "
           "setup the cell's value (both values on a map of two knobs) and shows its curves."));

    auto* bar = new QHBoxLayout;
    bar->addWidget(figureLabel);
    bar->addWidget(m_figureBox);
    bar->addWidget(hint, 1);
    bar->addWidget(m_editButton);
    bar->addWidget(m_exportButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_heatMap, 1);

    connect(m_figureBox, &QComboBox::currentIndexChanged, this, &MapView::refresh);
    connect(m_exportButton, &QPushButton::clicked, this, &MapView::exportDialog);
    connect(m_editButton, &QPushButton::clicked, this, &MapView::editGridRequested);
    connect(m_controller, &SweepController::pointsChanged, this, &MapView::refresh);
    connect(m_heatMap, &HeatMapView::cellActivated, this, &MapView::cellChosen);
}

MapFigure MapView::figure() const
{
    return static_cast<MapFigure>(m_figureBox->currentData().toInt());
}

void MapView::setFigure(MapFigure figure)
{
    m_figureBox->setCurrentIndex(m_figureBox->findData(static_cast<int>(figure)));
}

void MapView::refresh()
{
    const Scenario& s = m_controller->scenario();
    if (s.grid) {
        m_heatMap->setKnobTitle(GridDialog::knobTitle(s.grid->knob));
        m_heatMap->setAgainstTitle(
            s.grid->against ? GridDialog::knobTitle(s.grid->against->knob) : QString());
        m_heatMap->setSetupName(QString::fromStdString(s.grid->setup));
        try {
            m_heatMap->setBaselineName(QString::fromStdString(gridBaseline(s).setup.name));
        } catch (const std::exception&) {
            // An invalid grid runs nothing; the controller reports why.
        }
    }
    m_heatMap->setMap(m_controller->map(figure()), figure());
    m_heatMap->setNote(m_controller->passLabel());
}

QSize MapView::exportSize() const
{
    const QSize size = m_heatMap->size();
    if (m_heatMap->isVisible() && size.width() >= 200 && size.height() >= 150)
        return size;
    return {900, 560};
}

int MapView::exportDpi() const
{
    return m_heatMap->logicalDpiY() > 0 ? m_heatMap->logicalDpiY() : 96;
}

QImage MapView::picture() const
{
    const PaintAt paint = [this](QPainter* painter, QSizeF at) { m_heatMap->render(painter, at); };
    return paintImage(paint, exportSize(), 1.0, exportDpi());
}

std::optional<QString> MapView::exportMap(const QString& path, QSize size, qreal scale)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("csv") || suffix == QLatin1String("json")) {
        const std::vector<PointResult> points = m_controller->displayedPoints();
        const std::string bytes = suffix == QLatin1String("csv")
                                      ? writeResultsCsv(m_controller->scenario(), points)
                                      : writeResultsJson(m_controller->scenario(), points);
        if (auto error = writeFileAtomically(path.toStdString(), bytes))
            return QString::fromStdString(*error);
        return std::nullopt;
    }
    if (size.isEmpty())
        size = exportSize();
    const int dpi = exportDpi();
    const PaintAt paint = [this](QPainter* painter, QSizeF at) { m_heatMap->render(painter, at); };
    const QString title = m_heatMap->title();
    if (suffix == QLatin1String("png"))
        return exportPaintedPng(paint, path, size, scale, dpi);
    if (suffix == QLatin1String("svg"))
        return exportPaintedSvg(paint, path, size, dpi, title);
    if (suffix == QLatin1String("pdf"))
        return exportPaintedPdf(paint, path, size, dpi, title);
    return tr("%1: the file name must end in .png, .svg, .pdf, .csv or .json.")
        .arg(QFileInfo(path).fileName());
}

void MapView::exportDialog()
{
    QString selected;
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export Map"), QDir::homePath() + QStringLiteral("/hedge-map.png"),
        tr("PNG images (*.png);;SVG pictures (*.svg);;PDF documents (*.pdf);;"
           "Cells as CSV (*.csv);;Cells as results JSON (*.json)"),
        &selected);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty()) {
        const int star = selected.indexOf(QLatin1String("*."));
        path += selected.mid(star + 1, selected.indexOf(QLatin1Char(')'), star) - star - 1);
    }
    if (const auto error = exportMap(path))
        emit exportFailed(tr("Export Failed"), *error);
    else
        emit message(tr("Exported the map to %1").arg(QDir::toNativeSeparators(path)), 4000);
}

} // namespace hedge
