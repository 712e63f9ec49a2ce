#include "SetupEditor.h"

#include <hedge/PolicyFamilies.h>

#include "FamilyKnobFields.h"
#include "FieldMessage.h"
#include "KnobFields.h"
#include "KnobSlider.h"
#include "SpinBoxes.h"

#include <QAbstractSpinBox>
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

#include <functional>
#include <string_view>
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

// The setup's name above its knobs, in bold.
QLabel* makeTitle(QWidget* parent)
{
    auto* title = new QLabel(parent);
    title->setTextFormat(Qt::PlainText);
    QFont font = title->font();
    font.setBold(true);
    title->setFont(font);
    title->setWordWrap(true);
    return title;
}

} // namespace

QString SetupEditor::cancellationText(Cancellation mode)
{
    return mode == Cancellation::Client ? tr("client only — the server finishes the work (HTTP)")
                                        : tr("reaches the server (gRPC)");
}

namespace {

// The chooser's names of the families (their rows', hedge/PolicyFamilies.cpp).
QString familyTitle(PolicyFamily family)
{
    return SetupEditor::tr(policyFamilyRow(family).displayName);
}

} // namespace

SetupEditor::SetupEditor(QWidget* parent) : QWidget(parent)
{
    m_title = makeTitle(this);
    // Made in the order of the form, which is the order of the keyboard focus.
    m_policy = new QComboBox(this);
    takeWheelOnlyWhenFocused(m_policy);
    for (PolicyFamily family : allPolicyFamilies())
        m_policy->addItem(familyTitle(family), static_cast<int>(family));
    m_policy->setAccessibleName(tr("Policy"));
    // The longest name must not widen the side panel: it is elided there, whole in the list.
    m_policy->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_policy->setMinimumContentsLength(12);
    m_policy->setToolTip(
        tr("Whose hedging rules the setup follows: the explorer's own (a fixed delay and a "
           "windowed rate budget) or a stack's, with that stack's knobs under its own names "
           "(docs/scenario.md, \"Policy families\"). The adaptive limit and the cancellation stay "
           "for every "
           "family.\nDefault: resilience4cata."));
    auto* policyForm = new QFormLayout;
    policyForm->setRowWrapPolicy(QFormLayout::WrapLongRows);
    policyForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    policyForm->addRow(tr("&Policy:"), m_policy);
    m_hedgePanel = makeHedgePanel();

    m_adaptive = KnobFields::makeCheck(*KnobRegistry::find("adaptive_limit"), this);
    m_limitFields = new KnobFields(KnobRegistry::group("adaptive_limit."), this);
    m_callFields = new KnobFields(KnobRegistry::group("setup."), this);
    takeKnobFields();
    auto* form = new QFormLayout;
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    // The deadline holds for every family: under the policy's own knobs, above the limit.
    m_messages << m_callFields->addRows(form, form);
    form->addRow(m_adaptive);
    m_limitAdvanced = new QWidget(this);
    auto* limitForm = new QFormLayout(m_limitAdvanced);
    limitForm->setRowWrapPolicy(QFormLayout::WrapLongRows);
    limitForm->setContentsMargins(16, 0, 0, 0);
    m_messages << m_limitFields->addRows(limitForm, limitForm);
    // min <= initial <= max: each range follows the other fields (updateLimitRanges).
    setRangeReason(m_initialLimit, tr("from the min limit to the max limit"));
    setRangeReason(m_minLimit, tr("at most the initial limit"));
    setRangeReason(m_maxLimit, tr("at least the initial limit"));
    // Short: beside a lesson at 1024 x 700 the pane is about 180 pixels wide, and a tool
    // button does not wrap ("Advanced limit (Gradient2)" made the editor scroll sideways).
    m_limitFold = makeFold(tr("Advanced limit"), m_limitAdvanced, this);
    m_limitFold->setToolTip(tr("Show the Gradient2 parameters."));
    form->addRow(m_limitFold);
    form->addRow(m_limitAdvanced);
    addCancellationRows(form);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addLayout(policyForm);
    layout->addWidget(m_hedgePanel);
    addFamilyPanels(layout);
    layout->addLayout(form);
    layout->addStretch(1);
    chainTabOrder(layout);

    setSetup(Setup{});

    for (QCheckBox* c : {m_hedge, m_adaptive})
        connect(c, &QCheckBox::toggled, this, &SetupEditor::emitEdited);
    for (KnobFields* fields : {m_hedgeFields, m_limitFields, m_callFields}) {
        connect(fields, &KnobFields::edited, this, &SetupEditor::emitEdited);
        connect(fields, &KnobFields::dragStarted, this, &SetupEditor::dragStarted);
        connect(fields, &KnobFields::dragFinished, this, &SetupEditor::dragFinished);
    }
    // The two buttons are exclusive: the server one toggles with every change.
    connect(m_cancelServer, &QRadioButton::toggled, this, &SetupEditor::emitEdited);
    connect(m_placement, &QComboBox::currentIndexChanged, this, &SetupEditor::emitEdited);
    connect(m_policy, &QComboBox::currentIndexChanged, this, [this] {
        showChosenPolicy();
        emitEdited();
    });
}

