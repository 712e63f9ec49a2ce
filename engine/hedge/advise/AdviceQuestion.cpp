#include <hedge/advise/AdviceQuestion.h>

#include <hedge/KnobRegistry.h>
#include <hedge/io/Format.h>
#include <hedge/sim/ServiceTimeQuantiles.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

namespace hedge {
namespace {

// A value as the knob's editor shows it (its decimals, its scale), so that an advised setting
// is one a user can type and the editor shows as it is.
double editorRounded(const Knob& knob, double value)
{
    if (knob.wholeNumber())
        return std::round(value);
    const double scale = knob.editor.scale > 0.0 ? knob.editor.scale : 1.0;
    const double unit = std::pow(10.0, knob.editor.decimals);
    return std::round(value * scale * unit) / unit / scale;
}

std::string shownValue(const Knob& knob, double value)
{
    if (knob.isOnOff() || knob.isFlag())
        return value != 0.0 ? "on" : "off";
    if (value == 0.0 && knob.editor.zeroText[0] != '\0')
        return knob.editor.zeroText;
    const double scale = knob.editor.scale > 0.0 ? knob.editor.scale : 1.0;
    char text[64];
    std::snprintf(text, sizeof text, "%.6g", value * scale);
    return std::string(text) + knob.editor.suffix;
}

std::string lowerFirst(std::string text)
{
    if (!text.empty() && text[0] >= 'A' && text[0] <= 'Z')
        text[0] = char(text[0] - 'A' + 'a');
    return text;
}

bool isStacksKnob(const Knob& knob, const Setup& stack)
{
    const auto family = knob.family();
    return family && *family == stack.policy;
}

} // namespace

std::vector<double> KnobSearch::values() const
{
    std::vector<double> out;
    const Knob* knob = KnobRegistry::find(field);
    const int n = std::max(1, steps);
    for (int i = 0; i < n; ++i) {
        const double t = n == 1 ? 0.0 : double(i) / double(n - 1);
        double v = log && from > 0.0 && to > 0.0 ? from * std::pow(to / from, t)
                                                 : from + (to - from) * t;
        if (knob)
            v = editorRounded(*knob, v);
        out.push_back(v);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

const char* toString(AdviceObjective objective)
{
    switch (objective) {
    case AdviceObjective::P50: return "p50";
    case AdviceObjective::P99: return "p99";
    case AdviceObjective::P999: return "p99.9";
    }
    return "p99";
}

std::optional<AdviceObjective> adviceObjectiveFromString(const std::string& name)
{
    for (auto o : {AdviceObjective::P50, AdviceObjective::P99, AdviceObjective::P999})
        if (name == toString(o))
            return o;
    return std::nullopt;
}

std::vector<const Knob*> searchableKnobs(const Setup& stack)
{
    std::vector<const Knob*> out;
    for (const Knob& knob : KnobRegistry::all())
        if (isStacksKnob(knob, stack) && !knob.isOnOff() && !knob.isFlag() &&
            (knob.advice || knob.grid))
            out.push_back(&knob);
    return out;
}

std::optional<KnobSearch> defaultKnobSearch(const Knob& knob, const Setup& stack,
                                            const ServiceConfig& service)
{
    if (!isStacksKnob(knob, stack))
        return std::nullopt;
    KnobSearch search{.field = knob.field};
    if (knob.advice) {
        const AdviceSpread& a = *knob.advice;
        const bool quantiles = a.ends == AdviceSpread::Ends::ServiceQuantiles;
        search.from = quantiles ? serviceTimeQuantile(service, a.from) : a.from;
        search.to = quantiles ? serviceTimeQuantile(service, a.to) : a.to;
        search.steps = a.count;
        search.log = a.log;
    } else if (knob.grid) {
        search.from = knob.grid->from;
        search.to = knob.grid->to;
        search.steps = knob.grid->count;
        search.log = knob.grid->log;
    } else {
        return std::nullopt;
    }
    if (knob.wholeNumber())
        search.steps = std::min(search.steps, int(std::round(search.to - search.from)) + 1);
    return search;
}

std::vector<KnobSearch> defaultSearch(const Setup& stack, const ServiceConfig& service)
{
    std::vector<KnobSearch> out;
    for (const Knob* knob : searchableKnobs(stack))
        if (knob->advice && knob->advice->byDefault)
            if (auto search = defaultKnobSearch(*knob, stack, service))
                out.push_back(*search);
    return out;
}

std::vector<std::vector<double>> searchGrid(const AdviceQuestion& question)
{
    std::vector<std::vector<double>> grid{{}};
    for (const KnobSearch& s : question.search) {
        const std::vector<double> values = s.values();
        std::vector<std::vector<double>> next;
        next.reserve(grid.size() * values.size());
        for (const auto& head : grid)
            for (double v : values) {
                next.push_back(head);
                next.back().push_back(v);
            }
        grid = std::move(next);
    }
    return grid;
}

std::vector<double> heldLoadsBetween(double from, double to, double target)
{
    std::set<double> loads{from, to};
    if (target > from && target < to) {
        loads.insert(target);
        loads.insert(std::round((target + to) / 2.0 * 1000.0) / 1000.0);
    }
    return {loads.begin(), loads.end()};
}

AdviceQuestion defaultQuestion(const Scenario& world, const Setup& stack)
{
    AdviceQuestion q;
    q.world = world;
    q.stack = stack;
    q.search = defaultSearch(stack, world.service);
    q.heldLoads = heldLoadsBetween(0.3, 0.85, 0.6);
    q.targetLoad = 0.6;
    return q;
}

std::optional<std::string> adviceQuestionError(const AdviceQuestion& q)
{
    const auto loadOk = [](double l) { return std::isfinite(l) && l > 0.0 && l <= 1.5; };
    if (q.search.empty())
        return "search: name at least one knob to search";
    std::set<std::string> seen;
    for (const KnobSearch& s : q.search) {
        const Knob* knob = KnobRegistry::find(s.field);
        const std::string where = "search " + s.field;
        if (!knob)
            return where + ": no such knob";
        if (!isStacksKnob(*knob, q.stack))
            return where + ": not a knob of " + toString(q.stack.policy) +
                   " (search the stack's own knobs)";
        if (!seen.insert(s.field).second)
            return where + ": searched twice";
        if (!knob->range.contains(s.from))
            return where + ": from " + io_detail::formatPlainNumber(s.from) + " is out of range (allowed " +
                   knob->range.text(knob->wholeNumber()) + ")";
        if (!knob->range.contains(s.to))
            return where + ": to " + io_detail::formatPlainNumber(s.to) + " is out of range (allowed " +
                   knob->range.text(knob->wholeNumber()) + ")";
        if (s.to < s.from)
            return where + ": to must be ≥ from";
        if (s.steps < 1 || s.steps > 100)
            return where + ": steps must be 1 … 100";
        if (s.log && s.from <= 0.0)
            return where + ": a log scale needs from > 0";
    }
    std::size_t candidates = 1;
    for (const KnobSearch& s : q.search)
        candidates *= std::max<std::size_t>(1, s.values().size());
    if (candidates > 2000)
        return "search: " + std::to_string(candidates) + " candidates (allowed ≤ 2000: fewer steps)";
    if (q.heldLoads.empty())
        return "held loads: give at least one load";
    for (double l : q.heldLoads)
        if (!loadOk(l))
            return "held loads: " + io_detail::formatPlainNumber(l) + " must be > 0 and ≤ 1.5";
    if (!std::is_sorted(q.heldLoads.begin(), q.heldLoads.end()))
        return "held loads: must be ascending";
    if (!loadOk(q.targetLoad))
        return "target load must be > 0 and ≤ 1.5";
    if (std::find(q.heldLoads.begin(), q.heldLoads.end(), q.targetLoad) == q.heldLoads.end())
        return "target load must be one of the held loads";
    const AdviceLimits& l = q.limits;
    if (l.maxRequestsPerCallAtTarget && !(*l.maxRequestsPerCallAtTarget >= 1.0))
        return "max requests per call at the target must be ≥ 1";
    if (l.maxRequestsPerCall && !(*l.maxRequestsPerCall >= 1.0))
        return "max requests per call must be ≥ 1";
    if (l.maxFailedFraction && !(*l.maxFailedFraction >= 0.0 && *l.maxFailedFraction <= 1.0))
        return "max failed fraction must be 0 … 1";
    if (l.collapseRuns < 1 || l.collapseRuns > 100)
        return "collapse runs must be 1 … 100";
    if (q.burst) {
        if (!(q.burst->factor > 0.0) || q.targetLoad * q.burst->factor > 1.5)
            return "burst factor must be > 0 and keep the load ≤ 1.5";
        if (!(q.burst->lengthS > 0.0 && q.burst->lengthS <= 3600.0))
            return "burst length must be > 0 and ≤ 3600 s";
        if (!(q.burst->recoverS > 0.0 && q.burst->recoverS <= 3600.0))
            return "burst recovery must be > 0 and ≤ 3600 s";
    }
    if (q.world.calls < 1000)
        return "calls must be ≥ 1000 for advice";
    return std::nullopt;
}

Setup withSearchedValues(const AdviceQuestion& q, const std::vector<double>& values)
{
    Setup setup = q.stack;
    ServiceConfig service = q.world.service;
    for (std::size_t i = 0; i < q.search.size() && i < values.size(); ++i)
        if (const Knob* knob = KnobRegistry::find(q.search[i].field))
            knob->write(setup, service, values[i]);
    setup.name = describeValues(q, values);
    return setup;
}

Setup ruleOfThumb(const AdviceQuestion& q)
{
    Setup setup = q.stack;
    ServiceConfig service = q.world.service;
    for (const Knob& knob : KnobRegistry::all()) {
        if (!isStacksKnob(knob, setup) || !knob.advice)
            continue;
        const AdviceSpread& a = *knob.advice;
        const bool searched = std::any_of(q.search.begin(), q.search.end(),
                                          [&](const KnobSearch& s) { return s.field == knob.field; });
        switch (a.thumbKind) {
        case AdviceSpread::Thumb::ServiceQuantile:
            knob.write(setup, service, editorRounded(knob, serviceTimeQuantile(service, a.thumb)));
            break;
        case AdviceSpread::Thumb::Value: knob.write(setup, service, a.thumb); break;
        case AdviceSpread::Thumb::Default:
            if (searched)
                knob.write(setup, service, knob.defaultValue());
            break;
        }
    }
    setup.name = "rule of thumb";
    return setup;
}

Setup noHedge(const AdviceQuestion& q)
{
    Setup setup;
    setup.name = "no hedge";
    setup.cancellation = q.stack.cancellation;
    setup.adaptiveLimit = q.stack.adaptiveLimit;
    return setup;
}

std::string describeValues(const AdviceQuestion& q, const std::vector<double>& values)
{
    std::string out;
    for (std::size_t i = 0; i < q.search.size() && i < values.size(); ++i) {
        const Knob* knob = KnobRegistry::find(q.search[i].field);
        if (!out.empty())
            out += ", ";
        if (!knob)
            out += q.search[i].field + " " + io_detail::formatPlainNumber(values[i]);
        else if (values[i] == 0.0 && knob->editor.zeroText[0] != '\0')
            out += knob->editor.zeroText; // "no budget", not "budget no budget"
        else
            out += lowerFirst(knob->editor.name) + " " + shownValue(*knob, values[i]);
    }
    return out;
}

} // namespace hedge
