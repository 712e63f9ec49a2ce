#include <hedge/io/AdviceJson.h>

#include "JsonDetail.h"
#include "SetupJson.h"
#include "SpreadColumns.h"

#include <hedge/KnobRegistry.h>
#include <hedge/advise/Advisor.h>
#include <hedge/sim/ServiceTimeQuantiles.h>

#include <cstdio>
#include <cstdlib>

namespace hedge {

namespace {

using io_detail::OrderedJson;
using io_detail::optionalNumberJson;

// Six significant figures: a quantile found by bisection (accurate to about 1e-9) would
// otherwise print its noise, 200.00000009313226 for the hiccups' 200.
double sixFigures(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return std::strtod(text, nullptr);
}

// The world in summary: what a reader needs to recognise the service, not its table.
OrderedJson serviceSummaryJson(const ServiceConfig& s)
{
    OrderedJson j;
    j["kind"] = s.distribution ? toString(s.distribution->kind) : "log-normal";
    j["p50_ms"] = sixFigures(serviceTimeQuantile(s, 0.5));
    j["p95_ms"] = sixFigures(serviceTimeQuantile(s, 0.95));
    j["p99_ms"] = sixFigures(serviceTimeQuantile(s, 0.99));
    j["p999_ms"] = sixFigures(serviceTimeQuantile(s, 0.999));
    j["mean_ms"] = sixFigures(s.meanServiceMs());
    j["workers"] = s.workers;
    j["replicas"] = s.replicas;
    j["error_probability"] = s.errorProbability;
    if (s.fansOut())
        j["fanout_parts"] = s.fanoutParts;
    return j;
}

OrderedJson searchJson(const KnobSearch& s)
{
    OrderedJson j;
    j["knob"] = s.field;
    j["from"] = s.from;
    j["to"] = s.to;
    j["steps"] = s.steps;
    j["log"] = s.log;
    j["values"] = s.values();
    return j;
}

OrderedJson limitsJson(const AdviceLimits& l)
{
    OrderedJson j;
    j["max_requests_per_call_at_target"] = optionalNumberJson(l.maxRequestsPerCallAtTarget);
    j["max_requests_per_call"] = optionalNumberJson(l.maxRequestsPerCall);
    j["max_failed_fraction"] = optionalNumberJson(l.maxFailedFraction);
    j["collapse_runs"] = l.collapseRuns;
    return j;
}

OrderedJson questionJson(const AdviceQuestion& q)
{
    OrderedJson j;
    j["seed"] = q.world.seed;
    j["calls"] = q.world.calls;
    j["warmup_fraction"] = q.world.warmupFraction;
    j["service"] = serviceSummaryJson(q.world.service);
    j["family"] = toString(q.stack.policy);
    j["cancellation"] = toString(q.stack.cancellation);
    j["stack"] = io_detail::setupToJson(q.stack);
    OrderedJson search = OrderedJson::array();
    for (const KnobSearch& s : q.search)
        search.push_back(searchJson(s));
    j["search"] = search;
    j["held_loads"] = q.heldLoads;
    j["target_load"] = q.targetLoad;
    if (q.burst) {
        OrderedJson b;
        b["factor"] = q.burst->factor;
        b["length_s"] = q.burst->lengthS;
        b["recover_s"] = q.burst->recoverS;
        j["burst"] = b;
    } else {
        j["burst"] = nullptr;
    }
    j["limits"] = limitsJson(q.limits);
    j["objective"] = toString(q.objective);
    return j;
}

// The searched knobs' values as the setup holds them, by field; null where the setup has not the
// part (no hedge has no delay).
OrderedJson valuesJson(const AdviceQuestion& q, const Setup& setup)
{
    OrderedJson j = OrderedJson::object();
    for (const KnobSearch& s : q.search) {
        const Knob* knob = KnobRegistry::find(s.field);
        j[s.field] = optionalNumberJson(knob ? knob->read(setup, q.world.service) : std::nullopt);
    }
    return j;
}

// One held load's figures, the spread named as in results files (docs/replicates.md, "Spread").
OrderedJson figuresJson(const PointResult& p)
{
    OrderedJson j;
    j["load"] = p.load;
    j["replicates"] = p.replicates();
    j["collapsed_runs"] = p.collapsedRuns();
    j["collapsed"] = p.collapsed;
    j["measured_calls"] = p.measuredCalls;
    j["p50_ms"] = optionalNumberJson(p.p50Ms);
    j["p99_ms"] = optionalNumberJson(p.p99Ms);
    j["p999_ms"] = optionalNumberJson(p.p999Ms);
    j["requests_per_call"] = p.requestsPerCall;
    j["hedged_fraction"] = p.hedgedFraction;
    j["rejected_fraction"] = p.rejectedFraction;
    j["failed_fraction"] = p.failedFraction;
    j["utilisation"] = p.utilisation;
    if (p.spread) {
        for (const io_detail::SpreadFigure& figure : io_detail::spreadFigures()) {
            const auto values = io_detail::spreadValues(figure.get(*p.spread));
            for (std::size_t i = 0; i < values.size(); ++i)
                j[std::string(figure.name) + io_detail::kSpreadSuffixes[i]] =
                    optionalNumberJson(values[i]);
        }
    }
    return j;
}

OrderedJson rejectionJson(const std::optional<AdviceRejection>& r)
{
    if (!r)
        return nullptr;
    OrderedJson j;
    j["limit"] = toString(r->limit);
    j["load"] = r->load;
    j["figure"] = r->figure;
    j["allowed"] = r->allowed;
    j["collapsed_runs"] = r->collapsedRuns;
    j["runs"] = r->runs;
    j["stage"] = toString(r->stage);
    j["text"] = r->text;
    return j;
}

// A setting the answer shows with its figures: the advised one, no hedge, the rule of thumb.
OrderedJson settingJson(const AdviceQuestion& q, const AdviceCandidate& c,
                        std::optional<std::size_t> index = std::nullopt)
{
    OrderedJson j;
    if (index)
        j["candidate"] = *index;
    j["label"] = c.label;
    j["values"] = valuesJson(q, c.setup);
    j["stage"] = toString(c.stage);
    j["rejection"] = rejectionJson(c.rejection);
    OrderedJson figures = OrderedJson::array();
    for (const PointResult& p : c.figures)
        figures.push_back(figuresJson(p));
    j["figures"] = figures;
    return j;
}


OrderedJson frontJson(const AdviceQuestion& q, const AdviceAnswer& a)
{
    OrderedJson front = OrderedJson::array();
    for (const std::size_t i : a.front) {
        if (i >= a.candidates.size())
            continue;
        const AdviceCandidate& c = a.candidates[i];
        const PointResult* p = figuresAtTarget(q, c);
        OrderedJson j;
        j["candidate"] = i;
        j["label"] = c.label;
        j["objective_ms"] = optionalNumberJson(p ? objectiveFigure(*p, q.objective) : std::nullopt);
        j["requests_per_call"] = p ? OrderedJson(p->requestsPerCall) : OrderedJson(nullptr);
        j["advised"] = a.advised == i;
        front.push_back(j);
    }
    return front;
}

OrderedJson candidatesJson(const AdviceQuestion& q, const AdviceAnswer& a)
{
    OrderedJson list = OrderedJson::array();
    for (std::size_t i = 0; i < a.candidates.size(); ++i) {
        const AdviceCandidate& c = a.candidates[i];
        OrderedJson j;
        j["candidate"] = i;
        j["label"] = c.label;
        j["values"] = valuesJson(q, c.setup);
        j["stage"] = toString(c.stage);
        j["rejection"] = rejectionJson(c.rejection);
        list.push_back(j);
    }
    return list;
}

OrderedJson marginJson(const AdviceMargin& m)
{
    OrderedJson j;
    j["highest_load_held"] = optionalNumberJson(m.highestLoadHeld);
    j["runs_per_load"] = m.runsPerLoad;
    j["burst_recovered"] = m.burstRecovered ? OrderedJson(*m.burstRecovered) : OrderedJson(nullptr);
    j["recovered_after_s"] = optionalNumberJson(m.recoveredAfterS);
    return j;
}

// Adds the search's keys to `j` (after "format" in a file of one search).
OrderedJson& addSearch(OrderedJson& j, const AdviceQuestion& q, const AdviceAnswer& a)
{
    j["question"] = questionJson(q);
    j["finished"] = a.finished;
    const AdviceCandidate* advised = a.advisedCandidate();
    j["advised"] = advised ? settingJson(q, *advised, a.advised) : OrderedJson(nullptr);
    j["no_hedge"] = settingJson(q, a.noHedge);
    j["rule_of_thumb"] = settingJson(q, a.ruleOfThumb);
    j["front"] = frontJson(q, a);
    j["margin"] = marginJson(a.margin);
    j["closest"] = a.closest ? OrderedJson(*a.closest) : OrderedJson(nullptr);
    j["candidates"] = candidatesJson(q, a);
    j["runs"] = a.runs;
    j["simulated_calls"] = a.simulatedCalls;
    return j;
}

} // namespace

std::string writeAdviceJson(const AdviceQuestion& question, const AdviceAnswer& answer)
{
    OrderedJson j;
    j["format"] = kAdviceSchema;
    return io_detail::prettyPrint(addSearch(j, question, answer));
}

std::string writeAdviceComparisonJson(const std::vector<AdviceSearch>& searches)
{
    OrderedJson j;
    j["format"] = kAdviceSchema;
    OrderedJson list = OrderedJson::array();
    for (const AdviceSearch& s : searches) {
        OrderedJson one;
        list.push_back(addSearch(one, s.question, s.answer));
    }
    j["searches"] = list;
    return io_detail::prettyPrint(j);
}

} // namespace hedge
