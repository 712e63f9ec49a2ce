#include <hedge/io/PolicyImport.h>

#include <hedge/PolicyFamilies.h>
#include <hedge/io/FamilyExport.h>

#include "Format.h"
#include "JsonDetail.h"
#include "PolicyImportDetail.h"
#include "PolicyText.h"

#include <hedge/io/ScenarioValidation.h>

#include <cmath>
#include <set>

namespace hedge {

namespace io_detail {

namespace {

void note(ImportedPolicy& out, const std::string& field, const std::string& why)
{
    out.uncovered.push_back(field + ": " + why);
}

const Json& objectAt(const Json& value, const std::string& path)
{
    if (!value.is_object())
        throw ScenarioError(path, "must be an object, not " + describe(value));
    return value;
}

double numberAt(const Json& value, const std::string& path)
{
    if (!value.is_number())
        throw ScenarioError(path, "must be a number, not " + describe(value));
    return value.get<double>();
}

const Json& requiredMember(const Json& object, const std::string& path, const char* key,
                           const char* what)
{
    const auto it = object.find(key);
    if (it == object.end())
        throw ScenarioError(childPath(path, key), std::string("missing (") + what + ")");
    return *it;
}

int readMaxAttempts(const Json& value, const std::string& path, ImportedPolicy& out)
{
    const double n = numberAt(value, path);
    if (n != std::floor(n))
        throw ScenarioError(path, "must be a whole number, not " + describe(value));
    if (n < 2)
        throw ScenarioError(path, "must be at least 2");
    if (n > 1e9)
        throw ScenarioError(path, outOfRange(describe(value), "2 … 1000000000"));
    if (n > 5)
        note(out, path, formatNumber(n) + " is clamped to 5, by gRPC's clients as by the explorer");
    return static_cast<int>(n);
}

bool readNonFatalCodes(const Json& value, const std::string& path, ImportedPolicy& out)
{
    if (!value.is_array())
        throw ScenarioError(path, "must be an array of status codes, not " + describe(value));
    bool unavailable = false;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const Json& code = value[i];
        std::optional<int> number;
        if (code.is_string())
            number = grpcStatusCode(code.get<std::string>());
        else if (code.is_number_integer() && code.get<std::int64_t>() >= 0 &&
                 code.get<std::int64_t>() <= 16)
            number = static_cast<int>(code.get<std::int64_t>());
        if (!number)
            throw ScenarioError(indexPath(path, i), describe(code) + " is not a gRPC status code");
        if (*number == kGrpcUnavailable)
            unavailable = true;
        else
            note(out, indexPath(path, i),
                 std::string(grpcStatusName(*number)) +
                     ": the explorer's service fails only with UNAVAILABLE");
    }
    return unavailable;
}

void readHedgingPolicy(const Json& value, const std::string& path, ImportedPolicy& out)
{
    objectAt(value, path);
    GrpcSettings& g = out.setup.families.grpc;
    g.maxAttempts = readMaxAttempts(requiredMember(value, path, "maxAttempts", "at least 2"),
                                    childPath(path, "maxAttempts"), out);
    for (const auto& [key, member] : value.items()) {
        const std::string at = childPath(path, key);
        if (key == "maxAttempts")
            continue;
        if (key == "hedgingDelay") {
            if (!member.is_string())
                throw ScenarioError(at, notADuration(member.dump()));
            const auto ms = parseDuration(member.get<std::string>());
            if (!ms)
                throw ScenarioError(at, notADuration(member.get<std::string>()));
            g.hedgingDelayMs = *ms;
        } else if (key == "nonFatalStatusCodes") {
            g.nonFatalErrors = readNonFatalCodes(member, at, out);
        } else {
            note(out, at, "not a field of gRPC's hedgingPolicy; ignored");
        }
    }
}

// A duration of the retryPolicy, greater than 0 as gRPC requires.
double readPositiveDuration(const Json& value, const std::string& path)
{
    if (!value.is_string())
        throw ScenarioError(path, notADuration(value.dump()));
    const auto ms = parseDuration(value.get<std::string>());
    if (!ms)
        throw ScenarioError(path, notADuration(value.get<std::string>()));
    if (!(*ms > 0.0))
        throw ScenarioError(path, "must be greater than 0");
    return *ms;
}

// A retryPolicy (gRFC A6): the setup retries and does not hedge.
void readRetryPolicy(const Json& value, const std::string& path, ImportedPolicy& out)
{
    objectAt(value, path);
    GrpcSettings& g = out.setup.families.grpc;
    GrpcRetryPolicy r;
    r.maxAttempts = readMaxAttempts(requiredMember(value, path, "maxAttempts", "at least 2"),
                                    childPath(path, "maxAttempts"), out);
    r.initialBackoffMs =
        readPositiveDuration(requiredMember(value, path, "initialBackoff", "a duration > 0"),
                             childPath(path, "initialBackoff"));
    r.maxBackoffMs = readPositiveDuration(
        requiredMember(value, path, "maxBackoff", "a duration > 0"), childPath(path, "maxBackoff"));
    const std::string multiplierPath = childPath(path, "backoffMultiplier");
    r.backoffMultiplier = numberAt(
        requiredMember(value, path, "backoffMultiplier", "greater than 0"), multiplierPath);
    if (!(r.backoffMultiplier > 0.0))
        throw ScenarioError(multiplierPath, "must be greater than 0");
    const std::string codesPath = childPath(path, "retryableStatusCodes");
    const bool unavailable = readNonFatalCodes(
        requiredMember(value, path, "retryableStatusCodes", "a non-empty array"), codesPath, out);
    for (const auto& [key, member] : value.items())
        if (key != "maxAttempts" && key != "initialBackoff" && key != "maxBackoff" &&
            key != "backoffMultiplier" && key != "retryableStatusCodes")
            note(out, childPath(path, key), "not a field of gRPC's retryPolicy; ignored");
    g.hedgingPolicy = false;
    if (unavailable)
        g.retryPolicy = r;
    else
        note(out, codesPath, "UNAVAILABLE is not retryable: the explorer's service errors are "
                             "never retried, and the setup makes one attempt a call");
}

void readThrottling(const Json& value, const std::string& path, ImportedPolicy& out)
{
    objectAt(value, path);
    GrpcThrottling t;
    const std::string tokensPath = childPath(path, "maxTokens");
    t.maxTokens =
        numberAt(requiredMember(value, path, "maxTokens", "0 < maxTokens ≤ 1000"), tokensPath);
    if (!(t.maxTokens > 0.0 && t.maxTokens <= 1000.0))
        throw ScenarioError(tokensPath, outOfRange(formatNumber(t.maxTokens), "(0, 1000]"));
    const std::string ratioPath = childPath(path, "tokenRatio");
    t.tokenRatio = numberAt(requiredMember(value, path, "tokenRatio", "greater than 0"), ratioPath);
    if (!(t.tokenRatio > 0.0))
        throw ScenarioError(ratioPath, "must be greater than 0");
    for (const auto& [key, member] : value.items())
        if (key != "maxTokens" && key != "tokenRatio")
            note(out, childPath(path, key), "not a field of retryThrottling; ignored");
    out.setup.families.grpc.throttling = t;
}

// The method configs: the first with a hedgingPolicy or a retryPolicy is the setup's.
void readMethodConfigs(const Json& value, ImportedPolicy& out)
{
    const std::string path = "methodConfig";
    if (!value.is_array())
        throw ScenarioError(path, "must be an array, not " + describe(value));
    std::optional<std::size_t> hedged;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const std::string at = indexPath(path, i);
        const Json& method = objectAt(value[i], at);
        const bool hedging = method.contains("hedgingPolicy");
        const bool retrying = method.contains("retryPolicy");
        if (hedging && retrying)
            throw ScenarioError(at, "has both retryPolicy and hedgingPolicy (gRPC allows one)");
        if ((hedging || retrying) && hedged) {
            note(out, at,
                 "another method's policy: only " + indexPath(path, *hedged) + "'s is imported");
            continue;
        }
        if (!hedging && !retrying) {
            note(out, at, "no hedgingPolicy or retryPolicy: not imported");
            continue;
        }
        hedged = i;
        for (const auto& [key, member] : method.items()) {
            const std::string field = childPath(at, key);
            if (key == "hedgingPolicy") {
                readHedgingPolicy(member, field, out);
            } else if (key == "timeout") { // the call's deadline (docs/model.md, "Deadlines")
                const auto ms = member.is_string() ? parseDuration(member.get<std::string>())
                                                   : std::nullopt;
                if (!ms)
                    throw ScenarioError(field, notADuration(member.dump()));
                if (*ms > limits::kMaxDeadlineMs)
                    throw ScenarioError(field, outOfRange(member.get<std::string>(),
                                                          "0s … 600s, the deadline's range"));
                out.setup.deadlineMs = *ms;
            } else if (key == "retryPolicy") {
                readRetryPolicy(member, field, out);
            } else if (key == "name")
                note(out, field, "the explorer simulates one method of one service");
            else
                note(out, field, "not modelled (the explorer models the hedging only)");
        }
    }
    if (!hedged)
        throw ScenarioError(path, "no method config has a hedgingPolicy or a retryPolicy");
}

} // namespace

