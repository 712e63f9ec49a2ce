// The fields of one policy family's knobs (docs/policies.md), made from the family's rows
// (KnobRegistry::group("grpc.")): numbers as KnobFields, a flag ("Non-fatal errors") or a part
// ("Throttling") as a checkbox, a part's knobs — flags and parts of its own included (Murphy's
// retry and its budget) — under its checkbox and enabled with it. The
// family's settings that are not numbers (gRPC's flavour, Polly's delays per attempt) have a
// field here too. SetupEditor shows the panel of the family its chooser names.
#pragma once

#include <hedge/Scenario.h>

#include <QList>
#include <QWidget>

#include <utility>
#include <vector>

class QAbstractSpinBox;
class QCheckBox;
class QComboBox;
class QFormLayout;
class QLineEdit;

namespace hedge {

class FieldMessage;
class KnobFields;
struct Knob;

class FamilyKnobFields : public QWidget {
    Q_OBJECT
public:
    FamilyKnobFields(PolicyFamily family, QWidget* parent);

    PolicyFamily family() const { return m_family; }
    // Shows the family's knobs of `setup` (a part it has not: its defaults).
    void show(const Setup& setup);
    // Writes the fields into `setup.families`; a part switched off keeps its values in the
    // fields, so switching it on again restores them.
    void applyTo(Setup& setup) const;
    QList<FieldMessage*> messages() const { return m_messages; }

    // The checkbox of a flag or a part ("grpc.throttling"), or null.
    QCheckBox* check(const std::string& field) const;
    QAbstractSpinBox* box(const std::string& field) const; // a number's field, or null
    QComboBox* choice(const std::string& field) const;     // a named value's chooser, or null
    QComboBox* flavourCombo() const { return m_flavour; }
    QLineEdit* delaysEdit() const { return m_delays; }

signals:
    void edited();
    void dragStarted();
    void dragFinished();

private:
    // `part`: the checkbox of the part these knobs lie in, or null.
    void addKnobs(QFormLayout* form, const std::vector<const Knob*>& knobs, QCheckBox* part);
    void addNumbers(QFormLayout* form, std::vector<const Knob*> run, QCheckBox* part);
    // Whether a field inside `part` (null: none) can be edited: every part it lies in is on.
    bool partOn(QCheckBox* part) const;
    void addExtras(QFormLayout* form);
    void updateEnabled();

    PolicyFamily m_family;
    std::vector<KnobFields*> m_fields;
    std::vector<std::pair<const Knob*, QCheckBox*>> m_checks;
    // A part's checkbox and the fields of its knobs.
    std::vector<std::pair<QCheckBox*, KnobFields*>> m_parts;
    // A checkbox inside a part, and the part's checkbox.
    std::vector<std::pair<QCheckBox*, QCheckBox*>> m_checkParts;
    QList<FieldMessage*> m_messages;
    QComboBox* m_flavour = nullptr; // gRPC only
    QLineEdit* m_delays = nullptr;  // Polly only
};

} // namespace hedge
