#include "ScenarioDescription.h"

#include <hedge/KnobRegistry.h>

#include <QStringList>

#include <string_view>

namespace hedge {

namespace {

// The knobs the first words of a setup's description already give.
bool inHeadline(std::string_view field)
{
    return field == "hedge" || field == "adaptive_limit" || field == "hedge.delay_ms" ||
           field == "hedge.max_attempts" || field == "hedge.budget_percent";
}

// The hedge's or the limit's knobs that are not at their default: "budget window 20 s".
QStringList changedKnobs(const Setup& setup, const char* group)
{
    QStringList parts;
    const ServiceConfig service;
    for (const Knob* k : KnobRegistry::group(group)) {
        const Knob& knob = *k;
        if (inHeadline(knob.field))
            continue;
        // A budget's floor and window mean nothing without a budget.
        if (std::string_view(knob.field).starts_with("hedge.budget_") && setup.hedge &&
            !setup.hedge->hasBudget())
            continue;
        const std::optional<double> value = knob.read(setup, service);
        if (!value || *value == knob.defaultValue())
            continue;
        QString part = QString::fromUtf8(knob.editor.name).toLower() + QLatin1Char(' ') +
                       ScenarioDescription::number(*value);
        if (*knob.unit)
            part += QLatin1Char(' ') + QString::fromUtf8(knob.unit);
        parts << part;
    }
    return parts;
}

// A family's knobs as they stand (docs/policies.md spells them so): "max attempts 3, hedging
// delay 20 ms, throttling (max tokens 10, token ratio 0.1)"; a flag by its name when on, a part
// "… off" when off.
QStringList familyKnobs(const Setup& setup, const std::string& group)
{
    QStringList parts;
    const ServiceConfig service;
    const std::vector<const Knob*> knobs = KnobRegistry::group(group);
    for (std::size_t i = 0; i < knobs.size(); ++i) {
        const Knob& knob = *knobs[i];
        const QString name = QString::fromUtf8(knob.editor.name).toLower();
        const std::optional<double> value = knob.read(setup, service);
        if (!value)
            continue; // a knob of a part that is off
        if (knob.omitDefault && *value == knob.defaultValue()) {
            // A row added later (the retries) at its default: described as before it existed.
            if (knob.isOnOff())
                while (i + 1 < knobs.size() && std::string_view(knobs[i + 1]->field)
                                                   .starts_with(std::string(knob.field) + "."))
                    ++i;
            continue;
        }
        if (knob.isFlag()) {
            if (*value != 0.0)
                parts << name;
        } else if (knob.isOnOff()) {
            const std::string prefix = std::string(knob.field) + ".";
            const QStringList members = *value != 0.0 ? familyKnobs(setup, prefix) : QStringList();
            parts << (*value == 0.0 ? ScenarioDescription::tr("%1 off").arg(name)
                                    : QStringLiteral("%1 (%2)").arg(
                                          name, members.join(QStringLiteral(", "))));
            while (i + 1 < knobs.size() &&
                   std::string_view(knobs[i + 1]->field).starts_with(prefix))
                ++i;
        } else if (*value == 0.0 && std::string_view(knob.field) == "envoy.backoff_max_ms") {
            // 0 is Envoy's default, 10 × the base: the figure in force, not "0 ms".
            parts << ScenarioDescription::tr("%1 %2 ms (10 × base)")
                         .arg(name, ScenarioDescription::number(setup.families.envoy.backoffMax()));
        } else if (*value == 0.0 && *knob.editor.zeroText) {
            // What the editor shows for 0: "per-try timeout none".
            parts << name + QLatin1Char(' ') + QString::fromUtf8(knob.editor.zeroText);
        } else {
            QString part =
                name + QLatin1Char(' ') + ScenarioDescription::number(*value * knob.editor.scale);
            const QString unit =
                knob.editor.scale != 1.0 ? QStringLiteral("%") : QString::fromUtf8(knob.unit);
            if (!unit.isEmpty())
                part += QLatin1Char(' ') + unit;
            parts << part;
        }
    }
    return parts;
}

QString balancerText(BalancerKind kind)
{
    switch (kind) {
    case BalancerKind::RoundRobin:
        return ScenarioDescription::tr("round-robin balancer");
    case BalancerKind::Random:
        return ScenarioDescription::tr("random balancer");
    case BalancerKind::LeastOutstanding:
        return ScenarioDescription::tr("least-outstanding balancer");
    case BalancerKind::TwoChoices:
        return ScenarioDescription::tr("two-choices balancer");
    }
    return {};
}

} // namespace

QString ScenarioDescription::number(double value)
{
    return QString::number(value, 'g', 6);
}

QString ScenarioDescription::setup(const Setup& setup)
{
    QStringList parts;
    if (setup.isFamily()) {
        const std::string family = toString(setup.policy);
        parts << tr("policy %1: %2")
                     .arg(QString::fromStdString(family),
                          familyKnobs(setup, family + ".").join(QStringLiteral(", ")));
        if (setup.policy == PolicyFamily::Grpc)
            parts << tr("flavour %1").arg(QString::fromUtf8(toString(setup.families.grpc.flavour)));
        if (const auto& delays = setup.families.polly.delayPerAttemptMs;
            setup.policy == PolicyFamily::Polly && !delays.empty()) {
            QStringList each;
            for (double d : delays)
                each << number(d);
            parts << tr("delays per hedge %1 ms").arg(each.join(QStringLiteral(", ")));
        }
    } else if (const auto& h = setup.hedge) {
        parts << tr("hedge after %1 ms, up to %2 attempts, %3")
                     .arg(number(h->delayMs), number(h->maxAttempts),
                          h->hasBudget() ? tr("budget %1 %").arg(number(h->budgetPercent))
                                         : tr("no budget"));
        parts << changedKnobs(setup, "hedge.");
        if (h->placement == HedgePlacement::OtherReplica)
            parts << tr("hedges to another replica");
    } else {
        parts << tr("no hedge");
    }
    if (setup.adaptiveLimit) {
        const QStringList limit = changedKnobs(setup, "adaptive_limit.");
        parts << (limit.isEmpty()
                      ? tr("adaptive limit")
                      : tr("adaptive limit (%1)").arg(limit.join(QStringLiteral(", "))));
    }
    parts << (setup.cancellation == Cancellation::Server ? tr("cancellation reaches the server")
                                                         : tr("client-only cancellation"));
    return parts.join(QStringLiteral(", "));
}

QString ScenarioDescription::topology(const ServiceConfig& service)
{
    QStringList parts;
    // docs/fanout.md, "Model": n partitions of c copies, a call done at its k-th answer.
    if (service.fansOut()) {
        const int k = service.partsToWaitFor();
        parts << (k == service.fanoutParts
                      ? tr("every call fans out to %1 partitions and waits for all of them")
                            .arg(service.fanoutParts)
                      : tr("every call fans out to %1 partitions and waits for %2 of them")
                            .arg(service.fanoutParts)
                            .arg(k));
        parts << (service.fanoutCopies == 1
                      ? tr("one copy of %1 workers each").arg(service.workers)
                      : tr("%1 copies of %2 workers each, %3")
                            .arg(service.fanoutCopies)
                            .arg(service.workers)
                            .arg(balancerText(service.balancer)));
    } else if (service.replicas == 1)
        parts << tr("one replica, one queue");
    else
        parts << tr("%1 replicas of %2 workers, each with its own queue, %3")
                     .arg(service.replicas)
                     .arg(service.workers)
                     .arg(balancerText(service.balancer));
    if (service.hiccupCorrelation > 0.0)
        parts << tr("hiccup correlation %1").arg(number(service.hiccupCorrelation));
    if (const auto& slow = service.slowdowns)
        parts << tr("slow periods %1 a minute per replica, %2 ms long, at %3 × the service time")
                     .arg(number(slow->perMinute), number(slow->durationMs), number(slow->factor));
    else
        parts << tr("no slow periods");
    return parts.join(QStringLiteral(", "));
}

} // namespace hedge
