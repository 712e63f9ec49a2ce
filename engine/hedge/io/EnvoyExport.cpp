// Envoy's export and import (docs/policies.md, "Export and import"): the route's and cluster's
// YAML and what the model leaves out; its row in hedge/PolicyFamilies.cpp points here. The reader
// is EnvoyYamlImport.cpp.
#include <hedge/io/FamilyExport.h>

#include "Format.h"
#include "PolicyExportText.h"
#include "PolicyText.h"
#include "PolicyImportDetail.h"

#include <algorithm>

#include <cmath>
#include <string>
#include <vector>

namespace hedge::io_detail {

namespace {

// Envoy's base_interval, at most the max_interval (Envoy refuses a larger one).
double envoyBackoffBase(const EnvoySettings& envoy)
{
    return envoy.backoffMaxMs > 0.0 ? std::min(envoy.backoffBaseMs, envoy.backoffMaxMs)
                                    : envoy.backoffBaseMs;
}

// The setup's deadline (docs/model.md, "Deadlines") is the route's `timeout`, over every try.
std::string envoyYamlText(const EnvoySettings& envoy, double deadlineMs, const ExportHeader& header)
{
    std::string out = comment("#",
                              "Envoy v3: the route's retry and hedge policies and the "
                              "cluster's circuit breakers",
                              header);
    out += "route:                 # a RouteAction (routes[].route)\n";
    if (deadlineMs > 0.0)
        out += "  timeout: " + formatDuration(deadlineMs) + "\n";
    out += "  retry_policy:\n"
           "    retry_on: " +
           std::string(envoy.retryOn5xx ? "5xx" : "connect-failure") +
           "\n"
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
    out += std::string("  hedge_policy:\n"
                       "    hedge_on_per_try_timeout: ") +
           (envoy.hedgeOnPerTryTimeout ? "true" : "false") +
           "\n"
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

void envoyNotes(const Setup& setup, std::vector<std::string>& notes)
{
    if (setup.families.envoy.retryOn5xx)
        notes.push_back("retry_on: 5xx retries the service's errors (sheds answer 503); the "
                        "explorer models no other retry_on condition");
    if (!setup.families.envoy.hedgeOnPerTryTimeout)
        notes.push_back("an attempt reset at its per-try timeout is left to finish at the server "
                        "in the explorer (the call no longer waits for it)");
    else
        notes.push_back("retry_on: connect-failure only gives the route a retry state; the "
                        "explorer models no retries on errors before the per-try timeout");
    if (const EnvoySettings& e = setup.families.envoy; envoyBackoffBase(e) != e.backoffBaseMs)
        notes.push_back("base_interval " + formatPlainNumber(e.backoffBaseMs) +
                        " ms is written as the max_interval, " + formatPlainNumber(e.backoffMaxMs) +
                        " ms: Envoy refuses a max below the base, and every backoff is "
                        "capped at the max either way");
    notes.push_back("only the DEFAULT priority's max_retries and retry_budget are modelled; "
                    "the cluster's other thresholds are Envoy's defaults");
}

std::string envoyText(const Setup& setup, const ExportHeader& header)
{
    return envoyYamlText(setup.families.envoy, setup.deadlineMs, header);
}

} // namespace

// The row of hedge/PolicyFamilies.cpp points here.
const FamilyExport& envoyExport()
{
    static const FamilyExport row{
        .title = "Envoy v3 route and cluster (YAML)",
        .suffix = "yaml",
        .text = &envoyText,
        .notes = &envoyNotes,
        .read = &readEnvoyYaml};
    return row;
}

} // namespace hedge::io_detail
