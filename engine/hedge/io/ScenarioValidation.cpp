#include <hedge/io/ScenarioValidation.h>

#include "FanoutValidation.h"
#include "Format.h"
#include "GridValidation.h"

#include <hedge/KnobRegistry.h>
#include <hedge/sim/SweepPoints.h>

#include <algorithm>

#include <cmath>
#include <set>
#include <string>

namespace hedge {

namespace {

using io_detail::kNotReadWithATable;


using io_detail::formatNumber;

[[noreturn]] void fail(const std::string& field, const std::string& problem)
{
    throw ScenarioError(field, problem);
}

// NaN fails every comparison below, so it is reported as out of range; infinities are
// rejected before the range so that "inf is out of range (allowed ≥ 0)" cannot happen.
void requireFinite(const std::string& field, double value)
{
    if (!std::isfinite(value))
        fail(field, formatNumber(value) + " is not a finite number");
}

void closed(const std::string& field, double value, double lo, double hi)
{
    requireFinite(field, value);
    if (!(value >= lo && value <= hi))
        fail(field, io_detail::outOfRange(formatNumber(value),
                                          formatNumber(lo) + " … " + formatNumber(hi)));
}

void positive(const std::string& field, double value)
{
    requireFinite(field, value);
    if (!(value > 0.0))
        fail(field, io_detail::outOfRange(formatNumber(value), "> 0"));
}

void nonNegative(const std::string& field, double value)
{
    requireFinite(field, value);
    if (!(value >= 0.0))
        fail(field, io_detail::outOfRange(formatNumber(value), "≥ 0"));
}

void atLeast(const std::string& field, double value, double lo)
{
    requireFinite(field, value);
    if (!(value >= lo))
        fail(field, io_detail::outOfRange(formatNumber(value), "≥ " + formatNumber(lo)));
}

void integer(const std::string& field, std::int64_t value, std::int64_t lo, std::int64_t hi)
{
    if (value < lo || value > hi)
        fail(field, io_detail::outOfRange(std::to_string(value), io_detail::intRange(lo, hi)));
}

// Names reach JSON, CSV and the screen; the parser only ever produces valid UTF-8, a name
// built elsewhere must be too. Rejects overlong forms, surrogates and code points > U+10FFFF.
bool isValidUtf8(const std::string& text)
{
    std::size_t i = 0;
    while (i < text.size()) {
        const auto byte = [&text](std::size_t at) { return static_cast<unsigned char>(text[at]); };
        const unsigned char c = byte(i);
        std::size_t length = 0;
        std::uint32_t code = 0;
        if (c < 0x80) {
            ++i;
            continue;
        } else if ((c & 0xE0) == 0xC0) {
            length = 2;
            code = c & 0x1F;
        } else if ((c & 0xF0) == 0xE0) {
            length = 3;
            code = c & 0x0F;
        } else if ((c & 0xF8) == 0xF0) {
            length = 4;
            code = c & 0x07;
        } else {
            return false;
        }
        if (i + length > text.size())
            return false;
        for (std::size_t k = 1; k < length; ++k) {
            if ((byte(i + k) & 0xC0) != 0x80)
                return false;
            code = (code << 6) | (byte(i + k) & 0x3F);
        }
        constexpr std::uint32_t kMinimum[] = {0, 0, 0x80, 0x800, 0x10000};
        if (code < kMinimum[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
            return false;
        i += length;
    }
    return true;
}

// Every knob of `group` (KnobRegistry) in its range, in the registry's order; `path` names the
// object they are in ("service", "setups[2].hedge").
void validateKnobs(const std::string& path, std::string_view group, const Setup& setup,
                   const ServiceConfig& service)
{
    for (const Knob* knob : KnobRegistry::group(group)) {
        const std::optional<double> value = knob->read(setup, service);
        if (!value)
            continue;
        // "throttling.max_tokens" in "grpc.": a part's knob is inside the part's object.
        const std::string rest = std::string(knob->field).substr(group.size());
        const std::string field = path.empty() ? rest : path + "." + rest;
        if (knob->wholeNumber()) {
            if (!knob->range.contains(*value))
                fail(field, io_detail::outOfRange(std::to_string(std::int64_t(*value)),
                                                  knob->range.text(true)));
            continue;
        }
        requireFinite(field, *value);
        if (!knob->range.contains(*value))
            fail(field, io_detail::outOfRange(formatNumber(*value), knob->range.text(false)));
    }
}

void validateService(const ServiceConfig& s)
{
    validateKnobs("service", "service.", Setup{}, s);
    if (s.hiccupMinMs > s.hiccupMaxMs)
        fail("service.hiccup_min_ms",
             formatNumber(s.hiccupMinMs) + " is greater than service.hiccup_max_ms (" +
                 formatNumber(s.hiccupMaxMs) + "); hiccup_min_ms must be ≤ hiccup_max_ms");
    validateKnobs("fanout", "fanout.", Setup{}, s);
    io_detail::validateFanout(s);
    // With a fan-out the balancer chooses among one partition's copies only (docs/fanout.md,
    // "Limits"): the service may have more replicas in all.
    integer("service.replicas", s.replicas, limits::kMinReplicas,
            s.hasFanout() ? limits::kMaxFanoutReplicas : limits::kMaxReplicas);
    const std::string derived = s.hasFanout() ? " (fanout.parts " + std::to_string(s.fanoutParts) +
                                                    " × fanout.copies " +
                                                    std::to_string(s.fanoutCopies) + ")"
                                              : std::string();
    if (std::int64_t{s.replicas} * s.workers > limits::kMaxTotalWorkers)
        fail("service.replicas",
             std::to_string(s.replicas) + " replicas" + derived + " × " +
                 std::to_string(s.workers) +
                 " workers = " + std::to_string(std::int64_t{s.replicas} * s.workers) +
                 " workers in all, more than allowed (replicas × workers ≤ " +
                 std::to_string(limits::kMaxTotalWorkers) + ")");
    if (static_cast<int>(s.balancer) > static_cast<int>(BalancerKind::TwoChoices))
        fail("service.balancer", "is not allowed (allowed \"round_robin\", \"random\", "
                                 "\"least_outstanding\", \"two_choices\")");
    if (s.slowdowns) {
        nonNegative("service.slowdowns.per_minute", s.slowdowns->perMinute);
        nonNegative("service.slowdowns.duration_ms", s.slowdowns->durationMs);
        atLeast("service.slowdowns.factor", s.slowdowns->factor, limits::kMinSlowdownFactor);
    }
}

void validateHedge(const std::string& path, const HedgeSettings& h)
{
    Setup setup;
    setup.hedge = h;
    validateKnobs(path, "hedge.", setup, ServiceConfig{});
    if (h.placement != HedgePlacement::Any && h.placement != HedgePlacement::OtherReplica)
        fail(path + ".placement", "is not allowed (allowed \"any\" or \"other_replica\")");
}

void validateLimit(const std::string& path, const Gradient2Config& g)
{
    Setup setup;
    setup.adaptiveLimit = g;
    validateKnobs(path, "adaptive_limit.", setup, ServiceConfig{});
    if (g.minLimit > g.maxLimit)
        fail(path + ".min_limit", std::to_string(g.minLimit) + " is greater than max_limit (" +
                                      std::to_string(g.maxLimit) +
                                      "); min_limit ≤ initial_limit ≤ max_limit is required");
    if (g.initialLimit < g.minLimit || g.initialLimit > g.maxLimit)
        fail(path + ".initial_limit",
             io_detail::outOfRange(std::to_string(g.initialLimit),
                                   "min_limit … max_limit = " + std::to_string(g.minLimit) + " … " +
                                       std::to_string(g.maxLimit)));
}

// A family's settings that are not rows (as a hedge's placement is not): the gRPC flavour and
// Polly's delays per attempt; and the rules between a family's rows.
void validateFamilyExtras(const std::string& path, const Setup& setup)
{
    const FamilySettings& f = setup.families;
    if (setup.policy == PolicyFamily::Grpc && f.grpc.flavour != GrpcFlavour::Java &&
        f.grpc.flavour != GrpcFlavour::A6 && f.grpc.flavour != GrpcFlavour::Js)
        fail(path + ".flavour", "is not allowed (allowed \"java\", \"a6\" or \"js\")");
    // Rules between a family's knobs (docs/policies.md, "Retries").
    if (setup.policy == PolicyFamily::Grpc && f.grpc.hedgingPolicy && f.grpc.retryPolicy)
        fail(path + ".retry_policy",
             "gRPC takes a retryPolicy or a hedgingPolicy per method, not both (gRFC A6; "
             "grpc-java refuses such a config): turn hedging_policy off to retry, or "
             "retry_policy off to hedge");
    if (setup.policy == PolicyFamily::Tower && f.tower.retry &&
        f.tower.retry->minBackoffMs > f.tower.retry->maxBackoffMs)
        fail(path + ".retry.min_backoff_ms",
             formatNumber(f.tower.retry->minBackoffMs) + " is greater than retry.max_backoff_ms (" +
                 formatNumber(f.tower.retry->maxBackoffMs) +
                 "); tower's ExponentialBackoffMaker needs min_backoff_ms ≤ max_backoff_ms");
    if (setup.policy == PolicyFamily::Polly)
        for (std::size_t i = 0; i < f.polly.delayPerAttemptMs.size(); ++i)
            requireFinite(path + ".delay_per_attempt_ms[" + std::to_string(i) + "]",
                          f.polly.delayPerAttemptMs[i]);
}

// What the setup's policy runs: its hedge (resilience4cata) or its family's object, and its
// adaptive limit. `prefix` is the setup's path with its dot ("setups[2].") or empty.
void validatePolicy(const std::string& prefix, const Setup& setup)
{
    const auto policy =
        std::find(allPolicyFamilies().begin(), allPolicyFamilies().end(), setup.policy);
    if (policy == allPolicyFamilies().end())
        fail(prefix + "policy", "is not a policy");
    if (!setup.isFamily() && setup.hedge)
        validateHedge(prefix + "hedge", *setup.hedge);
    // The family's object: resilience4cata's holds its retry, beside the hedge.
    const std::string family = toString(setup.policy);
    validateKnobs(prefix + family, family + ".", setup, ServiceConfig{});
    if (setup.isFamily())
        validateFamilyExtras(prefix + family, setup);
    if (setup.adaptiveLimit)
        validateLimit(prefix + "adaptive_limit", *setup.adaptiveLimit);
    // The setup's own numbers (its deadline), at the setup's own level of the file.
    validateKnobs(prefix.empty() ? prefix : prefix.substr(0, prefix.size() - 1), "setup.", setup,
                  ServiceConfig{});
}

// A count a change sets must be a whole number; on/off knobs take 1 or 0 from the file.
bool isIntegerKnob(const std::string& field)
{
    const Knob* knob = KnobRegistry::find(field);
    return knob && knob->wholeNumber() && !knob->isOnOff();
}

std::string knobList()
{
    std::string list;
    for (const std::string& f : knobFields())
        list += (list.empty() ? "" : ", ") + f;
    return list;
}

void validateLoad(const std::string& field, double load)
{
    closed(field, load, 0.0, limits::kMaxLoad);
}

// A timeline change applied to the worlds it names: each world's setup and service as the
// change leaves them must stay valid, and a knob must mean something to the world.
void applyChange(const std::string& path, const TimelineChange& c, std::vector<Setup>& setups,
                 std::vector<ServiceConfig>& services)
{
    for (std::size_t w = 0; w < setups.size(); ++w) {
        if (!c.setup.empty() && setups[w].name != c.setup)
            continue;
        for (const KnobSetting& k : c.set) {
            // Another family's knob would change nothing the world runs.
            if (!KnobRegistry::find(k.field)->appliesTo(setups[w]))
                fail(path + ".set." + k.field,
                     std::string("not a knob of policy ") + toString(setups[w].policy) +
                         ", the policy of setup \"" + setups[w].name + "\"");
            if (!KnobRegistry::find(k.field)->appliesTo(services[w]))
                fail(path + ".set." + k.field, kNotReadWithATable);
            applyKnob(setups[w], services[w], k);
        }
        try {
            validateService(services[w]);
            validatePolicy({}, setups[w]);
        } catch (const ScenarioError& e) {
            fail(path + ".set." + e.field(), e.problem());
        }
    }
}

void validateTimeline(const Scenario& s)
{
    const Timeline& t = *s.timeline;
    positive("timeline.duration_s", t.durationS);
    closed("timeline.duration_s", t.durationS, 0.0, limits::kMaxTimelineSeconds);
    closed("timeline.bucket_ms", t.bucketMs, limits::kMinBucketMs, limits::kMaxBucketMs);
    if (t.durationS * 1000.0 / t.bucketMs > double(limits::kMaxBuckets))
        fail("timeline.bucket_ms", formatNumber(t.bucketMs) + " makes more than " +
                                       std::to_string(limits::kMaxBuckets) +
                                       " buckets in duration_s; use longer buckets");
    if (t.profile) {
        const LoadProfile& p = *t.profile;
        validateLoad("timeline.profile.base", p.base);
        validateLoad("timeline.profile.peak", p.peak);
        nonNegative("timeline.profile.at_s", p.atS);
        nonNegative("timeline.profile.length_s", p.lengthS);
        closed("timeline.profile.period_s", p.periodS, 1.0, limits::kMaxTimelineSeconds);
    } else {
        if (t.loadSteps.empty())
            fail("timeline.load_steps", "must hold at least one step (the first at_s 0)");
        for (std::size_t i = 0; i < t.loadSteps.size(); ++i) {
            const std::string path = "timeline.load_steps[" + std::to_string(i) + "]";
            nonNegative(path + ".at_s", t.loadSteps[i].atS);
            if (i == 0 && t.loadSteps[i].atS != 0.0)
                fail(path + ".at_s", formatNumber(t.loadSteps[i].atS) +
                                         " is not allowed: the first step gives the load from 0 s");
            if (i > 0 && !(t.loadSteps[i].atS > t.loadSteps[i - 1].atS))
                fail(path + ".at_s", formatNumber(t.loadSteps[i].atS) +
                                         " is not after the previous step's at_s (steps in time order)");
            validateLoad(path + ".load", t.loadSteps[i].load);
        }
    }
    for (std::size_t i = 0; i < t.outages.size(); ++i) {
        const Outage& o = t.outages[i];
        const std::string path = "timeline.outages[" + std::to_string(i) + "]";
        closed(path + ".at_s", o.atS, 0.0, t.durationS);
        positive(path + ".length_s", o.lengthS);
        closed(path + ".length_s", o.lengthS, 0.0, limits::kMaxTimelineSeconds);
        if (i > 0 && o.atS < t.outages[i - 1].atS + t.outages[i - 1].lengthS)
            fail(path + ".at_s", formatNumber(o.atS) +
                                     " is before the previous outage ends (outages in time order, "
                                     "none overlapping)");
    }
    // Each world's setup and service as the changes leave them must stay valid.
    std::vector<Setup> setups = s.setups;
    std::vector<ServiceConfig> services(s.setups.size(), s.service);
    for (std::size_t i = 0; i < t.changes.size(); ++i) {
        const TimelineChange& c = t.changes[i];
        const std::string path = "timeline.changes[" + std::to_string(i) + "]";
        closed(path + ".at_s", c.atS, 0.0, t.durationS);
        if (i > 0 && c.atS < t.changes[i - 1].atS)
            fail(path + ".at_s", formatNumber(c.atS) +
                                     " is before the previous change's at_s (changes in time order)");
        bool found = c.setup.empty();
        for (const Setup& setup : s.setups)
            found = found || setup.name == c.setup;
        if (!found)
            fail(path + ".setup", "\"" + c.setup + "\" is not the name of a setup of this scenario");
        if (c.set.empty())
            fail(path + ".set", "must set at least one knob (" + knobList() + ")");
        for (const KnobSetting& k : c.set) {
            const std::string field = path + ".set." + k.field;
            if (k.field == "policy")
                fail(field, kPolicyIsNotAKnob);
            if (std::find(knobFields().begin(), knobFields().end(), k.field) == knobFields().end())
                fail(path + ".set", "\"" + k.field + "\" is not a knob a change can set (allowed " +
                                        knobList() + ")");
            requireFinite(field, k.value);
            if (isIntegerKnob(k.field) && (k.value != std::floor(k.value) || std::abs(k.value) > 1e9))
                fail(field, formatNumber(k.value) + " is not an integer");
        }
        applyChange(path, c, setups, services);
    }
}

} // namespace

void validateScenario(const Scenario& s)
{
    // seed: every uint64 is valid.
    integer("calls", s.calls, limits::kMinCalls, limits::kMaxCalls);
    integer("replicates", s.replicates, limits::kMinReplicates, limits::kMaxReplicates);
    closed("warmup_fraction", s.warmupFraction, 0.0, limits::kMaxWarmupFraction);
    if (s.loads.empty())
        fail("loads",
             "must hold at least one load (each > 0 and ≤ " + formatNumber(limits::kMaxLoad) + ")");
    for (std::size_t i = 0; i < s.loads.size(); ++i) {
        const std::string field = "loads[" + std::to_string(i) + "]";
        requireFinite(field, s.loads[i]);
        if (!(s.loads[i] > 0.0 && s.loads[i] <= limits::kMaxLoad))
            fail(field, io_detail::outOfRange(formatNumber(s.loads[i]),
                                              "> 0 and ≤ " + formatNumber(limits::kMaxLoad)));
    }
    validateService(s.service);
    // A timeline has no call count of its own (docs/timeline.md): its calls follow the load.
    if (!s.timeline)
        io_detail::validateFanoutCalls(s.service, s.calls);
    if (s.setups.empty())
        fail("setups", "must hold at least one setup");
    std::set<std::string> names;
    for (std::size_t i = 0; i < s.setups.size(); ++i) {
        const Setup& setup = s.setups[i];
        const std::string path = "setups[" + std::to_string(i) + "]";
        if (setup.name.empty())
            fail(path + ".name", "must not be empty");
        if (!isValidUtf8(setup.name))
            fail(path + ".name", "is not valid UTF-8");
        if (!names.insert(setup.name).second)
            fail(path + ".name", "\"" + setup.name +
                                     "\" is already the name of another setup "
                                     "(names must be unique)");
        if (setup.cancellation != Cancellation::Client &&
            setup.cancellation != Cancellation::Server)
            fail(path + ".cancellation", "is not allowed (allowed \"client\" or \"server\")");
        validatePolicy(path + ".", setup);
    }
    if (s.grid && s.timeline)
        fail("grid", "a timeline scenario has no grid (a grid sweeps the loads, which a timeline "
                     "replaces by load over time)");
    if (s.grid)
        io_detail::validateGrid(s, [&s](const Setup& setup, const ServiceConfig& service) {
            validateService(service);
            io_detail::validateFanoutCalls(service, s.calls);
            validatePolicy({}, setup);
        });
    if (s.timeline)
        validateTimeline(s);
}

std::optional<ScenarioError> firstScenarioError(const Scenario& scenario)
{
    try {
        validateScenario(scenario);
    } catch (const ScenarioError& e) {
        return e;
    }
    return std::nullopt;
}

} // namespace hedge
