#include "ServiceRunEditor.h"

#include "FieldMessage.h"
#include "KnobFields.h"
#include "KnobSlider.h"
#include "LoadList.h"
#include "PointTooltip.h"
#include "ServiceSourceLine.h"
#include "ServiceTopologyFields.h"
#include "SpinBoxes.h"

#include <hedge/io/ScenarioValidation.h>
#include <hedge/sim/ServiceTimeQuantiles.h>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QRegularExpressionValidator>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <limits>
#include <utility>

namespace hedge {

namespace {

constexpr double kMaxLoad = LoadList::kMaxLoad;
constexpr int kMaxLoadPoints = LoadList::kMaxPoints;

} // namespace

ServiceRunEditor::ServiceRunEditor(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(makeServiceBox());
    layout->addWidget(makeRunBox());
    layout->addStretch(1);

    setScenario(Scenario{});

    connect(m_serviceFields, &KnobFields::edited, this, &ServiceRunEditor::onServiceEdited);
    connect(m_serviceFields, &KnobFields::dragStarted, this, &ServiceRunEditor::dragStarted);
    connect(m_serviceFields, &KnobFields::dragFinished, this, &ServiceRunEditor::dragFinished);
    connect(m_topology, &ServiceTopologyFields::edited, this, &ServiceRunEditor::onServiceEdited);
    for (QDoubleSpinBox* s : {m_from, m_to, m_step})
        connect(s, &QDoubleSpinBox::valueChanged, this, &ServiceRunEditor::onRangeEdited);
    // Typed text applies after the pause of the spin boxes (kApplyPauseMs), or at once on
    // Enter or when the field loses the focus.
    for (QTimer* pause : {&m_loadListPause, &m_seedPause}) {
        pause->setSingleShot(true);
        pause->setInterval(kApplyPauseMs);
    }
    connect(m_loadList, &QLineEdit::textEdited, &m_loadListPause, qOverload<>(&QTimer::start));
    connect(&m_loadListPause, &QTimer::timeout, this, [this] { applyLoadList(false); });
    connect(m_loadList, &QLineEdit::editingFinished, this, [this] { applyLoadList(true); });
    connect(m_seed, &QLineEdit::textEdited, this, [this] {
        if (!m_seedBeforeEdit)
            m_seedBeforeEdit = m_seedValue;
        m_seedPause.start();
    });
    connect(&m_seedPause, &QTimer::timeout, this, [this] { applySeed(false); });
    connect(m_seed, &QLineEdit::editingFinished, this, [this] { applySeed(true); });
    connect(m_loadMode, &QComboBox::currentIndexChanged, this, [this](int mode) {
        showLoadPage(mode);
        if (m_loading)
            return;
        if (mode == 0) {
            showLoadError(m_loadList, QString());
            onRangeEdited();
        } else {
            showLoadError(m_loadStack, QString());
            applyLoadList(true);
        }
    });
    m_topology->coupleCalls(m_calls);
    connect(m_calls, &QSpinBox::valueChanged, this, &ServiceRunEditor::emitEdited);
    connect(m_replicates, &QSpinBox::valueChanged, this, &ServiceRunEditor::emitEdited);
    connect(m_warmup, &QDoubleSpinBox::valueChanged, this, &ServiceRunEditor::emitEdited);
}

// The service's knobs, made from their rows (KnobRegistry), then its topology.
QWidget* ServiceRunEditor::makeServiceBox()
{
    std::vector<const Knob*> knobs;
    for (const Knob* knob : KnobRegistry::group("service."))
        if (!knob->topology)
            knobs.push_back(knob);
    m_serviceFields = new KnobFields(std::move(knobs), this);
    m_workers = m_serviceFields->intBox("service.workers");
    m_workersSlider = m_serviceFields->slider("service.workers");
    m_median = m_serviceFields->doubleBox("service.median_ms");
    m_medianSlider = m_serviceFields->slider("service.median_ms");
    m_sigma = m_serviceFields->doubleBox("service.sigma");
    m_hiccupP = m_serviceFields->doubleBox("service.hiccup_probability");
    m_hiccupMin = m_serviceFields->doubleBox("service.hiccup_min_ms");
    m_hiccupMax = m_serviceFields->doubleBox("service.hiccup_max_ms");
    m_errorP = m_serviceFields->doubleBox("service.error_probability");
    setRangeReason(m_hiccupMin, tr("“from” cannot be above “to”"));
    setRangeReason(m_hiccupMax, tr("“to” cannot be below “from”"));

    m_quantiles = new QLabel(this);
    m_quantiles->setTextFormat(Qt::RichText);
    m_quantiles->setWordWrap(true);
    m_quantiles->setToolTip(tr("Quantiles of one attempt's service time, without any queueing, "
                               "computed from the model. A hedge delay a little above p95 "
                               "hedges only the slow tail."));

    auto* serviceBox = new QGroupBox(tr("Service"), this);
    auto* serviceForm = new QFormLayout(serviceBox);
    serviceForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    // In a narrow pane (beside a lesson at 1024 x 700) a field goes under its label rather
    // than out of sight.
    serviceForm->setRowWrapPolicy(QFormLayout::WrapLongRows);
    m_messages << m_serviceFields->addRows(serviceForm, serviceForm);
    m_source = new ServiceSourceLine(this);
    serviceForm->addRow(m_source);
    serviceForm->addRow(m_quantiles);
    m_topology = new ServiceTopologyFields(serviceForm, m_workers, this);
    m_messages << m_topology->messages();
    return serviceBox;
}

QWidget* ServiceRunEditor::makeLoadFields()
{
    const Scenario rd;
    m_loadMode = new QComboBox(this);
    takeWheelOnlyWhenFocused(m_loadMode);
    m_loadMode->addItem(tr("From / to / step"));
    m_loadMode->addItem(tr("List"));
    m_loadMode->setToolTip(tr("Give the loads as an evenly spaced range or as a list."));
    m_from = makeDoubleSpinBox(tr("Loads, from"), 0.01, kMaxLoad, 2, 0.05, QString(), this);
    m_from->setToolTip(tr("First load: the utilisation the service would have without hedges "
                          "(above 1 = overload).\nDefault: %1.")
                           .arg(rd.loads.front()));
    m_to = makeDoubleSpinBox(tr("Loads, to"), 0.01, kMaxLoad, 2, 0.05, QString(), this);
    m_to->setToolTip(
        tr("Last load (at most %1).\nDefault: %2.").arg(kMaxLoad).arg(rd.loads.back()));
    m_step = makeDoubleSpinBox(tr("Loads, step"), 0.01, kMaxLoad, 2, 0.05, QString(), this);
    m_step->setToolTip(tr("Distance between two loads.\nDefault: 0.1."));
    auto* range = new QWidget(this);
    auto* rangeLayout = new QGridLayout(range);
    rangeLayout->setContentsMargins(0, 0, 0, 0);
    rangeLayout->addWidget(m_from, 0, 0);
    rangeLayout->addWidget(new QLabel(tr("to"), range), 0, 1);
    rangeLayout->addWidget(m_to, 0, 2);
    rangeLayout->addWidget(new QLabel(tr("step"), range), 1, 1);
    rangeLayout->addWidget(m_step, 1, 2);
    rangeLayout->setColumnStretch(0, 1);
    rangeLayout->setColumnStretch(2, 1);

    m_loadList = new QLineEdit(this);
    m_loadList->setMinimumWidth(70);
    m_loadList->setPlaceholderText(tr("e.g. 0.3, 0.5, 0.7, 0.9"));
    m_loadList->setToolTip(tr("Loads separated by commas or spaces, each in (0, %1]; 0.8 or 80 % "
                              "= the service busy 80 % of the time without hedges.\nDefault: %2.")
                               .arg(kMaxLoad)
                               .arg(formatLoadList(rd.loads)));
    m_loadStack = new QStackedWidget(this);
    m_loadStack->addWidget(range);
    // The list page is one line high; keep it at the top of the (two-row) range page's height.
    auto* listPage = new QWidget(this);
    auto* listLayout = new QVBoxLayout(listPage);
    listLayout->setContentsMargins(0, 0, 0, 0);
    listLayout->addWidget(m_loadList);
    m_loadStack->addWidget(listPage);
    m_loadStack->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    return m_loadStack;
}

QWidget* ServiceRunEditor::makeRunBox()
{
    const Scenario rd;
    QWidget* loads = makeLoadFields();
    m_calls = makeSpinBox(tr("Calls per point"), int(limits::kMinCalls), int(limits::kMaxCalls),
                          QString(), this);
    m_calls->setSingleStep(10000);
    m_calls->setGroupSeparatorShown(true);
    m_calls->setToolTip(tr("Calls simulated per (setup, load) point; more calls, steadier tails "
                           "(p99.9 needs many). Range 1 000 – 100 000 000.\nDefault: %L1.")
                            .arg(rd.calls));
    m_replicates = makeSpinBox(tr("Replicates"), 1, 100, QString(), this);
    m_replicates->setToolTip(
        tr("Independent runs of every point, each with its own random numbers, pooled into one "
           "figure; the charts draw their spread as a band (min–max, p5–p95 from 20 runs) "
           "and mark a point that collapsed in only some runs. More runs show whether a result "
           "is chance. Range 1 – 100.\nDefault: %1.")
            .arg(rd.replicates));
    m_warmup = makeDoubleSpinBox(tr("Warm-up"), 0.0, 90.0, 1, 5.0, tr(" %"), this);
    m_warmup->setToolTip(tr("Share of the first calls simulated but not measured, so the queue "
                            "reaches its steady state first (0–90 %).\nDefault: %1 %.")
                             .arg(rd.warmupFraction * 100.0));
    m_seed = new QLineEdit(this);
    // Empty is acceptable to the validator so that leaving an emptied field is reported.
    m_seed->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{0,20}")), m_seed));
    m_seed->setToolTip(tr("Seed of the random numbers: the same scenario and seed give the same "
                          "numbers, here and in hedgesim.\nDefault: %1.")
                           .arg(rd.seed));

    auto* runBox = new QGroupBox(tr("Run"), this);
    auto* runForm = new QFormLayout(runBox);
    runForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    runForm->setRowWrapPolicy(QFormLayout::WrapLongRows);
    runForm->addRow(tr("&Loads:"), m_loadMode);
    // Across the whole panel: a list of loads is the longest text of the editor.
    m_loadError = addFieldRow(runForm, QString(), loads, {m_from, m_to, m_step});
    m_loadError->setAccessibleName(tr("Load error"));
    m_messages << m_loadError
               << addFieldRow(runForm, tr("Calls per &point:"), m_calls, {m_calls})
               << addFieldRow(runForm, tr("&Replicates:"), m_replicates, {m_replicates})
               << addFieldRow(runForm, tr("&Warm-up:"), m_warmup, {m_warmup});
    m_seedMessage = addFieldRow(runForm, tr("&Seed:"), m_seed, {});
    m_messages << m_seedMessage;
    return runBox;
}

// Closing the window takes the focus from a field being typed in, which applies what was
// typed: the half-destroyed editor must not hear it.
ServiceRunEditor::~ServiceRunEditor()
{
    for (QObject* child : findChildren<QObject*>())
        disconnect(child, nullptr, this, nullptr);
}

std::optional<std::vector<double>> ServiceRunEditor::parseLoadList(const QString& text,
                                                                   QString* error)
{
    return LoadList::parse(text, error);
}

QString ServiceRunEditor::formatLoadList(const std::vector<double>& loads)
{
    return LoadList::format(loads);
}

void ServiceRunEditor::setScenario(const Scenario& scenario)
{
    m_loading = true;
    const ServiceConfig& s = scenario.service;
    m_serviceFields->show(Setup{}, s); // each range opened first: the values are not clamped
    {
        // Before the topology, whose parts' range follows the calls (and theirs the parts).
        const QSignalBlocker quiet(m_calls);
        m_calls->setMaximum(int(limits::kMaxCalls));
        m_calls->setValue(static_cast<int>(scenario.calls));
    }
    m_topology->show(s); // the workers too: their range follows the replicas
    m_hiccupMin->setMaximum(s.hiccupMaxMs);
    m_hiccupMax->setMinimum(s.hiccupMinMs);
    m_distribution = s.distribution;
    showSource();

    m_loads.clear();
    for (double l : scenario.loads)
        m_loads.push_back(LoadList::round(l));
    m_loadList->setText(formatLoadList(m_loads));
    m_loadList->setCursorPosition(0);
    const bool even = LoadList::isEvenlySpaced(m_loads);
    if (even) {
        m_from->setValue(m_loads.front());
        m_to->setValue(m_loads.back());
        m_step->setValue(m_loads[1] - m_loads[0]);
    } else if (!m_loads.empty()) {
        m_from->setValue(m_loads.front());
        m_to->setValue(m_loads.back());
        m_step->setValue(0.1);
    }
    m_loadMode->setCurrentIndex(even ? 0 : 1);
    showLoadPage(even ? 0 : 1);
    m_committedLoads = m_loads;
    m_loadListPause.stop();
    m_seedPause.stop();
    m_seedBeforeEdit.reset();
    for (FieldMessage* message : std::as_const(m_messages))
        message->withdrawAll();
    showLoadError(m_loadList, QString());

    m_replicates->setValue(scenario.replicates);
    m_warmup->setValue(scenario.warmupFraction * 100.0);
    m_seedValue = scenario.seed;
    m_seed->setText(QString::number(scenario.seed));
    updateQuantiles();
    m_loading = false;
}

ServiceConfig ServiceRunEditor::service() const
{
    ServiceConfig s;
    m_topology->applyTo(s);
    Setup unused;
    m_serviceFields->applyTo(unused, s);
    s.distribution = m_distribution;
    return s;
}

void ServiceRunEditor::applyTo(Scenario& scenario) const
{
    scenario.service = service();
    scenario.loads = m_loads;
    scenario.calls = m_calls->value();
    scenario.replicates = m_replicates->value();
    scenario.warmupFraction = m_warmup->value() / 100.0;
    scenario.seed = m_seedValue;
}

QString ServiceRunEditor::loadError() const
{
    return m_loadError->message();
}

void ServiceRunEditor::onServiceEdited()
{
    // While a scenario loads, its own hiccup range sets the fields' ranges at the end
    // (setScenario): coupled here, a range above the shown one would clamp "from" to the old "to".
    if (!m_loading) {
        const QSignalBlocker b1(m_hiccupMin), b2(m_hiccupMax);
        m_hiccupMin->setMaximum(m_hiccupMax->value());
        m_hiccupMax->setMinimum(m_hiccupMin->value());
    }
    updateQuantiles();
    emitEdited();
}

void ServiceRunEditor::onRangeEdited()
{
    if (m_loading)
        return;
    const double from = m_from->value(), to = m_to->value(), step = m_step->value();
    const QString kept = tr("Kept the loads in force: %1.").arg(formatLoadList(m_loads));
    if (from > to + 1e-9) {
        showLoadError(m_loadStack,
                      tr("Loads: “from” (%1) is above “to” (%2). %3").arg(from).arg(to).arg(kept));
        return;
    }
    std::vector<double> loads;
    for (int i = 0;; ++i) {
        const double value = LoadList::round(from + i * step);
        if (value > to + 1e-9)
            break;
        if (static_cast<int>(loads.size()) == kMaxLoadPoints) {
            showLoadError(m_loadStack, tr("Loads: more than %1 from %2 to %3; take a larger "
                                          "step. %4")
                                           .arg(kMaxLoadPoints)
                                           .arg(from)
                                           .arg(to)
                                           .arg(kept));
            return;
        }
        loads.push_back(value);
    }
    showLoadError(m_loadStack, QString());
    {
        const QSignalBlocker block(m_loadList);
        m_loadList->setText(formatLoadList(loads));
    }
    // Each value of a spin box is complete: it commits at once.
    m_committedLoads = loads;
    setLoads(loads);
}

void ServiceRunEditor::applyLoadList(bool finished)
{
    m_loadListPause.stop();
    if (m_loading || m_loadMode->currentIndex() != 1)
        return;
    QString error;
    const auto loads = parseLoadList(m_loadList->text(), &error);
    if (!loads) {
        // Not the prefix that parsed while the user typed: the list of before this edit.
        showLoadError(m_loadList, tr("Loads: %1 Each load is in (0, %2], at most %3 of them. "
                                     "Kept the loads in force before this edit: %4.")
                                      .arg(error)
                                      .arg(kMaxLoad)
                                      .arg(kMaxLoadPoints)
                                      .arg(formatLoadList(m_committedLoads)));
        setLoads(m_committedLoads);
        return;
    }
    showLoadError(m_loadList, QString());
    setLoads(*loads);
    if (finished)
        m_committedLoads = m_loads;
}

void ServiceRunEditor::setLoads(const std::vector<double>& loads)
{
    if (loads == m_loads)
        return;
    m_loads = loads;
    emitEdited();
}

void ServiceRunEditor::applySeed(bool finished)
{
    m_seedPause.stop();
    const QString text = m_seed->text();
    const std::uint64_t before = m_seedBeforeEdit.value_or(m_seedValue);
    if (finished)
        m_seedBeforeEdit.reset();
    bool ok = false;
    const qulonglong value = text.toULongLong(&ok);
    if (!ok) {
        if (text.isEmpty() && !finished)
            return; // still being typed
        const QString largest = QString::number(std::numeric_limits<std::uint64_t>::max());
        m_seedMessage->report(
            m_seed, text.isEmpty()
                        ? tr("Seed: give a whole number from 0 to %1. Kept %2.")
                              .arg(largest, QString::number(before))
                        : tr("Seed: %1 is above the largest seed, %2. Kept %3.")
                              .arg(text, largest, QString::number(before)));
        if (finished)
            m_seed->setText(QString::number(before));
        if (m_seedValue != before) {
            m_seedValue = before;
            emitEdited();
        }
        return;
    }
    m_seedMessage->report(m_seed, QString());
    if (value == m_seedValue)
        return;
    m_seedValue = value;
    emitEdited();
}

// A stacked widget is as tall as its tallest page; the hidden page is told to take no room so
// the one-line list does not sit in the two-row range's space.
void ServiceRunEditor::showLoadPage(int page)
{
    for (int i = 0; i < m_loadStack->count(); ++i)
        m_loadStack->widget(i)->setSizePolicy(
            i == page ? QSizePolicy::Preferred : QSizePolicy::Ignored,
            i == page ? QSizePolicy::Preferred : QSizePolicy::Ignored);
    m_loadStack->setCurrentIndex(page);
    m_loadStack->adjustSize();
}

void ServiceRunEditor::showLoadError(const void* source, const QString& error)
{
    m_loadError->report(source, error);
    const bool listBad = !m_loadError->message().isEmpty() && m_loadMode->currentIndex() == 1;
    m_loadList->setStyleSheet(listBad ? QStringLiteral("QLineEdit { border: 1px solid #d0312d; }")
                                      : QString());
}

void ServiceRunEditor::updateQuantiles()
{
    const ServiceConfig s = service();
    const ServiceTimeQuantiles q = serviceTimeQuantiles(s);
    m_quantiles->setText(
        tr("Service time: <b>p50</b> %1 ms · <b>p95</b> %2 ms · <b>p99</b> %3 ms "
           "· mean %4 ms")
            .arg(PointTooltip::threeDigits(q.p50Ms), PointTooltip::threeDigits(q.p95Ms),
                 PointTooltip::threeDigits(q.p99Ms), PointTooltip::threeDigits(s.meanServiceMs())));
}

void ServiceRunEditor::showSource()
{
    ServiceConfig shown;
    shown.distribution = m_distribution;
    // The knobs a table replaces (Knob::logNormalModel) stay shown, but are not read.
    for (const Knob* knob : KnobRegistry::group("service.")) {
        const bool read = knob->appliesTo(shown);
        if (QWidget* box = m_serviceFields->box(knob->field))
            box->setEnabled(read);
        if (QWidget* slider = m_serviceFields->slider(knob->field))
            slider->setEnabled(read);
    }
    m_source->setDistribution(m_distribution);
}

void ServiceRunEditor::emitEdited()
{
    if (m_loading)
        return;
    emit edited();
}

} // namespace hedge
