#include "FieldMessage.h"

#include <algorithm>

namespace hedge {

FieldMessage::FieldMessage(QWidget* parent) : QLabel(parent)
{
    setWordWrap(true);
    setTextFormat(Qt::PlainText);
    // Red that stays readable on light and dark palettes.
    setStyleSheet(QStringLiteral("color: #d0312d;"));
    setVisible(false);
}

void FieldMessage::report(const void* source, const QString& message)
{
    std::erase_if(m_reports, [source](const auto& r) { return r.first == source; });
    if (!message.isEmpty())
        m_reports.emplace_back(source, message);
    showLatest();
}

void FieldMessage::withdrawAll()
{
    m_reports.clear();
    showLatest();
}

void FieldMessage::showLatest()
{
    const QString shown = message();
    setText(shown);
    setVisible(!shown.isEmpty());
}

QString FieldMessage::message() const
{
    return m_reports.empty() ? QString() : m_reports.back().second;
}

} // namespace hedge
