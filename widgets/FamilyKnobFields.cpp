#include "FamilyKnobFields.h"

#include "KnobFields.h"
#include "SpinBoxes.h"

#include <hedge/KnobRegistry.h>

#include <QAbstractSpinBox>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QLineEdit>
#include <QRegularExpressionValidator>

#include <string_view>

namespace hedge {

namespace {

// "100, 200, 400": Polly's delays per attempt as the field shows them.
QString delaysText(const std::vector<double>& delays)
{
    QStringList parts;
    for (double d : delays)
        parts << QString::number(d, 'g', 10);
    return parts.join(QStringLiteral(", "));
}

std::vector<double> delaysOf(const QString& text)
{
    std::vector<double> delays;
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const double d = part.trimmed().toDouble(&ok);
        if (ok)
            delays.push_back(d);
    }
    return delays;
}

} // namespace

FamilyKnobFields::FamilyKnobFields(PolicyFamily family, QWidget* parent)
    : QWidget(parent), m_family(family)
{
    auto* form = new QFormLayout(this);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    addKnobs(form, KnobRegistry::group(std::string(toString(family)) + "."), nullptr);
    addExtras(form);
    for (const auto& [knob, check] : m_checks)
        connect(check, &QCheckBox::toggled, this, [this] {
            updateEnabled();
            emit edited();
        });
    updateEnabled();
}

// In the rows' order: runs of numbers as one KnobFields each, a flag or a part as a checkbox,
// a part's knobs under its checkbox, enabled with it.
void FamilyKnobFields::addKnobs(QFormLayout* form, const std::vector<const Knob*>& knobs,
                                QCheckBox* part)
{
    std::vector<const Knob*> run;
    for (std::size_t i = 0; i < knobs.size(); ++i) {
        const Knob* knob = knobs[i];
        if (!knob->isOnOff() && !knob->isFlag()) {
            run.push_back(knob);
            continue;
        }
        addNumbers(form, std::exchange(run, {}), part);
        QCheckBox* check = KnobFields::makeCheck(*knob, this);
        m_checks.emplace_back(knob, check);
        if (part)
            m_checkParts.emplace_back(check, part);
        form->addRow(check);
        if (!knob->isOnOff())
            continue;
        const std::string prefix = std::string(knob->field) + ".";
        std::vector<const Knob*> members;
        for (; i + 1 < knobs.size() && std::string_view(knobs[i + 1]->field).starts_with(prefix);
             ++i)
            members.push_back(knobs[i + 1]);
        // In the family's own form, not a panel of their own: a nested form in a spanning row
        // is squeezed below its height once the editor scrolls (seen at 1024 × 700, Envoy).
        addKnobs(form, members, check);
    }
    addNumbers(form, run, part);
}

void FamilyKnobFields::addNumbers(QFormLayout* form, std::vector<const Knob*> run,
                                  QCheckBox* part)
{
    if (run.empty())
        return;
    auto* fields = new KnobFields(std::move(run), this);
    if (part)
        m_parts.emplace_back(part, fields);
    m_messages << fields->addRows(form, nullptr);
    connect(fields, &KnobFields::edited, this, &FamilyKnobFields::edited);
    connect(fields, &KnobFields::dragStarted, this, &FamilyKnobFields::dragStarted);
    connect(fields, &KnobFields::dragFinished, this, &FamilyKnobFields::dragFinished);
    m_fields.push_back(fields);
}

// The settings that are not numbers, as the hedge's placement is not a row either.
void FamilyKnobFields::addExtras(QFormLayout* form)
{
    if (m_family == PolicyFamily::Grpc) {
        m_flavour = new QComboBox(this);
        takeWheelOnlyWhenFocused(m_flavour);
        // In the order of GrpcFlavour.
        m_flavour->addItem(tr("grpc-java (java)"));
        m_flavour->addItem(tr("gRFC A6 (a6)"));
        m_flavour->addItem(tr("grpc-js (js)"));
        m_flavour->setAccessibleName(tr("Flavour"));
        m_flavour->setToolTip(
            tr("Which client's reading of gRFC A6 to follow. grpc-java: a throttled non-fatal "
               "error ends the call at once, and after a non-fatal error the next hedge waits "
               "for its timer. A6: the call ends only when no other attempt is in flight, and "
               "the next hedge is sent at once. grpc-js: delays in whole milliseconds, the next "
               "hedge 1 ms after a non-fatal error, and retryThrottling never holds a hedge "
               "back.\nDefault: grpc-java (grpc-java RetriableStream.java)."));
        form->addRow(tr("&Flavour:"), m_flavour);
        connect(m_flavour, &QComboBox::currentIndexChanged, this, &FamilyKnobFields::edited);
    }
    if (m_family == PolicyFamily::Polly) {
        m_delays = new QLineEdit(this);
        m_delays->setAccessibleName(tr("Delay per attempt"));
        m_delays->setPlaceholderText(tr("none"));
        // Numbers (ms) separated by commas; a negative one waits for a failure.
        static const QRegularExpression kDelays(
            QStringLiteral(R"(^\s*(-?\d+(\.\d*)?\s*(,\s*-?\d+(\.\d*)?\s*)*)?,?\s*$)"));
        m_delays->setValidator(new QRegularExpressionValidator(kDelays, m_delays));
        m_delays->setToolTip(
            tr("DelayGenerator: the delay before each hedge in ms, the first hedge's first, "
               "separated by commas; the last repeats. Empty: every hedge waits the delay.\n"
               "Default: none (Polly.Core HedgingStrategyOptions.cs)."));
        form->addRow(tr("Del&ays (ms):"), m_delays);
        connect(m_delays, &QLineEdit::editingFinished, this, &FamilyKnobFields::edited);
    }
}

