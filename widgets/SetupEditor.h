// The knobs of one setup, exactly those a user of a hedging library has (docs/user-guide.md): the
// policy family it follows, then for resilience4cata hedge on/off, delay, max attempts, budget,
// where hedges go, or for another family that family's own knobs (FamilyKnobFields), and for
// every family the adaptive limit and the cancellation mode. Rarely changed parameters sit
// under "Advanced" folds. Every range of docs/scenario.md is kept by
// its spin box; a number typed outside it is reported under the field.
#pragma once

#include <hedge/Scenario.h>

#include <QList>
#include <QWidget>

#include <vector>

class QAbstractSpinBox;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QRadioButton;
class QSpinBox;
class QToolButton;

namespace hedge {

class FamilyKnobFields;
class FieldMessage;
class KnobFields;
class KnobSlider;

class SetupEditor : public QWidget {
    Q_OBJECT
public:
    explicit SetupEditor(QWidget* parent = nullptr);
    ~SetupEditor() override;

    // Shows `setup` without emitting edited(). The name is not edited here.
    void setSetup(const Setup& setup);
    // The name above the fields, e.g. one that followed an edit of the policy (SetupNames.h).
    void setName(const std::string& name);
    // The setup as the fields describe it, under the name last shown. Knobs of a switched-off
    // hedge or limiter keep their values in the fields, so switching back on restores them.
    Setup setup() const;

    // A hint under the delay, e.g. the service's own p95, to set the delay against.
    void setDelayHint(const QString& hint);
    QLabel* delayHintLabel() const { return m_delayHint; }
    // The service's replicas: with one, "Another replica" is the same replica, and the field
    // says so.
    void setReplicas(int replicas);

    // The labels of the cancellation choices (docs/user-guide.md's wording; the buttons break the
    // line after the dash).
    static QString cancellationText(Cancellation mode);

    // The field of a hedge, adaptive-limit or family knob (KnobRegistry's field name), or null:
    // the spin box of a number, the checkbox of an on/off knob ("hedge", "adaptive_limit", a
    // family's part or flag), the slider beside a number that has one. Tests and keyboard users
    // reach the fields through these, by the names the scenario files use.
    QAbstractSpinBox* knobField(const std::string& field) const;
    QCheckBox* knobCheck(const std::string& field) const;
    // The chooser of a knob whose values are names (Polly's backoff type), or null.
    QComboBox* knobChoice(const std::string& field) const;
    KnobSlider* knobSlider(const std::string& field) const;
    // The chooser of the policy family, and the fields of one family (hidden unless chosen).
    QComboBox* policyCombo() const { return m_policy; }
    FamilyKnobFields* familyFields(PolicyFamily family) const;
    // Why the cancellation is client only for the family chosen (Murphy; Finagle without
    // interrupts); hidden otherwise.
    QLabel* cancellationNote() const { return m_cancellationNote; }

    // Where hedges go (not a knob of the registry: a choice), and the note under it.
    QComboBox* placementCombo() const { return m_placement; }
    FieldMessage* placementMessage() const { return m_placementMessage; }
    QRadioButton* cancellationButton(Cancellation mode) const
    {
        return mode == Cancellation::Server ? m_cancelServer : m_cancelClient;
    }

signals:
    // A user changed a knob (not emitted by setSetup()).
    void edited();
    // A slider's handle was grabbed / let go: the edits in between are one drag.
    void dragStarted();
    void dragFinished();

private:
    void takeKnobFields();
    QWidget* makeHedgePanel();
    void addFamilyPanels(QLayout* layout);
    void addCancellationRows(QFormLayout* form);
    PolicyFamily chosenPolicy() const;
    void showChosenPolicy();
    // Murphy abandons losers, Finagle without interrupts leaves them running: the cancellation
    // is client only, the buttons say so and come back to the user's choice afterwards.
    void updateCancellation();
    // Tab walks the fields top to bottom, as the form shows them (folded fields included).
    void chainTabOrder(QLayout* layout);
    void updateEnabled();
    void updateLimitRanges();
    void updatePlacementMessage();
    void emitEdited();

    bool m_loading = false;
    QList<FieldMessage*> m_messages;
    QLabel* m_title = nullptr;
    QComboBox* m_policy = nullptr;
    QWidget* m_hedgePanel = nullptr; // resilience4cata's knobs
    std::vector<FamilyKnobFields*> m_families;
    QLabel* m_cancellationNote = nullptr;
    bool m_cancellationForced = false;
    Cancellation m_userCancellation = Cancellation::Client; // while it is forced
    // The fields of the hedge's and the limit's knobs, made from their rows (KnobRegistry).
    KnobFields* m_hedgeFields = nullptr;
    KnobFields* m_limitFields = nullptr;
    KnobFields* m_callFields = nullptr; // every family's: the call's deadline
    QCheckBox* m_hedge = nullptr;
    QLabel* m_delayHint = nullptr;
    QToolButton* m_budgetFold = nullptr;
    QWidget* m_budgetAdvanced = nullptr;
    QCheckBox* m_adaptive = nullptr;
    QToolButton* m_limitFold = nullptr;
    QWidget* m_limitAdvanced = nullptr;
    QSpinBox* m_initialLimit = nullptr;
    QSpinBox* m_minLimit = nullptr;
    QSpinBox* m_maxLimit = nullptr;
    QRadioButton* m_cancelClient = nullptr;
    QRadioButton* m_cancelServer = nullptr;
    QComboBox* m_placement = nullptr;
    FieldMessage* m_placementMessage = nullptr;
    int m_replicas = 1;
    std::string m_name;
};

} // namespace hedge
