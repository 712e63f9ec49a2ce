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

// The setup's deadline (docs/model.md, "Deadlines") is a timeout layer outside the hedge.
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
    if (deadlineMs > 0.0)
        out += "// The call's deadline, over every attempt: the timeout layer outside the hedge.\n"
               "let service = Timeout::new(hedged, " +
               seconds(deadlineMs / 1000.0, "Duration::from_secs", "Duration::from_secs_f64") +
               ");\n";
    return out;
}

void towerNotes(const Setup& setup, std::vector<std::string>& notes)
{
    if (const auto& budget = setup.families.tower.budget)
        noteRounded("min_per_sec", budget->minPerSec, notes);
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
