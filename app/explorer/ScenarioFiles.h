// File → New, Open…, Open Recent, Save, Save As… of the working scenario: the file dialogs,
// the question before unsaved edits are dropped, and the recent-files list. The document
// reads and writes; failures go to failed() for the window to show.
#pragma once

#include <QObject>
#include <QString>

#include <functional>
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
    // untouched; returns the error then. A lesson file (its schema hedge-explorer/lesson@1)
    // goes to the lesson opener instead (File → Open of a lesson opens the lesson).
    std::optional<QString> openFile(const QString& path);
    // Opens a lesson file, the question about unsaved edits already asked; its error (shown).
    using LessonOpener = std::function<std::optional<QString>(const QString& path)>;
    void setLessonOpener(LessonOpener opener) { m_openLesson = std::move(opener); }
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
    LessonOpener m_openLesson;
};

} // namespace hedge
