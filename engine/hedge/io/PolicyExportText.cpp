#include "PolicyExportText.h"

#include "Format.h"
#include "PolicyText.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hedge::io_detail {

namespace {

constexpr std::size_t kCommentWidth = 96;

// `text` as comment lines of at most kCommentWidth characters (a longer word stays whole), the
// first starting with `first`, the others with as many spaces.
std::string wrapped(const std::string& prefix, const std::string& first, const std::string& text)
{
    std::string out, line = prefix + first;
    const std::string indent = prefix + std::string(first.size(), ' ');
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t space = text.find(' ', at);
        const std::string word = text.substr(at, space == std::string::npos ? space : space - at);
        at = space == std::string::npos ? text.size() : space + 1;
        if (line.size() > indent.size() && line.size() + 1 + word.size() > kCommentWidth) {
            out += line + "\n";
            line = indent;
        }
        line += (line.size() > indent.size() ? " " : "") + word;
    }
    return out + line + "\n";
}

// The header comment: what the snippet is, then what the model leaves out.
std::string comment(const char* prefix, const std::string& what, const ExportHeader& header)
{
    const std::string p = std::string(prefix) + " ";
    std::string out =
        wrapped(p, "", what + ", setup \"" + header.setupName + "\" (Hedge Explorer).");
    if (!header.uncovered.empty()) {
        out += p + "Not in the explorer's model, or up to you:\n";
        for (const std::string& note : header.uncovered)
            out += wrapped(p, "  - ", note);
    }
    return out;
}

std::string milliseconds(const char* unit, double ms)
{
    return std::string(unit) + "(" + formatNumber(ms) + ")";
}

// A Rust or Scala Duration in whole seconds when it is one, else in fractional seconds.
std::string seconds(double s, const char* whole, const char* fractional)
{
    if (s == std::floor(s) && s < 1e15)
        return std::string(whole) + "(" + formatNumber(s) + ")";
    return std::string(fractional) + "(" + formatNumber(s) + ")";
}

// A java.time.Duration: whole milliseconds as ofMillis, anything finer as ofNanos.
std::string javaDuration(double ms)
{
    if (ms == std::floor(ms) && std::fabs(ms) < 1e15)
        return "Duration.ofMillis(" + formatNumber(ms) + ")";
    return "Duration.ofNanos(" + std::to_string(std::llround(ms * 1e6)) + ")";
}

// A number without an exponent (YAML readers differ on "1e-05"), as short as it reads back.
std::string plainNumber(double value)
{
    std::string text = formatNumber(value);
    if (text.find('e') == std::string::npos)
        return text;
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.12f", value);
    text = buffer;
    while (text.back() == '0')
        text.pop_back();
    if (text.back() == '.')
        text.pop_back();
    return text;
}

const char* boolText(bool b)
{
    return b ? "true" : "false";
}

} // namespace

long long grpcMaxTokens(const GrpcThrottling& throttling)
{
    return std::max(1LL, std::llround(throttling.maxTokens));
}

double grpcTokenRatio(const GrpcThrottling& throttling)
{
    return std::max(1LL, std::llround(throttling.tokenRatio * 1000.0)) / 1000.0;
}

double envoyBackoffBase(const EnvoySettings& envoy)
{
    return envoy.backoffMaxMs > 0.0 ? std::min(envoy.backoffBaseMs, envoy.backoffMaxMs)
                                    : envoy.backoffBaseMs;
}

