// The service's topology (docs/topology.md) as rows of the service editor's form: replicas,
// balancer, hiccup correlation and per-replica slow periods. It also keeps replicas × workers
// within the engine's 10 000 workers: each of the two fields' ranges follows the other, so a
// typed value past it is reported with the reason and the value in force stays.
#pragma once

#include <hedge/Scenario.h>

#include <QList>
#include <QObject>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QSpinBox;
class QWidget;

namespace hedge {

class FieldMessage;

class ServiceTopologyFields : public QObject {
    Q_OBJECT
public:
    // Adds the rows to `form`; `workers` is the editor's workers-per-replica field.
    ServiceTopologyFields(QFormLayout* form, QSpinBox* workers, QWidget* parent);

    // Shows the topology of `service` and its workers (ranges opened first, so neither value is
    // clamped by the other's old one), without emitting edited().
    void show(const ServiceConfig& service);
    // Writes the topology fields into `service`.
    void applyTo(ServiceConfig& service) const;

    QSpinBox* replicasSpin() const { return m_replicas; }
    QComboBox* balancerCombo() const { return m_balancer; }
    QDoubleSpinBox* correlationSpin() const { return m_correlation; }
    QCheckBox* slowdownsCheck() const { return m_slowdowns; }
    QDoubleSpinBox* slowdownRateSpin() const { return m_perMinute; }
    QDoubleSpinBox* slowdownDurationSpin() const { return m_duration; }
    QDoubleSpinBox* slowdownFactorSpin() const { return m_factor; }
    const QList<FieldMessage*>& messages() const { return m_messages; }

signals:
    void edited();

private:
    void updateRanges();
    void updateEnabled();
    void onEdited();

    bool m_loading = false;
    QSpinBox* m_workers;
    QSpinBox* m_replicas = nullptr;
    QComboBox* m_balancer = nullptr;
    QDoubleSpinBox* m_correlation = nullptr;
    QCheckBox* m_slowdowns = nullptr;
    QWidget* m_slowdownFields = nullptr;
    QDoubleSpinBox* m_perMinute = nullptr;
    QDoubleSpinBox* m_duration = nullptr;
    QDoubleSpinBox* m_factor = nullptr;
    QList<FieldMessage*> m_messages;
};

} // namespace hedge
