#include "TypedNumberBox.h"

#include "SpinBoxes.h"

#include <QKeyEvent>
#include <QLineEdit>
#include <QLocale>

#include <cmath>
#include <type_traits>

namespace hedge {

template <class Base>
TypedNumberBox<Base>::TypedNumberBox(const QString& fieldName, QWidget* parent)
    : Base(parent), m_fieldName(fieldName)
{
    this->setAccessibleName(fieldName);
    // The pause, not each keystroke, applies a typed value (see applyTypedText).
    this->setKeyboardTracking(false);
    m_pause.setSingleShot(true);
    m_pause.setInterval(kApplyPauseMs);
    QObject::connect(&m_pause, &QTimer::timeout, this, [this] { applyTypedText(false); });
    QObject::connect(this->lineEdit(), &QLineEdit::textEdited, this, [this] { onTextEdited(); });
}

template <class Base>
QValidator::State TypedNumberBox<Base>::validate(QString& text, int& pos) const
{
    const QValidator::State state = Base::validate(text, pos);
    if (state == QValidator::Invalid && typedNumber(text))
        return QValidator::Intermediate;
    return state;
}

template <class Base>
bool TypedNumberBox<Base>::event(QEvent* event)
{
    // Ctrl+Z (Ctrl+Shift+Z) is the window's Undo (Redo), also right after typing here: the
    // line edit's own undo took the keys, and Edit → Undo did nothing. The typed value is
    // applied first (an undo step of its own), then the key goes on to the window's action.
    if (event->type() == QEvent::ShortcutOverride) {
        auto* key = static_cast<QKeyEvent*>(event);
        const QKeyCombination pressed = key->keyCombination();
        const bool undoOrRedo = key->matches(QKeySequence::Undo) ||
                                key->matches(QKeySequence::Redo) ||
                                pressed == QKeyCombination(Qt::CTRL | Qt::SHIFT, Qt::Key_Z);
        if (undoOrRedo) {
            if (m_valueBeforeEdit)
                applyTypedText(true);
            event->ignore();
            return false;
        }
    }
    return Base::event(event);
}

template <class Base>
void TypedNumberBox<Base>::focusOutEvent(QFocusEvent* event)
{
    if (m_valueBeforeEdit)
        applyTypedText(true);
    Base::focusOutEvent(event);
}

template <class Base>
void TypedNumberBox<Base>::keyPressEvent(QKeyEvent* event)
{
    if ((event->key() == Qt::Key_Enter || event->key() == Qt::Key_Return) && m_valueBeforeEdit)
        applyTypedText(true);
    Base::keyPressEvent(event);
}

template <class Base>
void TypedNumberBox<Base>::onTextEdited()
{
    if (!m_valueBeforeEdit)
        m_valueBeforeEdit = this->value();
    m_pause.start();
}

template <class Base>
void TypedNumberBox<Base>::applyTypedText(bool finished)
{
    m_pause.stop();
    QLineEdit* edit = this->lineEdit();
    QString text = edit->text();
    int pos = edit->cursorPosition();
    if (Base::validate(text, pos) == QValidator::Acceptable) {
        this->interpretText();
        if (m_message)
            m_message->report(this, QString());
        if (finished)
            m_valueBeforeEdit.reset();
        return;
    }
    const std::optional<double> number = typedNumber(edit->text());
    if (!number && !finished)
        return; // "", "1e": still being typed
    const Value kept = m_valueBeforeEdit.value_or(this->value());
    if (m_message)
        m_message->report(this, problemWith(edit->text(), number, kept));
    if (this->value() != kept) {
        // A value applied during this edit goes; the typed text stays to be corrected until
        // the edit ends (then the field shows the value in force again).
        const QString typed = edit->text();
        const int cursor = edit->cursorPosition();
        this->setValue(kept);
        if (!finished) {
            edit->setText(typed);
            edit->setCursorPosition(cursor);
        }
    }
    if (finished)
        m_valueBeforeEdit.reset();
}

template <class Base>
std::optional<double> TypedNumberBox<Base>::typedNumber(const QString& text) const
{
    QString number = text;
    if (!this->prefix().isEmpty() && number.startsWith(this->prefix()))
        number.remove(0, this->prefix().size());
    if (!this->suffix().isEmpty() && number.endsWith(this->suffix()))
        number.chop(this->suffix().size());
    number = number.trimmed();
    bool ok = false;
    const double value = this->locale().toDouble(number, &ok);
    if (!ok || !std::isfinite(value))
        return std::nullopt;
    return value;
}

template <class Base>
QString TypedNumberBox<Base>::problemWith(const QString& typed, std::optional<double> number,
                                          Value kept) const
{
    QString problem;
    const QString range = tr("%1 – %2").arg(withSuffix(this->minimum()), withSuffix(this->maximum()));
    if (!number) {
        problem = tr("%1: give a number from %2.").arg(m_fieldName, range);
    } else if (*number < this->minimum() || *number > this->maximum()) {
        problem = tr("%1: %2 is %3 the allowed range %4")
                      .arg(m_fieldName, typed.trimmed(),
                           *number < this->minimum() ? tr("below") : tr("above"), range);
        if (!m_rangeReason.isEmpty())
            problem += tr(" (%1)").arg(m_rangeReason);
        problem += QLatin1Char('.');
    } else if constexpr (std::is_integral_v<Value>) {
        problem = tr("%1: %2 is not a whole number.").arg(m_fieldName, typed.trimmed());
    } else {
        problem = tr("%1: %2 has more decimals than the field keeps (%3).")
                      .arg(m_fieldName, typed.trimmed())
                      .arg(this->decimals());
    }
    return tr("%1 Kept %2.").arg(problem, withSuffix(kept));
}

template <class Base>
QString TypedNumberBox<Base>::withSuffix(Value value) const
{
    return this->prefix() + this->textFromValue(value) + this->suffix();
}

template class TypedNumberBox<QSpinBox>;
template class TypedNumberBox<QDoubleSpinBox>;

} // namespace hedge
