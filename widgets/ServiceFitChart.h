// The fit of a service's time to its measurements (Service → From Measurements…): the measured
// latencies' CDF against the service-time CDF the simulation will draw from, on a log latency
// axis; the typed percentiles of a dashboard as points; and, for latencies measured under load,
// the simulated response-time percentiles at that load, which should sit on the measured curve.
// The vertical axis counts nines (p90, p99, p99.9 equally spaced) so that the tail, where
// hedging acts, is as readable as the body.
#pragma once

#include <hedge/service/ServiceDistribution.h>

#include <QChartView>

#include <vector>

class QCategoryAxis;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;

namespace hedge {

class ServiceFitChart : public QChartView {
    Q_OBJECT
public:
    explicit ServiceFitChart(QWidget* parent = nullptr);

    // The measured latencies (response times when measured under load); empty: none.
    void setMeasured(const QuantilePoints& measured, const std::vector<PercentilePoint>& typed);
    // The service-time table the simulation draws from.
    void setModel(const ServiceTimeTable& model);
    // The simulated response-time percentiles at `utilisation` and the whole simulated
    // distribution they come from (none: not calibrated). The curve shows what four matched
    // percentiles can hide: a shape that departs from the measured one between them.
    void setSimulated(const std::vector<PercentilePoint>& simulated,
                      const QuantilePoints& distribution, double utilisation);
    void clear();

    // Where cumulative fraction q is drawn: -log10(1 - q), its number of nines.
    static double ninesOf(double q);
    // The series, for tests: points are (latency ms, nines).
    QLineSeries* measuredSeries() const { return m_measured; }
    QLineSeries* modelSeries() const { return m_model; }
    QScatterSeries* typedSeries() const { return m_typed; }
    QScatterSeries* simulatedSeries() const { return m_simulated; }
    QLineSeries* simulatedCurve() const { return m_simulatedCurve; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void restyle();
    // Fits the latency axis to every point drawn.
    void updateRange();

    QLineSeries* m_measured = nullptr;
    QLineSeries* m_model = nullptr;
    QScatterSeries* m_typed = nullptr;
    QScatterSeries* m_simulated = nullptr;
    QLineSeries* m_simulatedCurve = nullptr;
    QLogValueAxis* m_latencyAxis = nullptr;
    QCategoryAxis* m_ninesAxis = nullptr;
    bool m_restyling = false;
};

} // namespace hedge
