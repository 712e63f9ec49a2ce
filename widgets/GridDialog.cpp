#include "GridDialog.h"

#include "KnobFields.h"

#include <hedge/KnobRegistry.h>
#include <hedge/io/ScenarioValidation.h>

#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <string_view>
#include <cmath>

namespace hedge {

namespace {

// Six significant digits: 7.27273, not 7.2727272727.
double tidy(double value)
{
    return QString::number(value, 'g', 6).toDouble();
}

// `n` values of `knob` from `from` to `to`: evenly, or with equal ratios where its row says log
// (and both ends are positive; check() says so otherwise); whole numbers for counts, each once.
std::vector<double> spread(const std::string& knob, double from, double to, int n)
{
    const Knob* k = KnobRegistry::findGridKnob(knob);
    const bool whole = k && k->wholeNumber();
    const bool log = k && k->grid->log && from > 0.0 && to > 0.0;
    std::vector<double> out;
    for (int i = 0; i < n; ++i) {
        const double t = n == 1 ? 0.0 : double(i) / (n - 1);
        double v = log ? from * std::pow(to / from, t) : from + (to - from) * t;
        v = whole ? std::round(v) : tidy(v);
        // Whole numbers over a short range repeat: keep each once.
        if (std::find(out.begin(), out.end(), v) == out.end())
            out.push_back(v);
    }
    return out;
}

// A knob's first spread into three fields, its decimals those of the knob.
void showSpread(const std::string& knob, QDoubleSpinBox* from, QDoubleSpinBox* to, QSpinBox* count)
{
    const Knob* k = KnobRegistry::findGridKnob(knob);
    const GridSpread first = k ? *k->grid : GridSpread{.from = 1, .to = 10, .count = 10};
    const QSignalBlocker quietFrom(from), quietTo(to), quietCount(count);
    for (QDoubleSpinBox* box : {from, to})
        box->setDecimals(k && k->wholeNumber() ? 0 : 3);
    from->setValue(first.from);
    to->setValue(first.to);
    count->setValue(first.count);
}

} // namespace

QString GridDialog::knobTitle(const std::string& knob)
{
    QString name = QString::fromStdString(knob);
    QString unit;
    for (const auto& [suffix, text] :
         {std::pair{"_ms", "ms"}, std::pair{"_percent", "%"}, std::pair{"_s", "s"}})
        if (name.endsWith(QLatin1String(suffix))) {
            name.chop(int(qstrlen(suffix)));
            unit = QLatin1String(text);
            break;
        }
    name.replace(QLatin1Char('.'), QLatin1Char(' ')).replace(QLatin1Char('_'), QLatin1Char(' '));
    if (name.startsWith(QLatin1String("service ")))
        name.remove(0, 8);
    return unit.isEmpty() ? name : QStringLiteral("%1 (%2)").arg(name, unit);
}

GridDialog::GridDialog(const Scenario& scenario, QWidget* parent)
    : QDialog(parent), m_scenario(scenario)
{
    setWindowTitle(tr("Map a Knob"));
    m_setup = new QComboBox(this);
    for (const Setup& s : scenario.setups)
        m_setup->addItem(QString::fromStdString(s.name));
    m_setup->setToolTip(tr("The setup whose knob the map sweeps (a service knob changes the "
                           "service under this setup only)"));
    m_knob = new QComboBox(this);
    m_knob->setToolTip(tr("The knob on the map's horizontal axis; load is on the vertical one"));
    m_from = new QDoubleSpinBox(this);
    m_to = new QDoubleSpinBox(this);
    for (QDoubleSpinBox* box : {m_from, m_to}) {
        box->setRange(0.0, 1e6);
        box->setKeyboardTracking(false);
    }
    m_from->setAccessibleName(tr("First value"));
    m_to->setAccessibleName(tr("Last value"));
    m_count = new QSpinBox(this);
    m_count->setRange(1, int(limits::kMaxGridValues));
    m_count->setAccessibleName(tr("Number of values"));
    m_count->setToolTip(tr("Values spread evenly from the first to the last (1 … %1); each is a "
                           "column of cells, one per load")
                            .arg(limits::kMaxGridValues));
    m_baseline = new QComboBox(this);
    m_baseline->addItem(tr("No hedge (added when the scenario has none)"), QString());
    for (const Setup& s : scenario.setups)
        m_baseline->addItem(QString::fromStdString(s.name), QString::fromStdString(s.name));
    m_baseline->setToolTip(tr("The setup each cell's p99 is divided by, at the same load"));
    m_values = new QLabel(this);
    m_values->setWordWrap(true);
    m_problem = new QLabel(this);
    m_problem->setWordWrap(true);
    m_problem->setForegroundRole(QPalette::BrightText);
    m_problem->setStyleSheet(QStringLiteral("color: #c62828;"));

    auto* range = new QHBoxLayout;
    range->addWidget(m_from, 1);
    range->addWidget(new QLabel(tr("to"), this));
    range->addWidget(m_to, 1);
    range->addWidget(new QLabel(tr("in"), this));
    range->addWidget(m_count);
    range->addWidget(new QLabel(tr("values"), this));
    auto* form = new QFormLayout;
    form->addRow(tr("&Setup:"), m_setup);
    form->addRow(tr("&Knob:"), m_knob);
    auto* valuesTitle = new QLabel(tr("&Values:"), this);
    valuesTitle->setBuddy(m_from);
    form->addRow(valuesTitle, range);
    form->addRow(QString(), m_values);
    form->addRow(tr("&Compared with:"), m_baseline);
    QWidget* againstRange = makeAgainstFields();
    form->addRow(tr("A&gainst:"), m_against);
    form->addRow(QString(), againstRange);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("&Map"));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addStretch(1);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    showGrid(scenario);

