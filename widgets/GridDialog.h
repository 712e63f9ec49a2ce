// Edits the grid of a scenario (docs/maps.md): which setup's (or the service's) knob
// is swept against load, over which values, and which setup the cells are compared with. The
// knobs, their first spreads and their units are their rows' (KnobRegistry). The values spread
// from–to evenly, or with equal ratios for a knob whose row says log (whole numbers for
// counting knobs). The map's rows are the scenario's loads, or a second knob's values at one
// load (docs/maps.md, "Two knobs"), spread the same way. OK stays disabled while the grid is
// invalid, and the engine's own check says why (the field and its allowed range); the scenario
// is only changed by OK.
#pragma once

#include <hedge/Scenario.h>

#include <QDialog>

#include <optional>
#include <string>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace hedge {

struct Knob;
class ScenarioError;

class GridDialog : public QDialog {
    Q_OBJECT
public:
    explicit GridDialog(const Scenario& scenario, QWidget* parent = nullptr);

    // The scenario with the grid of the fields. Valid whenever OK is enabled.
    Scenario result() const;
    // The values the fields spread, in order.
    std::vector<double> values() const;
    // The against knob's values, in order; empty when the rows are the loads.
    std::vector<double> againstValues() const;
    // What is wrong with the fields' grid, or empty.
    QString problem() const;

    // A knob's name as a title: "hedge.delay_ms" → "hedge delay (ms)".
    static QString knobTitle(const std::string& knob);

    QComboBox* setupBox() const { return m_setup; }
    QComboBox* knobBox() const { return m_knob; }
    QDoubleSpinBox* fromBox() const { return m_from; }
    QDoubleSpinBox* toBox() const { return m_to; }
    QSpinBox* countBox() const { return m_count; }
    QComboBox* baselineBox() const { return m_baseline; }
    // "Load" (data: empty) or a second knob (data: its field).
    QComboBox* againstBox() const { return m_against; }
    QDoubleSpinBox* againstFromBox() const { return m_againstFrom; }
    QDoubleSpinBox* againstToBox() const { return m_againstTo; }
    QSpinBox* againstCountBox() const { return m_againstCount; }
    QDoubleSpinBox* againstLoadBox() const { return m_againstLoad; } // in %
    QLabel* valuesLabel() const { return m_values; }
    QLabel* problemLabel() const { return m_problem; }
    QPushButton* okButton() const { return m_ok; }

private:
    void showGrid(const Scenario& scenario);
    void showAgainst(const std::optional<GridAgainst>& against);
    void knobChosen();
    // The knobs a grid of the chosen setup may sweep: its own family's (Knob::appliesTo), the
    // service's and its limit's; the knob chosen is kept when the new setup has it too.
    void fillKnobs();
    // The knobs offered for the setup in row `row` of the setup box, its own policy's first;
    // every grid knob for no row.
    std::vector<const Knob*> offeredKnobs(int row) const;
    // Whether the dialog offers `knob` for `setup` and the scenario's service: only what a
    // cell can change (see offered() in the .cpp).
    bool offered(const Knob& knob, const Setup& setup) const;
    // The engine's refusal in a person's words: the knob's name, not "grid.values[3]".
    QString personWords(const ScenarioError& error) const;
    void setupChosen();
    bool logSpread() const; // the knob's row spreads it on a log scale
    void check();
    std::string knob() const;
    std::string againstKnob() const; // empty: against load
    // Fills the against box (Load and the setup's grid knobs), keeping the one chosen.
    void fillAgainstKnobs();
    // The against knob's first spread (its row's), and its fields shown or hidden.
    void againstChosen();
    // The against box, and its values and load in a row of their own (returned).
    QWidget* makeAgainstFields();

    Scenario m_scenario;
    QComboBox* m_setup = nullptr;
    QComboBox* m_knob = nullptr;
    QDoubleSpinBox* m_from = nullptr;
    QDoubleSpinBox* m_to = nullptr;
    QSpinBox* m_count = nullptr;
    QComboBox* m_baseline = nullptr;
    QComboBox* m_against = nullptr;
    QDoubleSpinBox* m_againstFrom = nullptr;
    QDoubleSpinBox* m_againstTo = nullptr;
    QSpinBox* m_againstCount = nullptr;
    QDoubleSpinBox* m_againstLoad = nullptr;
    QWidget* m_againstRange = nullptr; // the values and the load, shown for a second knob
    QLabel* m_values = nullptr;
    QLabel* m_problem = nullptr;
    QPushButton* m_ok = nullptr;
    QString m_problemText;
};

} // namespace hedge
