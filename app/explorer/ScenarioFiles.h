// File → New, Open…, Open Recent, Save, Save As… of the working scenario: the file dialogs,
// the question before unsaved edits are dropped, and the recent-files list. The document
// reads and writes; failures go to failed() for the window to show.
#pragma once

#include <QObject>
#include <QString>

#include <optional>

class QWidget;

namespace hedge {

class MainActions;
class ScenarioDocument;

class ScenarioFiles : public QObject {
    Q_OBJECT
public:
    ScenarioFiles(ScenarioDocument* document, MainActions* actions, QWidget* window);

    // A file that does not parse is refused (failed()) and the working scenario is left
    // untouched; returns the error then.
    std::optional<QString> openFile(const QString& path);
    std::optional<QString> saveFile(const QString& path);

    void openDialog();
    bool save();
    bool saveAsDialog();
    // False if the user cancels; asks first when the working scenario has unsaved edits.
    bool maybeDiscard();

signals:
    void failed(const QString& title, const QString& message);
    void message(const QString& text, int ms);

private:
    ScenarioDocument* m_document;
    MainActions* m_actions;
    QWidget* m_window;
};

} // namespace hedge
