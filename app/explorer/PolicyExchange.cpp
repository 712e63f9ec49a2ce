#include "PolicyExchange.h"

#include "MainActions.h"
#include "PolicyExportDialog.h"

#include "SetupListWidget.h"
#include "SetupNames.h"

#include <hedge/document/ScenarioDocument.h>
#include <hedge/io/PolicyImport.h>
#include <hedge/io/ScenarioError.h>
#include <hedge/io/ScenarioValidation.h>

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMessageBox>
#include <QStatusBar>

namespace hedge {

PolicyExchange::PolicyExchange(ScenarioDocument* document, SetupListWidget* setupList,
                               MainActions* actions, QMainWindow* window)
    : QObject(window), m_document(document), m_setupList(setupList), m_window(window)
{
    connect(actions, &MainActions::exportPolicyRequested, this, &PolicyExchange::exportDialog);
    connect(actions, &MainActions::importPolicyRequested, this, &PolicyExchange::importDialog);
}

QString PolicyExchange::directory() const
{
    const QString file = m_document->filePath();
    return file.isEmpty() ? QDir::homePath() : QFileInfo(file).absolutePath();
}

void PolicyExchange::showBox(const QString& objectName, const QString& title, const QString& text,
                             bool warning)
{
    // Window-modal but not blocking, as the window's other messages.
    auto* box = new QMessageBox(warning ? QMessageBox::Warning : QMessageBox::Information, title,
                                text, QMessageBox::Ok, m_window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(objectName);
    box->open();
}

void PolicyExchange::exportDialog()
{
    const auto& setups = m_document->scenario().setups;
    const int row = m_setupList->currentRow();
    if (row < 0 || row >= int(setups.size())) {
        m_window->statusBar()->showMessage(tr("Select the setup to export first"), 5000);
        return;
    }
    auto* dialog = new PolicyExportDialog(setups[std::size_t(row)], directory(), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &PolicyExportDialog::message, m_window->statusBar(), &QStatusBar::showMessage);
    dialog->open();
}

void PolicyExchange::importDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Import Policy"), directory(),
        tr("gRPC service configs and Envoy YAML (*.json *.yaml *.yml);;All files (*)"));
    if (!path.isEmpty())
        importFile(path);
}

std::optional<QString> PolicyExchange::importFile(const QString& path)
{
    const QString shown = QDir::toNativeSeparators(path);
    const auto refuse = [&](const QString& why) {
        const QString error = tr("“%1” was not imported:\n%2\n\nThe setups are unchanged.")
                                  .arg(QFileInfo(path).fileName(), why);
        showBox(QStringLiteral("policyImportError"), tr("Cannot Import Policy"), error, true);
        return std::optional(error);
    };
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return refuse(tr("cannot read %1: %2").arg(shown, file.errorString()));
    const std::string text = file.readAll().toStdString();
    Scenario next = m_document->scenario();
    ImportedPolicy imported;
    try {
        imported = importPolicy(text, guessPolicyFormat(text));
        imported.setup.name =
            uniqueSetupName(QFileInfo(path).completeBaseName().toStdString(), next.setups);
        next.setups.push_back(imported.setup);
        validateScenario(next);
    } catch (const ScenarioError& e) {
        return refuse(QString::fromUtf8(e.what()));
    }
    m_document->applyEdit(next, tr("Import Policy"));
    m_setupList->setCurrentRow(int(next.setups.size()) - 1);
    m_window->statusBar()->showMessage(
        tr("Imported “%1” (%2)")
            .arg(QString::fromStdString(imported.setup.name),
                 QString::fromLatin1(toString(imported.setup.policy))),
        5000);
    if (!imported.uncovered.empty()) {
        QStringList lines;
        for (const std::string& field : imported.uncovered)
            lines << QStringLiteral("• ") + QString::fromStdString(field);
        showBox(QStringLiteral("importedPolicyUncovered"), tr("Imported Policy"),
                tr("“%1” was added. The explorer's model does not cover these fields of %2; "
                   "they are left out:\n\n%3")
                    .arg(QString::fromStdString(imported.setup.name), QFileInfo(path).fileName(),
                         lines.join(QLatin1Char('\n'))),
                false);
    }
    return std::nullopt;
}

} // namespace hedge
