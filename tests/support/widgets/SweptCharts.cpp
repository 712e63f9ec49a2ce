#include "SweptCharts.h"

#include "SeriesStyle.h"

#include <QVBoxLayout>

namespace hedge::test {

SweptCharts::SweptCharts()
{
    charts = new ChartArea(&window);
    model = new ResultsTableModel(&window);
    table = new ResultsTableView(&window);
    table->setResultsModel(model);
    auto* layout = new QVBoxLayout(&window);
    layout->addWidget(charts, 3);
    layout->addWidget(table, 1);
    window.resize(1024, 620);
    QObject::connect(&sweep, &SweepController::pointsChanged, &window, [this] {
        const std::vector<PointResult> points = sweep.displayedPoints();
        charts->setPoints(points, sweep.passLabel());
        model->setPoints(points, outcomes);
    });
}

void SweptCharts::run(const Scenario& scenario)
{
    QList<SeriesStyle> styles;
    for (std::size_t i = 0; i < scenario.setups.size(); ++i)
        styles.push_back({QString::fromStdString(scenario.setups[i].name),
                          colourForIndex(int(i)), true});
    charts->setSeriesStyles(styles);
    charts->setLoadRange(scenario.loads);
    outcomes = scenario.hasCallOutcomes();
    sweep.setScenario(scenario, true);
}

} // namespace hedge::test
