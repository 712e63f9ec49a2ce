#include "AdviceQuestionForm.h"

#include "FieldMessage.h"

#include <hedge/Knob.h>
#include <hedge/KnobRegistry.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

namespace hedge {

namespace {

// The exact prefilled value sits in the box's property until the user changes the box: a
// delay prefilled at the service's p50 (10.234 ms) is searched from there, not from the 10.2
// the box shows.
constexpr const char* kExact = "exactValue";

QLabel* heading(const QString& text, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    QFont f = label->font();
    f.setBold(true);
    label->setFont(f);
    return label;
}

QDoubleSpinBox* numberBox(const QString& name, double min, double max, int decimals,
                          const QString& suffix, QWidget* parent)
{
    auto* box = new QDoubleSpinBox(parent);
    box->setAccessibleName(name);
    box->setObjectName(name);
    box->setRange(min, max);
    box->setDecimals(decimals);
    box->setSuffix(suffix);
    box->setKeyboardTracking(true);
    return box;
}

// The knob's value in the box's unit and back (KnobEditor::scale: a fraction shown as %).
double shown(const Knob& knob, double value)
{
    return value * knob.editor.scale;
}

void setExact(QDoubleSpinBox* box, double shownValue)
{
    box->setValue(shownValue);
    box->setProperty(kExact, shownValue);
}

double exactOf(const QDoubleSpinBox* box)
{
    const QVariant exact = box->property(kExact);
    if (exact.isValid()) {
        const double e = exact.toDouble();
        // Unchanged since it was filled: the box shows it rounded.
        if (std::abs(box->value() - e) <= 0.5 * std::pow(10.0, -box->decimals()))
            return e;
    }
    return box->value();
}

QString knobName(const Knob& knob)
{
    QString name = QString::fromUtf8(knob.editor.name);
    const QString suffix = QString::fromUtf8(knob.editor.suffix).trimmed();
    return suffix.isEmpty() ? name : QStringLiteral("%1 (%2)").arg(name, suffix);
}

} // namespace

AdviceQuestionForm::AdviceQuestionForm(const Scenario& world, int setupRow, QWidget* parent)
    : QWidget(parent), m_world(world)
{
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* grid = new QGridLayout;
    grid->setColumnStretch(1, 1);
    outer->addLayout(grid);
    int row = 0;
    buildStack(grid, row);

    grid->addWidget(heading(tr("Knobs to search"), this), row++, 0, 1, 2);
    m_knobBox = new QWidget(this);
    m_knobGrid = new QGridLayout(m_knobBox);
    m_knobGrid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(m_knobBox, row++, 0, 1, 2);
    m_knobMessage = new FieldMessage(this);
    m_knobMessage->setObjectName(QStringLiteral("knobMessage"));
    grid->addWidget(m_knobMessage, row++, 0, 1, 2);

    buildLoads(grid, row);
    buildBurst(grid, row);
    buildLimits(grid, row);
    outer->addStretch(1);

    if (setupRow >= 0 && setupRow < m_setup->count())
        m_setup->setCurrentIndex(setupRow);
    m_family->setCurrentIndex(std::max(
        0, m_family->findData(
               int(m_world.setups.at(std::size_t(std::max(0, m_setup->currentIndex()))).policy))));
    // The defaults: the question with the registry's ranges and the limits' defaults.
    m_question = defaultQuestion(m_world, chosenStack());
    connect(m_setup, &QComboBox::currentIndexChanged, this, [this](int index) {
        // Another setup: its own family first.
        m_filling = true;
        m_family->setCurrentIndex(
            std::max(0, m_family->findData(int(m_world.setups.at(std::size_t(index)).policy))));
        m_filling = false;
        fillKnobs();
    });
    connect(m_family, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_filling)
            fillKnobs();
    });
    fillKnobs();
}

