#include <hedge/document/PresetEdits.h>

#include <hedge/Knob.h>
#include <hedge/KnobRegistry.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <variant>

namespace hedge {

namespace {

bool isServiceKnob(const Knob& knob)
{
    return std::holds_alternative<double ServiceConfig::*>(knob.member) ||
           std::holds_alternative<int ServiceConfig::*>(knob.member);
}

QString quoted(const std::string& name)
{
    return QStringLiteral("“%1”").arg(QString::fromStdString(name));
}

QString numberText(double value, int decimals)
{
    QString text = QString::number(value, 'f', std::max(0, decimals));
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    return text;
}

// "30–95 % (9 loads)"
QString loadsText(const std::vector<double>& loads)
{
    if (loads.empty())
        return PresetEdits::tr("none");
    return PresetEdits::tr("%1–%2 % (%n loads)", nullptr, int(loads.size()))
        .arg(numberText(loads.front() * 100.0, 1), numberText(loads.back() * 100.0, 1));
}

// How many of the setups' knobs (their policy and cancellation too) differ.
int differingKnobs(const Setup& a, const Setup& b)
{
    const ServiceConfig service;
    int count = int(a.policy != b.policy) + int(a.cancellation != b.cancellation);
    for (const Knob& knob : KnobRegistry::all())
        if (!isServiceKnob(knob) && knob.read(a, service) != knob.read(b, service))
            ++count;
    return count;
}

// The setups of `now` matched with the preset's: by name, else by policy, else (renamed by an
// edit) by likeness.
std::vector<std::optional<std::size_t>> matchSetups(const std::vector<Setup>& preset,
                                                    const std::vector<Setup>& now)
{
    std::vector<std::optional<std::size_t>> match(now.size());
    std::vector<bool> used(preset.size(), false);
    for (std::size_t i = 0; i < now.size(); ++i)
        for (std::size_t j = 0; j < preset.size(); ++j)
            if (!used[j] && preset[j].name == now[i].name) {
                match[i] = j;
                used[j] = true;
                break;
            }
    // A setup renamed by hand keeps its policy.
    for (std::size_t i = 0; i < now.size(); ++i)
        for (std::size_t j = 0; j < preset.size() && !match[i]; ++j)
            if (!used[j] && preset[j].samePolicy(now[i])) {
                match[i] = j;
                used[j] = true;
            }
    // A name that follows the policy was renamed by an edit: the setup is the preset's that it
    // differs least from (nearest row on a tie). A name of the user's own, new: an added setup.
    for (std::size_t i = 0; i < now.size(); ++i) {
        if (match[i] || !now[i].nameFollowsPolicy())
            continue;
        std::optional<std::size_t> best;
        int fewest = 0;
        for (std::size_t j = 0; j < preset.size(); ++j) {
            const int d = used[j] ? -1 : differingKnobs(preset[j], now[i]);
            const auto row = [i](std::size_t k) { return k > i ? k - i : i - k; };
            if (d >= 0 && (!best || d < fewest || (d == fewest && row(j) < row(*best)))) {
                best = j;
                fewest = d;
            }
        }
        if (best) {
            match[i] = best;
            used[*best] = true;
        }
    }
    return match;
}

// "cache.csv" (the file's name, without its folder), "typed percentiles", "the log-normal
// model".
QString distributionSource(const SharedDistribution& distribution)
{
    if (!distribution)
        return PresetEdits::tr("the log-normal model");
    if (distribution->kind == DistributionKind::Percentiles)
        return PresetEdits::tr("typed percentiles");
    const std::string& path = distribution->source;
    const std::size_t slash = path.find_last_of("/\\");
    return QString::fromStdString(slash == std::string::npos ? path : path.substr(slash + 1));
}

QString suffixOf(const Knob& knob)
{
    return knob.isOnOff() || knob.isFlag() ? QString() : QString::fromUtf8(knob.editor.suffix);
}

// "0 → 10 %"; two values the editor would show alike are written in full.
QString changeText(const Knob& knob, double from, double to)
{
    QString a = PresetEdits::valueText(knob, from);
    QString b = PresetEdits::valueText(knob, to);
    if (a == b) {
        const double scale = knob.editor.scale > 0.0 ? knob.editor.scale : 1.0;
        a = QString::number(from * scale, 'g', 9);
        b = QString::number(to * scale, 'g', 9);
    }
    return QStringLiteral("%1 → %2%3").arg(a, b, suffixOf(knob));
}

} // namespace

QString PresetEdits::undoText(const Scenario& before, const Scenario& after,
                              const QString& fallback)
{
    // Edit → Undo names the knob, the setup and the values ("Undo delay of "budget 10 %"
    // 20 → 30 ms"), as the explanation pane does (PresetEdits), not "Edit Service and Run".
    const QStringList edits = between(before, after);
    if (edits.isEmpty())
        return fallback;
    constexpr int kNamed = 2;
    QString text = edits.mid(0, kNamed).join(QStringLiteral("; "));
    if (edits.size() > kNamed)
        text += tr(" and %1 more").arg(edits.size() - kNamed);
    return text;
}

QString PresetEdits::valueText(const Knob& knob, double value)
{
    if (knob.isOnOff() || knob.isFlag())
        return value != 0.0 ? tr("on") : tr("off");
    const double scale = knob.editor.scale > 0.0 ? knob.editor.scale : 1.0;
    return numberText(value * scale, knob.wholeNumber() ? 0 : std::max(knob.editor.decimals, 1));
}

QString PresetEdits::knobName(const Knob& knob)
{
    QString name = QString::fromUtf8(knob.editor.name);
    if (name.isEmpty())
        return QString::fromUtf8(knob.field);
    // "Budget" → "budget"; an acronym ("RTT tolerance", "TTL") keeps its capitals.
    if (name.size() < 2 || !name.at(1).isUpper())
        name[0] = name.at(0).toLower();
    return name;
}

void PresetEdits::setupEdits(const Setup& from, const Setup& to, QStringList& edits)
{
    const QString who = quoted(from.name);
    const qsizetype before = edits.size();
    if (from.policy != to.policy)
        edits << tr("policy of %1 %2 → %3")
                     .arg(who, QString::fromUtf8(toString(from.policy)),
                          QString::fromUtf8(toString(to.policy)));
    if (from.cancellation != to.cancellation)
        edits << tr("cancellation of %1 %2 → %3")
                     .arg(who, QString::fromUtf8(toString(from.cancellation)),
                          QString::fromUtf8(toString(to.cancellation)));
    // What the knobs alone would make of `from`: anything else left is said in general.
    Setup probe = from;
    ServiceConfig unused;
    for (const Knob& knob : KnobRegistry::all()) {
        if (isServiceKnob(knob) || !knob.appliesTo(to))
            continue;
        const std::optional<double> a = knob.read(from, unused);
        const std::optional<double> b = knob.read(to, unused);
        if (!b || a == b)
            continue; // a field of a part switched off, or unchanged
        knob.write(probe, unused, *b);
        // A part switched on says so; its fields are named only where not its defaults.
        if (!a && *b == knob.defaultValue())
            continue;
        edits << (a ? tr("%1 of %2 %3").arg(knobName(knob), who, changeText(knob, *a, *b))
                    : tr("%1 of %2 set to %3%4")
                          .arg(knobName(knob), who, valueText(knob, *b), suffixOf(knob)));
    }
    if (from.hedge && to.hedge && from.hedge->placement != to.hedge->placement)
        edits << tr("hedges of %1 go to %2 → %3")
                     .arg(who, QString::fromUtf8(toString(from.hedge->placement)),
                          QString::fromUtf8(toString(to.hedge->placement)));
    probe.cancellation = to.cancellation;
    probe.policy = to.policy;
    if (probe.hedge && to.hedge)
        probe.hedge->placement = to.hedge->placement;
    if (!probe.samePolicy(to) || (edits.size() == before && !from.samePolicy(to)))
        edits << tr("other settings of %1").arg(who);
    // A name the user gave (one that follows the policy changes with it, and is no news).
    if (from.name != to.name && !to.nameFollowsPolicy())
        edits << tr("setup %1 renamed %2").arg(who, quoted(to.name));
}

void PresetEdits::serviceEdits(const ServiceConfig& from, const ServiceConfig& to,
                               QStringList& edits)
{
    // Where the service time comes from, first: the edit a user made with From Measurements… or
    // Use the Log-Normal Model: said by its source, not as "other settings".
    if (!(from.distribution == to.distribution))
        edits << tr("service time from %1").arg(distributionSource(to.distribution));
    const Setup unused;
    Setup writable;
    ServiceConfig probe = from;
    for (const Knob& knob : KnobRegistry::all()) {
        if (!isServiceKnob(knob))
            continue;
        const std::optional<double> a = knob.read(unused, from);
        const std::optional<double> b = knob.read(unused, to);
        if (!a || !b || a == b)
            continue;
        knob.write(writable, probe, *b);
        const QString where = knob.group() == "fanout." ? tr("fan-out") : tr("service");
        edits << tr("%1 %2 %3").arg(where, knobName(knob), changeText(knob, *a, *b));
    }
    if (from.replicas != to.replicas && from.fanoutParts == to.fanoutParts &&
        from.fanoutCopies == to.fanoutCopies)
        edits << tr("service replicas %1 → %2").arg(from.replicas).arg(to.replicas);
    if (from.balancer != to.balancer)
        edits << tr("service balancer %1 → %2")
                     .arg(QString::fromUtf8(toString(from.balancer)),
                          QString::fromUtf8(toString(to.balancer)));
    probe.replicas = to.replicas;
    probe.balancer = to.balancer;
    probe.distribution = to.distribution;
    if (!(probe == to))
        edits << tr("other settings of the service");
}

void PresetEdits::runEdits(const Scenario& from, const Scenario& to, QStringList& edits)
{
    if (from.loads != to.loads)
        edits << tr("loads %1 → %2").arg(loadsText(from.loads), loadsText(to.loads));
    if (from.calls != to.calls)
        edits << tr("calls %1 → %2").arg(from.calls).arg(to.calls);
    if (from.replicates != to.replicates)
        edits << tr("replicates %1 → %2").arg(from.replicates).arg(to.replicates);
    if (from.warmupFraction != to.warmupFraction)
        edits << tr("warm-up %1 → %2 %")
                     .arg(numberText(from.warmupFraction * 100.0, 1),
                          numberText(to.warmupFraction * 100.0, 1));
    if (from.seed != to.seed)
        edits << tr("seed %1 → %2").arg(from.seed).arg(to.seed);
    if (from.grid != to.grid)
        edits << (to.grid ? (from.grid ? tr("the map’s knob or values") : tr("a map added"))
                          : tr("the map removed"));
    if (from.timeline != to.timeline)
        edits << (to.timeline ? (from.timeline ? tr("the timeline") : tr("a timeline added"))
                              : tr("the timeline removed"));
}

QStringList PresetEdits::between(const Scenario& preset, const Scenario& now)
{
    QStringList edits;
    if (preset == now)
        return edits;
    const std::vector<std::optional<std::size_t>> match = matchSetups(preset.setups, now.setups);
    std::vector<bool> kept(preset.setups.size(), false);
    std::vector<std::size_t> order; // the preset's rows of the kept setups, in today's order
    for (std::size_t i = 0; i < now.setups.size(); ++i)
        if (match[i]) {
            kept[*match[i]] = true;
            order.push_back(*match[i]);
        }
    for (std::size_t j = 0; j < preset.setups.size(); ++j) {
        if (!kept[j]) {
            edits << tr("setup %1 removed").arg(quoted(preset.setups[j].name));
            continue;
        }
        for (std::size_t i = 0; i < now.setups.size(); ++i)
            if (match[i] == j)
                setupEdits(preset.setups[j], now.setups[i], edits);
    }
    for (std::size_t i = 0; i < now.setups.size(); ++i)
        if (!match[i])
            edits << tr("setup %1 added").arg(quoted(now.setups[i].name));
    if (!std::is_sorted(order.begin(), order.end()))
        edits << tr("setups reordered");
    serviceEdits(preset.service, now.service, edits);
    runEdits(preset, now, edits);
    if (edits.isEmpty()) // equal by every measure above, unequal as scenarios: say so anyway
        edits << tr("the scenario");
    return edits;
}

QString PresetEdits::summary(const QStringList& edits, int shown)
{
    const QStringList first = edits.mid(0, shown);
    QString text = tr("Edited: %1").arg(first.join(QStringLiteral("; ")));
    if (edits.size() > first.size())
        text += tr(" and %n more", nullptr, int(edits.size() - first.size()));
    return text;
}

} // namespace hedge
