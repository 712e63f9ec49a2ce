// gRPC's export and import (docs/policies.md, "Export and import"): the service config's JSON
// and what the model leaves out; its row in hedge/PolicyFamilies.cpp points here. The reader is
// PolicyImport.cpp's readGrpcServiceConfig.
#include <hedge/io/FamilyExport.h>
#include <hedge/policy/GrpcHedging.h>

#include "Format.h"
#include "PolicyExportText.h"
#include "PolicyText.h"
#include "PolicyImportDetail.h"

#include <nlohmann/json.hpp>

#include <algorithm>

#include <cmath>
#include <string>
#include <vector>

namespace hedge::io_detail {

namespace {

// The values as gRPC C-core, the strictest reader, takes them: a whole maxTokens (at least 1)
// and tokenRatio in thousandths (at least 0.001).
long long grpcMaxTokens(const GrpcThrottling& throttling)
{
    return std::max(1LL, std::llround(throttling.maxTokens));
}

double grpcTokenRatio(const GrpcThrottling& throttling)
{
    return std::max(1LL, std::llround(throttling.tokenRatio * 1000.0)) / 1000.0;
}

// The setup's deadline (docs/model.md, "Deadlines") is the method config's `timeout`: gRPC
// sends it as the call's deadline.
std::string grpcServiceConfigText(const GrpcSettings& grpc, double deadlineMs)
{
    nlohmann::ordered_json hedging;
    hedging["maxAttempts"] = grpc.maxAttempts;
    hedging["hedgingDelay"] = formatDuration(grpc.hedgingDelayMs);
    hedging["nonFatalStatusCodes"] = nlohmann::ordered_json::array();
    if (grpc.nonFatalErrors)
        hedging["nonFatalStatusCodes"].push_back(grpcStatusName(kGrpcUnavailable));
    nlohmann::ordered_json method;
    method["name"] = nlohmann::ordered_json::array({nlohmann::ordered_json::object()});
    if (deadlineMs > 0.0)
        method["timeout"] = formatDuration(deadlineMs);
    // A method has a hedgingPolicy or a retryPolicy (validation keeps them apart).
    if (grpc.hedgingPolicy) {
        method["hedgingPolicy"] = hedging;
    } else if (const auto& retry = grpc.retryPolicy) {
        nlohmann::ordered_json policy;
        policy["maxAttempts"] = retry->maxAttempts;
        policy["initialBackoff"] = formatDuration(retry->initialBackoffMs);
        policy["maxBackoff"] = formatDuration(retry->maxBackoffMs);
        policy["backoffMultiplier"] = retry->backoffMultiplier;
        policy["retryableStatusCodes"] =
            nlohmann::ordered_json::array({grpcStatusName(kGrpcUnavailable)});
        method["retryPolicy"] = policy;
    }
    nlohmann::ordered_json config;
    config["methodConfig"] = nlohmann::ordered_json::array({method});
    if (grpc.throttling) {
        // gRPC C-core reads maxTokens as an integer from the number's literal text ("10.0" is
        // refused) and tokenRatio with at most three decimals; grpc-java reads both as
        // numbers. PolicyExport notes a value written otherwise than the setup holds.
        config["retryThrottling"]["maxTokens"] = grpcMaxTokens(*grpc.throttling);
        config["retryThrottling"]["tokenRatio"] = grpcTokenRatio(*grpc.throttling);
    }
    return config.dump(2) + "\n";
}

void grpcNotes(const Setup& setup, std::vector<std::string>& notes)
{
    notes.push_back("\"name\": [{}] applies to every method: name your service there");
    if (setup.families.grpc.hedgingPolicy)
        notes.push_back("nonFatalStatusCodes: the explorer's service fails with one kind of "
                        "error, taken as UNAVAILABLE");
    else if (setup.families.grpc.retryPolicy)
        notes.push_back("retryableStatusCodes: the explorer's service fails with one kind of "
                        "error, taken as UNAVAILABLE; no server pushback (grpc-retry-pushback-ms)");
    else
        notes.push_back("neither a hedgingPolicy nor a retryPolicy: one attempt a call");
    if (const auto& t = setup.families.grpc.throttling) {
        if (double(grpcMaxTokens(*t)) != t->maxTokens)
            notes.push_back("maxTokens " + formatPlainNumber(t->maxTokens) + " is written as " +
                            std::to_string(grpcMaxTokens(*t)) +
                            ": gRPC C-core takes a whole number");
        if (std::fabs(grpcTokenRatio(*t) - t->tokenRatio) > 1e-9)
            notes.push_back("tokenRatio " + formatPlainNumber(t->tokenRatio) + " is written as " +
                            formatPlainNumber(grpcTokenRatio(*t)) +
                            ": gRPC keeps three decimals");
    }
    if (setup.families.grpc.flavour == GrpcFlavour::A6)
        notes.push_back("flavour a6 (gRFC A6 as written) is the client library's "
                        "behaviour, not a key of the service config; an import reads java");
    if (setup.families.grpc.flavour == GrpcFlavour::Js) {
        notes.push_back("flavour js (grpc-js) is the client library's behaviour, not a key of "
                        "the service config; an import reads java");
        const double timerMs = GrpcHedging::grpcJsTimerMs(setup.families.grpc.hedgingDelayMs);
        if (timerMs != setup.families.grpc.hedgingDelayMs)
            notes.push_back("hedgingDelay " + formatDuration(setup.families.grpc.hedgingDelayMs) +
                            ": grpc-js waits " + formatPlainNumber(timerMs) +
                            " ms (Node's timers keep whole milliseconds, at least 1)");
    }
}

std::string grpcText(const Setup& setup, const ExportHeader&)
{
    return grpcServiceConfigText(setup.families.grpc, setup.deadlineMs);
}

} // namespace

// The row of hedge/PolicyFamilies.cpp points here.
const FamilyExport& grpcExport()
{
    static const FamilyExport row{
        .title = "gRPC service config (JSON)",
        .suffix = "json",
        .text = &grpcText,
        .notes = &grpcNotes,
        .read = &readGrpcServiceConfig,
        .hasComments = false};
    return row;
}

} // namespace hedge::io_detail
