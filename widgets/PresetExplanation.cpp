#include "PresetExplanation.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <utility>

namespace hedge {

PresetExplanation::PresetExplanation(QWidget* parent) : QWidget(parent)
{
    m_title = new QLabel(this);
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::PlainText);
    QFont f = m_title->font();
    f.setBold(true);
    m_title->setFont(f);

    m_edits = new QLabel(this);
    m_edits->setObjectName(QStringLiteral("presetEdits"));
    m_edits->setWordWrap(true);
    m_edits->setTextFormat(Qt::PlainText);
    m_reset = new QPushButton(tr("Reset Preset"), this);
    m_reset->setObjectName(QStringLiteral("resetPreset"));
    m_reset->setToolTip(tr("The preset's scenario again, as one edit: Undo takes it back"));
    connect(m_reset, &QPushButton::clicked, this, &PresetExplanation::resetRequested);
    auto* editsRow = new QHBoxLayout;
    editsRow->setContentsMargins(0, 0, 0, 0);
    editsRow->addWidget(m_edits, 1);
    editsRow->addWidget(m_reset, 0, Qt::AlignTop);

    m_body = new QTextBrowser(this);
    m_body->setOpenExternalLinks(true);
    m_body->setFrameShape(QFrame::NoFrame);
    // The body follows the window's palette (light or dark) instead of a white page.
    m_body->viewport()->setAutoFillBackground(false);
    m_body->setAccessibleName(tr("Preset explanation"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addLayout(editsRow);
    layout->addWidget(m_body, 1);
    setEdits({}, {});
    clear();
}

void PresetExplanation::setExplanation(const QString& title, const QString& text)
{
    m_text = text;
    m_title->setText(title);
    showBody();
}

void PresetExplanation::setEdits(const QString& summary, const QStringList& edits,
                                 const QString& note)
{
    const QString shownNote =
        note.isEmpty() ? tr("This describes the preset as loaded; your edits changed it. Reset "
                            "Preset brings the preset back.")
                       : note;
    m_edits->setText(summary);
    m_edits->setToolTip(edits.join(QLatin1Char('\n')));
    m_edits->setVisible(!edits.isEmpty());
    m_reset->setVisible(!edits.isEmpty());
    // The text is laid out again only when it turns edited or back (not at each step of a
    // drag, which would also scroll it back to its top).
    const bool wasEdited = std::exchange(m_edited, !edits.isEmpty());
    const QString wasNote = std::exchange(m_note, shownNote);
    if (wasEdited != m_edited || (m_edited && wasNote != m_note))
        showBody();
}

void PresetExplanation::showBody()
{
    // Edited, the text's numbers may no longer hold: it is shown as the preset's, in the
    // grey under a note, never as a description of what runs now.
    QString html;
    QString paragraph = QStringLiteral("<p>%1</p>");
    if (m_edited) {
        html = QStringLiteral("<p><i>%1</i></p>").arg(m_note.toHtmlEscaped());
        // Half way from the text's colour to the page's: grey on a light palette and a dark one.
        const QColor text = palette().color(QPalette::Text);
        const QColor page = palette().color(QPalette::Window); // the body has no page of its own
        const QColor grey((text.red() + page.red()) / 2, (text.green() + page.green()) / 2,
                          (text.blue() + page.blue()) / 2);
        paragraph =
            QStringLiteral("<p style=\"color:%1\">%2</p>").arg(grey.name(), QStringLiteral("%1"));
    }
    for (const QString& para : m_text.split(QStringLiteral("\n\n"), Qt::SkipEmptyParts))
        html += paragraph.arg(para.trimmed().toHtmlEscaped());
    m_body->setHtml(html);
}

void PresetExplanation::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) // the greyed text follows a dark palette
        showBody();
}

void PresetExplanation::clear()
{
    setExplanation(tr("Your own scenario"),
                   tr("This scenario is not one of the presets. Pick one from the Presets menu "
                      "to read what it shows.\n\n"
                      "Reading the charts: each curve is one setup. The p99 chart shows the "
                      "latency 99 % of the calls stay under, the requests-per-call chart what the "
                      "hedges cost the service. A cross in the setup's colour marks a collapse: "
                      "the queue never drained and latency grows without bound. A collapsed "
                      "point whose figure is above the axis is a triangle on the chart's top "
                      "edge with its figure printed under it."));
}

QString PresetExplanation::title() const
{
    return m_title->text();
}

} // namespace hedge
