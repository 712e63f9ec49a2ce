#include "LessonExportDialog.h"

#include <hedge/io/Lesson.h>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace hedge {

LessonExportDialog::LessonExportDialog(const QList<LessonEntry>& lessons, int current,
                                       const QString& folder, QWidget* parent)
    : QDialog(parent), m_lesson(new QComboBox(this)), m_version(new QComboBox(this)),
      m_path(new QLineEdit(this)), m_openLesson(new QPushButton(tr("Open File…"), this)),
      m_browse(new QPushButton(tr("Browse…"), this)), m_status(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Export Lesson"));
    setObjectName(QStringLiteral("lessonExportDialog"));
    m_lesson->setObjectName(QStringLiteral("lessonExportLesson"));
    for (const LessonEntry& lesson : lessons)
        m_lesson->addItem(lesson.title, lesson.file);
    m_openLesson->setObjectName(QStringLiteral("lessonExportOpenFile"));
    m_openLesson->setToolTip(tr("A lesson file of your own (hedge-explorer/lesson@1)"));
    m_lesson->setCurrentIndex(current >= 0 && current < lessons.size() ? current : 0);
    m_version->setObjectName(QStringLiteral("lessonExportVersion"));
    m_version->addItem(tr("Teacher's: questions with their answers"));
    m_version->addItem(tr("Student's: questions with room to answer, no answers"));
    m_path->setObjectName(QStringLiteral("lessonExportPath"));
    m_path->setPlaceholderText(tr("handout.html or handout.pdf"));
    m_path->setText(QDir(folder).filePath(QStringLiteral("lesson.html")));
    m_status->setObjectName(QStringLiteral("lessonExportStatus"));
    m_status->setWordWrap(true);
    m_export = m_buttons->addButton(tr("Export"), QDialogButtonBox::AcceptRole);
    m_export->setObjectName(QStringLiteral("lessonExportButton"));
    m_export->setDefault(true);

    auto* lessonRow = new QHBoxLayout;
    lessonRow->addWidget(m_lesson, 1);
    lessonRow->addWidget(m_openLesson);
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(m_path, 1);
    fileRow->addWidget(m_browse);
    auto* form = new QFormLayout;
    // A row of a layout gets no buddy of its own: its label names the field its mnemonic
    // focuses.
    const auto label = [this](const QString& text, QWidget* buddy) {
        auto* l = new QLabel(text, this);
        l->setBuddy(buddy);
        return l;
    };
    form->addRow(label(tr("&Lesson:"), m_lesson), lessonRow);
    form->addRow(label(tr("&Version:"), m_version), m_version);
    form->addRow(label(tr("&File:"), m_path), fileRow);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("An .html file is one page that opens anywhere, its charts "
                                    "inside it; a .pdf prints. Every step's scenario runs first."),
                                 this));
    layout->addWidget(m_status);
    layout->addWidget(m_buttons);

    connect(m_browse, &QPushButton::clicked, this, &LessonExportDialog::browse);
    connect(m_openLesson, &QPushButton::clicked, this, &LessonExportDialog::openLessonFile);
    connect(m_path, &QLineEdit::textChanged, this, &LessonExportDialog::updateExportButton);
    connect(m_export, &QPushButton::clicked, this, [this] {
        m_running = true;
        updateExportButton();
        m_status->setText(tr("Running the steps' scenarios…"));
        emit exportRequested();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, [this] {
        if (m_running)
            emit cancelRequested();
        reject();
    });
    updateExportButton();
}

QString LessonExportDialog::lessonFile() const
{
    return m_lesson->currentData().toString();
}

HandoutVersion LessonExportDialog::version() const
{
    return m_version->currentIndex() == 1 ? HandoutVersion::Student : HandoutVersion::Teacher;
}

QString LessonExportDialog::path() const
{
    return m_path->text().trimmed();
}

void LessonExportDialog::showProgress(int done, int total)
{
    m_status->setText(tr("Running the steps' scenarios: %1 of %2").arg(done).arg(total));
}

void LessonExportDialog::showEnd(const QString& error)
{
    m_running = false;
    updateExportButton();
    if (error.isEmpty()) {
        accept();
        return;
    }
    m_status->setText(error);
}

void LessonExportDialog::updateExportButton()
{
    const QString suffix = QFileInfo(path()).suffix().toLower();
    const bool known = suffix == QLatin1String("html") || suffix == QLatin1String("htm") ||
                       suffix == QLatin1String("pdf");
    m_export->setEnabled(!m_running && known);
    m_lesson->setEnabled(!m_running);
    m_openLesson->setEnabled(!m_running);
    m_version->setEnabled(!m_running);
    m_path->setEnabled(!m_running);
    m_browse->setEnabled(!m_running);
    if (!m_running && !path().isEmpty() && !known)
        m_status->setText(tr("The file's name ends in .html or .pdf."));
    else if (!m_running && known && m_status->text().startsWith(tr("The file's name")))
        m_status->clear();
}

void LessonExportDialog::openLessonFile()
{
    const QString chosen = QFileDialog::getOpenFileName(
        this, tr("Open Lesson"), QFileInfo(path()).absolutePath(), tr("Lessons (*.json)"));
    if (chosen.isEmpty())
        return;
    try {
        const Lesson lesson = readLessonFile(chosen.toStdString());
        m_lesson->addItem(QString::fromStdString(lesson.title), chosen);
        m_lesson->setCurrentIndex(m_lesson->count() - 1);
        m_status->clear();
    } catch (const ScenarioError& e) {
        m_status->setText(QString::fromUtf8(e.what()));
    }
}

void LessonExportDialog::browse()
{
    const QString chosen = QFileDialog::getSaveFileName(this, tr("Export Lesson"), path(),
                                                        tr("Web page (*.html);;PDF (*.pdf)"));
    if (!chosen.isEmpty())
        m_path->setText(chosen);
}

} // namespace hedge
