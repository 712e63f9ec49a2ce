#include "PresetExplanation.h"

#include <QLabel>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace hedge {

PresetExplanation::PresetExplanation(QWidget* parent) : QWidget(parent)
{
    m_title = new QLabel(this);
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::PlainText);
    QFont f = m_title->font();
    f.setBold(true);
    m_title->setFont(f);

    m_body = new QTextBrowser(this);
    m_body->setOpenExternalLinks(true);
    m_body->setFrameShape(QFrame::NoFrame);
    // The body follows the window's palette (light or dark) instead of a white page.
    m_body->viewport()->setAutoFillBackground(false);
    m_body->setAccessibleName(tr("Preset explanation"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_body, 1);
    clear();
}

void PresetExplanation::setExplanation(const QString& title, const QString& text)
{
    m_text = text;
    m_title->setText(title);
    QString html;
    for (const QString& para : text.split(QStringLiteral("\n\n"), Qt::SkipEmptyParts))
        html += QStringLiteral("<p>%1</p>").arg(para.trimmed().toHtmlEscaped());
    m_body->setHtml(html);
}

void PresetExplanation::clear()
{
    setExplanation(tr("Your own scenario"),
                   tr("This scenario is not one of the presets. Pick one from the Presets menu "
                      "to read what it shows.\n\n"
                      "Reading the charts: each curve is one setup. The p99 chart shows the "
                      "latency 99 % of the calls stay under, the requests-per-call chart what the "
                      "hedges cost the service. A red cross marks a collapse: the queue never "
                      "drained and latency grows without bound."));
}

QString PresetExplanation::title() const
{
    return m_title->text();
}

} // namespace hedge
