#include "MeasuredOverlay.h"

#include "ChartArea.h"
#include "MainActions.h"

#include <hedge/document/ScenarioDocument.h>

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

#include <algorithm>

namespace hedge {

namespace {

const Setup* setupNamed(const Scenario& scenario, const std::string& name)
{
    const auto it = std::find_if(scenario.setups.begin(), scenario.setups.end(),
                                 [&name](const Setup& s) { return s.name == name; });
    return it == scenario.setups.end() ? nullptr : &*it;
}

// The setups whose points are not drawn under `m`, whatever the reason.
QStringList hiddenSetups(const MeasuredOverlay::Mismatch& m, const QStringList& all)
{
    return m.otherService ? all : m.missing + m.otherPolicy;
}

} // namespace

MeasuredOverlay::MeasuredOverlay(ChartArea* charts, MainActions* actions,
                                 const ScenarioDocument* document, QWidget* window)
    : QObject(window), m_charts(charts), m_actions(actions), m_document(document), m_window(window)
{
    connect(m_actions, &MainActions::overlayMeasuredRequested, this,
            &MeasuredOverlay::overlayDialog);
    connect(m_actions, &MainActions::removeMeasuredRequested, this, &MeasuredOverlay::remove);
    connect(m_document, &ScenarioDocument::edited, this, &MeasuredOverlay::followEdit);
    connect(m_document, &ScenarioDocument::scenarioReplaced, this,
            &MeasuredOverlay::dropForNewScenario);
}

void MeasuredOverlay::overlayDialog()
{
    const QString file = m_document->filePath();
    const QString dir = file.isEmpty() ? QDir::homePath() : QFileInfo(file).absolutePath();
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Overlay Measured Results"), dir,
                                                      tr("Results files (*.json);;All files (*)"));
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
    const auto count = int(results.points.size());
    m_file = File{std::move(results), QFileInfo(path).fileName()};
    draw();
    m_actions->setMeasuredShown(true);
    if (m_mismatch != Mismatch{})
        reportMismatch(m_mismatch);
    emit message(tr("Overlaid %n measured point(s) from %1", nullptr, count)
                     .arg(QDir::toNativeSeparators(path)),
                 4000);
    return std::nullopt;
}

std::vector<PointResult> MeasuredOverlay::belonging(const Scenario& working,
                                                    Mismatch& mismatch) const
{
    mismatch = {};
    const Scenario& measured = m_file->results.scenario;
    mismatch.otherService = !(measured.service == working.service);
    std::vector<PointResult> points;
    for (const PointResult& p : m_file->results.points) {
        const QString name = QString::fromStdString(p.setup);
        const Setup* now = setupNamed(working, p.setup);
        const Setup* then = setupNamed(measured, p.setup);
        if (!now) {
            if (!mismatch.missing.contains(name))
                mismatch.missing << name;
        } else if (!then || !now->samePolicy(*then)) {
            if (!mismatch.otherPolicy.contains(name))
                mismatch.otherPolicy << name;
        } else if (!mismatch.otherService) {
            points.push_back(p);
        }
    }
    return points;
}

void MeasuredOverlay::draw()
{
    const std::vector<PointResult> points = belonging(m_document->scenario(), m_mismatch);
    // Setups without a curve were found above already (by name, as the curves are named).
    m_charts->setMeasuredPoints(points, m_file->name);
}

void MeasuredOverlay::followEdit()
{
    if (!m_file)
        return;
    QStringList all;
    for (const PointResult& p : m_file->results.points)
        if (!all.contains(QString::fromStdString(p.setup)))
            all << QString::fromStdString(p.setup);
    const Mismatch before = m_mismatch;
    draw();
    if (m_mismatch == before)
        return;
    const QStringList hiddenBefore = hiddenSetups(before, all);
    const QStringList hiddenNow = hiddenSetups(m_mismatch, all);
    QStringList hidden, back;
    for (const QString& s : hiddenNow)
        if (!hiddenBefore.contains(s))
            hidden << s;
    for (const QString& s : hiddenBefore)
        if (!hiddenNow.contains(s))
            back << s;
    QStringList parts;
    if (!hidden.isEmpty())
        parts << (m_mismatch.otherService && !before.otherService
                      ? tr("Measured points hidden: the service is not the one %1 was "
                           "measured with (Undo brings them back)")
                            .arg(m_file->name)
                      : tr("Measured points of %1 hidden: not the policy they were measured "
                           "with (Undo brings them back)")
                            .arg(hidden.join(QStringLiteral(", "))));
    if (!back.isEmpty())
        parts << tr("Measured points of %1 drawn again").arg(back.join(QStringLiteral(", ")));
    if (!parts.isEmpty())
        emit message(parts.join(QStringLiteral(" · ")), 10000);
}

void MeasuredOverlay::dropForNewScenario()
{
    if (!m_file)
        return;
    const QString name = m_file->name;
    remove();
    emit message(
        tr("Removed the measured overlay (%1): it was measured for the scenario before").arg(name),
        10000);
}

void MeasuredOverlay::reportMismatch(const Mismatch& mismatch)
{
    QStringList lines;
    if (!mismatch.missing.isEmpty())
        lines << tr("These setups of the file are not in the scenario (a measured point is "
                    "matched by its setup's name):\n%1")
                     .arg(mismatch.missing.join(QLatin1Char('\n')));
    if (!mismatch.otherPolicy.isEmpty())
        lines << tr("These setups of the scenario have another policy than the one measured:\n%1")
                     .arg(mismatch.otherPolicy.join(QLatin1Char('\n')));
    if (mismatch.otherService)
        lines << tr("The service of the scenario is not the one measured: no point is drawn.");
    auto* box = new QMessageBox(
        QMessageBox::Information, tr("Measured Results"),
        tr("Some measured points are not drawn.\n\n%1").arg(lines.join(QStringLiteral("\n\n"))),
        QMessageBox::Ok, m_window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("unmatchedSetupsMessage"));
    box->open();
}

void MeasuredOverlay::remove()
{
    m_file.reset();
    m_mismatch = {};
    m_charts->setMeasuredPoints({}, QString());
    m_actions->setMeasuredShown(false);
}

} // namespace hedge
