#include "KnobFields.h"

#include "FieldMessage.h"
#include "KnobSlider.h"
#include "SpinBoxes.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>

#include <algorithm>
#include <cmath>

namespace hedge {

namespace {

QString registryText(const char* text)
{
    return QCoreApplication::translate("KnobRegistry", text);
}

double spinValue(const QAbstractSpinBox* box)
{
    if (const auto* i = qobject_cast<const QSpinBox*>(box))
        return i->value();
    return static_cast<const QDoubleSpinBox*>(box)->value();
}

void setSpinValue(QAbstractSpinBox* box, double value)
{
    if (auto* i = qobject_cast<QSpinBox*>(box))
        i->setValue(static_cast<int>(std::lround(value)));
    else
        static_cast<QDoubleSpinBox*>(box)->setValue(value);
}

void openRange(QAbstractSpinBox* box, const KnobEditor& e)
{
    if (auto* i = qobject_cast<QSpinBox*>(box))
        i->setRange(static_cast<int>(e.min), static_cast<int>(e.max));
    else
        static_cast<QDoubleSpinBox*>(box)->setRange(e.min, e.max);
}

} // namespace

QString KnobFields::label(const Knob& knob)
{
    return registryText(knob.editor.label);
}

QString KnobFields::toolTip(const Knob& knob)
{
    const QString text = registryText(knob.tooltip);
    if (!text.contains(QLatin1String("%1")))
        return text;
    return text.arg(knob.defaultValue() * knob.editor.scale);
}

QAbstractSpinBox* KnobFields::makeBox(const Knob& knob, QWidget* parent)
{
    const KnobEditor& e = knob.editor;
    const QString name = registryText(e.name);
    const QString suffix = registryText(e.suffix);
    QAbstractSpinBox* box = nullptr;
    if (knob.wholeNumber()) {
        auto* i =
            makeSpinBox(name, static_cast<int>(e.min), static_cast<int>(e.max), suffix, parent);
        if (*e.zeroText)
            i->setSpecialValueText(registryText(e.zeroText));
        box = i;
    } else {
        auto* d = makeDoubleSpinBox(name, e.min, e.max, e.decimals, e.step, suffix, parent);
        if (*e.zeroText)
            d->setSpecialValueText(registryText(e.zeroText));
        box = d;
    }
    box->setToolTip(toolTip(knob));
    return box;
}

QCheckBox* KnobFields::makeCheck(const Knob& knob, QWidget* parent)
{
    auto* check = new QCheckBox(label(knob), parent);
    check->setToolTip(toolTip(knob));
    return check;
}

KnobFields::KnobFields(std::vector<const Knob*> knobs, QWidget* parent)
    : QObject(parent), m_knobs(std::move(knobs))
{
    for (const Knob* knob : m_knobs) {
        QAbstractSpinBox* box = makeBox(*knob, parent);
        m_boxes.push_back(box);
        if (auto* i = qobject_cast<QSpinBox*>(box))
            connect(i, &QSpinBox::valueChanged, this, &KnobFields::edited);
        else
            connect(static_cast<QDoubleSpinBox*>(box), &QDoubleSpinBox::valueChanged, this,
                    &KnobFields::edited);
        const KnobEditor& e = knob->editor;
        if (*e.choices && knob->wholeNumber())
            addChoice(*knob, static_cast<QSpinBox*>(box), parent);
        if (e.sliderHigh <= e.sliderLow)
            continue;
        auto* slider = new KnobSlider(
            box, {.low = e.sliderLow, .high = e.sliderHigh, .curvature = e.sliderCurvature},
            parent);
        connect(slider, &KnobSlider::dragStarted, this, &KnobFields::dragStarted);
        connect(slider, &KnobSlider::dragFinished, this, &KnobFields::dragFinished);
        m_sliders[knob->field] = slider;
    }
}

namespace {

// Keeps a chooser enabled exactly while the box it stands for is (an editor enables the boxes
// of a part it switches on, and knows nothing of the chooser).
class FollowEnabled : public QObject {
public:
    FollowEnabled(QWidget* box, QWidget* follower) : QObject(follower), m_follower(follower)
    {
        box->installEventFilter(this);
    }
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::EnabledChange)
            m_follower->setEnabled(static_cast<QWidget*>(watched)->isEnabled());
        return false;
    }

private:
    QWidget* m_follower;
};

} // namespace

// A knob whose values are names: a combo box of them (item i: the value min + i) in the box's
// place. The box stays the value that show(), applyTo() and the field's messages read; the two
// follow each other.
void KnobFields::addChoice(const Knob& knob, QSpinBox* box, QWidget* parent)
{
    auto* combo = new QComboBox(parent);
    takeWheelOnlyWhenFocused(combo);
    const int first = static_cast<int>(knob.editor.min);
    for (const QString& name : registryText(knob.editor.choices).split(QLatin1Char('|')))
        combo->addItem(name);
    combo->setAccessibleName(box->accessibleName());
    combo->setToolTip(box->toolTip());
    combo->setCurrentIndex(box->value() - first);
    connect(combo, &QComboBox::currentIndexChanged, box,
            [box, first](int index) { box->setValue(first + index); });
    connect(box, &QSpinBox::valueChanged, combo,
            [combo, first](int value) { combo->setCurrentIndex(value - first); });
    new FollowEnabled(box, combo);
    box->hide();
    m_choices[knob.field] = combo;
}

