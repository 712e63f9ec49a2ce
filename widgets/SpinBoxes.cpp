#include "SpinBoxes.h"

#include "FieldMessage.h"
#include "WrappingRow.h"
#include "TypedNumberBox.h"

#include <algorithm>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QWheelEvent>

namespace hedge {
namespace {

// The narrowest slider still worth dragging beside its field.
constexpr int kSliderBesideMin = 60;

// Passes the wheel over an unfocused field on to its parents (the scroll area): an ignored
// event that the filter has eaten is offered to the parent widget next.
class UnfocusedWheelFilter : public QObject {
public:
    using QObject::QObject;
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() != QEvent::Wheel || static_cast<QWidget*>(watched)->hasFocus())
            return false;
        event->ignore();
        return true;
    }
};

template <class Box>
void configure(Box* box, const QString& suffix)
{
    box->setSuffix(suffix);
    box->setAccelerated(true);
    // The size hint follows the widest value of the range (10 000 000.0 ms): far too wide
    // for a side panel.
    box->setMinimumWidth(70);
    takeWheelOnlyWhenFocused(box);
}

// Calls `f` with `box` as the TypedNumberBox this factory made of it.
template <class F>
void asTyped(QAbstractSpinBox* box, F&& f)
{
    if (auto* d = dynamic_cast<TypedDoubleBox*>(box))
        f(d);
    else if (auto* i = dynamic_cast<TypedIntBox*>(box))
        f(i);
}

} // namespace

QDoubleSpinBox* makeDoubleSpinBox(const QString& name, double min, double max, int decimals,
                                  double step, const QString& suffix, QWidget* parent)
{
    auto* box = new TypedDoubleBox(name, parent);
    box->setRange(min, max);
    box->setDecimals(decimals);
    box->setSingleStep(step);
    configure(box, suffix);
    return box;
}

QSpinBox* makeSpinBox(const QString& name, int min, int max, const QString& suffix,
                      QWidget* parent)
{
    auto* box = new TypedIntBox(name, parent);
    box->setRange(min, max);
    configure(box, suffix);
    return box;
}

void takeWheelOnlyWhenFocused(QWidget* field)
{
    // WheelFocus (the spin boxes' and combo boxes' default) would give the field the focus,
    // and so the wheel, as soon as the pointer scrolls over it.
    field->setFocusPolicy(Qt::StrongFocus);
    field->installEventFilter(new UnfocusedWheelFilter(field));
}

FieldMessage* addFieldRow(QFormLayout* form, const QString& label, QWidget* field,
                          std::initializer_list<QAbstractSpinBox*> boxes)
{
    return addFieldRow(form, label, field, QList<QAbstractSpinBox*>(boxes));
}

FieldMessage* addFieldRow(QFormLayout* form, const QString& label, QWidget* field,
                          const QList<QAbstractSpinBox*>& boxes)
{
    auto* message = new FieldMessage(form->parentWidget());
    if (label.isEmpty())
        form->addRow(field);
    else
        form->addRow(label, field);
    // Across the form's width: a message names the field and its range, a few lines at most.
    form->addRow(message);
    for (QAbstractSpinBox* box : boxes)
        asTyped(box, [message](auto* typed) { typed->setMessage(message); });
    return message;
}

QWidget* makeKnobRow(QAbstractSpinBox* box, QWidget* second)
{
    // The field never gives its text up to the slider ("no budget", "10.000 ms" stay whole).
    box->setMinimumWidth(std::max(box->minimumWidth(), box->sizeHint().width()));
    auto* row = new WrappingRow(box, second, kSliderBesideMin, box->parentWidget());
    // The row's label (its mnemonic) gives the focus to the field.
    row->setFocusProxy(box);
    return row;
}

void setRangeReason(QAbstractSpinBox* box, const QString& reason)
{
    asTyped(box, [&reason](auto* typed) { typed->setRangeReason(reason); });
}

} // namespace hedge
