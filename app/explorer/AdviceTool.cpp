#include "AdviceTool.h"

#include "AdviceDialog.h"
#include "AdviceFrontChart.h"
#include "MainActions.h"
#include "PolicyExportDialog.h"
#include "ReportAdvice.h"
#include "SetupListWidget.h"
#include "SetupNames.h"

#include <hedge/document/ScenarioDocument.h>
#include <hedge/io/ScenarioError.h>
#include <hedge/io/ScenarioValidation.h>
#include <hedge/run/AdviceController.h>

#include <QDir>
#include <QFileInfo>
#include <QMainWindow>
#include <QStatusBar>

namespace hedge {

AdviceTool::AdviceTool(const Parts& parts, QMainWindow* window)
    : QObject(window), m_parts(parts), m_window(window),
      m_controller(new AdviceController(parts.clock, this, parts.runner))
{
    connect(parts.actions, &MainActions::adviseRequested, this, &AdviceTool::openDialog);
    connect(m_controller, &AdviceController::progress, this, [this](const AdviceAnswer& soFar) {
        if (m_dialog)
            m_dialog->showProgress(soFar);
    });
    connect(m_controller, &AdviceController::finished, this, [this](const AdviceAnswer& answer) {
        if (m_dialog)
            m_dialog->showAnswer(answer);
    });
    connect(m_controller, &AdviceController::failed, this, [this](const QString& message) {
        if (m_dialog)
            m_dialog->showFailure(message);
    });
}

AdviceTool::~AdviceTool() = default;

void AdviceTool::openDialog()
{
    if (m_dialog) {
        m_dialog->raise();
        m_dialog->activateWindow();
        return;
    }
    const Scenario& scenario = m_parts.document->scenario();
    if (scenario.setups.empty()) {
        m_window->statusBar()->showMessage(tr("Add a setup first: the advice searches its knobs"),
                                           5000);
        return;
    }
    m_dialog = new AdviceDialog(scenario, std::max(0, m_parts.setupList->currentRow()), m_window);
    m_dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_dialog, &AdviceDialog::adviseRequested, this, &AdviceTool::start);
    connect(m_dialog, &AdviceDialog::stopRequested, m_controller, &AdviceController::stop);
    connect(m_dialog, &AdviceDialog::addSetupRequested, this, &AdviceTool::addSetup);
    connect(m_dialog, &AdviceDialog::exportPolicyRequested, this, &AdviceTool::exportPolicy);
    // Closed while it searches: the search stops and keeps what it knows for the report.
    connect(m_dialog, &QDialog::finished, m_controller, &AdviceController::stop);
    m_dialog->open();
}

void AdviceTool::start(const AdviceQuestion& question)
{
    // One job at a time: a sweep's pass gives way (the runner's rule).
    if (m_dialog)
        m_dialog->begin(question);
    m_controller->start(question);
}

Setup AdviceTool::namedAdvised(const Setup& advised, bool unique) const
{
    Setup setup = advised;
    std::string label = advised.name;
    if (const auto& answer = m_controller->answer())
        if (const AdviceCandidate* c = answer->advisedCandidate())
            label = c->label;
    setup.name = "advised: " + label;
    if (unique)
        setup.name = uniqueSetupName(setup.name, m_parts.document->scenario().setups);
    return setup;
}

void AdviceTool::addSetup(const Setup& advised)
{
    Scenario next = m_parts.document->scenario();
    const Setup setup = namedAdvised(advised, true);
    next.setups.push_back(setup);
    try {
        validateScenario(next);
    } catch (const ScenarioError& e) {
        if (m_dialog)
            m_dialog->showFailure(QString::fromUtf8(e.what()));
        return;
    }
    // One undo step, named after the setup it adds.
    m_parts.document->applyEdit(next, QString::fromStdString(setup.name));
    m_parts.setupList->setCurrentRow(int(next.setups.size()) - 1);
    m_window->statusBar()->showMessage(
        tr("Added “%1” to the setups").arg(QString::fromStdString(setup.name)), 5000);
}

void AdviceTool::exportPolicy(const Setup& advised)
{
    const QString file = m_parts.document->filePath();
    const QString directory = file.isEmpty() ? QDir::homePath() : QFileInfo(file).absolutePath();
    QWidget* parent = m_dialog ? static_cast<QWidget*>(m_dialog) : m_window;
    auto* dialog = new PolicyExportDialog(namedAdvised(advised, false), directory, parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &PolicyExportDialog::message, m_window->statusBar(), &QStatusBar::showMessage);
    dialog->open();
}

bool AdviceTool::sameWorld(const Scenario& a, const Scenario& b)
{
    const auto world = [](Scenario s) {
        s.setups.clear();
        s.loads.clear();
        s.grid.reset();
        s.timeline.reset();
        return s;
    };
    return world(a) == world(b);
}

std::optional<ReportAdvice> AdviceTool::reportSection()
{
    const auto& answer = m_controller->answer();
    if (!answer || m_controller->isRunning() ||
        !sameWorld(m_controller->question().world, m_parts.document->scenario()))
        return std::nullopt;
    if (!m_reportChart)
        m_reportChart = std::make_unique<AdviceFrontChart>();
    m_reportChart->draw(m_controller->question(), *answer);
    return ReportAdvice::from(m_controller->question(), *answer, m_reportChart.get());
}

void AdviceTool::shutdown()
{
    m_controller->shutdown();
}

} // namespace hedge