// resilience4cata's knobs: the hedge, its delay, attempts and budget, where hedges go.
QWidget* SetupEditor::makeHedgePanel()
{
    auto* panel = new QWidget(this);
    m_hedge = KnobFields::makeCheck(*KnobRegistry::find("hedge"), panel);
    m_hedgeFields = new KnobFields(KnobRegistry::group("hedge."), panel);

    m_delayHint = new QLabel(panel);
    m_delayHint->setWordWrap(true);
    m_delayHint->setVisible(false);
    m_delayHint->setForegroundRole(QPalette::PlaceholderText);

    // In the order of HedgePlacement.
    m_placement = new QComboBox(panel);
    takeWheelOnlyWhenFocused(m_placement);
    m_placement->addItem(tr("Any replica"));
    m_placement->addItem(tr("Another replica"));
    m_placement->setToolTip(
        tr("Where a hedge may go when the service has several replicas. Any replica: wherever the "
           "load balancer sends it, possibly the busy or slow replica its first attempt waits "
           "in. Another replica: only replicas this call has not used yet (all again once each "
           "has one). With one replica both are the same.\nDefault: any replica."));

    auto* form = new QFormLayout(panel);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(m_hedge);
    m_budgetAdvanced = new QWidget(panel);
    auto* budgetForm = new QFormLayout(m_budgetAdvanced);
    budgetForm->setRowWrapPolicy(QFormLayout::WrapLongRows);
    budgetForm->setContentsMargins(16, 0, 0, 0);
    const auto hintUnderDelay = [this](const Knob& knob, QFormLayout* f) {
        if (knob.field == std::string_view("hedge.delay_ms"))
            f->addRow(QString(), m_delayHint);
    };
    m_messages << m_hedgeFields->addRows(form, budgetForm, hintUnderDelay);
    // Where hedges go is a hedge field like the delay: above the budget's fold, which opens
    // right onto the budget's own fields.
    form->addRow(tr("Hedges &go to:"), m_placement);
    m_placementMessage = new FieldMessage(panel);
    form->addRow(QString(), m_placementMessage);
    m_budgetFold = makeFold(tr("Advanced budget"), m_budgetAdvanced, panel);
    m_budgetFold->setToolTip(tr("Show the budget's floor and window."));
    form->addRow(m_budgetFold);
    form->addRow(m_budgetAdvanced);
    return panel;
}

// One panel of fields per family with knob rows, under the chooser; only the chosen one is
// shown (resilience4cata's, its retry, under its hedge panel).
void SetupEditor::addFamilyPanels(QLayout* layout)
{
    for (PolicyFamily family : allPolicyFamilies()) {
        if (!policyFamilyRow(family).knobs)
            continue;
        auto* fields = new FamilyKnobFields(family, this);
        m_messages << fields->messages();
        connect(fields, &FamilyKnobFields::edited, this, &SetupEditor::emitEdited);
        connect(fields, &FamilyKnobFields::dragStarted, this, &SetupEditor::dragStarted);
        connect(fields, &FamilyKnobFields::dragFinished, this, &SetupEditor::dragFinished);
        layout->addWidget(fields);
        m_families.push_back(fields);
    }
}

FamilyKnobFields* SetupEditor::familyFields(PolicyFamily family) const
{
    for (FamilyKnobFields* fields : m_families)
        if (fields->family() == family)
            return fields;
    return nullptr;
}

PolicyFamily SetupEditor::chosenPolicy() const
{
    return static_cast<PolicyFamily>(m_policy->currentData().toInt());
}

