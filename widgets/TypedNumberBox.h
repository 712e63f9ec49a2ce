// A spin box (QSpinBox or QDoubleSpinBox) that takes typed numbers as the editors' one rule
// says: what is typed applies after a short pause, without Enter, when it is a value of the
// range; a number outside the range (or with more decimals than the field keeps) stays in the
// field as typed, is reported under the field with the allowed range, and the value in force
// before this edit stays. Arrows, Page Up/Down and the wheel step at once, as usual.
#pragma once

#include "FieldMessage.h"

#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QPointer>
#include <QSpinBox>
#include <QTimer>

#include <optional>
#include <utility>

namespace hedge {

template <class Base> // QSpinBox or QDoubleSpinBox
class TypedNumberBox : public Base {
    Q_DECLARE_TR_FUNCTIONS(hedge::TypedNumberBox)

public:
    using Value = decltype(std::declval<const Base&>().value());

    // `fieldName` names the field in messages ("Hiccup range, from").
    TypedNumberBox(const QString& fieldName, QWidget* parent);

    // Where bad input is reported: the line under the field's row.
    void setMessage(FieldMessage* message) { m_message = message; }
    // Why the allowed range is what it is, when the range follows another field, e.g.
    // "“from” cannot be above “to”".
    void setRangeReason(const QString& reason) { m_rangeReason = reason; }

    // A well-formed number outside the range, or with too many decimals, is Intermediate, not
    // Invalid: the keystroke is kept, and the pause reports it rather than dropping a digit.
    QValidator::State validate(QString& text, int& pos) const override;

protected:
    bool event(QEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    void onTextEdited();
    // Applies the typed text if it is a value of the field; otherwise reports it (at once if it
    // is a number, else once the edit is `finished`) and puts back the value in force before
    // the edit.
    void applyTypedText(bool finished);
    std::optional<double> typedNumber(const QString& text) const;
    QString problemWith(const QString& typed, std::optional<double> number, Value kept) const;
    QString withSuffix(Value value) const;

    QTimer m_pause;
    std::optional<Value> m_valueBeforeEdit;
    QPointer<FieldMessage> m_message;
    QString m_fieldName;
    QString m_rangeReason;
};

using TypedIntBox = TypedNumberBox<QSpinBox>;
using TypedDoubleBox = TypedNumberBox<QDoubleSpinBox>;

extern template class TypedNumberBox<QSpinBox>;
extern template class TypedNumberBox<QDoubleSpinBox>;

} // namespace hedge
