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
    if (const auto& h = setup.hedge) {
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
    if (service.replicas == 1)
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