void SetupEditor::showChosenPolicy()
{
    const PolicyFamily chosen = chosenPolicy();
    m_hedgePanel->setVisible(chosen == PolicyFamily::Resilience4cata);
    for (FamilyKnobFields* fields : m_families)
        fields->setVisible(fields->family() == chosen);
}

// The fields the editor keeps rules between (min ≤ initial ≤ max limit).
void SetupEditor::takeKnobFields()
{
    m_initialLimit = m_limitFields->intBox("adaptive_limit.initial_limit");
    m_minLimit = m_limitFields->intBox("adaptive_limit.min_limit");
    m_maxLimit = m_limitFields->intBox("adaptive_limit.max_limit");
}

QAbstractSpinBox* SetupEditor::knobField(const std::string& field) const
{
    QAbstractSpinBox* box = m_hedgeFields->box(field);
    if (!box)
        box = m_limitFields->box(field);
    if (!box)
        box = m_callFields->box(field);
    for (FamilyKnobFields* family : m_families)
        if (!box)
            box = family->box(field);
    return box;
}

QComboBox* SetupEditor::knobChoice(const std::string& field) const
{
    for (FamilyKnobFields* family : m_families)
        if (QComboBox* combo = family->choice(field))
            return combo;
    return nullptr;
}

QCheckBox* SetupEditor::knobCheck(const std::string& field) const
{
    if (field == "hedge")
        return m_hedge;
    if (field == "adaptive_limit")
        return m_adaptive;
    for (FamilyKnobFields* family : m_families)
        if (QCheckBox* check = family->check(field))
            return check;
    return nullptr;
}

KnobSlider* SetupEditor::knobSlider(const std::string& field) const
{
    KnobSlider* slider = m_hedgeFields->slider(field);
    return slider ? slider : m_limitFields->slider(field);
}

// Both choices in view, under their label across the whole panel: the wording of
// docs/user-guide.md is too long for one line of a combo box in a 300-pixel side panel.
void SetupEditor::addCancellationRows(QFormLayout* form)
{
    const QString cancellationTip =
        tr("What cancelling a losing attempt does. Client only (HTTP): the caller stops waiting "
           "but the server still does the work. Reaches the server (gRPC): a queued loser leaves "
           "the queue and a running one frees its worker at once.\nDefault: client only.");
    auto* cancellationChoices = new QWidget(this);
    auto* cancellationLayout = new QVBoxLayout(cancellationChoices);
    cancellationLayout->setContentsMargins(16, 0, 0, 0);
    for (Cancellation mode : {Cancellation::Client, Cancellation::Server}) {
        // A radio button does not wrap its text: break it after the dash, before "the work"
        // and before the protocol, so that it fits the pane beside a lesson at 1024 x 700
        // (about 180 pixels).
        QString text = cancellationText(mode);
        text.replace(QStringLiteral(" — "), QStringLiteral(" —\n"));
        text.replace(QStringLiteral(" the work"), QStringLiteral("\nthe work"));
        text.replace(QStringLiteral(" ("), QStringLiteral("\n("));
        auto* button = new QRadioButton(text, cancellationChoices);
        button->setToolTip(cancellationTip);
        cancellationLayout->addWidget(button);
        (mode == Cancellation::Client ? m_cancelClient : m_cancelServer) = button;
    }
    auto* cancellationLabel = new QLabel(tr("&Cancellation:"), this);
    cancellationLabel->setBuddy(m_cancelClient);
    form->addRow(cancellationLabel);
    form->addRow(cancellationChoices);
    m_cancellationNote = new QLabel(this);
    m_cancellationNote->setWordWrap(true);
    m_cancellationNote->setForegroundRole(QPalette::PlaceholderText);
    m_cancellationNote->setVisible(false);
    form->addRow(m_cancellationNote);
}

