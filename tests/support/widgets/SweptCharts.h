// The sweep's views on the sweep's controller as the window makes them, without the window:
// one SweepController (one RedrawClock) whose displayed points go to the chart grid and the
// results table at each redraw, as MainWindow::redraw() gives them. For the tests of what the
// charts and the table show after a sweep (markers, hovers, the table's columns).
#pragma once

#include "ChartArea.h"
#include "ResultsTableModel.h"
#include "ResultsTableView.h"

#include <hedge/run/RedrawClock.h>
#include <hedge/run/SweepController.h>

#include <QWidget>

namespace hedge::test {

class SweptCharts {
public:
    // The charts over the table in a 1024 × 620 widget (the window's centre at 1024 × 700).
    SweptCharts();
    SweptCharts(const SweptCharts&) = delete;
    SweptCharts& operator=(const SweptCharts&) = delete;

    // Sweeps `scenario` at once, its setups drawn in the palette's colours as the window draws
    // a new scenario's.
    void run(const Scenario& scenario);
    // No sweep pending or running, and every point of the scenario done.
    bool idle() const { return !sweep.isPendingOrRunning() && sweep.isComplete(); }

    RedrawClock clock;
    SweepController sweep{&clock};
    QWidget window;
    ChartArea* charts = nullptr;
    ResultsTableModel* model = nullptr;
    ResultsTableView* table = nullptr;
    bool outcomes = false; // the scenario's calls have outcomes: the table's outcome columns
};

} // namespace hedge::test
