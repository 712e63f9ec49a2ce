// A dashboard's percentiles typed in (Service → From Measurements…): p50 and p99 needed, p90,
// p99.9 and the slowest (max) optional, each in ms. A field that is not a latency, or below the
// one before it, is marked and named in the error ("p99: 8 ms is below p50's 12 ms").
#pragma once

#include <hedge/service/ServiceDistribution.h>

#include <QWidget>

#include <optional>
#include <utility>
#include <vector>

class QLineEdit;

namespace hedge {

class PercentileFields : public QWidget {
    Q_OBJECT
public:
    struct Typed {
        std::vector<PercentilePoint> points;
        std::optional<double> maxMs;
    };

    explicit PercentileFields(QWidget* parent = nullptr);

    // "p99.9" for 0.999.
    static QString label(double p);
    // Nothing typed in any field.
    bool isEmpty() const;
    // The typed points, or the error naming the first bad field (marked).
    std::optional<Typed> parse(QString* error) const;
    void setPoints(const std::vector<PercentilePoint>& points, std::optional<double> maxMs);

signals:
    void edited();

private:
    std::vector<std::pair<double, QLineEdit*>> m_fields; // p50, p90, p99, p99.9
    QLineEdit* m_max = nullptr;
};

} // namespace hedge
