// The fit of a service's time to its measurements as numbers (Service → From Measurements…):
// p50, p90, p99, p99.9 and the slowest, each measured, in the service-time table the
// simulation draws from, simulated at the measured load when calibrated, and the residual,
// (fitted - measured) / measured: the simulated response time's when calibrated, else the
// table's own.
#pragma once

#include <hedge/service/ServiceDistribution.h>

#include <QTableWidget>

#include <optional>
#include <vector>

namespace hedge {

class ServiceFitTable : public QTableWidget {
    Q_OBJECT
public:
    enum Column { Measured, Model, Simulated, Residual };
    // The rows' fractions: p50, p90, p99, p99.9, and 1 for the slowest.
    static const std::vector<double>& rowFractions();

    explicit ServiceFitTable(QWidget* parent = nullptr);

    // `measured`: the measured latency at some of the rows' fractions (a row without one shows
    // a dash); `model`: the service-time table; `calibration`: the simulated response times.
    void setFit(const std::vector<PercentilePoint>& measured, const ServiceTimeTable& model,
                const std::optional<Calibration>& calibration);
    void clearFit();
    // The text of a cell, for tests.
    QString cellText(int row, Column column) const;

    QSize sizeHint() const override;

private:
    void setCell(int row, Column column, const QString& text);
};

} // namespace hedge
