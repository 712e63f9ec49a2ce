#include "MeasuredOverlay.h"

#include "ChartArea.h"
#include "MainActions.h"
#include "ScenarioDocument.h"

#include <hedge/io/ResultsJson.h>

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

namespace hedge {

MeasuredOverlay::MeasuredOverlay(ChartArea* charts, MainActions* actions,
                                 const ScenarioDocument* document, QWidget* window)
    : QObject(window), m_charts(charts), m_actions(actions), m_document(document),
      m_window(window)
{
    connect(m_actions, &MainActions::overlayMeasuredRequested, this,
            &MeasuredOverlay::overlayDialog);
    connect(m_actions, &MainActions::removeMeasuredRequested, this, &MeasuredOverlay::remove);
}

void MeasuredOverlay::overlayDialog()
{
    const QString file = m_document->filePath();
    const QString dir = file.isEmpty() ? QDir::homePath() : QFileInfo(file).absolutePath();
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Overlay Measured Results"), dir, tr("Results files (*.json);;All files (*)"));
    if (!path.isEmpty())
        overlayFile(path);
}

std::optional<QString> MeasuredOverlay::overlayFile(const QString& path)
{
    RunResults results;
    try {
        results = readResultsFile(path.toStdString());
    } catch (const std::exception& e) {
        const QString error = tr("%1 is not a results file: %2")
                                  .arg(QDir::toNativeSeparators(path), QString::fromUtf8(e.what()));
        emit failed(tr("Cannot Overlay Measured Results"), error);
        return error;
    }
    if (results.points.empty()) {
        const QString error =
            tr("%1 holds no points to overlay.").arg(QDir::toNativeSeparators(path));
        emit failed(tr("Cannot Overlay Measured Results"), error);
        return error;
    }
    const QStringList unmatched =
        m_charts->setMeasuredPoints(results.points, QFileInfo(path).fileName());
    m_actions->setMeasuredShown(true);
    if (!unmatched.isEmpty())
        reportUnmatched(unmatched);
    emit message(tr("Overlaid %n measured point(s) from %1", nullptr, int(results.points.size()))
                     .arg(QDir::toNativeSeparators(path)),
                 4000);
    return std::nullopt;
}

void MeasuredOverlay::reportUnmatched(const QStringList& setups)
{
    auto* box = new QMessageBox(
        QMessageBox::Information, tr("Measured Results"),
        tr("These setups of the file are not in the scenario and are not drawn (a measured "
           "point is matched by its setup's name):\n%1")
            .arg(setups.join(QLatin1Char('\n'))),
        QMessageBox::Ok, m_window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("unmatchedSetupsMessage"));
    box->open();
}

void MeasuredOverlay::remove()
{
    m_charts->setMeasuredPoints({}, QString());
    m_actions->setMeasuredShown(false);
}

} // namespace hedge
