// Murphy's export (docs/policies.md, "Export and import"): its Delphi and what the model leaves
// out, and how a resilience4cata setup without a budget is the same policy as Murphy's; its row
// in hedge/PolicyFamilies.cpp points here.
#include <hedge/io/FamilyExport.h>

#include "Format.h"
#include "PolicyExportText.h"
#include "PolicyText.h"

#include <cmath>
#include <string>
#include <vector>

namespace hedge::io_detail {

namespace {

std::string murphyText(const MurphySettings& murphy, const ExportHeader& header)
{
    std::string out = comment("//", "Murphy hedging policy (THedgingBuilder)", header);
    out += "Policy := THedgingBuilder.Create\n"
           "  .Delay(" +
           formatNumber(murphy.delayMs) +
           ")              // ms\n"
           "  .MaxExtraAttempts(" +
           std::to_string(murphy.maxExtraAttempts) + ")\n";
    if (murphy.handleErrors)
        out += "  .Handle(function(const E: Exception): Boolean\n"
               "    begin Result := E is EServiceUnavailable end)\n";
    else
        out += "  // no Handle: every error ends the call at once\n";
    out += "  .OnHedging(procedure(const Attempt: Integer) begin end)\n"
           "  .Build;\n";
    if (const auto& retry = murphy.retry) {
        out += "// The explorer's plain retry around the policy: up to " +
               std::to_string(retry->maxRetries) + " retries of a call that failed,\n// after " +
               formatNumber(retry->backoffMs) + " ms × " + formatNumber(retry->backoffMultiplier) +
               "^(n-1), at most " + formatNumber(retry->maxBackoffMs) + " ms" +
               (retry->jitter ? ", drawn uniformly below it" : "") + ".\n";
        if (const auto& b = retry->budget)
            out += "// A retry budget: " + formatNumber(b->percent) + " % of the calls plus " +
                   formatNumber(b->minPerSecond) + " a second, over " +
                   formatNumber(b->windowSeconds) + " s.\n";
    }
    return out;
}

// Murphy's builder has no deadline of its own: the call's (docs/model.md, "Deadlines") is the
// caller's to keep, and its attempts are then abandoned like losers.
void murphyNotes(const Setup& setup, std::vector<std::string>& notes)
{
    if (setup.hasDeadline())
        notes.push_back("the call's deadline, " + formatPlainNumber(setup.deadlineMs) +
                        " ms, is not the policy's: stop waiting after it around the call "
                        "(its attempts are abandoned as losers are)");
    notes.push_back("the explorer's service errors are taken as HTTP 503 (handled errors)");
    if (setup.families.murphy.retry)
        notes.push_back("the retry is the explorer's own, written as a comment: wrap the "
                        "policy's Execute in your retry loop");
}

std::string murphyExportText(const Setup& setup, const ExportHeader& header)
{
    return murphyText(setup.families.murphy, header);
}

// Murphy abandons losers: a setup that cancels them on the server is another policy.
void murphyWhyNotFromHedge(const Setup& setup, std::vector<std::string>& reasons)
{
    if (setup.cancellation == Cancellation::Server)
        reasons.push_back("Murphy abandons losers and the setup cancels them on the server");
}

void murphyFromHedge(const HedgeSettings& hedge, int extraAttempts, FamilySettings& out)
{
    out.murphy = {.delayMs = hedge.delayMs, .maxExtraAttempts = extraAttempts};
}

} // namespace

// The row of hedge/PolicyFamilies.cpp points here.
const FamilyExport& murphyExport()
{
    static const FamilyExport row{
        .title = "Murphy hedging policy (Delphi)",
        .suffix = "pas",
        .text = &murphyExportText,
        .notes = &murphyNotes,
        .cancellationNote = "losers are abandoned, never cancelled: the server finishes their work",
        .whyNotFromHedge = &murphyWhyNotFromHedge,
        .fromHedge = &murphyFromHedge};
    return row;
}

} // namespace hedge::io_detail