    connect(m_knob, &QComboBox::currentIndexChanged, this, &GridDialog::knobChosen);
    connect(m_setup, &QComboBox::currentIndexChanged, this, &GridDialog::setupChosen);
    connect(m_baseline, &QComboBox::currentIndexChanged, this, &GridDialog::check);
    connect(m_against, &QComboBox::currentIndexChanged, this, &GridDialog::againstChosen);
    for (QDoubleSpinBox* box : {m_againstFrom, m_againstTo, m_againstLoad})
        connect(box, &QDoubleSpinBox::valueChanged, this, &GridDialog::check);
    connect(m_againstCount, &QSpinBox::valueChanged, this, &GridDialog::check);
    connect(m_from, &QDoubleSpinBox::valueChanged, this, &GridDialog::check);
    connect(m_to, &QDoubleSpinBox::valueChanged, this, &GridDialog::check);
    connect(m_count, &QSpinBox::valueChanged, this, &GridDialog::check);
    check();
}

QWidget* GridDialog::makeAgainstFields()
{
    m_against = new QComboBox(this);
    m_against->setAccessibleName(tr("Against"));
    m_against->setToolTip(tr("The map's vertical axis: the scenario's loads, or a second knob's "
                             "values at one load"));
    m_againstRange = new QWidget(this);
    m_againstFrom = new QDoubleSpinBox(m_againstRange);
    m_againstTo = new QDoubleSpinBox(m_againstRange);
    for (QDoubleSpinBox* box : {m_againstFrom, m_againstTo}) {
        box->setRange(0.0, 1e6);
        box->setKeyboardTracking(false);
    }
    m_againstFrom->setAccessibleName(tr("First against value"));
    m_againstTo->setAccessibleName(tr("Last against value"));
    m_againstCount = new QSpinBox(m_againstRange);
    m_againstCount->setRange(1, int(limits::kMaxGridValues));
    m_againstCount->setAccessibleName(tr("Number of against values"));
    m_againstLoad = new QDoubleSpinBox(m_againstRange);
    m_againstLoad->setRange(0.1, limits::kMaxLoad * 100.0);
    m_againstLoad->setDecimals(1);
    m_againstLoad->setSuffix(QStringLiteral(" %"));
    m_againstLoad->setValue(50.0);
    m_againstLoad->setKeyboardTracking(false);
    m_againstLoad->setAccessibleName(tr("Load of every cell"));
    m_againstLoad->setToolTip(tr("The one load every cell and the baseline run at (any load, one "
                                 "of the scenario's or not)"));
    auto* row = new QHBoxLayout(m_againstRange);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_againstFrom, 1);
    row->addWidget(new QLabel(tr("to"), m_againstRange));
    row->addWidget(m_againstTo, 1);
    row->addWidget(new QLabel(tr("in"), m_againstRange));
    row->addWidget(m_againstCount);
    auto* at = new QLabel(tr("values at &load"), m_againstRange);
    at->setBuddy(m_againstLoad);
    row->addWidget(at);
    row->addWidget(m_againstLoad);
    m_againstRange->setVisible(false);
    return m_againstRange;
}