QCheckBox* FamilyKnobFields::check(const std::string& field) const
{
    for (const auto& [knob, box] : m_checks)
        if (field == knob->field)
            return box;
    return nullptr;
}

QComboBox* FamilyKnobFields::choice(const std::string& field) const
{
    for (KnobFields* fields : m_fields)
        if (QComboBox* c = fields->choice(field))
            return c;
    return nullptr;
}

QAbstractSpinBox* FamilyKnobFields::box(const std::string& field) const
{
    for (KnobFields* fields : m_fields)
        if (QAbstractSpinBox* b = fields->box(field))
            return b;
    return nullptr;
}

void FamilyKnobFields::show(const Setup& setup)
{
    const ServiceConfig unused;
    for (const auto& [knob, box] : m_checks) {
        const QSignalBlocker block(box);
        // A flag in a part that is off shows its default, which switching the part on gives.
        box->setChecked(knob->read(setup, unused).value_or(knob->defaultValue()) != 0.0);
    }
    for (KnobFields* fields : m_fields)
        fields->show(setup, unused);
    if (m_flavour) {
        const QSignalBlocker block(m_flavour);
        m_flavour->setCurrentIndex(static_cast<int>(setup.families.grpc.flavour));
    }
    if (m_delays)
        m_delays->setText(delaysText(setup.families.polly.delayPerAttemptMs));
    updateEnabled();
}

void FamilyKnobFields::applyTo(Setup& setup) const
{
    ServiceConfig unused;
    // Parts first (the rows' order puts a part before its knobs): a knob is written only into
    // a part that is on, since writing it would switch the part on.
    for (const auto& [knob, box] : m_checks)
        if (knob->read(setup, unused))
            knob->write(setup, unused, box->isChecked() ? 1.0 : 0.0);
    for (KnobFields* fields : m_fields)
        fields->applyTo(setup, unused);
    if (m_flavour)
        setup.families.grpc.flavour = static_cast<GrpcFlavour>(m_flavour->currentIndex());
    if (m_delays)
        setup.families.polly.delayPerAttemptMs = delaysOf(m_delays->text());
}

bool FamilyKnobFields::partOn(QCheckBox* part) const
{
    while (part) {
        if (!part->isChecked())
            return false;
        QCheckBox* outer = nullptr;
        for (const auto& [check, enclosing] : m_checkParts)
            if (check == part)
                outer = enclosing;
        part = outer;
    }
    return true;
}

void FamilyKnobFields::updateEnabled()
{
    for (const auto& [check, part] : m_checkParts)
        check->setEnabled(partOn(part));
    // A part's knobs with its checkbox; a knob that another part overrides while that part is
    // on (Knob::unusedWhileOn: Envoy's max_retries under a retry budget) says why it is off.
    for (KnobFields* fields : m_fields) {
        QCheckBox* part = nullptr;
        for (const auto& [check, partFields] : m_parts)
            if (partFields == fields)
                part = check;
        for (std::size_t i = 0; i < fields->boxes().size(); ++i) {
            const Knob& knob = *fields->knobs()[i];
            QCheckBox* over = *knob.unusedWhileOn ? check(knob.unusedWhileOn) : nullptr;
            const bool overridden = over && over->isChecked();
            QAbstractSpinBox* box = fields->boxes()[i];
            box->setEnabled(partOn(part) && !overridden);
            box->setToolTip(overridden ? QCoreApplication::translate("KnobRegistry",
                                                                     knob.unusedWhy)
                                       : KnobFields::toolTip(knob));
        }
    }
}

} // namespace hedge
