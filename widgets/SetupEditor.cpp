#include "SetupEditor.h"

#include "FieldMessage.h"
#include "KnobSlider.h"
#include "SpinBoxes.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QRadioButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include <utility>

namespace hedge {

namespace {

// A flat "▸ Advanced" button that shows or hides the widget below it.
QToolButton* makeFold(const QString& text, QWidget* body, QWidget* parent)
{
    auto* fold = new QToolButton(parent);
    fold->setText(text);
    fold->setCheckable(true);
    fold->setAutoRaise(true);
    fold->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    fold->setArrowType(Qt::RightArrow);
    body->setVisible(false);
    QObject::connect(fold, &QToolButton::toggled, body, [fold, body](bool open) {
        fold->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
        body->setVisible(open);
    });
    return fold;
}

} // namespace

QString SetupEditor::cancellationText(Cancellation mode)
{
    return mode == Cancellation::Client ? tr("client only — the server finishes the work (HTTP)")
                                        : tr("reaches the server (gRPC)");
}

SetupEditor::SetupEditor(QWidget* parent) : QWidget(parent)
{
    const HedgeSettings hd;
    const Gradient2Config gd;

    m_title = new QLabel(this);
    m_title->setTextFormat(Qt::PlainText);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setWordWrap(true);

    m_hedge = new QCheckBox(tr("&Hedge"), this);
    m_hedge->setToolTip(tr("Send an extra attempt (a hedge) when the first has not answered after "
                           "the delay; the first answer wins and the others are cancelled.\n"
                           "Default: on in the hedging presets (a plain client has it off)."));

    m_delay = makeDoubleSpinBox(tr("Delay"), 0.0, 600000.0, 1, 1.0, tr(" ms"), this);
    m_delay->setToolTip(tr("How long to wait for an answer before sending the next hedge. "
                           "A little above the service's p95 hedges only the slow tail.\n"
                           "Default: %1 ms (the library's own default is 2000 ms).")
                            .arg(hd.delayMs));

    m_delayHint = new QLabel(this);
    m_delayHint->setWordWrap(true);
    m_delayHint->setVisible(false);
    m_delayHint->setForegroundRole(QPalette::PlaceholderText);

    m_maxAttempts = makeSpinBox(tr("Max attempts"), 1, 10, QString(), this);
    m_maxAttempts->setToolTip(tr("Total attempts a call may make, the first included "
                                 "(2 = one hedge at most). Range 1–10.\nDefault: %1.")
                                  .arg(hd.maxAttempts));

    m_budget = makeDoubleSpinBox(tr("Budget"), 0.0, 100.0, 1, 1.0, tr(" %"), this);
    m_budget->setSpecialValueText(tr("no budget"));
    m_budget->setToolTip(tr("Hedge budget: hedges may be at most this share of the calls (plus a "
                            "small floor per second). 0 = no budget: hedges are unlimited.\n"
                            "Default: %1 %.")
                             .arg(hd.budgetPercent));

    m_budgetMinPerSecond =
        makeDoubleSpinBox(tr("Budget min per second"), 0.0, 1e6, 1, 1.0, tr(" /s"), this);
    m_budgetMinPerSecond->setToolTip(tr("Hedges always allowed per second, whatever the share, so "
                                        "a quiet client can still hedge.\nDefault: %1 per second.")
                                         .arg(hd.budgetMinPerSecond));
    m_budgetWindow = makeDoubleSpinBox(tr("Budget window"), 0.1, 86400.0, 1, 1.0, tr(" s"), this);
    m_budgetWindow->setToolTip(tr("How long calls and hedges count against the budget before they "
                                  "expire.\nDefault: %1 s.")
                                   .arg(hd.budgetWindowSeconds));

    // In the order of HedgePlacement.
    m_placement = new QComboBox(this);
    takeWheelOnlyWhenFocused(m_placement);
    m_placement->addItem(tr("Any replica"));
    m_placement->addItem(tr("Another replica"));
    m_placement->setToolTip(
        tr("Where a hedge may go when the service has several replicas. Any replica: wherever the "
           "load balancer sends it, possibly the busy or slow replica its first attempt waits "
           "in. Another replica: only replicas this call has not used yet (all again once each "
           "has one). With one replica both are the same.\nDefault: any replica."));

    m_budgetAdvanced = new QWidget(this);
    auto* budgetForm = new QFormLayout(m_budgetAdvanced);
    budgetForm->setContentsMargins(16, 0, 0, 0);
    m_messages << addFieldRow(budgetForm, tr("Min per second:"), m_budgetMinPerSecond,
                              {m_budgetMinPerSecond})
               << addFieldRow(budgetForm, tr("Window:"), m_budgetWindow, {m_budgetWindow});
    m_budgetFold = makeFold(tr("Advanced budget"), m_budgetAdvanced, this);
    m_budgetFold->setToolTip(tr("Show the budget's floor and window."));

    m_adaptive = new QCheckBox(tr("&Adaptive limit"), this);
    m_adaptive->setToolTip(tr("An adaptive concurrency limit (Netflix Gradient2) inside the hedge: "
                              "every attempt, first or hedge, needs a free place; when the "
                              "round-trip time grows the limit shrinks and extra work is "
                              "rejected.\nDefault: off."));

    m_initialLimit = makeSpinBox(tr("Initial limit"), 1, 1000000, QString(), this);
    m_initialLimit->setToolTip(
        tr("Concurrency limit at the start.\nDefault: %1.").arg(gd.initialLimit));
    m_minLimit = makeSpinBox(tr("Min limit"), 1, 1000000, QString(), this);
    m_minLimit->setToolTip(tr("The limit never goes below this.\nDefault: %1.").arg(gd.minLimit));
    m_maxLimit = makeSpinBox(tr("Max limit"), 1, 1000000, QString(), this);
    m_maxLimit->setToolTip(tr("The limit never goes above this.\nDefault: %1.").arg(gd.maxLimit));
    m_smoothing = makeDoubleSpinBox(tr("Smoothing"), 0.01, 1.0, 2, 0.05, QString(), this);
    m_smoothing->setToolTip(tr("How fast the limit follows its new estimate (0–1; 1 = at once).\n"
                               "Default: %1.")
                                .arg(gd.smoothing));
    m_tolerance = makeDoubleSpinBox(tr("RTT tolerance"), 1.0, 100.0, 2, 0.1, QString(), this);
    m_tolerance->setToolTip(tr("How much longer than the long-term round-trip time an attempt may "
                               "take before the limit shrinks.\nDefault: %1.")
                                .arg(gd.rttTolerance));
    m_longWindow = makeSpinBox(tr("Long window"), 1, 1000000, tr(" samples"), this);
    m_longWindow->setToolTip(
        tr("Samples in the long-term round-trip average.\nDefault: %1.").arg(gd.longWindow));
    m_queueSize = makeSpinBox(tr("Queue size"), 0, 1000000, QString(), this);
    m_queueSize->setToolTip(tr("Extra places added to the limit on each update, to let it grow.\n"
                               "Default: %1.")
                                .arg(gd.queueSize));

    m_limitAdvanced = new QWidget(this);
    auto* limitForm = new QFormLayout(m_limitAdvanced);
    limitForm->setContentsMargins(16, 0, 0, 0);
    for (const auto& [label, box] : {std::pair<QString, QAbstractSpinBox*>{tr("Initial limit:"),
                                                                           m_initialLimit},
                                     {tr("Min limit:"), m_minLimit},
                                     {tr("Max limit:"), m_maxLimit},
                                     {tr("Smoothing:"), m_smoothing},
                                     {tr("RTT tolerance:"), m_tolerance},
                                     {tr("Long window:"), m_longWindow},
                                     {tr("Queue size:"), m_queueSize}})
        m_messages << addFieldRow(limitForm, label, box, {box});
    // min <= initial <= max: each range follows the other fields (updateLimitRanges).
    setRangeReason(m_initialLimit, tr("from the min limit to the max limit"));
    setRangeReason(m_minLimit, tr("at most the initial limit"));
    setRangeReason(m_maxLimit, tr("at least the initial limit"));
    m_limitFold = makeFold(tr("Advanced limit (Gradient2)"), m_limitAdvanced, this);
    m_limitFold->setToolTip(tr("Show the Gradient2 parameters."));

    // Both choices in view, under their label across the whole panel: the wording of
    // explorer.md is too long for one line of a combo box in a 300-pixel side panel.
    const QString cancellationTip =
        tr("What cancelling a losing attempt does. Client only (HTTP): the caller stops waiting "
           "but the server still does the work. Reaches the server (gRPC): a queued loser leaves "
           "the queue and a running one frees its worker at once.\nDefault: client only.");
    auto* cancellationChoices = new QWidget(this);
    auto* cancellationLayout = new QVBoxLayout(cancellationChoices);
    cancellationLayout->setContentsMargins(16, 0, 0, 0);
    for (Cancellation mode : {Cancellation::Client, Cancellation::Server}) {
        // A radio button does not wrap its text: break it after the dash.
        QString text = cancellationText(mode);
        text.replace(QStringLiteral(" — "), QStringLiteral(" —\n"));
        auto* button = new QRadioButton(text, cancellationChoices);
        button->setToolTip(cancellationTip);
        cancellationLayout->addWidget(button);
        (mode == Cancellation::Client ? m_cancelClient : m_cancelServer) = button;
    }
    auto* cancellationLabel = new QLabel(tr("&Cancellation:"), this);
    cancellationLabel->setBuddy(m_cancelClient);

    // Sliders for the knobs one turns to see the curves move. The delay's crowds its positions
    // below ~30 ms (its middle), where services answer; the budget's below ~25 %.
    m_delaySlider = new KnobSlider(m_delay, {.low = 0.0, .high = 1000.0, .curvature = 6.9}, this);
    m_maxAttemptsSlider = new KnobSlider(m_maxAttempts, {.low = 1.0, .high = 10.0}, this);
    m_budgetSlider = new KnobSlider(m_budget, {.low = 0.0, .high = 100.0, .curvature = 2.0}, this);

    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(m_hedge);
    m_messages << addFieldRow(form, tr("&Delay:"), makeKnobRow(m_delay, m_delaySlider), {m_delay});
    form->addRow(QString(), m_delayHint);
    m_messages << addFieldRow(form, tr("&Max attempts:"),
                              makeKnobRow(m_maxAttempts, m_maxAttemptsSlider), {m_maxAttempts})
               << addFieldRow(form, tr("&Budget:"), makeKnobRow(m_budget, m_budgetSlider),
                              {m_budget});
    form->addRow(m_budgetFold);
    form->addRow(tr("Hedges &go to:"), m_placement);
    form->addRow(m_budgetAdvanced);
    form->addRow(m_adaptive);
    form->addRow(m_limitFold);
    form->addRow(m_limitAdvanced);
    form->addRow(cancellationLabel);
    form->addRow(cancellationChoices);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addLayout(form);
    layout->addStretch(1);

    setSetup(Setup{});

    for (QCheckBox* c : {m_hedge, m_adaptive})
        connect(c, &QCheckBox::toggled, this, &SetupEditor::emitEdited);
    for (QDoubleSpinBox* s :
         {m_delay, m_budget, m_budgetMinPerSecond, m_budgetWindow, m_smoothing, m_tolerance})
        connect(s, &QDoubleSpinBox::valueChanged, this, &SetupEditor::emitEdited);
    for (QSpinBox* s :
         {m_maxAttempts, m_initialLimit, m_minLimit, m_maxLimit, m_longWindow, m_queueSize})
        connect(s, &QSpinBox::valueChanged, this, &SetupEditor::emitEdited);
    // The two buttons are exclusive: the server one toggles with every change.
    connect(m_cancelServer, &QRadioButton::toggled, this, &SetupEditor::emitEdited);
    connect(m_placement, &QComboBox::currentIndexChanged, this, &SetupEditor::emitEdited);
    for (KnobSlider* k : {m_delaySlider, m_maxAttemptsSlider, m_budgetSlider}) {
        connect(k, &KnobSlider::dragStarted, this, &SetupEditor::dragStarted);
        connect(k, &KnobSlider::dragFinished, this, &SetupEditor::dragFinished);
    }
}

// Closing the window takes the focus from a field being typed in, which applies what was
// typed: the half-destroyed editor must not hear it.
SetupEditor::~SetupEditor()
{
    for (QObject* child : findChildren<QObject*>())
        disconnect(child, nullptr, this, nullptr);
}

void SetupEditor::setDelayHint(const QString& hint)
{
    m_delayHint->setText(hint);
    m_delayHint->setVisible(!hint.isEmpty());
}

void SetupEditor::setSetup(const Setup& setup)
{
    m_loading = true;
    setName(setup.name);
    for (FieldMessage* message : std::as_const(m_messages))
        message->withdrawAll();
    const HedgeSettings h = setup.hedge.value_or(HedgeSettings{});
    const Gradient2Config g = setup.adaptiveLimit.value_or(Gradient2Config{});
    m_hedge->setChecked(setup.hedge.has_value());
    m_delay->setValue(h.delayMs);
    m_maxAttempts->setValue(h.maxAttempts);
    m_budget->setValue(h.budgetPercent);
    m_budgetMinPerSecond->setValue(h.budgetMinPerSecond);
    m_budgetWindow->setValue(h.budgetWindowSeconds);
    m_placement->setCurrentIndex(static_cast<int>(h.placement));
    m_adaptive->setChecked(setup.adaptiveLimit.has_value());
    // Open the limits wide first so that no value is clamped by the previous setup's ones.
    for (QSpinBox* s : {m_initialLimit, m_minLimit, m_maxLimit})
        s->setRange(1, 1000000);
    m_initialLimit->setValue(g.initialLimit);
    m_minLimit->setValue(g.minLimit);
    m_maxLimit->setValue(g.maxLimit);
    m_smoothing->setValue(g.smoothing);
    m_tolerance->setValue(g.rttTolerance);
    m_longWindow->setValue(g.longWindow);
    m_queueSize->setValue(g.queueSize);
    cancellationButton(setup.cancellation)->setChecked(true);
    updateLimitRanges();
    updateEnabled();
    m_loading = false;
}

Setup SetupEditor::setup() const
{
    Setup s;
    s.cancellation =
        m_cancelServer->isChecked() ? Cancellation::Server : Cancellation::Client;
    if (m_hedge->isChecked())
        s.hedge = HedgeSettings{.delayMs = m_delay->value(),
                                .maxAttempts = m_maxAttempts->value(),
                                .budgetPercent = m_budget->value(),
                                .budgetMinPerSecond = m_budgetMinPerSecond->value(),
                                .budgetWindowSeconds = m_budgetWindow->value(),
                                .placement =
                                    static_cast<HedgePlacement>(m_placement->currentIndex())};
    if (m_adaptive->isChecked())
        s.adaptiveLimit = Gradient2Config{.initialLimit = m_initialLimit->value(),
                                          .minLimit = m_minLimit->value(),
                                          .maxLimit = m_maxLimit->value(),
                                          .smoothing = m_smoothing->value(),
                                          .rttTolerance = m_tolerance->value(),
                                          .longWindow = m_longWindow->value(),
                                          .queueSize = m_queueSize->value()};
    s.name = m_name;
    return s;
}

void SetupEditor::setName(const std::string& name)
{
    m_name = name;
    m_title->setText(name.empty() ? tr("Setup") : QString::fromStdString(name));
}

void SetupEditor::updateEnabled()
{
    const bool hedge = m_hedge->isChecked();
    for (QWidget* w : std::initializer_list<QWidget*>{m_delay, m_maxAttempts, m_budget,
                                                      m_budgetMinPerSecond, m_budgetWindow,
                                                      m_placement})
        w->setEnabled(hedge);
    m_limitAdvanced->setEnabled(m_adaptive->isChecked());
}

// min <= initial <= max (scenario.md): each spin box's range follows the others, so an
// invalid combination cannot be typed.
void SetupEditor::updateLimitRanges()
{
    const QSignalBlocker b1(m_initialLimit), b2(m_minLimit), b3(m_maxLimit);
    m_minLimit->setMaximum(m_initialLimit->value());
    m_maxLimit->setMinimum(m_initialLimit->value());
    m_initialLimit->setRange(m_minLimit->value(), m_maxLimit->value());
}

void SetupEditor::emitEdited()
{
    if (m_loading)
        return;
    updateLimitRanges();
    updateEnabled();
    emit edited();
}

} // namespace hedge