void AdviceQuestionForm::buildStack(QGridLayout* grid, int& row)
{
    grid->addWidget(heading(tr("Stack"), this), row++, 0, 1, 2);
    m_setup = new QComboBox(this);
    m_setup->setObjectName(QStringLiteral("adviceSetup"));
    m_setup->setAccessibleName(tr("Setup"));
    for (const Setup& s : m_world.setups)
        m_setup->addItem(QString::fromStdString(s.name));
    m_setup->setToolTip(tr("The setup whose unsearched knobs and cancellation the advice keeps"));
    grid->addWidget(new QLabel(tr("Setup:"), this), row, 0);
    grid->addWidget(m_setup, row++, 1);
    m_family = new QComboBox(this);
    m_family->setObjectName(QStringLiteral("adviceFamily"));
    m_family->setAccessibleName(tr("Family"));
    for (PolicyFamily f : allPolicyFamilies())
        m_family->addItem(QString::fromLatin1(toString(f)), int(f));
    m_family->setToolTip(tr("Whose hedging rules the advised setting follows (docs/policies.md)"));
    grid->addWidget(new QLabel(tr("Family:"), this), row, 0);
    grid->addWidget(m_family, row++, 1);
    m_stackMessage = new FieldMessage(this);
    grid->addWidget(m_stackMessage, row++, 0, 1, 2);
}

void AdviceQuestionForm::buildLoads(QGridLayout* grid, int& row)
{
    grid->addWidget(heading(tr("Loads"), this), row++, 0, 1, 2);
    const AdviceQuestion defaults;
    m_holdFrom = numberBox(tr("Hold from"), 0.0, 150.0, 1, tr(" %"), this);
    m_holdTo = numberBox(tr("Hold to"), 0.0, 150.0, 1, tr(" %"), this);
    m_target = numberBox(tr("Target load"), 0.0, 150.0, 1, tr(" %"), this);
    m_holdFrom->setValue(defaults.heldLoads.front() * 100.0);
    m_holdTo->setValue(defaults.heldLoads.back() * 100.0);
    m_target->setValue(defaults.targetLoad * 100.0);
    m_target->setToolTip(tr("The load where the objective is judged"));
    auto* line = new QHBoxLayout;
    line->addWidget(m_holdFrom);
    line->addWidget(new QLabel(tr("to"), this));
    line->addWidget(m_holdTo);
    line->addSpacing(12);
    line->addWidget(new QLabel(tr("target"), this));
    line->addWidget(m_target);
    line->addStretch(1);
    grid->addWidget(new QLabel(tr("Hold:"), this), row, 0);
    grid->addLayout(line, row++, 1);
    m_heldLoads = new QLabel(this);
    m_heldLoads->setObjectName(QStringLiteral("heldLoads"));
    m_heldLoads->setWordWrap(true);
    grid->addWidget(m_heldLoads, row++, 1);
    m_loadMessage = new FieldMessage(this);
    m_loadMessage->setObjectName(QStringLiteral("loadMessage"));
    grid->addWidget(m_loadMessage, row++, 0, 1, 2);
    for (QDoubleSpinBox* box : {m_holdFrom, m_holdTo, m_target})
        connect(box, &QDoubleSpinBox::valueChanged, this, &AdviceQuestionForm::check);
}

void AdviceQuestionForm::buildBurst(QGridLayout* grid, int& row)
{
    const AdviceBurst burst;
    m_burst = new QCheckBox(tr("Come back from a burst"), this);
    m_burst->setObjectName(QStringLiteral("adviceBurst"));
    m_burst->setToolTip(tr("The target load times the factor for the length, then the target "
                           "again: the service must not still be collapsed when the recovery "
                           "time has passed"));
    m_burstFactor = numberBox(tr("Burst factor"), 1.0, 5.0, 2, QString(), this);
    m_burstFactor->setPrefix(QStringLiteral("× "));
    m_burstFactor->setValue(burst.factor);
    m_burstLength = numberBox(tr("Burst length"), 1.0, 3600.0, 0, tr(" s"), this);
    m_burstLength->setValue(burst.lengthS);
    m_burstRecover = numberBox(tr("Burst recovery"), 1.0, 3600.0, 0, tr(" s"), this);
    m_burstRecover->setValue(burst.recoverS);
    auto* line = new QHBoxLayout;
    line->addWidget(m_burst);
    line->addWidget(m_burstFactor);
    line->addWidget(new QLabel(tr("for"), this));
    line->addWidget(m_burstLength);
    line->addWidget(new QLabel(tr("recovered within"), this));
    line->addWidget(m_burstRecover);
    line->addStretch(1);
    grid->addWidget(new QLabel(tr("Burst:"), this), row, 0);
    grid->addLayout(line, row++, 1);
    m_burstMessage = new FieldMessage(this);
    grid->addWidget(m_burstMessage, row++, 0, 1, 2);
    const auto enable = [this] {
        for (QWidget* w :
             {static_cast<QWidget*>(m_burstFactor), static_cast<QWidget*>(m_burstLength),
              static_cast<QWidget*>(m_burstRecover)})
            w->setEnabled(m_burst->isChecked());
    };
    enable();
    connect(m_burst, &QCheckBox::toggled, this, enable);
    connect(m_burst, &QCheckBox::toggled, this, &AdviceQuestionForm::check);
    for (QDoubleSpinBox* box : {m_burstFactor, m_burstLength, m_burstRecover})
        connect(box, &QDoubleSpinBox::valueChanged, this, &AdviceQuestionForm::check);
}

