#include "PolicyExportDialog.h"

#include <hedge/io/PolicyExport.h>
#include <hedge/io/ScenarioError.h>

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QVBoxLayout>

namespace hedge {

PolicyExportDialog::PolicyExportDialog(const Setup& setup, const QString& directory,
                                       QWidget* parent)
    : QDialog(parent), m_setup(setup), m_directory(directory)
{
    setWindowTitle(tr("Export Policy of “%1”").arg(QString::fromStdString(setup.name)));
    m_format = new QComboBox(this);
    m_format->setObjectName(QStringLiteral("policyFormat"));
    // The setup's own family first, then the others in the docs' order.
    std::vector<PolicyFamily> order{setup.policy};
    for (PolicyFamily f : allPolicyFamilies())
        if (f != setup.policy)
            order.push_back(f);
    for (PolicyFamily f : order)
        m_format->addItem(QString::fromUtf8(policyFormatTitle(f)), int(f));
    m_format->setToolTip(tr("A setup exports as its own family, and as another only where the "
                            "rules are the same (docs/policies.md, \"Export and import\")"));

    m_view = new QPlainTextEdit(this);
    m_view->setObjectName(QStringLiteral("policyText"));
    m_view->setReadOnly(true);
    m_view->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_notes = new QLabel(this);
    m_notes->setObjectName(QStringLiteral("policyNotes"));
    m_notes->setWordWrap(true);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_copy = buttons->addButton(tr("&Copy"), QDialogButtonBox::ActionRole);
    m_copy->setObjectName(QStringLiteral("copyPolicy"));
    m_save = buttons->addButton(tr("&Save…"), QDialogButtonBox::ActionRole);
    m_save->setObjectName(QStringLiteral("savePolicy"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_copy, &QPushButton::clicked, this, &PolicyExportDialog::copy);
    connect(m_save, &QPushButton::clicked, this, &PolicyExportDialog::save);

    auto* form = new QFormLayout;
    form->addRow(tr("&Format:"), m_format);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_notes);
    layout->addWidget(buttons);
    connect(m_format, &QComboBox::currentIndexChanged, this, &PolicyExportDialog::showFormat);
    showFormat();
    resize(760, 560);
}

PolicyFamily PolicyExportDialog::format() const
{
    return static_cast<PolicyFamily>(m_format->currentData().toInt());
}

void PolicyExportDialog::setFormat(PolicyFamily format)
{
    m_format->setCurrentIndex(m_format->findData(int(format)));
}

void PolicyExportDialog::showFormat()
{
    try {
        const ExportedPolicy exported = exportPolicy(m_setup, format());
        m_text = QString::fromStdString(exported.text);
        m_view->setPlainText(m_text);
        QStringList notes;
        // The other formats hold the list in their comment; JSON cannot.
        if (!exported.uncoveredInText)
            for (const std::string& note : exported.uncovered)
                notes << QStringLiteral("• ") + QString::fromStdString(note);
        m_notes->setText(notes.isEmpty() ? QString()
                                         : tr("Not in the explorer's model, or up to you:\n%1")
                                               .arg(notes.join(QLatin1Char('\n'))));
    } catch (const ScenarioError& e) {
        // Why there is no text, where the text would be.
        m_text.clear();
        m_view->clear();
        m_notes->clear();
        m_view->setPlaceholderText(QString::fromUtf8(e.what()));
    }
    m_notes->setVisible(!m_notes->text().isEmpty());
    m_copy->setEnabled(!m_text.isEmpty());
    m_save->setEnabled(!m_text.isEmpty());
}

void PolicyExportDialog::copy()
{
    QApplication::clipboard()->setText(m_text);
    emit message(tr("Policy copied to the clipboard"), 3000);
}

std::optional<QString> PolicyExportDialog::saveTo(const QString& path) const
{
    QSaveFile file(path);
    const QByteArray bytes = m_text.toUtf8();
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
    return std::nullopt;
}

void PolicyExportDialog::save()
{
    const QString suffix = QString::fromLatin1(policyFormatSuffix(format()));
    const QString base = m_directory + QLatin1Char('/') + QString::fromLatin1(toString(format())) +
                         QStringLiteral("-policy.") + suffix;
    QString path = QFileDialog::getSaveFileName(
        this, tr("Save Policy"), base,
        tr("%1 (*.%2);;All files (*)").arg(QString::fromUtf8(policyFormatTitle(format())), suffix));
    if (path.isEmpty())
        return;
    if (const auto error = saveTo(path)) {
        QMessageBox::warning(this, tr("Save Failed"), *error);
        return;
    }
    emit message(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 4000);
}

} // namespace hedge
