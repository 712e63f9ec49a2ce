// Setup → Export Policy As…: a setup's policy as its stack's configuration (docs/policies.md,
// "Export and import"). A chooser of the seven formats (the setup's own family first
// selected), the text in a read-only monospace view, what the model does not cover (in the
// text's comment, or under it for gRPC's JSON), Copy and Save…. A format the setup does not map
// onto shows why instead of a text, with Copy and Save… off.
#pragma once

#include <hedge/Scenario.h>

#include <QDialog>
#include <QString>

#include <optional>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace hedge {

class PolicyExportDialog : public QDialog {
    Q_OBJECT
public:
    // `directory` is where Save… starts.
    PolicyExportDialog(const Setup& setup, const QString& directory, QWidget* parent = nullptr);

    PolicyFamily format() const;
    void setFormat(PolicyFamily format);
    // The text shown; empty when the format does not map.
    QString text() const { return m_text; }

    // Writes the text to `path` whole or not at all (QSaveFile); the error, if any.
    std::optional<QString> saveTo(const QString& path) const;

signals:
    void message(const QString& text, int ms);

private:
    void showFormat();
    void copy();
    void save();

    Setup m_setup;
    QString m_directory;
    QString m_text;
    QComboBox* m_format = nullptr;
    QPlainTextEdit* m_view = nullptr;
    QLabel* m_notes = nullptr;
    QPushButton* m_copy = nullptr;
    QPushButton* m_save = nullptr;
};

} // namespace hedge