void SetupEditor::updateCancellation()
{
    // The chosen family's fields as they stand, asked through its row whether it leaves
    // losers running (serverCancels, sim/SetupPipelineConfig.h).
    Setup shown;
    shown.policy = chosenPolicy();
    if (const FamilyKnobFields* fields = familyFields(shown.policy))
        fields->applyTo(shown);
    const PolicyFamilyRow& row = policyFamilyRow(shown.policy);
    QString why;
    if (row.abandonsLosers && row.abandonsLosers(shown.families))
        why = tr(row.abandonsLosersWhy);
    const bool forced = !why.isEmpty();
    const QSignalBlocker block(m_cancelServer);
    if (forced && !m_cancellationForced)
        m_userCancellation =
            m_cancelServer->isChecked() ? Cancellation::Server : Cancellation::Client;
    if (forced)
        m_cancelClient->setChecked(true);
    else if (m_cancellationForced)
        cancellationButton(m_userCancellation)->setChecked(true);
    m_cancellationForced = forced;
    m_cancelClient->setEnabled(!forced);
    m_cancelServer->setEnabled(!forced);
    m_cancellationNote->setText(why);
    m_cancellationNote->setVisible(forced);
}

void SetupEditor::chainTabOrder(QLayout* layout)
{
    QList<QWidget*> order;
    const std::function<void(QLayout*)> walk = [&](QLayout* l) {
        for (int i = 0; i < l->count(); ++i) {
            QLayoutItem* item = l->itemAt(i);
            if (QLayout* inner = item->layout())
                walk(inner);
            else if (QWidget* w = item->widget()) {
                if (w->focusPolicy() & Qt::TabFocus)
                    order << w;
                // A spin box's line edit is its own; a fold's body or a row of fields is walked.
                if (w->layout() && !qobject_cast<QAbstractSpinBox*>(w))
                    walk(w->layout());
            }
        }
    };
    walk(layout);
    for (int i = 1; i < order.size(); ++i)
        setTabOrder(order[i - 1], order[i]);
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

void SetupEditor::setReplicas(int replicas)
{
    m_replicas = replicas;
    updatePlacementMessage();
}

// "Another replica" with one replica is accepted (a file may say so, and the service may get
// replicas later) but does nothing: the field says why.
void SetupEditor::updatePlacementMessage()
{
    const bool same = m_hedge->isChecked() && m_replicas == 1 &&
                      m_placement->currentIndex() == int(HedgePlacement::OtherReplica);
    const QString why = tr("The service has one replica: another replica is the same one, so "
                           "hedges go where their first attempt went.");
    m_placementMessage->report(m_placement, same ? why : QString());
}

void SetupEditor::setSetup(const Setup& setup)
{
    m_loading = true;
    setName(setup.name);
    for (FieldMessage* message : std::as_const(m_messages))
        message->withdrawAll();
    const HedgeSettings h = setup.hedge.value_or(HedgeSettings{});
    m_hedge->setChecked(setup.hedge.has_value());
    m_placement->setCurrentIndex(static_cast<int>(h.placement));
    m_adaptive->setChecked(setup.adaptiveLimit.has_value());
    m_policy->setCurrentIndex(m_policy->findData(static_cast<int>(setup.policy)));
    showChosenPolicy();
    // Each range opened first, so that no value is clamped by the previous setup's limits.
    const ServiceConfig unused;
    m_hedgeFields->show(setup, unused);
    m_limitFields->show(setup, unused);
    m_callFields->show(setup, unused);
    for (FamilyKnobFields* family : m_families)
        family->show(setup);
    m_cancellationForced = false;
    cancellationButton(setup.cancellation)->setChecked(true);
    updateLimitRanges();
    updateEnabled();
    m_loading = false;
}

Setup SetupEditor::setup() const
{
    Setup s;
    s.policy = chosenPolicy();
    s.cancellation =
        m_cancelServer->isChecked() ? Cancellation::Server : Cancellation::Client;
    if (m_hedge->isChecked())
        s.hedge =
            HedgeSettings{.placement = static_cast<HedgePlacement>(m_placement->currentIndex())};
    if (m_adaptive->isChecked())
        s.adaptiveLimit.emplace();
    ServiceConfig unused;
    m_hedgeFields->applyTo(s, unused);
    m_limitFields->applyTo(s, unused);
    m_callFields->applyTo(s, unused);
    // Every family's fields, shown or not: switching the family and back keeps what was typed.
    for (FamilyKnobFields* family : m_families)
        family->applyTo(s);
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
    for (QAbstractSpinBox* box : m_hedgeFields->boxes())
        box->setEnabled(hedge);
    m_placement->setEnabled(hedge);
    m_limitAdvanced->setEnabled(m_adaptive->isChecked());
    updatePlacementMessage();
    updateCancellation();
}

// min <= initial <= max (docs/scenario.md): each spin box's range follows the others, so an
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
