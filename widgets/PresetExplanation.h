// What the loaded preset shows and why (docs/model.md, "Presets and lessons"), beside the charts,
// for an engineer new to hedging.
#pragma once

#include <QWidget>

class QLabel;
class QTextBrowser;

namespace hedge {

class PresetExplanation : public QWidget {
    Q_OBJECT
public:
    explicit PresetExplanation(QWidget* parent = nullptr);

    // `text` is plain text; blank lines separate paragraphs.
    void setExplanation(const QString& title, const QString& text);
    // After an edit or for a scenario that is not a preset.
    void clear();

    QString title() const;
    QString text() const { return m_text; }

private:
    QLabel* m_title = nullptr;
    QTextBrowser* m_body = nullptr;
    QString m_text;
};

} // namespace hedge
