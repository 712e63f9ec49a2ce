// Edits the grid of a scenario (docs/maps.md): which setup's (or the service's) knob
// is swept against load, over which values, and which setup the cells are compared with. The
// knobs, their first spreads and their units are their rows' (KnobRegistry). The values spread
// from–to evenly, or with equal ratios for a knob whose row says log (whole numbers for
// counting knobs). OK stays disabled while the grid is invalid, and the engine's own check says
// why (the field and its allowed range); the scenario is only changed by OK.
#pragma once

#include <hedge/Scenario.h>

#include <QDialog>

#include <string>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace hedge {

class GridDialog : public QDialog {
    Q_OBJECT
public:
    explicit GridDialog(const Scenario& scenario, QWidget* parent = nullptr);

    // The scenario with the grid of the fields. Valid whenever OK is enabled.
    Scenario result() const;
    // The values the fields spread, in order.
    std::vector<double> values() const;
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
    QLabel* valuesLabel() const { return m_values; }
    QLabel* problemLabel() const { return m_problem; }
    QPushButton* okButton() const { return m_ok; }

private:
    void showGrid(const Scenario& scenario);
    void knobChosen();
    // The knobs a grid of the chosen setup may sweep: its own family's (Knob::appliesTo), the
    // service's and its limit's; the knob chosen is kept when the new setup has it too.
    void fillKnobs();
    void setupChosen();
    bool logSpread() const; // the knob's row spreads it on a log scale
    void check();
    std::string knob() const;

    Scenario m_scenario;
    QComboBox* m_setup = nullptr;
    QComboBox* m_knob = nullptr;
    QDoubleSpinBox* m_from = nullptr;
    QDoubleSpinBox* m_to = nullptr;
    QSpinBox* m_count = nullptr;
    QComboBox* m_baseline = nullptr;
    QLabel* m_values = nullptr;
    QLabel* m_problem = nullptr;
    QPushButton* m_ok = nullptr;
    QString m_problemText;
};

} // namespace hedge
