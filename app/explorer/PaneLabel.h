// The lesson pane's and the exercise pane's text: a label that wraps, shows plain text (a
// lesson's words are never markup) and can be selected and copied, found by its object name.
#pragma once

#include <QLabel>

namespace hedge {

inline QLabel* paneLabel(const QString& objectName, QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace hedge
