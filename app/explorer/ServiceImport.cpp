#include "ServiceImport.h"

#include "MainActions.h"
#include "ServiceMeasurementsDialog.h"

#include "ServiceRunEditor.h"
#include "ServiceSourceLine.h"

#include <hedge/document/ScenarioDocument.h>
#include <hedge/io/ScenarioError.h>
#include <hedge/io/ScenarioValidation.h>
#include <hedge/run/ServiceFitController.h>

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMainWindow>
#include <QStatusBar>

namespace hedge {

ServiceImport::ServiceImport(ScenarioDocument* document, ServiceRunEditor* editor,
                             MainActions* actions, BackgroundRunner* runner, QMainWindow* window)
    : QObject(window), m_document(document), m_actions(actions), m_window(window),
      m_fits(new ServiceFitController(runner, this))
{
    connect(actions, &MainActions::serviceMeasurementsRequested, this,
            &ServiceImport::openDialog);
    connect(actions, &MainActions::logNormalServiceRequested, this, &ServiceImport::useLogNormal);
    connect(editor->sourceLine(), &ServiceSourceLine::measurementsRequested, this,
            &ServiceImport::openDialog);
    connect(editor->sourceLine(), &ServiceSourceLine::logNormalRequested, this,
            &ServiceImport::useLogNormal);
    connect(document, &ScenarioDocument::edited, this, &ServiceImport::followDocument);
    connect(document, &ScenarioDocument::scenarioReplaced, this, &ServiceImport::followDocument);
    followDocument();
}

ServiceImport::~ServiceImport()
{
    // The window closes: the dialog goes first (it shows the fits), then a calibration's
    // round in progress is waited for (a round at most).
    delete m_dialog.data();
    m_fits->shutdown();
}

void ServiceImport::followDocument()
{
    m_actions->logNormalServiceAction()->setEnabled(
        bool(m_document->scenario().service.distribution));
}

void ServiceImport::openDialog()
{
    if (m_dialog) {
        m_dialog->raise();
        m_dialog->activateWindow();
        return;
    }
    const QString file = m_document->filePath();
    const QString directory = file.isEmpty() ? QDir::homePath() : QFileInfo(file).absolutePath();
    auto* dialog =
        new ServiceMeasurementsDialog(m_document->scenario().service, directory, m_fits, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ServiceMeasurementsDialog::applyRequested, this,
            [this, dialog](const ServiceDistribution& distribution) {
                if (const auto error = apply(distribution))
                    dialog->showError(*error);
                else
                    dialog->accept();
            });
    m_dialog = dialog;
    dialog->open();
}

std::optional<QString> ServiceImport::apply(const ServiceDistribution& distribution)
{
    Scenario next = m_document->scenario();
    next.service.distribution = SharedDistribution(distribution);
    try {
        validateScenario(next);
    } catch (const ScenarioError& e) {
        return tr("Not applied, the service is unchanged: %1").arg(QString::fromUtf8(e.what()));
    }
    m_document->applyEdit(next, tr("Service From Measurements"));
    m_window->statusBar()->showMessage(ServiceSourceLine::describe(distribution), 6000);
    return std::nullopt;
}

void ServiceImport::useLogNormal()
{
    Scenario next = m_document->scenario();
    if (!next.service.distribution)
        return;
    next.service.distribution.reset();
    m_document->applyEdit(next, tr("Use the Log-Normal Model"));
    m_window->statusBar()->showMessage(
        tr("The service time is the log-normal model of the fields again"), 5000);
}

} // namespace hedge
