// The fields of some knobs (KnobRegistry), made from their rows: a spin box with the row's
// name, editor range, decimals, unit and tooltip (the default filled in), a slider beside it
// where the row has one, and a checkbox for an on/off knob. The editors lay these out; no
// knob's field is made by hand, so a new row appears in its editor by itself.
#pragma once

#include <hedge/KnobRegistry.h>

#include <QList>
#include <QObject>

#include <functional>
#include <map>
#include <string>
#include <vector>

class QAbstractSpinBox;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QSpinBox;
class QWidget;

namespace hedge {

class FieldMessage;
class KnobSlider;

class KnobFields : public QObject {
    Q_OBJECT
public:
    // Fields for `knobs` (not on/off ones), children of `parent`.
    KnobFields(std::vector<const Knob*> knobs, QWidget* parent);

    // A spin box for `knob` as its row describes it (a QSpinBox for a count).
    static QAbstractSpinBox* makeBox(const Knob& knob, QWidget* parent);
    // A checkbox for an on/off knob: its label and tooltip.
    static QCheckBox* makeCheck(const Knob& knob, QWidget* parent);
    // The row's tooltip with its default as the box shows it.
    static QString toolTip(const Knob& knob);
    static QString label(const Knob& knob);

    // Adds a row per knob in order: `advanced` ones to `advancedForm`, a knob that joins the
    // previous on its line ("from … to …"); after each knob's row, `after(knob, form)` may add
    // rows of its own. Returns the rows' message lines.
    QList<FieldMessage*> addRows(QFormLayout* form, QFormLayout* advancedForm,
                                 const std::function<void(const Knob&, QFormLayout*)>& after = {});

    QAbstractSpinBox* box(const std::string& field) const; // nullptr: not one of these knobs
    QSpinBox* intBox(const std::string& field) const;
    QDoubleSpinBox* doubleBox(const std::string& field) const;
    KnobSlider* slider(const std::string& field) const; // nullptr: none
    // The chooser of a knob whose values are names (KnobEditor::choices); nullptr: none. Its
    // box (above) stays the knob's value for everything that reads the fields, hidden.
    QComboBox* choice(const std::string& field) const;
    // The line under a knob whose stack clamps it (KnobEditor::clampAbove): "5 (clamped)…" while
    // the value is above, hidden otherwise. nullptr: none.
    QLabel* clampNote(const std::string& field) const;
    const std::vector<QAbstractSpinBox*>& boxes() const { return m_boxes; }
    const std::vector<const Knob*>& knobs() const { return m_knobs; } // one per box

    // Shows the knobs' values (a part the setup has not: its defaults), each range opened to
    // the row's first so that no value is clamped by another field's constraint.
    void show(const Setup& setup, const ServiceConfig& service);
    // Writes the fields into `setup` and `service`; a hedge or limit the setup has not is left
    // out.
    void applyTo(Setup& setup, ServiceConfig& service) const;

signals:
    // A field changed (also when shown: the editors ignore it while they load).
    void edited();
    // A slider's handle was grabbed / let go.
    void dragStarted();
    void dragFinished();

private:
    QWidget* fieldWidget(std::size_t index, std::size_t* joined);
    void addClampNote(std::size_t index, QFormLayout* form);
    void addChoice(const Knob& knob, QSpinBox* box, QWidget* parent);
    void updateClampNotes();

    std::vector<const Knob*> m_knobs;
    std::vector<QAbstractSpinBox*> m_boxes; // one per knob
    std::map<std::string, KnobSlider*> m_sliders;
    std::map<std::string, QComboBox*> m_choices;
    std::map<std::size_t, QLabel*> m_clampNotes; // by knob index
};

} // namespace hedge
