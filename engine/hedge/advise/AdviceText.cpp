#include <hedge/advise/AdviceText.h>

#include <hedge/KnobRegistry.h>
#include <hedge/advise/Advisor.h>
#include <hedge/io/Format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

namespace hedge {

namespace {

using io_detail::formatNumber;

using io_detail::fixed;

// Milliseconds with three significant figures at least and one decimal at most above 10 ms, as
// hedgesim's table gives latencies ("212.0"), so that a service of 0.2 ms keeps its digits.
int latencyDecimals(double ms)
{
    const double magnitude = std::abs(ms);
    return magnitude < 1.0 ? 3 : magnitude < 10.0 ? 2 : 1;
}

std::string latencyText(double ms)
{
    return fixed(ms, latencyDecimals(ms));
}

// "212.0 [55.0–238.0]": the pooled value, then the replicates' spread (their range under 20
// replicates, their 5th to 95th percentile from 20: docs/replicates.md, "Spread"), every part
// with the pooled value's decimals.
std::string withSpread(const std::string& value, const std::optional<FigureSpread>& spread,
                       int decimals)
{
    if (!spread)
        return value;
    const double low = spread->p5.value_or(spread->min);
    const double high = spread->p95.value_or(spread->max);
    return value + " [" + fixed(low, decimals) + "–" + fixed(high, decimals) + "]";
}

std::optional<FigureSpread> objectiveSpread(const PointResult& p, AdviceObjective objective)
{
    if (!p.spread)
        return std::nullopt;
    switch (objective) {
    case AdviceObjective::P50:
        return p.spread->p50Ms;
    case AdviceObjective::P99:
        return p.spread->p99Ms;
    case AdviceObjective::P999:
        return p.spread->p999Ms;
    }
    return std::nullopt;
}

std::string objectiveCell(const PointResult& p, AdviceObjective objective)
{
    const std::optional<double> ms = objectiveFigure(p, objective);
    if (!ms)
        return "-";
    return withSpread(latencyText(*ms), objectiveSpread(p, objective), latencyDecimals(*ms));
}

std::string requestsCell(const PointResult& p)
{
    return withSpread(fixed(p.requestsPerCall, 3),
                      p.spread ? std::optional(p.spread->requestsPerCall) : std::nullopt, 3);
}

// "0/10" when no run collapsed (the runs at each held load), else where they did: "4/10 @ 0.85".
std::string collapseCell(const AdviceQuestion& question, const AdviceCandidate& c)
{
    std::string out;
    for (std::size_t i = 0; i < c.figures.size() && i < question.heldLoads.size(); ++i) {
        const PointResult& p = c.figures[i];
        if (p.collapsedRuns() == 0)
            continue;
        out += (out.empty() ? "" : ", ") + std::to_string(p.collapsedRuns()) + "/" +
               std::to_string(p.replicates()) + " @ " + formatNumber(question.heldLoads[i]);
    }
    if (!out.empty() || c.figures.empty())
        return c.figures.empty() ? "-" : out;
    return "0/" + std::to_string(c.figures.front().replicates());
}

std::vector<std::string> candidateRow(const AdviceQuestion& question, const AdviceCandidate& c,
                                      const std::string& name)
{
    std::vector<std::string> row{name};
    for (std::size_t i = 0; i < question.heldLoads.size(); ++i) {
        if (i < c.figures.size()) {
            row.push_back(objectiveCell(c.figures[i], question.objective));
            row.push_back(requestsCell(c.figures[i]));
        } else { // not run (a search stopped before its final stage)
            row.insert(row.end(), {"-", "-"});
        }
    }
    row.push_back(collapseCell(question, c));
    return row;
}


// What a compared setting is set to, as the advised one is named ("delay 14.2 ms, budget 10 %"):
// the searched knobs read from its setup; its label when the setup has not them all.
std::string settingText(const AdviceQuestion& question, const AdviceCandidate& c)
{
    std::vector<double> values;
    for (const KnobSearch& s : question.search) {
        const Knob* knob = KnobRegistry::find(s.field);
        const std::optional<double> value =
            knob ? knob->read(c.setup, question.world.service) : std::nullopt;
        if (!value)
            return c.label;
        values.push_back(*value);
    }
    return values.empty() ? c.label : describeValues(question, values);
}

// "45.2 ms" or "no latency" for one candidate's objective at the target.
std::string objectiveAtTarget(const AdviceQuestion& question, const AdviceCandidate& c)
{
    const PointResult* p = figuresAtTarget(question, c);
    const std::optional<double> ms = p ? objectiveFigure(*p, question.objective) : std::nullopt;
    return ms ? latencyText(*ms) + " ms" : std::string("not measured");
}

// What a rejection says when the search left its text empty.
std::string rejectionText(const AdviceRejection& r)
{
    if (!r.text.empty())
        return r.text;
    const std::string load = formatNumber(r.load);
    switch (r.limit) {
    case AdviceRejection::Limit::Collapse:
        return "collapsed at " + load + " in " + std::to_string(r.collapsedRuns) + " of " +
               std::to_string(r.runs) + (r.runs == 1 ? " run" : " runs");
    case AdviceRejection::Limit::RequestsAtTarget:
    case AdviceRejection::Limit::RequestsPerCall:
        return fixed(r.figure, 3) + " requests per call at " + load + " (limit " +
               formatNumber(r.allowed) + ")";
    case AdviceRejection::Limit::Failures:
        return fixed(r.figure * 100.0, 2) + " % of calls failed at " + load + " (limit " +
               formatNumber(r.allowed * 100.0) + " %)";
    case AdviceRejection::Limit::Burst:
        return "still collapsed after the burst";
    case AdviceRejection::Limit::Dominated:
        return "another setting has a lower tail with fewer requests";
    }
    return toString(r.limit);
}

// By how much the closest candidate missed the limit it broke.
std::string missedBy(const AdviceRejection& r)
{
    switch (r.limit) {
    case AdviceRejection::Limit::RequestsAtTarget:
    case AdviceRejection::Limit::RequestsPerCall:
        return fixed(r.figure - r.allowed, 3) + " requests per call over";
    case AdviceRejection::Limit::Failures:
        return fixed((r.figure - r.allowed) * 100.0, 3) + " percentage points over";
    case AdviceRejection::Limit::Collapse:
        return std::to_string(r.collapsedRuns) + " collapsed " +
               (r.collapsedRuns == 1 ? "run" : "runs") + " where none is allowed";
    case AdviceRejection::Limit::Burst:
    case AdviceRejection::Limit::Dominated:
        break;
    }
    return {};
}

std::string noAnswerSummary(const AdviceAnswer& answer)
{
    std::string out = answer.finished ? "No setting keeps every limit."
                                      : "Stopped: no setting has kept every limit so far.";
    if (!answer.closest || *answer.closest >= answer.candidates.size())
        return out;
    const AdviceCandidate& closest = answer.candidates[*answer.closest];
    if (!closest.rejection)
        return out;
    const AdviceRejection& r = *closest.rejection;
    const auto ruledOut = std::count_if(
        answer.candidates.begin(), answer.candidates.end(), [&r](const AdviceCandidate& c) {
            return c.rejection && c.rejection->limit == r.limit;
        });
    out += std::string(" The tightest limit is ") + toString(r.limit) + ": it ruled out " +
           std::to_string(ruledOut) + " of " + std::to_string(answer.candidates.size()) +
           " candidates. The closest, " + closest.label + ", missed it: " + rejectionText(r);
    const std::string by = missedBy(r);
    return out + (by.empty() ? "." : " (" + by + ").");
}

// "It holds up to load 0.95 without a collapse in 10 runs and comes back from the burst 12.5 s
// after it ends."
std::string marginText(const AdviceQuestion& question, const AdviceMargin& m)
{
    std::string out;
    if (m.highestLoadHeld)
        out += " It holds up to load " + formatNumber(*m.highestLoadHeld) +
               " without a collapse in " + std::to_string(m.runsPerLoad) +
               (m.runsPerLoad == 1 ? " run." : " runs.");
    if (question.burst && m.burstRecovered) {
        const AdviceBurst& b = *question.burst;
        const std::string burst = "the burst (load ×" + formatNumber(b.factor) + " for " +
                                  formatNumber(b.lengthS) + " s)";
        if (*m.burstRecovered)
            out += " It comes back from " + burst +
                   (m.recoveredAfterS ? " " + fixed(*m.recoveredAfterS, 1) + " s after it ends."
                                      : ".");
        else
            out += " It does not come back from " + burst + " within " +
                   formatNumber(b.recoverS) + " s.";
    }
    return out;
}

// "hedging delay", "RTT tolerance": the editor's name as a sentence uses it.
std::string sentenceName(const Knob& knob)
{
    std::string name = knob.editor.name;
    if (name.size() > 1 && std::isupper(static_cast<unsigned char>(name[0])) &&
        std::islower(static_cast<unsigned char>(name[1])))
        name[0] = char(std::tolower(static_cast<unsigned char>(name[0])));
    return name;
}

// A value as the knob's editor shows it, without trailing zeros: "10.2", "5", "2".
std::string editorValue(const Knob& knob, double value)
{
    std::string text = fixed(value * knob.editor.scale, knob.editor.decimals);
    if (text.find('.') != std::string::npos) {
        text.erase(text.find_last_not_of('0') + 1);
        if (text.back() == '.')
            text.pop_back();
    }
    return text;
}

// "hedging delay 10.2–61.3 ms (12, log)", "max attempts 2–3".
std::string searchText(const KnobSearch& s)
{
    const Knob* knob = KnobRegistry::find(s.field);
    if (!knob)
        return s.field + " " + formatNumber(s.from) + "–" + formatNumber(s.to);
    std::string out = sentenceName(*knob) + " " + editorValue(*knob, s.from);
    if (s.to != s.from)
        out += "–" + editorValue(*knob, s.to);
    out += knob->editor.suffix;
    // Every whole number of a count's range needs no count.
    const bool everyValue = knob->wholeNumber() && !s.log && s.steps == int(s.to - s.from) + 1;
    if (s.to != s.from && !everyValue)
        out += " (" + std::to_string(s.steps) + (s.log ? ", log)" : ")");
    return out;
}

std::string limitsText(const AdviceQuestion& question)
{
    const AdviceLimits& l = question.limits;
    std::string out;
    const auto add = [&out](const std::string& text) { out += "; " + text; };
    if (l.maxRequestsPerCallAtTarget)
        add("≤ " + formatNumber(*l.maxRequestsPerCallAtTarget) +
            " requests per call at the target");
    if (l.maxRequestsPerCall)
        add("≤ " + formatNumber(*l.maxRequestsPerCall) + " at every held load");
    if (l.maxFailedFraction)
        add("≤ " + formatNumber(*l.maxFailedFraction * 100.0) + " % failed");
    add("no collapse in " + std::to_string(l.collapseRuns) +
        (l.collapseRuns == 1 ? " run" : " runs"));
    if (question.burst)
        add("back from ×" + formatNumber(question.burst->factor) + " for " +
            formatNumber(question.burst->lengthS) + " s within " +
            formatNumber(question.burst->recoverS) + " s");
    return out;
}

} // namespace

AdviceTable adviceTable(const AdviceQuestion& question, const AdviceAnswer& answer)
{
    AdviceTable table;
    table.columns.push_back("setting");
    for (const double load : question.heldLoads) {
        table.columns.push_back(std::string(toString(question.objective)) + " @ " +
                                formatNumber(load));
        table.columns.push_back("req/call @ " + formatNumber(load));
    }
    table.columns.push_back("collapsed runs");
    table.rows.push_back(candidateRow(question, answer.noHedge, "no hedge"));
    table.rows.push_back(candidateRow(question, answer.ruleOfThumb,
                                      "rule of thumb: " + settingText(question, answer.ruleOfThumb)));
    if (const AdviceCandidate* advised = answer.advisedCandidate())
        table.rows.push_back(candidateRow(question, *advised, "advised: " + advised->label));
    return table;
}

std::string adviceSummary(const AdviceQuestion& question, const AdviceAnswer& answer)
{
    const AdviceCandidate* advised = answer.advisedCandidate();
    if (!advised)
        return noAnswerSummary(answer);
    const std::string objective = toString(question.objective);
    const std::string target = formatNumber(question.targetLoad);
    std::string out = answer.finished ? "Advised: " : "Best so far (stopped before the end): ";
    out += advised->label + ". Its " + objective + " at load " + target + " is " +
           objectiveAtTarget(question, *advised) + ", against " +
           objectiveAtTarget(question, answer.ruleOfThumb) + " for the rule of thumb (" +
           settingText(question, answer.ruleOfThumb) + ") and " + objectiveAtTarget(question, answer.noHedge) +
           " without hedging, on the same seeds.";
    if (const PointResult* p = figuresAtTarget(question, *advised)) {
        out += " It sends " + fixed(p->requestsPerCall, 3) + " requests per call there";
        if (question.limits.maxRequestsPerCallAtTarget)
            out += " (limit " + formatNumber(*question.limits.maxRequestsPerCallAtTarget) + ")";
        out += ".";
    }
    if (answer.ruleOfThumb.rejection)
        out += " The rule of thumb breaks a limit: " +
               rejectionText(*answer.ruleOfThumb.rejection) + ".";
    const int runs = advised->figures.empty() ? 0 : advised->figures.front().replicates();
    if (runs > 1)
        out += " Spreads in brackets are over " + std::to_string(runs) + " runs (" +
               (spreadIsRange(runs) ? "min–max" : "5th–95th percentile") + ").";
    return out + marginText(question, answer.margin);
}

std::vector<std::string> whyNotLines(const AdviceAnswer& answer)
{
    std::vector<std::string> lines;
    for (const AdviceCandidate& c : answer.candidates)
        if (c.rejection)
            lines.push_back(c.label + ": " + rejectionText(*c.rejection));
    return lines;
}

std::string questionSummary(const AdviceQuestion& question)
{
    std::string out = toString(question.stack.policy);
    out += std::string(" (") + toString(question.stack.cancellation) + " cancellation)";
    std::string search;
    for (const KnobSearch& s : question.search)
        search += (search.empty() ? "" : " × ") + searchText(s);
    out += search.empty() ? ", searching nothing" : ", searching " + search;
    std::string held;
    for (const double load : question.heldLoads)
        held += (held.empty() ? "" : ", ") + formatNumber(load);
    out += "; holding " + held + "; target " + formatNumber(question.targetLoad);
    out += limitsText(question);
    return out + "; " + toString(question.objective);
}

} // namespace hedge
