// resilience4cata's export (docs/policies.md, "Export and import"): the explorer's own model as
// Java; its row in hedge/PolicyFamilies.cpp points here.
#include <hedge/io/FamilyExport.h>

#include "Format.h"
#include "PolicyExportText.h"
#include "PolicyText.h"

#include <cmath>
#include <string>
#include <vector>

namespace hedge::io_detail {

namespace {

// The retry around the hedge, with RetryConfig's names (docs/policies.md, "Retries").
std::string retryText(const Resilience4cataRetry& retry)
{
    std::string out = "    .retry(r -> r.maxAttempts(" + std::to_string(retry.maxAttempts) +
                      ")\n                .waitDuration(" + javaDuration(retry.waitDurationMs) + ")";
    const std::string multiplier = formatNumber(retry.exponentialBackoffMultiplier);
    const std::string factor = formatNumber(retry.randomizedWaitFactor);
    const std::string initial = formatNumber(retry.waitDurationMs) + "L";
    if (retry.exponentialBackoff) {
        const std::string max = retry.exponentialMaxWaitMs > 0.0
                                    ? ", " + formatNumber(retry.exponentialMaxWaitMs) + "L"
                                    : std::string();
        out += "\n                .intervalFunction(IntervalFunction.ofExponential" +
               std::string(retry.randomizedWait ? "Random" : "") + "Backoff(" + initial + ", " +
               multiplier + (retry.randomizedWait ? ", " + factor : std::string()) + max + "))";
    } else if (retry.randomizedWait) {
        out += "\n                .intervalFunction(IntervalFunction.ofRandomized(" + initial +
               ", " + factor + "))";
    }
    out += "\n                .retryExceptions(ServiceUnavailableException.class)";
    if (const auto& b = retry.budget)
        out += "\n                .budget(b -> b.percent(" + formatNumber(b->percent) +
               ").minPerSecond(" + formatNumber(b->minPerSecond) + ").window(" +
               javaDuration(b->windowSeconds * 1000.0) + "))";
    return out + ")\n";
}

std::string resilience4cataText(const Setup& setup, const ExportHeader& header)
{
    std::string out = comment("//", "resilience4cata hedging (docs/model.md)", header);
    out += "HedgedCall call = HedgedCall.builder()\n";
    if (!setup.hedge) {
        out += "    // no hedge: one attempt per call\n";
    } else {
        const HedgeSettings& h = *setup.hedge;
        out += "    .hedge(h -> h.delay(" + javaDuration(h.delayMs) +
               ")\n"
               "                 .maxAttempts(" +
               std::to_string(h.maxAttempts) + ")";
        if (h.hasBudget())
            out += "\n                 .budget(b -> b.percent(" + formatNumber(h.budgetPercent) +
                   ").minPerSecond(" + formatNumber(h.budgetMinPerSecond) + ").window(" +
                   javaDuration(h.budgetWindowSeconds * 1000.0) + "))";
        else
            out += "\n                 .noBudget()";
        if (h.placement == HedgePlacement::OtherReplica)
            out += "\n                 .otherReplica()";
        out += ")\n";
    }
    if (const auto& g = setup.adaptiveLimit)
        out += "    .adaptiveLimit(g -> g.initialLimit(" + std::to_string(g->initialLimit) +
               ").minLimit(" + std::to_string(g->minLimit) + ").maxLimit(" +
               std::to_string(g->maxLimit) + ")\n                         .smoothing(" +
               formatNumber(g->smoothing) + ").rttTolerance(" + formatNumber(g->rttTolerance) +
               ").longWindow(" + std::to_string(g->longWindow) + ").queueSize(" +
               std::to_string(g->queueSize) + "))\n";
    if (const auto& retry = setup.families.resilience4cata.retry)
        out += retryText(*retry);
    // The call's deadline (docs/model.md, "Deadlines"), over every attempt.
    if (setup.hasDeadline())
        out += "    .timeLimiter(t -> t.timeoutDuration(" + javaDuration(setup.deadlineMs) + "))\n";
    out += std::string("    .cancellation(Cancellation.") +
           (setup.cancellation == Cancellation::Server ? "SERVER" : "CLIENT") + ")\n";
    out += "    .build();\n";
    return out;
}

void resilience4cataNotes(const Setup& setup, std::vector<std::string>& notes)
{
    if (setup.hedge && setup.hedge->placement == HedgePlacement::OtherReplica)
        notes.push_back("hedges go to another replica: your balancer must know which "
                        "replicas a call has used");
    const auto& retry = setup.families.resilience4cata.retry;
    if (!retry)
        return;
    notes.push_back("the retry's retryExceptions are the explorer's service errors and sheds, "
                    "taken as ServiceUnavailableException; a call past its deadline "
                    "(TimeoutException) is not retried");
    notes.push_back("ignoreExceptions, retryOnResultPredicate, intervalBiFunction and "
                    "failAfterMaxAttempts are not modelled: their defaults hold");
    if (retry->budget)
        notes.push_back("resilience4j's Retry has no budget: the retry budget is the explorer's "
                        "own, a window shared by the client's calls like the hedge's");
}

} // namespace

// The row of hedge/PolicyFamilies.cpp points here.
const FamilyExport& resilience4cataExport()
{
    static const FamilyExport row{
        .title = "resilience4cata (Java)",
        .suffix = "java",
        .text = &resilience4cataText,
        .notes = &resilience4cataNotes,
        .ownModel = true};
    return row;
}

} // namespace hedge::io_detail
