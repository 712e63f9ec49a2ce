// The working scenario as a document: the scenario, the file or preset it came from, whether it
// has unsaved edits, and its autosave. No dialogs: failures come back as messages for the
// window to show.
#pragma once

#include <hedge/Scenario.h>

#include "SeriesStyle.h"

#include <QObject>
#include <QString>

#include <optional>

namespace hedge {

class ScenarioDocument : public QObject {
    Q_OBJECT
public:
    explicit ScenarioDocument(QObject* parent = nullptr);

    const Scenario& scenario() const { return m_scenario; }
    QString filePath() const { return m_filePath; }
    QString presetName() const { return m_presetName; }
    bool isModified() const { return m_modified; }
    // "name[*] — Hedge Explorer", for QWidget::setWindowTitle.
    QString title() const;

    // A file that does not parse leaves the document untouched; returns the message then.
    std::optional<QString> open(const QString& path);
    std::optional<QString> save(const QString& path);
    // Returns false for an unknown preset name.
    bool loadPreset(const QString& name);
    // A scenario with no file, not modified.
    void setScenario(const Scenario& scenario);
    void newScenario();
    // Stands in before the first real scenario (no file, no autosave).
    void setDefaultScenario(const Scenario& scenario);
    // An edit of the working scenario: modified, autosaved.
    void applyEdit(const Scenario& scenario);
    // The scenario of the last session (autosave and its session keys); false when there is
    // none or it does not parse (restoreFailed() says why).
    bool restoreAutosave(const QList<SeriesStyle>& styles);

    // Where the working scenario is autosaved after each edit.
    static QString autosavePath();
    void autosave();

signals:
    // A new scenario replaced the working one (file, preset, new, restored session).
    void scenarioReplaced(const Scenario& scenario, const QList<SeriesStyle>& styles);
    void titleChanged();
    void autosaveFailed(const QString& error);
    void restoreFailed(const QString& error);

private:
    void setModified(bool modified);

    Scenario m_scenario;
    QString m_filePath;
    QString m_presetName;
    bool m_modified = false;
};

} // namespace hedge