// A two-knob grid's second knob, its values and load in the fields.
void GridDialog::showAgainst(const std::optional<GridAgainst>& against)
{
    fillAgainstKnobs();
    if (!against)
        return;
    m_against->setCurrentIndex(
        std::max(0, m_against->findData(QString::fromStdString(against->knob))));
    againstChosen();
    const auto [lo, hi] = std::minmax_element(against->values.begin(), against->values.end());
    if (lo != against->values.end()) {
        m_againstFrom->setValue(*lo);
        m_againstTo->setValue(*hi);
        m_againstCount->setValue(int(against->values.size()));
    }
    m_againstLoad->setValue(against->load * 100.0);
}

// The grid the scenario has, or a first map of the first hedging setup's first knob.
void GridDialog::showGrid(const Scenario& scenario)
{
    if (scenario.grid) {
        m_setup->setCurrentText(QString::fromStdString(scenario.grid->setup));
        fillKnobs();
        m_knob->setCurrentIndex(m_knob->findData(QString::fromStdString(scenario.grid->knob)));
        knobChosen();
        const auto [lo, hi] =
            std::minmax_element(scenario.grid->values.begin(), scenario.grid->values.end());
        if (lo != scenario.grid->values.end()) {
            m_from->setValue(*lo);
            m_to->setValue(*hi);
            m_count->setValue(int(scenario.grid->values.size()));
        }
        m_baseline->setCurrentIndex(
            std::max(0, m_baseline->findData(QString::fromStdString(scenario.grid->baseline))));
    } else {
        // The first setup that hedges: the first whose own policy has a knob to map (a hedge's
        // or a family's), not "no hedge", which has only the service's.
        const std::vector<const Knob*> knobs = KnobRegistry::gridKnobs();
        for (std::size_t i = 0; i < scenario.setups.size(); ++i)
            if (std::any_of(knobs.begin(), knobs.end(), [&](const Knob* k) {
                                return k->family() && offered(*k, scenario.setups[i]);
                            })) {
                m_setup->setCurrentIndex(int(i));
                break;
            }
        fillKnobs();
        knobChosen();
    }
    showAgainst(scenario.grid ? scenario.grid->against : std::nullopt);
}

bool GridDialog::offered(const Knob& knob, const Setup& setup) const
{
    // What the engine's grid check (GridValidation) would refuse is not offered: another
    // family's knob, a log-normal knob of a measured service, a hedge's knob of a setup without
    // one, a limit's without a limit, a knob its setup overrides, replicas of a fan-out.
    // A member of a family's optional part the setup has off (grpc.throttling.max_tokens
    // without throttling) is not offered either: its cells would switch the part on.
    if (knob.family() && knob.appliesTo(setup) && !knob.read(setup, m_scenario.service))
        return false;
    return knob.appliesTo(setup) && knob.appliesTo(m_scenario.service) &&
           (!knob.needsHedge() || setup.hedge) && (!knob.needsLimit() || setup.adaptiveLimit) &&
           !knob.isOverridden(setup) &&
           !(std::string_view(knob.field) == "service.replicas" && m_scenario.service.hasFanout());
}