QComboBox* KnobFields::choice(const std::string& field) const
{
    const auto it = m_choices.find(field);
    return it == m_choices.end() ? nullptr : it->second;
}

// The widget of knob `index`'s line: its box (or its chooser), with its slider, or with the
// knobs that join it.
QWidget* KnobFields::fieldWidget(std::size_t index, std::size_t* joined)
{
    QAbstractSpinBox* box = m_boxes[index];
    *joined = 0;
    if (QComboBox* combo = choice(m_knobs[index]->field))
        return combo;
    if (KnobSlider* s = slider(m_knobs[index]->field))
        return makeKnobRow(box, s);
    std::size_t next = index + 1;
    if (next == m_knobs.size() || !m_knobs[next]->editor.joinsPrevious)
        return box;
    // The range's other ends ("to" and their fields) follow the first on one line of their own,
    // beside it or under it (makeKnobRow); every field keeps room for its whole text.
    auto* rest = new QWidget(box->parentWidget());
    auto* layout = new QHBoxLayout(rest);
    layout->setContentsMargins(0, 0, 0, 0);
    for (; next < m_knobs.size() && m_knobs[next]->editor.joinsPrevious; ++next, ++*joined) {
        QAbstractSpinBox* other = m_boxes[next];
        other->setMinimumWidth(std::max(other->minimumWidth(), other->sizeHint().width()));
        layout->addWidget(new QLabel(tr("to"), rest));
        layout->addWidget(other, 1);
    }
    return makeKnobRow(box, rest);
}

QList<FieldMessage*>
KnobFields::addRows(QFormLayout* form, QFormLayout* advancedForm,
                    const std::function<void(const Knob&, QFormLayout*)>& after)
{
    QList<FieldMessage*> messages;
    for (std::size_t i = 0; i < m_knobs.size(); ++i) {
        const Knob& knob = *m_knobs[i];
        QFormLayout* target = knob.editor.advanced && advancedForm ? advancedForm : form;
        std::size_t joined = 0;
        QWidget* field = fieldWidget(i, &joined);
        // The boxes that joined this line report under it too.
        QList<QAbstractSpinBox*> boxes;
        for (std::size_t j = 0; j <= joined; ++j)
            boxes << m_boxes[i + j];
        messages << addFieldRow(target, label(knob), field, boxes);
        if (knob.editor.clampAbove > 0.0)
            addClampNote(i, target);
        if (after)
            after(knob, target);
        i += joined;
    }
    return messages;
}

void KnobFields::addClampNote(std::size_t index, QFormLayout* form)
{
    auto* note = new QLabel(m_boxes[index]->parentWidget());
    note->setWordWrap(true);
    note->setForegroundRole(QPalette::PlaceholderText);
    form->addRow(QString(), note);
    m_clampNotes[index] = note;
    connect(this, &KnobFields::edited, note, [this] { updateClampNotes(); });
    updateClampNotes();
}

// A value above the clamp is kept (the file says what the user wrote) but runs as the clamp.
void KnobFields::updateClampNotes()
{
    for (const auto& [index, note] : m_clampNotes) {
        const KnobEditor& e = m_knobs[index]->editor;
        const bool clamped = spinValue(m_boxes[index]) / e.scale > e.clampAbove;
        note->setText(clamped ? tr("%1 (clamped): the clients run at most %1.")
                                    .arg(QString::number(e.clampAbove * e.scale))
                              : QString());
        note->setVisible(clamped);
    }
}

QLabel* KnobFields::clampNote(const std::string& field) const
{
    for (const auto& [index, note] : m_clampNotes)
        if (field == m_knobs[index]->field)
            return note;
    return nullptr;
}

QAbstractSpinBox* KnobFields::box(const std::string& field) const
{
    for (std::size_t i = 0; i < m_knobs.size(); ++i)
        if (field == m_knobs[i]->field)
            return m_boxes[i];
    return nullptr;
}

QSpinBox* KnobFields::intBox(const std::string& field) const
{
    return qobject_cast<QSpinBox*>(box(field));
}

QDoubleSpinBox* KnobFields::doubleBox(const std::string& field) const
{
    return qobject_cast<QDoubleSpinBox*>(box(field));
}

KnobSlider* KnobFields::slider(const std::string& field) const
{
    const auto it = m_sliders.find(field);
    return it == m_sliders.end() ? nullptr : it->second;
}

void KnobFields::show(const Setup& setup, const ServiceConfig& service)
{
    Setup parts = setup;
    if (!parts.hedge)
        parts.hedge.emplace();
    if (!parts.adaptiveLimit)
        parts.adaptiveLimit.emplace();
    for (std::size_t i = 0; i < m_knobs.size(); ++i) {
        const Knob& knob = *m_knobs[i];
        openRange(m_boxes[i], knob.editor);
        const double value = knob.read(parts, service).value_or(knob.defaultValue());
        setSpinValue(m_boxes[i], value * knob.editor.scale);
    }
    updateClampNotes();
}

void KnobFields::applyTo(Setup& setup, ServiceConfig& service) const
{
    for (std::size_t i = 0; i < m_knobs.size(); ++i) {
        const Knob& knob = *m_knobs[i];
        if (knob.read(setup, service))
            knob.write(setup, service, spinValue(m_boxes[i]) / knob.editor.scale);
    }
}

} // namespace hedge
