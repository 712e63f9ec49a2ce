#include "ServiceFitTable.h"

#include <QHeaderView>

#include <cmath>

namespace hedge {

namespace {

// The same fraction, whatever arithmetic made it (0.999 from 1 - 1e-3).
bool fitTableSameFraction(double a, double b)
{
    return std::abs(a - b) < 1e-9;
}

std::optional<double> fitTableLatencyAt(const std::vector<PercentilePoint>& points, double p)
{
    for (const PercentilePoint& point : points)
        if (fitTableSameFraction(point.p, p))
            return point.ms;
    return std::nullopt;
}

QString fitTableLatency(double ms)
{
    if (ms >= 100.0)
        return QString::number(ms, 'f', 0);
    if (ms >= 1.0)
        return QString::number(ms, 'f', 1);
    return QString::number(ms, 'g', 3);
}

QString fitTableResidual(double fitted, double measured)
{
    const double percent = (fitted - measured) / measured * 100.0;
    // "+0.0 %" for a residual that rounds to nothing, never "-0.0 %".
    const double shown = std::abs(percent) < 0.05 ? 0.0 : percent;
    return QStringLiteral("%1%2 %").arg(shown >= 0.0 ? QStringLiteral("+") : QString())
        .arg(shown, 0, 'f', 1);
}

} // namespace

const std::vector<double>& ServiceFitTable::rowFractions()
{
    static const std::vector<double> fractions{0.5, 0.9, 0.99, 0.999, 1.0};
    return fractions;
}

ServiceFitTable::ServiceFitTable(QWidget* parent) : QTableWidget(parent)
{
    setObjectName(QStringLiteral("serviceFitTable"));
    setRowCount(int(rowFractions().size()));
    setColumnCount(4);
    setVerticalHeaderLabels({QStringLiteral("p50"), QStringLiteral("p90"), QStringLiteral("p99"),
                             QStringLiteral("p99.9"), tr("max")});
    setHorizontalHeaderLabels(
        {tr("Measured"), tr("Service time"), tr("Simulated"), tr("Residual")});
    horizontalHeaderItem(Model)->setToolTip(
        tr("The service-time table the simulation draws from (ms)"));
    horizontalHeaderItem(Simulated)->setToolTip(
        tr("Response times simulated at the measured load, without hedging (ms)"));
    horizontalHeaderItem(Residual)->setToolTip(
        tr("(fitted - measured) / measured: the simulated response time's when calibrated, "
           "else the service time's"));
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionMode(QAbstractItemView::NoSelection);
    setFocusPolicy(Qt::NoFocus);
    horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    clearFit();
}

QSize ServiceFitTable::sizeHint() const
{
    // Every row shown: five rows are the whole table.
    int height = horizontalHeader()->sizeHint().height() + 2 * frameWidth();
    for (int row = 0; row < rowCount(); ++row)
        height += verticalHeader()->sectionSizeHint(row);
    return {QTableWidget::sizeHint().width(), height};
}

void ServiceFitTable::setCell(int row, Column column, const QString& text)
{
    auto* item = new QTableWidgetItem(text);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    setItem(row, column, item);
}

QString ServiceFitTable::cellText(int row, Column column) const
{
    const QTableWidgetItem* it = item(row, column);
    return it ? it->text() : QString();
}

void ServiceFitTable::clearFit()
{
    const QString dash = QStringLiteral("—");
    for (int row = 0; row < rowCount(); ++row)
        for (Column c : {Measured, Model, Simulated, Residual})
            setCell(row, c, dash);
}

void ServiceFitTable::setFit(const std::vector<PercentilePoint>& measured,
                             const ServiceTimeTable& model,
                             const std::optional<Calibration>& calibration)
{
    clearFit();
    for (int row = 0; row < rowCount(); ++row) {
        const double p = rowFractions()[std::size_t(row)];
        const std::optional<double> measuredMs = fitTableLatencyAt(measured, p);
        if (measuredMs)
            setCell(row, Measured, fitTableLatency(*measuredMs));
        if (!model.empty())
            setCell(row, Model, fitTableLatency(model.quantile(p)));
        if (calibration) {
            const std::optional<double> simulated = fitTableLatencyAt(calibration->simulated, p);
            // The calibration's targets are what it was measured against.
            const std::optional<double> target = fitTableLatencyAt(calibration->measured, p);
            if (simulated)
                setCell(row, Simulated, fitTableLatency(*simulated));
            if (simulated && (target || measuredMs))
                setCell(row, Residual, fitTableResidual(*simulated, target.value_or(*measuredMs)));
        } else if (measuredMs && !model.empty() && *measuredMs > 0.0) {
            setCell(row, Residual, fitTableResidual(model.quantile(p), *measuredMs));
        }
    }
}

} // namespace hedge