void readGrpcServiceConfig(std::string_view text, ImportedPolicy& out)
{
    const Json doc = parseJsonText(text);
    if (!doc.is_object())
        throw ScenarioError({}, "a gRPC service config is a JSON object, not " + describe(doc));
    if (!doc.contains("methodConfig"))
        throw ScenarioError("methodConfig",
                            "missing (a method config with a hedgingPolicy or a retryPolicy)");
    out.setup.families.grpc = GrpcSettings{};
    for (const auto& [key, member] : doc.items()) {
        if (key == "methodConfig")
            readMethodConfigs(member, out);
        else if (key == "retryThrottling")
            readThrottling(member, key, out);
        else
            note(out, key, "not modelled (the explorer models the hedging only)");
    }
}

std::string notADuration(const std::string& text)
{
    return "\"" + text + "\" is not a duration (seconds with an s: \"0.020s\")";
}

} // namespace io_detail

bool canImportPolicy(PolicyFamily format)
{
    return policyFamilyRow(format).exports->read != nullptr;
}

PolicyFamily guessPolicyFormat(std::string_view text)
{
    const auto first = text.find_first_not_of(" \t\r\n");
    return first != std::string_view::npos && text[first] == '{' ? PolicyFamily::Grpc
                                                                 : PolicyFamily::Envoy;
}

ImportedPolicy importPolicy(std::string_view text, PolicyFamily format, std::string name)
{
    if (!canImportPolicy(format)) {
        std::string importable;
        for (const PolicyFamilyRow& row : policyFamilies())
            if (row.exports->read)
                importable += (importable.empty() ? "" : " and ") + std::string(row.key);
        throw ScenarioError({}, std::string("a ") + toString(format) +
                                    " configuration cannot be imported (" + importable + " can)");
    }
    ImportedPolicy out;
    out.setup.policy = format;
    out.setup.name = name.empty() ? std::string(toString(format)) + " (imported)" : std::move(name);
    policyFamilyRow(format).exports->read(text, out);
    return out;
}

} // namespace hedge
