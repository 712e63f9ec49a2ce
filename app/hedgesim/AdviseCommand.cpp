#include "AdviseCommand.h"

#include "ResultsTable.h"

#include <hedge/KnobRegistry.h>
#include <hedge/advise/AdviceText.h>
#include <hedge/advise/Advisor.h>
#include <hedge/io/AdviceJson.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <ostream>

namespace hedge::cli {

namespace {

using Row = std::vector<std::string>;

std::string joined(const std::vector<std::string>& items)
{
    std::string out;
    for (const std::string& item : items)
        out += (out.empty() ? "" : ", ") + item;
    return out;
}

// Columns aligned, text (the first and the `textColumns`) left and figures right, as hedgesim's
// other tables.
std::string alignedTable(const Row& header, const std::vector<Row>& rows,
                         const std::vector<std::size_t>& textColumns = {})
{
    std::vector<std::size_t> width(header.size());
    for (std::size_t c = 0; c < header.size(); ++c) {
        width[c] = ResultsTable::displayWidth(header[c]);
        for (const Row& row : rows)
            width[c] = std::max(width[c], ResultsTable::displayWidth(row[c]));
    }
    const auto line = [&width, &textColumns](const Row& row) {
        std::string out;
        for (std::size_t c = 0; c < row.size(); ++c) {
            const std::string padding(width[c] - ResultsTable::displayWidth(row[c]), ' ');
            const bool text = c == 0 || std::find(textColumns.begin(), textColumns.end(), c) !=
                                            textColumns.end();
            out += (c == 0 ? "" : "  ") + (text ? row[c] + padding : padding + row[c]);
        }
        while (!out.empty() && out.back() == ' ')
            out.pop_back();
        return out + "\n";
    };
    std::string out = line(header);
    for (const Row& row : rows)
        out += line(row);
    return out;
}

bool hedges(const Setup& setup)
{
    return setup.hedge.has_value() || setup.isFamily();
}

// --setup NAME, or the scenario's first setup with a hedge.
Setup chosenSetup(const Scenario& scenario, const std::string& name)
{
    for (const Setup& setup : scenario.setups)
        if (name.empty() ? hedges(setup) : setup.name == name)
            return setup;
    std::vector<std::string> names;
    for (const Setup& setup : scenario.setups)
        names.push_back("\"" + setup.name + "\"");
    if (name.empty())
        throw InvalidInput("--setup: the scenario has no setup with a hedge; name the stack with "
                           "--setup NAME and --family F");
    throw InvalidInput("--setup: no setup named \"" + name + "\" (setups: " + joined(names) + ")");
}

std::string familyChoices()
{
    std::vector<std::string> names;
    for (const PolicyFamily family : allPolicyFamilies())
        names.push_back(toString(family));
    return joined(names);
}

PolicyFamily familyNamed(const std::string& name)
{
    if (const auto family = policyFamilyFromString(name))
        return *family;
    throw InvalidInput("--family: \"" + name + "\" is not allowed (allowed " + familyChoices() +
                       ", all)");
}

// The stack as `family`: the setup's cancellation and limiter kept, the family's knobs at their
// defaults (its own when the family does not change).
Setup asFamily(const Setup& setup, PolicyFamily family)
{
    if (setup.policy == family)
        return setup;
    Setup stack;
    stack.name = setup.name;
    stack.cancellation = setup.cancellation;
    stack.adaptiveLimit = setup.adaptiveLimit;
    stack.policy = family;
    if (family == PolicyFamily::Resilience4cata)
        stack.hedge = HedgeSettings{};
    return stack;
}

// --search KNOB=LO:HI[:STEPS][,log], checked against the stack's knobs.
KnobSearch searchOf(const AdviseSearchArgument& a, const Setup& stack,
                    const ServiceConfig& service)
{
    const std::vector<const Knob*> searchable = searchableKnobs(stack);
    const auto it = std::find_if(searchable.begin(), searchable.end(),
                                 [&a](const Knob* k) { return k->field == a.field; });
    if (it == searchable.end()) {
        std::vector<std::string> fields;
        for (const Knob* knob : searchable)
            fields.push_back(knob->field);
        const std::string problem = KnobRegistry::find(a.field)
                                        ? a.field + " is not a knob of " + toString(stack.policy)
                                        : "unknown knob '" + a.field + "'";
        throw InvalidInput("--search: " + problem + " (searchable for " +
                           toString(stack.policy) + ": " + joined(fields) + ")");
    }
    const Knob& knob = **it;
    KnobSearch s{.field = a.field, .from = a.from, .to = a.to, .steps = a.steps, .log = a.log};
    if (s.steps == 0) { // the knob's own count and scale; every whole number of a count's range
        const std::optional<KnobSearch> fallback = defaultKnobSearch(knob, stack, service);
        s.steps = fallback ? fallback->steps : 1;
        s.log = a.log || (fallback && fallback->log && s.from > 0.0);
        if (knob.wholeNumber())
            s.steps = int(std::min(100.0, std::round(s.to - s.from) + 1.0));
    }
    return s;
}

// A load as the user typed it: 0.6, 0.725.
std::string loadAsTyped(double load)
{
    char buffer[64];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, load);
    return ec == std::errc() ? std::string(buffer, end) : std::string("?");
}

AdviceQuestion questionFor(const Scenario& world, const Setup& stack, const AdviseArguments& a)
{
    AdviceQuestion q = defaultQuestion(world, stack);
    if (!a.search.empty()) {
        q.search.clear();
        for (const AdviseSearchArgument& search : a.search)
            q.search.push_back(searchOf(search, stack, world.service));
    }
    q.targetLoad = a.targetLoad;
    q.heldLoads = a.holdLoads.empty() ? heldLoadsBetween(a.holdFrom, a.holdTo, a.targetLoad)
                                      : a.holdLoads;
    q.limits.maxRequestsPerCallAtTarget = a.maxRpc;
    if (a.maxRpcHeld > 0.0)
        q.limits.maxRequestsPerCall = a.maxRpcHeld;
    if (a.maxFailed)
        q.limits.maxFailedFraction = *a.maxFailed;
    if (a.runs > 0)
        q.limits.collapseRuns = a.runs;
    if (a.burstFactor)
        q.burst = AdviceBurst{*a.burstFactor, *a.burstLengthS, *a.burstRecoverS};
    if (!a.objective.empty())
        q.objective = *adviceObjectiveFromString(a.objective);
    if (const auto error = adviceQuestionError(q)) {
        if (error->starts_with("target load must be one of")) {
            std::string held;
            for (const double load : q.heldLoads)
                held += (held.empty() ? "" : ", ") + loadAsTyped(load);
            throw InvalidInput("--target-load: " + loadAsTyped(q.targetLoad) +
                               " is not a held load (held: " + held +
                               "; give a target inside --hold LO:HI or one of --hold-loads)");
        }
        throw InvalidInput("advise: " + *error);
    }
    return q;
}


std::string msText(const std::optional<double>& ms)
{
    if (!ms)
        return "-";
    return ResultsTable::fixed(*ms, std::abs(*ms) < 1.0 ? 3 : std::abs(*ms) < 10.0 ? 2 : 1);
}

// The front: the tail at the target against requests per call, the advised one marked.
std::string frontText(const AdviceQuestion& q, const AdviceAnswer& a)
{
    if (a.front.empty())
        return {};
    const std::string objective = toString(q.objective);
    std::vector<Row> rows;
    for (const std::size_t i : a.front) {
        const AdviceCandidate& c = a.candidates[i];
        const PointResult* p = figuresAtTarget(q, c);
        rows.push_back({"  " + c.label,
                        msText(p ? objectiveFigure(*p, q.objective) : std::nullopt),
                        p ? ResultsTable::fixed(p->requestsPerCall, 3) : "-",
                        a.advised == i ? "advised" : ""});
    }
    return "\nFront (every limit kept; " + objective + " and requests per call at " +
           loadAsTyped(q.targetLoad) + "):\n" +
           alignedTable({"", objective + " ms", "req/call", ""}, rows, {3});
}

// Why the others were dropped: one line each with --why-not, else a count per limit.
std::string whyNotText(const AdviceAnswer& a, bool everyLine)
{
    const std::vector<std::string> lines = whyNotLines(a);
    if (lines.empty())
        return {};
    if (everyLine) {
        std::string out = "\nWhy not the others:\n";
        for (const std::string& line : lines)
            out += "  " + line + "\n";
        return out;
    }
    std::map<std::string, int> count;
    for (const AdviceCandidate& c : a.candidates)
        if (c.rejection)
            ++count[toString(c.rejection->limit)];
    std::vector<std::string> parts;
    for (const auto& [limit, n] : count)
        parts.push_back(std::to_string(n) + " " + limit);
    return "\nDropped: " + joined(parts) + " (--why-not lists each with its figure).\n";
}

// Progress on a terminal: the stage, candidates left and the best so far.
Advisor::OnProgress progressPrinter(const Streams& s, bool shown, const std::string& prefix)
{
    if (!shown)
        return {};
    return [&s, prefix](const AdviceAnswer& soFar) {
        std::string line = "\rhedgesim: " + prefix + toString(soFar.stage) + ", " +
                           std::to_string(soFar.candidatesLeft) + " candidates left";
        if (soFar.bestSoFar && *soFar.bestSoFar < soFar.candidates.size())
            line += ", best so far: " + soFar.candidates[*soFar.bestSoFar].label;
        s.err << line << "\033[K" << std::flush;
    };
}

AdviceAnswer search(const CommandLine& cl, const Streams& s, const AdviceQuestion& q,
                    const std::string& prefix)
{
    const bool progress = s.errIsTerminal && !cl.quiet;
    AdviceAnswer answer = Advisor(q, cl.threads).run(progressPrinter(s, progress, prefix));
    if (progress)
        s.err << "\r\033[K" << std::flush; // clear the progress line
    return answer;
}

void printAnswer(const CommandLine& cl, const Streams& s, const AdviceQuestion& q,
                 const AdviceAnswer& a)
{
    const AdviceTable table = adviceTable(q, a);
    s.out << "Question: " << questionSummary(q) << "\n\n"
          << alignedTable(table.columns, table.rows) << "\n"
          << adviceSummary(q, a) << "\n"
          << frontText(q, a) << whyNotText(a, cl.advise.whyNot) << std::flush;
}

int adviseOne(const CommandLine& cl, const Streams& s, const Scenario& scenario, Setup stack)
{
    if (!cl.advise.family.empty())
        stack = asFamily(stack, familyNamed(cl.advise.family));
    const AdviceQuestion q = questionFor(scenario, stack, cl.advise);
    const AdviceAnswer a = search(cl, s, q, "");
    if (!cl.quiet)
        printAnswer(cl, s, q, a);
    else if (!a.advised)
        s.err << adviceSummary(q, a) << "\n" << std::flush; // exit 3 still says why
    if (!writeOutputFile(cl.jsonOutput, writeAdviceJson(q, a), s.err))
        return kExitInternal;
    return a.advised ? kExitOk : kExitNoAdvice;
}

// One family's row of --family all: its advice (or the limit none kept) and the rule of thumb's
// figure beside it with the limit it breaks, since a lower tail that breaks a limit is no
// better advice.
Row comparisonRow(const AdviceSearch& one)
{
    const AdviceQuestion& q = one.question;
    const AdviceAnswer& a = one.answer;
    const PointResult* thumb = figuresAtTarget(q, a.ruleOfThumb);
    const std::string thumbMs = msText(thumb ? objectiveFigure(*thumb, q.objective) : std::nullopt);
    const std::string thumbBreaks =
        a.ruleOfThumb.rejection ? toString(a.ruleOfThumb.rejection->limit) : "-";
    const std::string family = toString(q.stack.policy);
    const AdviceCandidate* advised = a.advisedCandidate();
    if (!advised) {
        std::string none = "no setting keeps the limits";
        if (a.closest && a.candidates[*a.closest].rejection)
            none += std::string(" (tightest: ") +
                    toString(a.candidates[*a.closest].rejection->limit) + ")";
        return {family, none, "-", "-", thumbMs, thumbBreaks};
    }
    const PointResult* p = figuresAtTarget(q, *advised);
    return {family, advised->label,
            msText(p ? objectiveFigure(*p, q.objective) : std::nullopt),
            p ? ResultsTable::fixed(p->requestsPerCall, 3) : "-", thumbMs, thumbBreaks};
}

// --family all: one search per family, one row each.
int adviseEveryFamily(const CommandLine& cl, const Streams& s, const Scenario& scenario,
                      const Setup& setup)
{
    std::vector<AdviceSearch> searches;
    for (const PolicyFamily family : allPolicyFamilies()) {
        const AdviceQuestion q = questionFor(scenario, asFamily(setup, family), cl.advise);
        searches.push_back({q, search(cl, s, q, std::string(toString(family)) + ": ")});
    }
    const AdviceQuestion& first = searches.front().question;
    const std::string objective = toString(first.objective);
    const std::string target = loadAsTyped(first.targetLoad);
    std::vector<Row> rows;
    bool any = false;
    for (const AdviceSearch& one : searches) {
        any = any || one.answer.advised;
        rows.push_back(comparisonRow(one));
    }
    if (!cl.quiet)
        s.out << alignedTable({"family", "advice", objective + " @ " + target,
                               "req/call @ " + target, "rule of thumb " + objective,
                               "rule of thumb breaks"},
                              rows, {1, 5})
              << std::flush;
    if (!writeOutputFile(cl.jsonOutput, writeAdviceComparisonJson(searches), s.err))
        return kExitInternal;
    return any ? kExitOk : kExitNoAdvice;
}

} // namespace

int runAdvise(const CommandLine& cl, const Streams& s, const Scenario& scenario)
{
    if (scenario.timeline)
        throw InvalidInput("timeline: advise searches a sweep's world; this scenario is a "
                           "timeline (its service and setups can be copied into a sweep)");
    const Setup setup = chosenSetup(scenario, cl.advise.setup);
    if (cl.advise.family == "all")
        return adviseEveryFamily(cl, s, scenario, setup);
    return adviseOne(cl, s, scenario, setup);
}

} // namespace hedge::cli
