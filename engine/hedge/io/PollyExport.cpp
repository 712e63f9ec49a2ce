// Polly's export (docs/policies.md, "Export and import"): its C# and what the model leaves out,
// and how a resilience4cata setup without a budget is the same policy as Polly's; its row in
// hedge/PolicyFamilies.cpp points here.
#include <hedge/io/FamilyExport.h>

#include "Format.h"
#include "PolicyExportText.h"
#include "PolicyText.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace hedge::io_detail {

namespace {

// The retry strategy, before the hedging in the pipeline: it retries what the hedging returns.
std::string pollyRetryText(const PollyRetry& retry)
{
    static const char* const kBackoff[] = {"Constant", "Linear", "Exponential"};
    std::string out = "    .AddRetry(new RetryStrategyOptions<HttpResponseMessage>\n"
                      "    {\n"
                      "        MaxRetryAttempts = " +
                      std::to_string(retry.maxRetryAttempts) + ",\n";
    out += "        Delay = " + milliseconds("TimeSpan.FromMilliseconds", retry.delayMs) + ",\n";
    out += "        BackoffType = DelayBackoffType." +
           std::string(kBackoff[std::clamp(retry.backoffType, 0, 2)]) + ",\n";
    out += std::string("        UseJitter = ") + (retry.useJitter ? "true" : "false") + ",\n";
    if (retry.maxDelayMs > 0.0)
        out += "        MaxDelay = " + milliseconds("TimeSpan.FromMilliseconds", retry.maxDelayMs) +
               ",\n";
    out += "        ShouldHandle = new PredicateBuilder<HttpResponseMessage>()\n"
           "            .Handle<HttpRequestException>()\n"
           "            .HandleResult(r => r.StatusCode == HttpStatusCode.ServiceUnavailable),\n"
           "    })\n";
    return out;
}

// The setup's deadline (docs/model.md, "Deadlines") is a timeout strategy added before the
// hedging and the retries: the outer strategy, so it bounds the call with every attempt.
std::string pollyText(const PollySettings& polly, double deadlineMs, const ExportHeader& header)
{
    std::string out = comment("//",
                              polly.retry ? "Polly v8 retry and hedging strategies"
                                          : "Polly v8 hedging strategy",
                              header);
    out += "var pipeline = new ResiliencePipelineBuilder<HttpResponseMessage>()\n";
    if (deadlineMs > 0.0)
        out += "    .AddTimeout(" + milliseconds("TimeSpan.FromMilliseconds", deadlineMs) +
               ") // the call's deadline, over every attempt\n";
    if (polly.retry)
        out += pollyRetryText(*polly.retry);
    out += "    .AddHedging(new HedgingStrategyOptions<HttpResponseMessage>\n"
           "    {\n"
           "        MaxHedgedAttempts = " +
           std::to_string(polly.maxHedgedAttempts) + ",\n";
    if (polly.delayMs < 0.0)
        out += "        Delay = Timeout.InfiniteTimeSpan, // hedge only after a failure\n";
    else
        out +=
            "        Delay = " + milliseconds("TimeSpan.FromMilliseconds", polly.delayMs) + ",\n";
    if (!polly.delayPerAttemptMs.empty()) {
        // AttemptNumber counts the attempts started so far: 1 before the first hedge.
        out += "        DelayGenerator = args => ValueTask.FromResult(args.AttemptNumber switch\n"
               "        {\n";
        const std::size_t n = polly.delayPerAttemptMs.size();
        for (std::size_t k = 0; k + 1 < n; ++k)
            out += "            " + std::to_string(k + 1) + " => " +
                   milliseconds("TimeSpan.FromMilliseconds", polly.delayPerAttemptMs[k]) + ",\n";
        out += "            _ => " +
               milliseconds("TimeSpan.FromMilliseconds", polly.delayPerAttemptMs[n - 1]) +
               ",\n        }),\n";
    }
    if (polly.handleErrors)
        out +=
            "        ShouldHandle = new PredicateBuilder<HttpResponseMessage>()\n"
            "            .Handle<HttpRequestException>()\n"
            "            .HandleResult(r => r.StatusCode == HttpStatusCode.ServiceUnavailable),\n";
    else
        out += "        ShouldHandle = _ => PredicateResult.False(), // errors end the call\n";
    out += "    })\n"
           "    .Build();\n";
    return out;
}

void pollyNotes(const Setup& setup, std::vector<std::string>& notes)
{
    notes.push_back("the explorer's service errors are taken as HTTP 503 (handled errors)");
    if (setup.families.polly.retry)
        notes.push_back("the retry strategy runs a new hedged try only once the last try has "
                        "nothing in flight; Polly's jitter draws from the explorer's seeded "
                        "stream, not Random.Shared");
}

std::string pollyExportText(const Setup& setup, const ExportHeader& header)
{
    return pollyText(setup.families.polly, setup.deadlineMs, header);
}

// A resilience4cata setup is Polly's policy when its attempts fit Polly's range.
void pollyWhyNotFromHedge(const Setup& setup, std::vector<std::string>& reasons)
{
    const int attempts = setup.hedge ? setup.hedge->maxAttempts : 1;
    if (attempts < 2 || attempts > 11)
        reasons.push_back("Polly hedges 1 … 10 extra attempts, and the setup has " +
                          std::to_string(attempts - 1));
}

void pollyFromHedge(const HedgeSettings& hedge, int extraAttempts, FamilySettings& out)
{
    out.polly = {.maxHedgedAttempts = extraAttempts, .delayMs = hedge.delayMs};
}

} // namespace

// The row of hedge/PolicyFamilies.cpp points here.
const FamilyExport& pollyExport()
{
    static const FamilyExport row{
        .title = "Polly v8 hedging (C#)",
        .suffix = "cs",
        .text = &pollyExportText,
        .notes = &pollyNotes,
        .whyNotFromHedge = &pollyWhyNotFromHedge,
        .fromHedge = &pollyFromHedge};
    return row;
}

} // namespace hedge::io_detail
