#include <hedge/io/PolicyExport.h>

#include "Format.h"
#include "PolicyExportText.h"

#include <hedge/PolicyFamilies.h>
#include <hedge/io/FamilyExport.h>
#include <hedge/io/ScenarioError.h>


namespace hedge {

namespace {

using io_detail::ExportHeader;
using io_detail::formatPlainNumber;

const FamilyExport& exportOf(PolicyFamily format)
{
    return *policyFamilyRow(format).exports;
}

// What the model keeps beside the family, which no stack's hedging config says.
void addSetupNotes(const Setup& setup, const FamilyExport& format, std::vector<std::string>& notes)
{
    if (format.ownModel)
        return; // the explorer's own model says all of it
    if (setup.adaptiveLimit)
        notes.push_back("the adaptive concurrency limit (Gradient2, limit " +
                        std::to_string(setup.adaptiveLimit->minLimit) + " … " +
                        std::to_string(setup.adaptiveLimit->maxLimit) +
                        ") in front of the client is not part of this configuration");
    if (format.cancellationNote)
        notes.push_back(format.cancellationNote);
    else
        notes.push_back(std::string("cancellation ") + toString(setup.cancellation) +
                        ": whether a cancelled attempt leaves the server's queue is the "
                        "server's doing, not this configuration's");
}

// Why a resilience4cata setup is not the same policy as `format`'s (empty: it is).
std::vector<std::string> whyNotSameAs(const Setup& setup, PolicyFamily format)
{
    std::vector<std::string> reasons;
    const FamilyExport& as = exportOf(format);
    if (!as.whyNotFromHedge) {
        reasons.push_back(std::string(toString(format)) +
                          "'s rules differ from resilience4cata's (what arms a hedge, what "
                          "limits it, what an error does)");
        return reasons;
    }
    if (setup.hedge && setup.hedge->hasBudget())
        reasons.push_back("its windowed rate budget (budget_percent " +
                          formatPlainNumber(setup.hedge->budgetPercent) + ") has no counterpart");
    if (setup.hedge && setup.hedge->placement == HedgePlacement::OtherReplica)
        reasons.push_back("its hedges go to another replica");
    if (const auto retries = policyFamilyRow(setup.policy).retries; retries && retries(setup.families))
        reasons.push_back("its retry (resilience4j Retry) is not translated");
    as.whyNotFromHedge(setup, reasons);
    return reasons;
}

// `setup` as a setup of `format`, the same policy decision by decision.
Setup translated(const Setup& setup, PolicyFamily format)
{
    if (format == setup.policy)
        return setup;
    std::vector<std::string> reasons;
    if (setup.isFamily())
        reasons.push_back(std::string("a ") + toString(setup.policy) + " setup exports only as " +
                          toString(setup.policy));
    else
        reasons = whyNotSameAs(setup, format);
    if (!reasons.empty()) {
        std::string problem = std::string("\"") + setup.name + "\" does not map exactly onto " +
                              toString(format) + ": ";
        for (std::size_t i = 0; i < reasons.size(); ++i)
            problem += (i ? "; " : "") + reasons[i];
        throw ScenarioError({}, problem);
    }
    Setup out = setup;
    out.policy = format;
    const HedgeSettings hedge = setup.hedge.value_or(HedgeSettings{});
    const int extra = setup.hedge ? hedge.maxAttempts - 1 : 0;
    exportOf(format).fromHedge(hedge, extra, out.families);
    return out;
}

} // namespace

ExportedPolicy exportPolicy(const Setup& original, PolicyFamily format)
{
    const Setup setup = translated(original, format);
    const FamilyExport& as = exportOf(format);
    ExportedPolicy out;
    out.format = format;
    out.uncoveredInText = as.hasComments;
    addSetupNotes(setup, as, out.uncovered);
    as.notes(setup, out.uncovered);
    const ExportHeader header{setup.name, out.uncovered};
    out.text = as.text(setup, header);
    return out;
}

std::vector<PolicyFamily> exportFormats(const Setup& setup)
{
    std::vector<PolicyFamily> formats{setup.policy};
    if (setup.isFamily())
        return formats;
    for (const PolicyFamilyRow& row : policyFamilies())
        if (row.exports->fromHedge && whyNotSameAs(setup, row.id).empty())
            formats.push_back(row.id);
    return formats;
}

const char* policyFormatTitle(PolicyFamily format)
{
    return exportOf(format).title;
}

const char* policyFormatSuffix(PolicyFamily format)
{
    return exportOf(format).suffix;
}

} // namespace hedge
