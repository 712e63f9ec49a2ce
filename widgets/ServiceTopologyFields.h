// The service's topology (docs/topology.md) as rows of the service editor's form: the fan-out
// (docs/fanout.md: parts, wait for, copies, from their rows), replicas, balancer, hiccup
// correlation and per-replica slow periods. With a fan-out the replicas follow parts × copies
// and their box is read-only. It also keeps replicas × workers within the engine's 10 000
// workers, parts × copies within 255 and calls × parts below 2^32 − 1: each field's range
// follows the others, so a typed value past it is reported with the reason and the value in
// force stays.
#pragma once

#include <hedge/Scenario.h>

#include <QList>
#include <QObject>
#include <QString>

#include <cstdint>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QSpinBox;
class QWidget;

namespace hedge {

class FieldMessage;
class KnobFields;

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
    // The run's calls per point: calls × parts stays below 2^32 − 1, each range following the
    // other. Their value is shown before show() is called.
    void coupleCalls(QSpinBox* calls);

    QSpinBox* replicasSpin() const { return m_replicas; }
    QComboBox* balancerCombo() const { return m_balancer; }
    QDoubleSpinBox* correlationSpin() const { return m_correlation; }
    QCheckBox* slowdownsCheck() const { return m_slowdowns; }
    QDoubleSpinBox* slowdownRateSpin() const { return m_perMinute; }
    QDoubleSpinBox* slowdownDurationSpin() const { return m_duration; }
    QDoubleSpinBox* slowdownFactorSpin() const { return m_factor; }
    QSpinBox* partsSpin() const { return m_parts; }
    QSpinBox* waitForSpin() const { return m_waitFor; }
    QSpinBox* copiesSpin() const { return m_copies; }
    const QList<FieldMessage*>& messages() const { return m_messages; }

signals:
    void edited();

private:
    void makeSlowdownFields(QWidget* parent);
    void makeFanoutRows(QFormLayout* form, QWidget* parent);
    bool fanoutShown() const;
    // With a fan-out, or just out of one, the replicas box shows parts × copies.
    void followFanout();
    void updateRanges();
    void updateEnabled();
    void onEdited();

    bool m_loading = false;
    bool m_fannedOut = false; // the fields showed a fan-out at the last edit
    QSpinBox* m_calls = nullptr; // none: the parts follow no calls
    QSpinBox* m_workers;
    KnobFields* m_fanout = nullptr; // the "fanout." rows (KnobRegistry)
    QSpinBox* m_parts = nullptr;
    QSpinBox* m_waitFor = nullptr;
    QSpinBox* m_copies = nullptr;
    QString m_replicasTip;
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
