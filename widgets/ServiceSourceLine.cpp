#include "ServiceSourceLine.h"

#include "PercentileFields.h"

#include <hedge/service/CalibrationVerdict.h>

#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QPushButton>

#include <cmath>

namespace hedge {

namespace {

// 20000 as "20 000", as the rest of the explorer's texts write counts.
QString sourceGroupedCount(std::int64_t n)
{
    QString digits = QString::number(n);
    for (int i = int(digits.size()) - 3; i > 0; i -= 3)
        digits.insert(i, QLatin1Char(' '));
    return digits;
}

QString sourceLatencyText(double ms)
{
    return ms < 100.0 ? QString::number(ms, 'g', 3) : QString::number(ms, 'f', 0);
}

} // namespace

ServiceSourceLine::ServiceSourceLine(QWidget* parent) : QWidget(parent)
{
    m_label = new QLabel(this);
    m_label->setObjectName(QStringLiteral("serviceSource"));
    m_label->setWordWrap(true);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_measurements = new QPushButton(tr("From Measurements…"), this);
    m_measurements->setObjectName(QStringLiteral("serviceFromMeasurements"));
    m_measurements->setToolTip(tr("Simulate your own service: its time from a CSV of latencies, "
                                  "an HdrHistogram log, a Prometheus histogram or a dashboard's "
                                  "percentiles (Service → From Measurements…)"));
    m_logNormal = new QPushButton(tr("Use the Log-Normal Model"), this);
    m_logNormal->setObjectName(QStringLiteral("serviceUseLogNormal"));
    m_logNormal->setToolTip(tr("Forget the measured distribution: the service time is the "
                               "log-normal body with hiccups of the fields above again (undoable)"));
    // One under the other: side by side they are wider than the service editor's pane.
    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label, 0, 0, 1, 2);
    layout->addWidget(m_measurements, 1, 0);
    layout->addWidget(m_logNormal, 2, 0);
    layout->setColumnStretch(1, 1);
    connect(m_measurements, &QPushButton::clicked, this, &ServiceSourceLine::measurementsRequested);
    connect(m_logNormal, &QPushButton::clicked, this, &ServiceSourceLine::logNormalRequested);
    setDistribution(SharedDistribution{});
}

void ServiceSourceLine::setDistribution(const SharedDistribution& distribution)
{
    m_label->setVisible(bool(distribution));
    m_logNormal->setVisible(bool(distribution));
    m_label->setText(distribution ? describe(*distribution) : QString());
}

QString ServiceSourceLine::describe(const ServiceDistribution& d)
{
    QString from;
    if (d.kind == DistributionKind::Empirical) {
        from = tr("From %1: %2 samples")
                   .arg(QFileInfo(QString::fromStdString(d.source)).fileName(),
                        sourceGroupedCount(d.samples));
    } else {
        QStringList points;
        for (const PercentilePoint& p : d.percentiles)
            points << tr("%1 %2 ms").arg(PercentileFields::label(p.p), sourceLatencyText(p.ms));
        from = tr("From percentiles %1").arg(points.join(QStringLiteral(", ")));
    }
    // The engine's verdict and words: "calibrated at 60 % load" only when it reached the
    // tolerance, "not calibrated at 60 % load: p90 is 5.3 % off, …" otherwise.
    if (d.calibration)
        return tr("%1, %2").arg(from, QString::fromStdString(describeCalibration(*d.calibration)));
    return tr("%1, taken as service times").arg(from);
}

} // namespace hedge
