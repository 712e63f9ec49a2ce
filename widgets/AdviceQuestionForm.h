// The advisor's question as a form (docs/advisor.md, "The question"; docs/user-guide.md,
// "Advise"): the stack (a setup of the scenario and its family), one row per knob the advisor
// may search (searchableKnobs(): a "search" box, from, to, steps, log; prefilled from
// defaultSearch(), so a delay spans the service's p50 to its p99.9), the loads to hold and the
// target, an optional burst, the limits (with the chance of a collapse that "none in N runs"
// still leaves) and the objective. The engine's check (adviceQuestionError()) says what is wrong,
// under the part of the form it names; question() is the last question that passed it.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/advise/AdviceQuestion.h>

#include <QWidget>

#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGridLayout;
class QLabel;
class QSpinBox;

namespace hedge {

struct Knob;
class FieldMessage;

class AdviceQuestionForm : public QWidget {
    Q_OBJECT
public:
    // `world`: the scenario as it stands; `setupRow`: the setup selected in the window.
    AdviceQuestionForm(const Scenario& world, int setupRow, QWidget* parent = nullptr);

    // The last question that passed the engine's check (the defaults until an edit passes).
    const AdviceQuestion& question() const { return m_question; }
    // What is wrong with the fields now, or empty.
    QString problem() const { return m_problem; }
    bool isValid() const { return m_problem.isEmpty(); }

    // "none in 10 runs: the chance of a collapse may still be up to 26 %": the 95 % upper bound
    // 1 − 0.05^(1/N) of a chance never seen in N runs.
    static QString collapseBoundText(int runs);

    // One searchable knob's row, for tests to drive as a user.
    struct KnobRow {
        const Knob* knob = nullptr;
        QCheckBox* search = nullptr;
        QDoubleSpinBox* from = nullptr;
        QDoubleSpinBox* to = nullptr;
        QSpinBox* steps = nullptr;
        QCheckBox* log = nullptr;
    };
    const std::vector<KnobRow>& knobRows() const { return m_rows; }
    QComboBox* setupBox() const { return m_setup; }
    QComboBox* familyBox() const { return m_family; }
    QDoubleSpinBox* holdFromBox() const { return m_holdFrom; } // %
    QDoubleSpinBox* holdToBox() const { return m_holdTo; }     // %
    QDoubleSpinBox* targetBox() const { return m_target; }     // %
    QSpinBox* collapseRunsBox() const { return m_collapseRuns; }
    QLabel* collapseBoundLabel() const { return m_collapseBound; }
    QComboBox* objectiveBox() const { return m_objective; }
    // Every message line of the form; the one showing says what is wrong.
    QList<FieldMessage*> messages() const;

signals:
    // The fields changed: valid or not (problem()).
    void changed();

private:
    void buildStack(QGridLayout* grid, int& row);
    void buildLoads(QGridLayout* grid, int& row);
    void buildBurst(QGridLayout* grid, int& row);
    void buildLimits(QGridLayout* grid, int& row);
    // The stack chosen in the boxes: the setup with the family chosen.
    Setup chosenStack() const;
    // The knob rows of the chosen stack, prefilled from the registry and the service.
    void fillKnobs();
    void check();
    // Fields → question; the engine's check says whether it runs.
    AdviceQuestion fromFields() const;
    // The message line of the part of the form the engine's message names.
    FieldMessage* messageFor(const QString& problem) const;

    Scenario m_world;
    AdviceQuestion m_question;
    QString m_problem;
    bool m_filling = false;

    QComboBox* m_setup = nullptr;
    QComboBox* m_family = nullptr;
    QWidget* m_knobBox = nullptr; // holds the knob rows' grid
    QGridLayout* m_knobGrid = nullptr;
    std::vector<KnobRow> m_rows;
    QDoubleSpinBox* m_holdFrom = nullptr;
    QDoubleSpinBox* m_holdTo = nullptr;
    QDoubleSpinBox* m_target = nullptr;
    QLabel* m_heldLoads = nullptr;
    QCheckBox* m_burst = nullptr;
    QDoubleSpinBox* m_burstFactor = nullptr;
    QDoubleSpinBox* m_burstLength = nullptr;
    QDoubleSpinBox* m_burstRecover = nullptr;
    QCheckBox* m_rpcAtTargetOn = nullptr;
    QDoubleSpinBox* m_rpcAtTarget = nullptr;
    QCheckBox* m_rpcAnyOn = nullptr;
    QDoubleSpinBox* m_rpcAny = nullptr;
    QCheckBox* m_failedOn = nullptr;
    QDoubleSpinBox* m_failed = nullptr; // %
    QSpinBox* m_collapseRuns = nullptr;
    QLabel* m_collapseBound = nullptr;
    QComboBox* m_objective = nullptr;

    FieldMessage* m_stackMessage = nullptr;
    FieldMessage* m_knobMessage = nullptr;
    FieldMessage* m_loadMessage = nullptr;
    FieldMessage* m_burstMessage = nullptr;
    FieldMessage* m_limitMessage = nullptr;
};

} // namespace hedge