std::vector<const Knob*> GridDialog::offeredKnobs(int row) const
{
    const std::vector<const Knob*> knobs = KnobRegistry::gridKnobs();
    if (row < 0)
        return knobs;
    const Setup& setup = m_scenario.setups[std::size_t(row)];
    // The setup's own policy's knobs first (a gRPC setup's hedging delay, not the service's
    // workers, is what a map of it is about), then the limit's and the service's.
    std::vector<const Knob*> own;
    std::vector<const Knob*> rest;
    for (const Knob* k : knobs)
        if (offered(*k, setup))
            (k->family() ? own : rest).push_back(k);
    own.insert(own.end(), rest.begin(), rest.end());
    return own;
}

void GridDialog::fillKnobs()
{
    const QString current = m_knob->currentData().toString();
    const std::vector<const Knob*> knobs = offeredKnobs(m_setup->currentIndex());
    const QSignalBlocker quiet(m_knob);
    m_knob->clear();
    // Where a map of a setup starts when the knob chosen before is not one of its: its own
    // delay (when a hedge goes: hedge.delay_ms, grpc.hedging_delay_ms, envoy.per_try_timeout_ms),
    // else its own first knob; the first in the list is one of those when the setup has any.
    int start = -1;
    for (const Knob* k : knobs) {
        if (start < 0 && k->family() && std::string_view(k->unit) == "ms")
            start = m_knob->count();
        m_knob->addItem(knobTitle(k->field), QString::fromLatin1(k->field));
        m_knob->setItemData(m_knob->count() - 1, KnobFields::toolTip(*k), Qt::ToolTipRole);
    }
    const int kept = m_knob->findData(current);
    m_knob->setCurrentIndex(kept >= 0 ? kept : std::max(0, start));
}

void GridDialog::setupChosen()
{
    const std::string before = knob();
    const std::string againstBefore = againstKnob();
    fillAgainstKnobs();
    if (againstKnob() != againstBefore)
        againstChosen();
    fillKnobs();
    if (knob() != before)
        knobChosen();
    else
        check();
}

std::string GridDialog::knob() const
{
    return m_knob->currentData().toString().toStdString();
}

void GridDialog::knobChosen()
{
    // Where a new map of the knob starts: the spread its row gives, one a user would try first.
    showSpread(knob(), m_from, m_to, m_count);
    check();
}

std::string GridDialog::againstKnob() const
{
    return m_against->currentData().toString().toStdString();
}

void GridDialog::fillAgainstKnobs()
{
    const QString current = m_against->currentData().toString();
    const int row = m_setup->currentIndex();
    const QSignalBlocker quiet(m_against);
    m_against->clear();
    m_against->addItem(tr("Load (the scenario's loads)"), QString());
    for (const Knob* k : offeredKnobs(row)) {
        m_against->addItem(knobTitle(k->field), QString::fromLatin1(k->field));
        m_against->setItemData(m_against->count() - 1, KnobFields::toolTip(*k), Qt::ToolTipRole);
    }
    m_against->setCurrentIndex(std::max(0, m_against->findData(current)));
}

void GridDialog::againstChosen()
{
    showSpread(againstKnob(), m_againstFrom, m_againstTo, m_againstCount);
    m_againstRange->setVisible(!againstKnob().empty());
    check();
}

bool GridDialog::logSpread() const
{
    const Knob* k = KnobRegistry::findGridKnob(knob());
    return k && k->grid->log;
}

std::vector<double> GridDialog::values() const
{
    return spread(knob(), m_from->value(), m_to->value(), m_count->value());
}

