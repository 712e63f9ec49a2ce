// What the loaded preset shows and why (docs/model.md, "Presets and lessons"), beside the charts,
// for an engineer new to hedging. The text describes the preset as loaded: once the scenario is
// edited, a line above it says what was edited, with a Reset Preset button, and the text is
// shown as the preset's, greyed under a note, not as if its numbers still held
// (docs/user-guide.md, "What this shows").
#pragma once

#include <QWidget>

class QLabel;
class QPushButton;
class QTextBrowser;

namespace hedge {

class PresetExplanation : public QWidget {
    Q_OBJECT
public:
    explicit PresetExplanation(QWidget* parent = nullptr);

    // `text` is plain text; blank lines separate paragraphs.
    void setExplanation(const QString& title, const QString& text);
    // For a scenario that is not a preset.
    void clear();
    // The edits of the preset, in words (PresetEdits), first `shown` in the line, every one in
    // its tooltip; none: the scenario is the preset's and the text holds. `note` says above the
    // greyed text whose changes they are (empty: the user's edits).
    void setEdits(const QString& summary, const QStringList& edits, const QString& note = {});

    QString title() const;
    QString text() const { return m_text; }

signals:
    void resetRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    void showBody();

    QLabel* m_title = nullptr;
    QLabel* m_edits = nullptr;
    QPushButton* m_reset = nullptr;
    QTextBrowser* m_body = nullptr;
    QString m_text;
    QString m_note; // above the greyed text when edited
    bool m_edited = false;
};

} // namespace hedge