std::string grpcServiceConfigText(const GrpcSettings& grpc)
{
    nlohmann::ordered_json hedging;
    hedging["maxAttempts"] = grpc.maxAttempts;
    hedging["hedgingDelay"] = formatDuration(grpc.hedgingDelayMs);
    hedging["nonFatalStatusCodes"] = nlohmann::ordered_json::array();
    if (grpc.nonFatalErrors)
        hedging["nonFatalStatusCodes"].push_back(grpcStatusName(kGrpcUnavailable));
    nlohmann::ordered_json method;
    method["name"] = nlohmann::ordered_json::array({nlohmann::ordered_json::object()});
    method["hedgingPolicy"] = hedging;
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

std::string envoyYamlText(const EnvoySettings& envoy, const ExportHeader& header)
{
    std::string out = comment("#",
                              "Envoy v3: the route's retry and hedge policies and the "
                              "cluster's circuit breakers",
                              header);
    out += "route:                 # a RouteAction (routes[].route)\n"
           "  retry_policy:\n"
           "    retry_on: connect-failure\n"
           "    num_retries: " +
           std::to_string(envoy.numRetries) + "\n";
    if (envoy.perTryTimeoutMs > 0.0)
        out += "    per_try_timeout: " + formatDuration(envoy.perTryTimeoutMs) + "\n";
    // Envoy refuses a max_interval below base_interval; with max < base every backoff is
    // capped at max, which base = max says the same way (PolicyExport notes it).
    out += "    retry_back_off:\n"
           "      base_interval: " +
           formatDuration(envoyBackoffBase(envoy)) + "\n";
    if (envoy.backoffMaxMs > 0.0)
        out += "      max_interval: " + formatDuration(envoy.backoffMaxMs) + "\n";
    out += "  hedge_policy:\n"
           "    hedge_on_per_try_timeout: true\n"
           "cluster:               # the upstream Cluster\n"
           "  circuit_breakers:\n"
           "    thresholds:\n"
           "    - priority: DEFAULT\n"
           "      max_retries: " +
           std::to_string(envoy.maxRetries) + "\n";
    if (envoy.retryBudget)
        out += "      retry_budget:\n"
               "        budget_percent:\n"
               "          value: " +
               plainNumber(envoy.retryBudget->budgetPercent) +
               "\n"
               "        min_retry_concurrency: " +
               std::to_string(envoy.retryBudget->minRetryConcurrency) + "\n";
    return out;
}

std::string pollyText(const PollySettings& polly, const ExportHeader& header)
{
    std::string out = comment("//", "Polly v8 hedging strategy", header);
    out += "var pipeline = new ResiliencePipelineBuilder<HttpResponseMessage>()\n"
           "    .AddHedging(new HedgingStrategyOptions<HttpResponseMessage>\n"
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

std::string finagleText(const FinagleSettings& finagle, const ExportHeader& header)
{
    std::string out =
        comment("//", "Finagle backup requests (MethodBuilder) and RetryBudget", header);
    const FinagleRetryBudget& b = finagle.clientBudget;
    out += "import com.twitter.conversions.DurationOps._\n"
           "import com.twitter.finagle.Http\n"
           "import com.twitter.finagle.service.{ResponseClassifier, RetryBudget}\n"
           "import com.twitter.util.Duration\n"
           "import com.twitter.util.tunable.Tunable\n"
           "\n"
           "val client = Http.client\n"
           "  .withRetryBudget(RetryBudget(\n"
           "    ttl = " +
           seconds(b.ttlSeconds, "Duration.fromSeconds", "Duration.fromFractionalSeconds") +
           ",\n"
           "    minRetriesPerSec = " +
           formatNumber(std::round(b.minRetriesPerSec)) +
           ",\n"
           "    percentCanRetry = " +
           formatNumber(b.percentCanRetry) +
           "))\n"
           "  .methodBuilder(\"inet!service.local:8080\")\n"
           "  .idempotent(\n"
           "    maxExtraLoad = Tunable.const(\"maxExtraLoad\", " +
           formatNumber(finagle.maxExtraLoad) +
           "),\n"
           "    sendInterrupts = " +
           boolText(finagle.sendInterrupts) +
           ",\n"
           "    minSendBackupAfterMs = " +
           formatNumber(std::round(finagle.minSendBackupAfterMs)) +
           ",\n"
           "    classifier = ResponseClassifier.Default)\n"
           "  .newService(\"hedged\")\n";
    return out;
}

std::string towerText(const TowerSettings& tower, const ExportHeader& header)
{
    std::string out = comment("//", "tower::hedge", header);
    if (tower.budget)
        out += "use std::sync::Arc;\n";
    out += "use std::time::Duration;\n"
           "use tower::hedge::{Hedge, Policy};\n";
    if (tower.budget)
        out += "use tower::retry::budget::{Budget, TpsBudget};\n";
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
    return out;
}

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
    return out;
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
    out += std::string("    .cancellation(Cancellation.") +
           (setup.cancellation == Cancellation::Server ? "SERVER" : "CLIENT") + ")\n";
    out += "    .build();\n";
    return out;
}

} // namespace hedge::io_detail
