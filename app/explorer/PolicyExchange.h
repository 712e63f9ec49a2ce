// Setup → Export Policy As… and Import Policy… (docs/user-guide.md, "Setups"; docs/policies.md,
// "Export and import"). Export opens PolicyExportDialog on the selected setup. Import reads a
// gRPC service config or an Envoy route and cluster into a new setup, added to the document as
// one undoable edit and selected; the fields the model does not cover are shown in a message
// box. A file that does not read is refused with its "FIELD: problem" and changes nothing.
#pragma once

#include <QObject>
#include <QString>

#include <optional>

class QMainWindow;

namespace hedge {

class MainActions;
class ScenarioDocument;
class SetupListWidget;

class PolicyExchange : public QObject {
    Q_OBJECT
public:
    PolicyExchange(ScenarioDocument* document, SetupListWidget* setupList, MainActions* actions,
                   QMainWindow* window);

    void exportDialog();
    void importDialog();
    // Imports `path` (the format from its content); returns the error when refused.
    std::optional<QString> importFile(const QString& path);

private:
    QString directory() const;
    void showBox(const QString& objectName, const QString& title, const QString& text,
                 bool warning);

    ScenarioDocument* m_document;
    SetupListWidget* m_setupList;
    QMainWindow* m_window;
};

} // namespace hedge
