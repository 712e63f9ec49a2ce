#include "ServiceTopologyFields.h"

#include "FieldMessage.h"
#include "KnobFields.h"
#include "SpinBoxes.h"

#include <hedge/io/ScenarioValidation.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSignalBlocker>
#include <QSpinBox>

#include <algorithm>

namespace hedge {

namespace {

// The balancers in the order of BalancerKind.
const char* const kBalancerLabels[] = {
    QT_TRANSLATE_NOOP("hedge::ServiceTopologyFields", "Round robin"),
    QT_TRANSLATE_NOOP("hedge::ServiceTopologyFields", "Random"),
    QT_TRANSLATE_NOOP("hedge::ServiceTopologyFields", "Least outstanding"),
    QT_TRANSLATE_NOOP("hedge::ServiceTopologyFields", "Two choices"),
};

} // namespace

ServiceTopologyFields::ServiceTopologyFields(QFormLayout* form, QSpinBox* workers, QWidget* parent)
    : QObject(parent), m_workers(workers)
{
    const ServiceConfig sd;

    m_replicas = makeSpinBox(tr("Replicas"), limits::kMinReplicas, limits::kMaxReplicas,
                             QString(), parent);
    m_replicasTip =
        tr("Identical copies of the service, each with its own workers (the Workers field) and "
           "its own FIFO queue, behind a load balancer: a hedge may land in a busy replica's "
           "queue. The load is relative to all replicas' workers. 1 = the one shared queue. "
           "Range 1–%1, and replicas × workers at most %L2.\nDefault: %3.")
            .arg(limits::kMaxReplicas)
            .arg(limits::kMaxTotalWorkers)
            .arg(sd.replicas);
    m_replicas->setToolTip(m_replicasTip);
    const QString capReason =
        tr("replicas × workers is at most %L1").arg(limits::kMaxTotalWorkers);
    setRangeReason(m_replicas, capReason);
    setRangeReason(m_workers, capReason);

    m_balancer = new QComboBox(parent);
    takeWheelOnlyWhenFocused(m_balancer);
    for (const char* label : kBalancerLabels)
        m_balancer->addItem(tr(label));
    m_balancer->setToolTip(
        tr("How the load balancer picks the replica of every request, hedges included.\n"
           "Round robin: the next replica in turn. Random: any, uniformly.\n"
           "Least outstanding: the one with the fewest requests queued or in service (ties at "
           "random).\nTwo choices: the less busy of two drawn at random.\n"
           "With one replica there is nothing to choose.\nDefault: round robin."));

    // A knob of the service (KnobRegistry) that lives with the topology, in files too.
    const Knob& correlation = *KnobRegistry::find("service.hiccup_correlation");
    m_correlation = static_cast<QDoubleSpinBox*>(KnobFields::makeBox(correlation, parent));

    makeSlowdownFields(parent);

    makeFanoutRows(form, parent);
    m_messages << addFieldRow(form, tr("Replic&as:"), m_replicas, {m_replicas});
    form->addRow(tr("Bala&ncer:"), m_balancer);
    m_messages << addFieldRow(form, KnobFields::label(correlation), m_correlation, {m_correlation});
    form->addRow(m_slowdowns);
    form->addRow(m_slowdownFields);

    show(ServiceConfig{});

    connect(m_workers, &QSpinBox::valueChanged, this, &ServiceTopologyFields::updateRanges);
    connect(m_replicas, &QSpinBox::valueChanged, this, &ServiceTopologyFields::onEdited);
    connect(m_balancer, &QComboBox::currentIndexChanged, this, &ServiceTopologyFields::onEdited);
    connect(m_slowdowns, &QCheckBox::toggled, this, &ServiceTopologyFields::onEdited);
    for (QDoubleSpinBox* box : {m_correlation, m_perMinute, m_duration, m_factor})
        connect(box, &QDoubleSpinBox::valueChanged, this, &ServiceTopologyFields::onEdited);
}

// Slow periods: the check box and, indented under it, how often, how long and how slow.
void ServiceTopologyFields::makeSlowdownFields(QWidget* parent)
{
    const Slowdowns dd;
    m_slowdowns = new QCheckBox(tr("Sl&ow periods"), parent);
    m_slowdowns->setToolTip(
        tr("Each replica now and then turns slow on its own (a garbage-collection pause, a noisy "
           "neighbour): requests that start service then take several times longer. This adds "
           "load beyond the nominal load.\nDefault: off."));
    m_perMinute = makeDoubleSpinBox(tr("Slow periods per minute"), 0.0, 1e6, 2, 0.5,
                                    tr(" /min"), parent);
    m_perMinute->setToolTip(tr("How often a slow period starts, per replica (at random, a Poisson "
                               "process). 0 = never.\nDefault: %1 per minute.")
                                .arg(dd.perMinute));
    m_duration = makeDoubleSpinBox(tr("Slow period length"), 0.0, 1e7, 0, 100.0, tr(" ms"), parent);
    m_duration->setToolTip(tr("How long one slow period lasts (overlapping ones merge).\n"
                              "Default: %1 ms.")
                               .arg(dd.durationMs));
    m_factor = makeDoubleSpinBox(tr("Slowdown factor"), limits::kMinSlowdownFactor, 1e6, 1, 1.0,
                                 tr(" ×"), parent);
    m_factor->setToolTip(tr("How many times longer a request takes when it starts service during "
                            "a slow period (at least 1).\nDefault: %1.")
                             .arg(dd.factor));

    m_slowdownFields = new QWidget(parent);
    auto* slowForm = new QFormLayout(m_slowdownFields);
    slowForm->setContentsMargins(16, 0, 0, 0);
    slowForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    slowForm->setRowWrapPolicy(QFormLayout::WrapLongRows);
    m_messages << addFieldRow(slowForm, tr("Per minute:"), m_perMinute, {m_perMinute})
               << addFieldRow(slowForm, tr("Length:"), m_duration, {m_duration})
               << addFieldRow(slowForm, tr("Factor:"), m_factor, {m_factor});
}

// The fan-out's rows (KnobRegistry, "fanout."), above the replicas they make.
void ServiceTopologyFields::makeFanoutRows(QFormLayout* form, QWidget* parent)
{
    m_fanout = new KnobFields(KnobRegistry::group("fanout."), parent);
    m_parts = m_fanout->intBox("fanout.parts");
    m_waitFor = m_fanout->intBox("fanout.wait_for");
    m_copies = m_fanout->intBox("fanout.copies");
    const QString replicasReason =
        tr("parts × copies is at most %1 replicas, and replicas × workers at most %L2")
            .arg(limits::kMaxFanoutReplicas)
            .arg(limits::kMaxTotalWorkers);
    setRangeReason(m_parts, tr("%1; calls per point × parts stays below %L2")
                                .arg(replicasReason)
                                .arg(qlonglong{limits::kPartsPerRunBound}));
    setRangeReason(m_copies, replicasReason);
    setRangeReason(m_waitFor, tr("a call waits for at most its parts"));
    m_messages << m_fanout->addRows(form, form);
    connect(m_fanout, &KnobFields::edited, this, &ServiceTopologyFields::onEdited);
}

void ServiceTopologyFields::show(const ServiceConfig& service)
{
    m_loading = true;
    m_workers->setMaximum(limits::kMaxWorkers);
    m_replicas->setMaximum(limits::kMaxFanoutReplicas);
    m_fanout->show(Setup{}, service); // each box's range opened first
    m_fannedOut = service.hasFanout();
    m_workers->setValue(service.workers);
    m_replicas->setValue(service.replicas);
    m_balancer->setCurrentIndex(static_cast<int>(service.balancer));
    m_correlation->setValue(service.hiccupCorrelation);
    m_slowdowns->setChecked(service.slowdowns.has_value());
    const Slowdowns d = service.slowdowns.value_or(Slowdowns{});
    m_perMinute->setValue(d.perMinute);
    m_duration->setValue(d.durationMs);
    m_factor->setValue(d.factor);
    for (FieldMessage* message : std::as_const(m_messages))
        message->withdrawAll();
    // The ranges follow the values shown only once all of them are (updateRanges).
    m_loading = false;
    updateRanges();
    updateEnabled();
}

void ServiceTopologyFields::applyTo(ServiceConfig& service) const
{
    service.replicas = m_replicas->value();
    service.balancer = static_cast<BalancerKind>(m_balancer->currentIndex());
    service.hiccupCorrelation = m_correlation->value();
    service.slowdowns.reset();
    if (m_slowdowns->isChecked())
        service.slowdowns = Slowdowns{.perMinute = m_perMinute->value(),
                                      .durationMs = m_duration->value(),
                                      .factor = m_factor->value()};
    // Last: on a service that fans out the fan-out's rows make the replicas (Knob::write).
    Setup unused;
    m_fanout->applyTo(unused, service);
}

void ServiceTopologyFields::coupleCalls(QSpinBox* calls)
{
    m_calls = calls;
    setRangeReason(m_calls, tr("calls per point × fan-out parts stays below %L1")
                                .arg(qlonglong{limits::kPartsPerRunBound}));
    connect(m_calls, &QSpinBox::valueChanged, this, &ServiceTopologyFields::updateRanges);
    updateRanges();
}

bool ServiceTopologyFields::fanoutShown() const
{
    ServiceConfig shown;
    Setup unused;
    m_fanout->applyTo(unused, shown);
    return shown.hasFanout();
}

void ServiceTopologyFields::followFanout()
{
    const bool fanout = fanoutShown();
    if (fanout || m_fannedOut) {
        const QSignalBlocker quiet(m_replicas);
        m_replicas->setMaximum(limits::kMaxFanoutReplicas);
        m_replicas->setValue(m_parts->value() * m_copies->value());
    }
    m_fannedOut = fanout;
}

// Each field's maximum is what the others leave: replicas × workers ≤ kMaxTotalWorkers, parts ×
// copies ≤ kMaxFanoutReplicas, calls × parts < kPartsPerRunBound, wait for ≤ parts. While a
// service is being shown its values are not all there yet: show() calls this at the end.
void ServiceTopologyFields::updateRanges()
{
    using namespace limits;
    if (m_loading)
        return;
    const QSignalBlocker b1(m_workers), b2(m_replicas), b3(m_parts), b4(m_copies), b5(m_waitFor),
        b6(m_calls);
    const int workers = m_workers->value(), parts = m_parts->value(), copies = m_copies->value();
    m_workers->setMaximum(std::min(kMaxWorkers, kMaxTotalWorkers / m_replicas->value()));
    m_replicas->setMaximum(fanoutShown() ? kMaxFanoutReplicas
                                         : std::min(kMaxReplicas, kMaxTotalWorkers / workers));
    std::int64_t partsMax = std::min(
        {kMaxFanoutParts, kMaxFanoutReplicas / copies, kMaxTotalWorkers / (workers * copies)});
    if (m_calls) {
        partsMax = std::min(partsMax, (kPartsPerRunBound - 1) / m_calls->value());
        m_calls->setMaximum(static_cast<int>(std::min(kMaxCalls, (kPartsPerRunBound - 1) / parts)));
    }
    m_parts->setMaximum(static_cast<int>(std::max<std::int64_t>(1, partsMax)));
    m_copies->setMaximum(std::max(1, std::min({kMaxFanoutCopies, kMaxFanoutReplicas / parts,
                                               kMaxTotalWorkers / (workers * parts)})));
    m_waitFor->setMaximum(parts);
}

// Fields that change nothing stay in view but greyed: a balancer has nothing to choose among
// one replica (with a fan-out: one copy of a partition), and slow-period figures need slow
// periods. With a fan-out the replicas are parts × copies, not a field of their own.
void ServiceTopologyFields::updateEnabled()
{
    const bool fanout = fanoutShown();
    m_replicas->setReadOnly(fanout);
    m_replicas->setButtonSymbols(fanout ? QAbstractSpinBox::NoButtons
                                        : QAbstractSpinBox::UpDownArrows);
    m_replicas->setToolTip(
        fanout ? tr("With a fan-out the replica count follows the fan-out: parts × copies = "
                    "%1 × %2. Change Parts or Copies to change it.")
                         .arg(m_parts->value())
                         .arg(m_copies->value()) +
                     QStringLiteral("\n\n") + m_replicasTip
               : m_replicasTip);
    m_balancer->setEnabled(fanout ? m_copies->value() > 1 : m_replicas->value() > 1);
    m_slowdownFields->setEnabled(m_slowdowns->isChecked());
}

void ServiceTopologyFields::onEdited()
{
    if (m_loading)
        return;
    followFanout();
    updateRanges();
    updateEnabled();
    emit edited();
}

} // namespace hedge