std::vector<double> GridDialog::againstValues() const
{
    if (againstKnob().empty())
        return {};
    return spread(againstKnob(), m_againstFrom->value(), m_againstTo->value(),
                  m_againstCount->value());
}

Scenario GridDialog::result() const
{
    Scenario s = m_scenario;
    Grid grid;
    grid.setup = m_setup->currentText().toStdString();
    grid.knob = knob();
    grid.values = values();
    grid.baseline = m_baseline->currentData().toString().toStdString();
    if (!againstKnob().empty())
        grid.against = GridAgainst{.knob = againstKnob(),
                                   .values = againstValues(),
                                   .load = m_againstLoad->value() / 100.0};
    s.grid = std::move(grid);
    return s;
}

QString GridDialog::personWords(const ScenarioError& error) const
{
    // A value of a knob: "Max attempts: 14 is out of range (allowed 1 … 10)." The engine's
    // "grid.values[3]" and "for hedge.max_attempts" say it for a file.
    const std::string& field = error.field();
    const bool second = field.starts_with("grid.against.values");
    if (field.starts_with("grid.values") || second) {
        const Knob* k = KnobRegistry::findGridKnob(second ? againstKnob() : knob());
        std::string problem = error.problem();
        if (k) {
            const std::string tail = std::string(" for ") + k->field;
            if (const auto at = problem.find(tail); at != std::string::npos)
                problem.erase(at, tail.size());
        }
        const QString name =
            k ? QCoreApplication::translate("KnobRegistry", k->editor.name)
              : knobTitle(second ? againstKnob() : knob());
        return tr("%1: %2.").arg(name, QString::fromStdString(problem));
    }
    // Anything else (a scenario the dialog was opened on that does not read): the engine's
    // words after a sentence that says what they are about.
    return tr("This map cannot be run: %1").arg(QString::fromUtf8(error.what()));
}

QString GridDialog::problem() const
{
    return m_problemText;
}

void GridDialog::check()
{
    const std::vector<double> v = values();
    const QLocale locale;
    QStringList shown;
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (v.size() > 12 && i == 6) {
            shown << QStringLiteral("…");
            i = v.size() - 3;
        }
        shown << locale.toString(v[i], 'g', 4);
    }
    const std::vector<double> rows = againstValues();
    const QString rowsText = rows.empty() ? tr("the %1 loads").arg(m_scenario.loads.size())
                                          : tr("the %1 values of %2")
                                                .arg(rows.size())
                                                .arg(knobTitle(againstKnob()));
    const qsizetype cells =
        qsizetype(v.size()) * qsizetype(rows.empty() ? m_scenario.loads.size() : rows.size());
    m_values->setText(tr("%n value(s): %1 — %2 cells with %3", nullptr, int(v.size()))
                          .arg(shown.join(QStringLiteral(", ")))
                          .arg(cells)
                          .arg(rowsText));
    m_problemText.clear();
    if (m_from->value() > m_to->value())
        m_problemText = tr("The first value (%1) is above the last (%2).")
                            .arg(locale.toString(m_from->value()), locale.toString(m_to->value()));
    else if (logSpread() && !(m_from->value() > 0.0))
        m_problemText = tr("%1 is spread on a log scale (equal ratios): the first value must be "
                           "above 0.")
                            .arg(knobTitle(knob()));
    else if (!againstKnob().empty() && m_againstFrom->value() > m_againstTo->value())
        m_problemText = tr("The first value of %1 (%2) is above the last (%3).")
                            .arg(knobTitle(againstKnob()), locale.toString(m_againstFrom->value()),
                                 locale.toString(m_againstTo->value()));
    else if (const std::optional<ScenarioError> error = firstScenarioError(result()))
        m_problemText = personWords(*error);
    m_problem->setText(m_problemText);
    m_problem->setVisible(!m_problemText.isEmpty());
    m_ok->setEnabled(m_problemText.isEmpty());
}

} // namespace hedge