void AdviceQuestionForm::buildLimits(QGridLayout* grid, int& row)
{
    grid->addWidget(heading(tr("Limits and objective"), this), row++, 0, 1, 2);
    const AdviceLimits limits;
    const auto limitRow = [&](QCheckBox*& on, QDoubleSpinBox*& box, const QString& text,
                              const QString& name, double min, double max, int decimals,
                              const QString& suffix, std::optional<double> value, double fallback) {
        on = new QCheckBox(text, this);
        box = numberBox(name, min, max, decimals, suffix, this);
        on->setChecked(value.has_value());
        box->setValue(value.value_or(fallback));
        box->setEnabled(on->isChecked());
        connect(on, &QCheckBox::toggled, box, &QWidget::setEnabled);
        connect(on, &QCheckBox::toggled, this, &AdviceQuestionForm::check);
        connect(box, &QDoubleSpinBox::valueChanged, this, &AdviceQuestionForm::check);
        auto* line = new QHBoxLayout;
        line->addWidget(on);
        line->addWidget(box);
        line->addStretch(1);
        grid->addLayout(line, row++, 1);
    };
    grid->addWidget(new QLabel(tr("Requests per call:"), this), row, 0);
    limitRow(m_rpcAtTargetOn, m_rpcAtTarget, tr("at the target ≤"),
             tr("Requests per call at the target"), 1.0, 10.0, 3, QString(),
             limits.maxRequestsPerCallAtTarget, 1.05);
    limitRow(m_rpcAnyOn, m_rpcAny, tr("at any held load ≤"), tr("Requests per call at any load"),
             1.0, 10.0, 3, QString(), limits.maxRequestsPerCall, 1.5);
    grid->addWidget(new QLabel(tr("Failures:"), this), row, 0);
    limitRow(m_failedOn, m_failed, tr("failed or rejected calls ≤"), tr("Failed calls"), 0.0, 100.0,
             2, tr(" %"),
             limits.maxFailedFraction ? std::optional(*limits.maxFailedFraction * 100.0)
                                      : std::nullopt,
             0.1);

    m_collapseRuns = new QSpinBox(this);
    m_collapseRuns->setObjectName(QStringLiteral("collapseRuns"));
    m_collapseRuns->setAccessibleName(tr("Collapse runs"));
    m_collapseRuns->setRange(0, 1000);
    m_collapseRuns->setValue(limits.collapseRuns);
    m_collapseRuns->setSuffix(tr(" runs"));
    m_collapseRuns->setToolTip(tr("Full-length runs at every held load; the advice must not "
                                  "collapse in any of them"));
    m_collapseBound = new QLabel(collapseBoundText(limits.collapseRuns), this);
    m_collapseBound->setObjectName(QStringLiteral("collapseBound"));
    m_collapseBound->setWordWrap(true);
    auto* line = new QHBoxLayout;
    line->addWidget(new QLabel(tr("none in"), this));
    line->addWidget(m_collapseRuns);
    line->addWidget(m_collapseBound, 1);
    grid->addWidget(new QLabel(tr("Collapse:"), this), row, 0);
    grid->addLayout(line, row++, 1);
    connect(m_collapseRuns, &QSpinBox::valueChanged, this, [this](int runs) {
        m_collapseBound->setText(collapseBoundText(runs));
        check();
    });

    m_objective = new QComboBox(this);
    m_objective->setObjectName(QStringLiteral("adviceObjective"));
    m_objective->setAccessibleName(tr("Objective"));
    for (AdviceObjective o : {AdviceObjective::P50, AdviceObjective::P99, AdviceObjective::P999})
        m_objective->addItem(tr("smallest %1 at the target").arg(QString::fromLatin1(toString(o))),
                             int(o));
    m_objective->setCurrentIndex(m_objective->findData(int(AdviceQuestion{}.objective)));
    connect(m_objective, &QComboBox::currentIndexChanged, this, &AdviceQuestionForm::check);
    grid->addWidget(new QLabel(tr("Objective:"), this), row, 0);
    grid->addWidget(m_objective, row++, 1, Qt::AlignLeft);
    m_limitMessage = new FieldMessage(this);
    m_limitMessage->setObjectName(QStringLiteral("limitMessage"));
    grid->addWidget(m_limitMessage, row++, 0, 1, 2);
}

