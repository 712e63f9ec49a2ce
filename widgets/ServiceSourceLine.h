// Where the service's time comes from, in the service editor: the model's log-normal body with
// hiccups, or a distribution of the user's own service ("From bimodal-cache.csv: 20 000
// samples, calibrated at 60 %"). Its buttons ask for Service → From Measurements… and, when a
// distribution is set, for the log-normal model back; the window's controller answers them.
#pragma once

#include <hedge/service/ServiceDistribution.h>

#include <QWidget>

class QLabel;
class QPushButton;

namespace hedge {

class ServiceSourceLine : public QWidget {
    Q_OBJECT
public:
    explicit ServiceSourceLine(QWidget* parent = nullptr);

    void setDistribution(const SharedDistribution& distribution);
    // "From bimodal-cache.csv: 20 000 samples, calibrated at 60 %".
    static QString describe(const ServiceDistribution& distribution);

    QLabel* label() const { return m_label; }
    QPushButton* measurementsButton() const { return m_measurements; }
    QPushButton* logNormalButton() const { return m_logNormal; }

signals:
    void measurementsRequested();
    void logNormalRequested();

private:
    QLabel* m_label = nullptr;
    QPushButton* m_measurements = nullptr;
    QPushButton* m_logNormal = nullptr;
};

} // namespace hedge
