// Tower's export (docs/policies.md, "Export and import"): its Rust and what the model leaves
// out; its row in hedge/PolicyFamilies.cpp points here.
#include <hedge/io/FamilyExport.h>

#include "Format.h"
#include "PolicyExportText.h"
#include "PolicyText.h"

#include <cmath>
#include <string>
#include <vector>

namespace hedge::io_detail {

namespace {

// tower::retry::Retry around the hedge: a Policy that retries errors while attempts remain,
// after an ExponentialBackoff, withdrawing from the same TpsBudget when there is one.
std::string towerRetryText(const TowerRetry& retry, bool budget)
{
    std::string out =
        "\n// Retry around the hedge (tower::retry): the service's errors, at most " +
        std::to_string(retry.maxRetries) +
        " retries,\n"
        "// each after ExponentialBackoffMaker::new(min, max, jitter)'s next backoff.\n"
        "let backoff = tower::retry::backoff::ExponentialBackoffMaker::new(\n"
        "    Duration::from_millis(" +
        formatNumber(std::round(retry.minBackoffMs)) +
        "),\n"
        "    Duration::from_millis(" +
        formatNumber(std::round(retry.maxBackoffMs)) + "),\n    " + formatNumber(retry.jitter) +
        ",\n"
        "    tower::util::rng::HasherRng::default(),\n"
        ").expect(\"min <= max\");\n"
        "// impl tower::retry::Policy for RetryErrors: retry() on Err(_) while attempts > 0";
    out += budget ? " and\n// policy.budget.withdraw(), sleeping backoff.next_backoff() first\n"
                  : ",\n// sleeping backoff.next_backoff() first\n";
    out += "let retried = tower::retry::Retry::new(RetryErrors { attempts: " +
           std::to_string(retry.maxRetries) + ", backoff: backoff.make_backoff() }, hedged);\n";
    return out;
}

// The setup's deadline (docs/model.md, "Deadlines") is a timeout layer outside the hedge (and
// outside the retries around it).
std::string towerText(const TowerSettings& tower, double deadlineMs, const ExportHeader& header)
{
    std::string out = comment("//", "tower::hedge", header);
    if (tower.budget)
        out += "use std::sync::Arc;\n";
    out += "use std::time::Duration;\n"
           "use tower::hedge::{Hedge, Policy};\n";
    if (tower.budget)
        out += "use tower::retry::budget::{Budget, TpsBudget};\n";
    if (deadlineMs > 0.0)
        out += "use tower::timeout::Timeout;\n";
    out += "\n#[derive(Clone)]\n"
           "struct HedgeAll";
    if (tower.budget)
        out += " {\n    budget: Arc<TpsBudget>,\n}\n";
    else
        out += ";\n";
    out += "\nimpl<Req: Clone> Policy<Req> for HedgeAll {\n"
           "    fn clone_request(&self, req: &Req) -> Option<Req> {\n";
    if (tower.budget)
        out += "        self.budget.deposit(); // every call deposits\n";
    out += "        Some(req.clone())\n"
           "    }\n"
           "    fn can_retry(&self, _req: &Req) -> bool {\n";
    out += tower.budget ? "        self.budget.withdraw()\n" : "        true\n";
    out += "    }\n"
           "}\n\n";
    if (tower.budget)
        out += "let policy = HedgeAll {\n"
               "    budget: Arc::new(TpsBudget::new(" +
               seconds(tower.budget->ttlSeconds, "Duration::from_secs", "Duration::from_secs_f64") +
               ", " + formatNumber(std::round(tower.budget->minPerSec)) + ", " +
               formatNumber(tower.budget->retryPercent) + ")),\n};\n";
    else
        out += "let policy = HedgeAll;\n";
    out += "let hedged = Hedge::new(service, policy, " + std::to_string(tower.minDataPoints) +
           ", " + formatNumber(tower.latencyPercentile) + ", " +
           seconds(tower.periodSeconds, "Duration::from_secs", "Duration::from_secs_f64") + ");\n";
    if (tower.retry)
        out += towerRetryText(*tower.retry, tower.budget.has_value());
    if (deadlineMs > 0.0)
        out += std::string("// The call's deadline, over every attempt: the timeout layer outside "
                           "the hedge") + (tower.retry ? " and its retries" : "") + ".\n" +
               "let service = Timeout::new(" + (tower.retry ? "retried" : "hedged") + ", " +
               seconds(deadlineMs / 1000.0, "Duration::from_secs", "Duration::from_secs_f64") +
               ");\n";
    return out;
}

void towerNotes(const Setup& setup, std::vector<std::string>& notes)
{
    if (const auto& budget = setup.families.tower.budget)
        noteRounded("min_per_sec", budget->minPerSec, notes);
    if (const auto& retry = setup.families.tower.retry) {
        noteRounded("min_backoff_ms", retry->minBackoffMs, notes);
        noteRounded("max_backoff_ms", retry->maxBackoffMs, notes);
        notes.push_back("RetryErrors is yours to write (tower has no ready Policy); the retried "
                        "call's dropped hedge is left to finish");
    }
    notes.push_back("the destination and the service are placeholders: put yours");
}

std::string towerExportText(const Setup& setup, const ExportHeader& header)
{
    return towerText(setup.families.tower, setup.deadlineMs, header);
}

} // namespace

// The row of hedge/PolicyFamilies.cpp points here.
const FamilyExport& towerExport()
{
    static const FamilyExport row{
        .title = "tower::hedge (Rust)",
        .suffix = "rs",
        .text = &towerExportText,
        .notes = &towerNotes};
    return row;
}

} // namespace hedge::io_detail