QString AdviceQuestionForm::collapseBoundText(int runs)
{
    if (runs < 1)
        return {};
    const double bound = 1.0 - std::pow(0.05, 1.0 / runs);
    return tr("none in %1 runs: the chance of a collapse may still be up to %2 % (95 %)")
        .arg(runs)
        .arg(bound * 100.0, 0, 'f', bound < 0.1 ? 1 : 0);
}

Setup AdviceQuestionForm::chosenStack() const
{
    Setup stack = m_world.setups.at(std::size_t(std::max(0, m_setup->currentIndex())));
    const int family = m_family->currentData().toInt();
    stack.policy = static_cast<PolicyFamily>(family);
    return stack;
}

void AdviceQuestionForm::fillKnobs()
{
    m_filling = true;
    m_rows.clear();
    while (QLayoutItem* item = m_knobGrid->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const Setup stack = chosenStack();
    const std::vector<KnobSearch> defaults = defaultSearch(stack, m_world.service);
    int row = 0;
    for (const QString& title : {tr("Search"), tr("From"), tr("To"), tr("Steps"), tr("Scale")})
        m_knobGrid->addWidget(new QLabel(QStringLiteral("<i>%1</i>").arg(title), m_knobBox), 0,
                              ++row);
    row = 1;
    for (const Knob* knob : searchableKnobs(stack)) {
        std::optional<KnobSearch> range;
        bool on = false;
        for (const KnobSearch& s : defaults)
            if (s.field == knob->field) {
                range = s;
                on = true;
            }
        if (!range)
            range = defaultKnobSearch(*knob, stack, m_world.service);
        if (!range)
            continue;
        KnobRow r;
        r.knob = knob;
        const QString name = knobName(*knob);
        const QString suffix = QString::fromUtf8(knob->editor.suffix);
        const int decimals = knob->wholeNumber() ? 0 : std::max(2, knob->editor.decimals + 1);
        const double lo = std::min(shown(*knob, knob->range.min), shown(*knob, range->from));
        const double hi = std::max(shown(*knob, knob->range.max), shown(*knob, range->to));
        r.search = new QCheckBox(m_knobBox);
        r.search->setAccessibleName(tr("Search %1").arg(name));
        r.search->setToolTip(tr("Search %1 (%2); unchecked: the setup's value is kept")
                                 .arg(name, QString::fromLatin1(knob->field)));
        r.search->setChecked(on);
        r.from = numberBox(tr("%1 from").arg(name), lo, hi, decimals, suffix, m_knobBox);
        r.to = numberBox(tr("%1 to").arg(name), lo, hi, decimals, suffix, m_knobBox);
        setExact(r.from, shown(*knob, range->from));
        setExact(r.to, shown(*knob, range->to));
        r.steps = new QSpinBox(m_knobBox);
        r.steps->setAccessibleName(tr("%1 steps").arg(name));
        r.steps->setRange(1, 200);
        r.steps->setValue(range->steps);
        r.log = new QCheckBox(tr("log"), m_knobBox);
        r.log->setAccessibleName(tr("%1 log scale").arg(name));
        r.log->setChecked(range->log);
        auto* label = new QLabel(name, m_knobBox);
        label->setToolTip(QString::fromLatin1(knob->field));
        m_knobGrid->addWidget(label, row, 0);
        m_knobGrid->addWidget(r.search, row, 1, Qt::AlignCenter);
        m_knobGrid->addWidget(r.from, row, 2);
        m_knobGrid->addWidget(r.to, row, 3);
        m_knobGrid->addWidget(r.steps, row, 4);
        m_knobGrid->addWidget(r.log, row, 5);
        const auto enable = [r] {
            for (QWidget* w : {static_cast<QWidget*>(r.from), static_cast<QWidget*>(r.to),
                               static_cast<QWidget*>(r.steps), static_cast<QWidget*>(r.log)})
                w->setEnabled(r.search->isChecked());
        };
        enable();
        connect(r.search, &QCheckBox::toggled, this, enable);
        connect(r.search, &QCheckBox::toggled, this, &AdviceQuestionForm::check);
        connect(r.from, &QDoubleSpinBox::valueChanged, this, &AdviceQuestionForm::check);
        connect(r.to, &QDoubleSpinBox::valueChanged, this, &AdviceQuestionForm::check);
        connect(r.steps, &QSpinBox::valueChanged, this, &AdviceQuestionForm::check);
        connect(r.log, &QCheckBox::toggled, this, &AdviceQuestionForm::check);
        m_rows.push_back(r);
        ++row;
    }
    if (m_rows.empty())
        m_knobGrid->addWidget(
            new QLabel(tr("This family has no knob the advisor can search."), m_knobBox), 1, 0, 1,
            6);
    m_knobGrid->setColumnStretch(6, 1); // the fields beside their names, the rest of the row empty
    m_filling = false;
    check();
}

AdviceQuestion AdviceQuestionForm::fromFields() const
{
    AdviceQuestion q = m_question;
    q.world = m_world;
    q.stack = chosenStack();
    q.search.clear();
    for (const KnobRow& r : m_rows) {
        if (!r.search->isChecked())
            continue;
        const double scale = r.knob->editor.scale != 0.0 ? r.knob->editor.scale : 1.0;
        q.search.push_back({.field = r.knob->field,
                            .from = exactOf(r.from) / scale,
                            .to = exactOf(r.to) / scale,
                            .steps = r.steps->value(),
                            .log = r.log->isChecked()});
    }
    q.targetLoad = m_target->value() / 100.0;
    q.heldLoads =
        heldLoadsBetween(m_holdFrom->value() / 100.0, m_holdTo->value() / 100.0, q.targetLoad);
    q.burst.reset();
    if (m_burst->isChecked())
        q.burst = AdviceBurst{.factor = m_burstFactor->value(),
                              .lengthS = m_burstLength->value(),
                              .recoverS = m_burstRecover->value()};
    q.limits.maxRequestsPerCallAtTarget =
        m_rpcAtTargetOn->isChecked() ? std::optional(m_rpcAtTarget->value()) : std::nullopt;
    q.limits.maxRequestsPerCall =
        m_rpcAnyOn->isChecked() ? std::optional(m_rpcAny->value()) : std::nullopt;
    q.limits.maxFailedFraction =
        m_failedOn->isChecked() ? std::optional(m_failed->value() / 100.0) : std::nullopt;
    q.limits.collapseRuns = m_collapseRuns->value();
    q.objective = static_cast<AdviceObjective>(m_objective->currentData().toInt());
    return q;
}

FieldMessage* AdviceQuestionForm::messageFor(const QString& problem) const
{
    const QString p = problem.toLower();
    if (p.startsWith(QLatin1String("search")))
        return m_knobMessage;
    if (p.contains(QLatin1String("burst")))
        return m_burstMessage;
    if (p.contains(QLatin1String("request")) || p.contains(QLatin1String("collapse")) ||
        p.contains(QLatin1String("fail")) || p.contains(QLatin1String("objective")))
        return m_limitMessage;
    if (p.contains(QLatin1String("load")))
        return m_loadMessage;
    return m_stackMessage;
}

QList<FieldMessage*> AdviceQuestionForm::messages() const
{
    return {m_stackMessage, m_knobMessage, m_loadMessage, m_burstMessage, m_limitMessage};
}

void AdviceQuestionForm::check()
{
    if (m_filling)
        return;
    const AdviceQuestion q = fromFields();
    QStringList held;
    for (double l : q.heldLoads)
        held << QStringLiteral("%1 %").arg(l * 100.0, 0, 'g', 4);
    m_heldLoads->setText(tr("Held loads: %1").arg(held.join(QStringLiteral(", "))));
    for (FieldMessage* m : messages())
        m->withdrawAll();
    if (const auto error = adviceQuestionError(q)) {
        m_problem = QString::fromStdString(*error);
        messageFor(m_problem)->report(this, m_problem);
    } else {
        m_problem.clear();
        m_question = q; // the last good question
    }
    emit changed();
}

} // namespace hedge
