// The shared service (workers, service time, hiccups, errors, replicas) and the run (loads, calls per
// point, replicates, warm-up, seed) of a scenario. Shows the service's own p50/p95/p99 service
// time so that a hedge delay can be chosen against it. A service whose time comes from
// measurements (ServiceConfig::distribution) keeps it: the log-normal fields are disabled and a
// line says where the time comes from (ServiceSourceLine). Typed text applies after a short pause; a load
// list that does not parse is reported next to the field and the loads in force before the
// edit are kept.
#pragma once

#include "FieldMessage.h"

#include <hedge/Scenario.h>

#include <QList>
#include <QTimer>
#include <QWidget>

#include <optional>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QStackedWidget;

namespace hedge {

class KnobFields;
class KnobSlider;
class ServiceSourceLine;
class ServiceTopologyFields;

class ServiceRunEditor : public QWidget {
    Q_OBJECT
public:
    explicit ServiceRunEditor(QWidget* parent = nullptr);
    ~ServiceRunEditor() override;

    // Shows the service and run fields of `scenario` (its setups are ignored) without
    // emitting edited().
    void setScenario(const Scenario& scenario);
    // Writes the service and run fields into `scenario`, the loads in force included.
    void applyTo(Scenario& scenario) const;

    ServiceConfig service() const;
    const std::vector<double>& loads() const { return m_loads; }
    // Why the load field does not parse, or empty.
    QString loadError() const;

    // Parses "0.3, 0.5 0.7;0.9" (commas, semicolons or spaces; a trailing % means percent).
    // Returns the loads, or the message to show next to the field.
    static std::optional<std::vector<double>> parseLoadList(const QString& text,
                                                            QString* error = nullptr);
    static QString formatLoadList(const std::vector<double>& loads);

    QSpinBox* workersSpin() const { return m_workers; }
    KnobSlider* workersSlider() const { return m_workersSlider; }
    KnobSlider* medianSlider() const { return m_medianSlider; }
    QDoubleSpinBox* medianSpin() const { return m_median; }
    QDoubleSpinBox* sigmaSpin() const { return m_sigma; }
    QDoubleSpinBox* hiccupProbabilitySpin() const { return m_hiccupP; }
    QDoubleSpinBox* hiccupMinSpin() const { return m_hiccupMin; }
    QDoubleSpinBox* hiccupMaxSpin() const { return m_hiccupMax; }
    QDoubleSpinBox* errorProbabilitySpin() const { return m_errorP; }
    QComboBox* loadModeCombo() const { return m_loadMode; }
    QDoubleSpinBox* loadFromSpin() const { return m_from; }
    QDoubleSpinBox* loadToSpin() const { return m_to; }
    QDoubleSpinBox* loadStepSpin() const { return m_step; }
    QLineEdit* loadListEdit() const { return m_loadList; }
    QLabel* loadErrorLabel() const { return m_loadError; }
    QSpinBox* callsSpin() const { return m_calls; }
    QSpinBox* replicatesSpin() const { return m_replicates; }
    QDoubleSpinBox* warmupSpin() const { return m_warmup; }
    QLineEdit* seedEdit() const { return m_seed; }
    QLabel* quantilesLabel() const { return m_quantiles; }
    // Replicas, balancer, hiccup correlation, slow periods.
    ServiceTopologyFields* topologyFields() const { return m_topology; }
    // Where the service time comes from, and its buttons.
    ServiceSourceLine* sourceLine() const { return m_source; }

signals:
    void edited();
    // A slider's handle was grabbed / let go: the edits in between are one drag.
    void dragStarted();
    void dragFinished();

private:
    QWidget* makeServiceBox();
    QWidget* makeLoadFields(); // the load mode's pages
    QWidget* makeRunBox();
    void onServiceEdited();
    void onRangeEdited();
    // Applies the typed list if it parses, else reports it and goes back to the committed
    // list. A `finished` edit (Enter, focus out) commits what it applied.
    void applyLoadList(bool finished);
    void setLoads(const std::vector<double>& loads);
    void applySeed(bool finished);
    // Reports (or with an empty `error`, withdraws) a problem with the loads from `source`
    // (the list field or the range fields).
    void showLoadError(const void* source, const QString& error);
    void showLoadPage(int page);
    void updateQuantiles();
    // The log-normal fields are the service time's only without a distribution.
    void showSource();
    void emitEdited();

    bool m_loading = false;
    std::vector<double> m_loads;
    // The loads in force before the current edit of the list: what a bad list goes back to.
    std::vector<double> m_committedLoads;
    std::uint64_t m_seedValue = 1;
    std::optional<std::uint64_t> m_seedBeforeEdit;
    QTimer m_loadListPause;
    QTimer m_seedPause;
    QList<FieldMessage*> m_messages;
    ServiceTopologyFields* m_topology = nullptr;
    SharedDistribution m_distribution; // as the scenario shown has it: not a field
    ServiceSourceLine* m_source = nullptr;
    // The service's knobs but the topology's, made from their rows (KnobRegistry).
    KnobFields* m_serviceFields = nullptr;

    QSpinBox* m_workers = nullptr;
    QDoubleSpinBox* m_median = nullptr;
    KnobSlider* m_workersSlider = nullptr;
    KnobSlider* m_medianSlider = nullptr;
    QDoubleSpinBox* m_sigma = nullptr;
    QDoubleSpinBox* m_hiccupP = nullptr;
    QDoubleSpinBox* m_hiccupMin = nullptr;
    QDoubleSpinBox* m_hiccupMax = nullptr;
    QDoubleSpinBox* m_errorP = nullptr;
    QLabel* m_quantiles = nullptr;
    QComboBox* m_loadMode = nullptr;
    QStackedWidget* m_loadStack = nullptr;
    QDoubleSpinBox* m_from = nullptr;
    QDoubleSpinBox* m_to = nullptr;
    QDoubleSpinBox* m_step = nullptr;
    QLineEdit* m_loadList = nullptr;
    FieldMessage* m_loadError = nullptr;
    FieldMessage* m_seedMessage = nullptr;
    QSpinBox* m_calls = nullptr;
    QSpinBox* m_replicates = nullptr;
    QDoubleSpinBox* m_warmup = nullptr;
    QLineEdit* m_seed = nullptr;
};

} // namespace hedge
