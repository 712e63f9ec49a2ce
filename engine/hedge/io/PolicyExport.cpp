#include <hedge/io/PolicyExport.h>

#include "Format.h"
#include "PolicyExportText.h"

#include <hedge/io/ScenarioError.h>

#include <algorithm>
#include <cmath>

namespace hedge {

namespace {

using io_detail::ExportHeader;
using io_detail::formatPlainNumber;

// What the model keeps beside the family, which no stack's hedging config says.
void addSetupNotes(const Setup& setup, PolicyFamily format, std::vector<std::string>& notes)
{
    if (format == PolicyFamily::Resilience4cata)
        return; // the explorer's own model says all of it
    if (setup.adaptiveLimit)
        notes.push_back("the adaptive concurrency limit (Gradient2, limit " +
                        std::to_string(setup.adaptiveLimit->minLimit) + " … " +
                        std::to_string(setup.adaptiveLimit->maxLimit) +
                        ") in front of the client is not part of this configuration");
    if (format == PolicyFamily::Murphy)
        notes.push_back("losers are abandoned, never cancelled: the server finishes their work");
    else
        notes.push_back(std::string("cancellation ") + toString(setup.cancellation) +
                        ": whether a cancelled attempt leaves the server's queue is the "
                        "server's doing, not this configuration's");
}

// A knob the stack takes as a whole number, written rounded.
void noteRounded(const char* what, double value, std::vector<std::string>& notes)
{
    if (value != std::round(value))
        notes.push_back(std::string(what) + " " + formatPlainNumber(value) + " is written as " +
                        formatPlainNumber(std::round(value)) + ": the stack takes a whole number");
}

void addFamilyNotes(const Setup& setup, PolicyFamily format, std::vector<std::string>& notes)
{
    switch (format) {
    case PolicyFamily::Grpc:
        notes.push_back("\"name\": [{}] applies to every method: name your service there");
        notes.push_back("nonFatalStatusCodes: the explorer's service fails with one kind of "
                        "error, taken as UNAVAILABLE");
        if (const auto& t = setup.families.grpc.throttling) {
            if (double(io_detail::grpcMaxTokens(*t)) != t->maxTokens)
                notes.push_back("maxTokens " + formatPlainNumber(t->maxTokens) + " is written as " +
                                std::to_string(io_detail::grpcMaxTokens(*t)) +
                                ": gRPC C-core takes a whole number");
            if (std::fabs(io_detail::grpcTokenRatio(*t) - t->tokenRatio) > 1e-9)
                notes.push_back("tokenRatio " + formatPlainNumber(t->tokenRatio) +
                                " is written as " +
                                formatPlainNumber(io_detail::grpcTokenRatio(*t)) +
                                ": gRPC keeps three decimals");
        }
        if (setup.families.grpc.flavour == GrpcFlavour::A6)
            notes.push_back("flavour a6 (gRFC A6 as written) is the client library's "
                            "behaviour, not a key of the service config; an import reads java");
        break;
    case PolicyFamily::Envoy:
        notes.push_back("retry_on: connect-failure only gives the route a retry state; the "
                        "explorer models no retries on errors before the per-try timeout");
        if (const EnvoySettings& e = setup.families.envoy;
            io_detail::envoyBackoffBase(e) != e.backoffBaseMs)
            notes.push_back("base_interval " + formatPlainNumber(e.backoffBaseMs) +
                            " ms is written as the max_interval, " +
                            formatPlainNumber(e.backoffMaxMs) +
                            " ms: Envoy refuses a max below the base, and every backoff is "
                            "capped at the max either way");
        notes.push_back("only the DEFAULT priority's max_retries and retry_budget are modelled; "
                        "the cluster's other thresholds are Envoy's defaults");
        break;
    case PolicyFamily::Polly:
    case PolicyFamily::Murphy:
        notes.push_back("the explorer's service errors are taken as HTTP 503 (handled errors)");
        break;
    case PolicyFamily::Finagle:
        noteRounded("minRetriesPerSec", setup.families.finagle.clientBudget.minRetriesPerSec,
                    notes);
        noteRounded("minSendBackupAfterMs", setup.families.finagle.minSendBackupAfterMs, notes);
        notes.push_back("the destination and the service are placeholders: put yours");
        break;
    case PolicyFamily::Tower:
        if (const auto& budget = setup.families.tower.budget)
            noteRounded("min_per_sec", budget->minPerSec, notes);
        notes.push_back("the destination and the service are placeholders: put yours");
        break;
    case PolicyFamily::Resilience4cata:
        if (setup.hedge && setup.hedge->placement == HedgePlacement::OtherReplica)
            notes.push_back("hedges go to another replica: your balancer must know which "
                            "replicas a call has used");
        break;
    }
}

// Why a resilience4cata setup is not the same policy as `format`'s (empty: it is).
std::vector<std::string> whyNotSameAs(const Setup& setup, PolicyFamily format)
{
    std::vector<std::string> reasons;
    if (format != PolicyFamily::Polly && format != PolicyFamily::Murphy) {
        reasons.push_back(std::string(toString(format)) +
                          "'s rules differ from resilience4cata's (what arms a hedge, what "
                          "limits it, what an error does)");
        return reasons;
    }
    const int attempts = setup.hedge ? setup.hedge->maxAttempts : 1;
    if (setup.hedge && setup.hedge->hasBudget())
        reasons.push_back("its windowed rate budget (budget_percent " +
                          formatPlainNumber(setup.hedge->budgetPercent) + ") has no counterpart");
    if (setup.hedge && setup.hedge->placement == HedgePlacement::OtherReplica)
        reasons.push_back("its hedges go to another replica");
    if (format == PolicyFamily::Polly && (attempts < 2 || attempts > 11))
        reasons.push_back("Polly hedges 1 … 10 extra attempts, and the setup has " +
                          std::to_string(attempts - 1));
    if (format == PolicyFamily::Murphy && setup.cancellation == Cancellation::Server)
        reasons.push_back("Murphy abandons losers and the setup cancels them on the server");
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
    if (format == PolicyFamily::Polly)
        out.families.polly = {.maxHedgedAttempts = extra, .delayMs = hedge.delayMs};
    else
        out.families.murphy = {.delayMs = hedge.delayMs, .maxExtraAttempts = extra};
    return out;
}

} // namespace

ExportedPolicy exportPolicy(const Setup& original, PolicyFamily format)
{
    const Setup setup = translated(original, format);
    ExportedPolicy out;
    out.format = format;
    addSetupNotes(setup, format, out.uncovered);
    addFamilyNotes(setup, format, out.uncovered);
    const ExportHeader header{setup.name, out.uncovered};
    const FamilySettings& f = setup.families;
    switch (format) {
    case PolicyFamily::Grpc:
        out.text = io_detail::grpcServiceConfigText(f.grpc);
        break;
    case PolicyFamily::Envoy:
        out.text = io_detail::envoyYamlText(f.envoy, header);
        break;
    case PolicyFamily::Polly:
        out.text = io_detail::pollyText(f.polly, header);
        break;
    case PolicyFamily::Finagle:
        out.text = io_detail::finagleText(f.finagle, header);
        break;
    case PolicyFamily::Tower:
        out.text = io_detail::towerText(f.tower, header);
        break;
    case PolicyFamily::Murphy:
        out.text = io_detail::murphyText(f.murphy, header);
        break;
    case PolicyFamily::Resilience4cata:
        out.text = io_detail::resilience4cataText(setup, header);
        break;
    }
    return out;
}

std::vector<PolicyFamily> exportFormats(const Setup& setup)
{
    std::vector<PolicyFamily> formats{setup.policy};
    if (setup.isFamily())
        return formats;
    for (PolicyFamily f : {PolicyFamily::Polly, PolicyFamily::Murphy})
        if (whyNotSameAs(setup, f).empty())
            formats.push_back(f);
    return formats;
}

const char* policyFormatTitle(PolicyFamily format)
{
    switch (format) {
    case PolicyFamily::Grpc:
        return "gRPC service config (JSON)";
    case PolicyFamily::Envoy:
        return "Envoy v3 route and cluster (YAML)";
    case PolicyFamily::Polly:
        return "Polly v8 hedging (C#)";
    case PolicyFamily::Finagle:
        return "Finagle MethodBuilder (Scala)";
    case PolicyFamily::Tower:
        return "tower::hedge (Rust)";
    case PolicyFamily::Murphy:
        return "Murphy hedging policy (Delphi)";
    case PolicyFamily::Resilience4cata:
        break;
    }
    return "resilience4cata (Java)";
}

const char* policyFormatSuffix(PolicyFamily format)
{
    switch (format) {
    case PolicyFamily::Grpc:
        return "json";
    case PolicyFamily::Envoy:
        return "yaml";
    case PolicyFamily::Polly:
        return "cs";
    case PolicyFamily::Finagle:
        return "scala";
    case PolicyFamily::Tower:
        return "rs";
    case PolicyFamily::Murphy:
        return "pas";
    case PolicyFamily::Resilience4cata:
        break;
    }
    return "java";
}

} // namespace hedge
