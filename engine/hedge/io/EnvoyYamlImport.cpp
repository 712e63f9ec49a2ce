// Envoy v3's route (retry_policy, hedge_policy) and cluster (circuit_breakers) read through
// yaml-cpp into an envoy setup; part of PolicyImport (docs/policies.md, "Export and import").
#include "Format.h"
#include "JsonDetail.h"
#include "PolicyImportDetail.h"
#include "PolicyText.h"

#include <hedge/io/ScenarioValidation.h>

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <functional>
#include <set>

namespace hedge::io_detail {

namespace {

// Envoy reads a field by its proto name or its JSON name: per_try_timeout or perTryTimeout.
std::string snakeCase(const std::string& key)
{
    std::string out;
    for (char c : key) {
        if (std::isupper(static_cast<unsigned char>(c))) {
            out += '_';
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        } else {
            out += c;
        }
    }
    return out;
}

std::string scalarText(const YAML::Node& node)
{
    if (node.IsScalar())
        return node.Scalar();
    return node.IsMap() ? "a mapping" : node.IsSequence() ? "a list" : "nothing";
}

// Calls `member(key as Envoy names it, value, path)` for each member of the mapping at `path`,
// in the text's order; a key given twice (in either spelling) is an error.
void forEachMember(
    const YAML::Node& map, const std::string& path,
    const std::function<void(const std::string&, const YAML::Node&, const std::string&)>& member)
{
    if (!map.IsMap())
        throw ScenarioError(path, "must be a mapping, not " + scalarText(map));
    std::set<std::string> seen;
    for (const auto& entry : map) {
        const std::string written = entry.first.as<std::string>();
        const std::string key = snakeCase(written);
        const std::string at = childPath(path, written);
        if (!seen.insert(key).second)
            throw ScenarioError(at, "appears twice in one mapping");
        member(key, entry.second, at);
    }
}

double number(const YAML::Node& node, const std::string& path)
{
    const std::string text = scalarText(node);
    double value = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (!node.IsScalar() || ec != std::errc() || end != text.data() + text.size())
        throw ScenarioError(path, "\"" + text + "\" is not a number");
    return value;
}

int count(const YAML::Node& node, const std::string& path, int lo, int hi)
{
    const double value = number(node, path);
    if (value != static_cast<double>(static_cast<long long>(value)) || value < lo || value > hi)
        throw ScenarioError(path, outOfRange(scalarText(node), intRange(lo, hi)));
    return static_cast<int>(value);
}

double duration(const YAML::Node& node, const std::string& path);

// The route's timeout as the setup's deadline, in the deadline's range (0s: none).
double deadline(const YAML::Node& node, const std::string& path)
{
    const double ms = duration(node, path);
    if (ms > limits::kMaxDeadlineMs)
        throw ScenarioError(path, outOfRange(scalarText(node), "0s … 600s, the deadline's range"));
    return ms;
}

double duration(const YAML::Node& node, const std::string& path)
{
    const auto ms = node.IsScalar() ? parseDuration(node.Scalar()) : std::nullopt;
    if (!ms)
        throw ScenarioError(path, notADuration(scalarText(node)));
    return *ms;
}

bool boolean(const YAML::Node& node, const std::string& path)
{
    const std::string text = scalarText(node);
    if (text == "true" || text == "True")
        return true;
    if (text == "false" || text == "False")
        return false;
    throw ScenarioError(path, "\"" + text + "\" is not true or false");
}

constexpr int kMaxCount = 1'000'000;

void readBackOff(const YAML::Node& node, const std::string& path, ImportedPolicy& out)
{
    EnvoySettings& e = out.setup.families.envoy;
    forEachMember(node, path,
                  [&](const std::string& key, const YAML::Node& v, const std::string& at) {
                      if (key == "base_interval") {
                          e.backoffBaseMs = duration(v, at);
                          if (e.backoffBaseMs <= 0.0)
                              throw ScenarioError(
                                  at, "must be greater than 0 (Envoy requires at least 1 ms)");
                      } else if (key == "max_interval") {
                          e.backoffMaxMs = duration(v, at);
                      } else {
                          out.uncovered.push_back(at + ": not modelled");
                      }
                  });
    if (e.backoffMaxMs > 0.0 && e.backoffMaxMs < e.backoffBaseMs)
        throw ScenarioError(childPath(path, "max_interval"), "must be at least base_interval (" +
                                                                 formatDuration(e.backoffBaseMs) +
                                                                 ")");
}

// retry_on's conditions, comma-separated: 5xx retries the explorer's service errors (sheds
// answer 503); the others are listed as not modelled.
void readRetryOn(const std::string& conditions, const std::string& at, ImportedPolicy& out)
{
    std::string others;
    std::size_t from = 0;
    while (from <= conditions.size()) {
        const std::size_t comma = std::min(conditions.find(',', from), conditions.size());
        std::string token = conditions.substr(from, comma - from);
        token.erase(0, token.find_first_not_of(" \t"));
        token.erase(token.find_last_not_of(" \t") + 1);
        if (token == "5xx")
            out.setup.families.envoy.retryOn5xx = true;
        else if (!token.empty())
            others += (others.empty() ? "" : ",") + token;
        from = comma + 1;
    }
    if (!others.empty())
        out.uncovered.push_back(at + ": " + others +
                                ": not modelled (the explorer's service errors answer 5xx)");
}

void readRetryPolicy(const YAML::Node& node, const std::string& path, ImportedPolicy& out)
{
    EnvoySettings& e = out.setup.families.envoy;
    forEachMember(
        node, path, [&](const std::string& key, const YAML::Node& v, const std::string& at) {
            if (key == "num_retries")
                e.numRetries = count(v, at, 0, kMaxCount);
            else if (key == "per_try_timeout")
                e.perTryTimeoutMs = duration(v, at);
            else if (key == "retry_back_off")
                readBackOff(v, at, out);
            else if (key == "retry_on")
                readRetryOn(scalarText(v), at, out);
            else
                out.uncovered.push_back(at + ": not modelled");
        });
}

void readHedgePolicy(const YAML::Node& node, const std::string& path, ImportedPolicy& out)
{
    bool onTimeout = false;
    forEachMember(
        node, path, [&](const std::string& key, const YAML::Node& v, const std::string& at) {
            if (key == "hedge_on_per_try_timeout")
                onTimeout = boolean(v, at);
            else
                out.uncovered.push_back(at + ": not implemented by Envoy's router; ignored");
        });
    // Off (Envoy's default): a per-try timeout resets the attempt and is retried, not hedged.
    out.setup.families.envoy.hedgeOnPerTryTimeout = onTimeout;
}

void readRoute(const YAML::Node& node, const std::string& path, ImportedPolicy& out)
{
    bool retry = false, hedge = false;
    forEachMember(node, path,
                  [&](const std::string& key, const YAML::Node& v, const std::string& at) {
                      if (key == "retry_policy") {
                          retry = true;
                          readRetryPolicy(v, at, out);
                      } else if (key == "hedge_policy") {
                          hedge = true;
                          readHedgePolicy(v, at, out);
                      } else if (key == "timeout") { // 0s: none (docs/model.md, "Deadlines")
                          out.setup.deadlineMs = deadline(v, at);
                      } else {
                          out.uncovered.push_back(
                              at + ": not modelled (the explorer models the hedging only)");
                      }
                  });
    if (!retry)
        throw ScenarioError(childPath(path, "retry_policy"),
                            "missing (num_retries, per_try_timeout)");
    if (!hedge) // no hedge_policy: Envoy resets at a per-try timeout and hedges nothing
        out.setup.families.envoy.hedgeOnPerTryTimeout = false;
}

void readRetryBudget(const YAML::Node& node, const std::string& path, ImportedPolicy& out)
{
    EnvoyRetryBudget budget;
    forEachMember(
        node, path, [&](const std::string& key, const YAML::Node& v, const std::string& at) {
            if (key == "budget_percent") {
                forEachMember(
                    v, at, [&](const std::string& k, const YAML::Node& p, const std::string& pAt) {
                        if (k != "value")
                            throw ScenarioError(pAt, "not a field of a Percent (value)");
                        budget.budgetPercent = number(p, pAt);
                        if (!(budget.budgetPercent >= 0.0 && budget.budgetPercent <= 100.0))
                            throw ScenarioError(pAt, outOfRange(scalarText(p), "0 … 100"));
                    });
            } else if (key == "min_retry_concurrency") {
                budget.minRetryConcurrency = count(v, at, 0, kMaxCount);
            } else {
                out.uncovered.push_back(at + ": not modelled");
            }
        });
    out.setup.families.envoy.retryBudget = budget;
}

void readThreshold(const YAML::Node& node, const std::string& path, ImportedPolicy& out)
{
    EnvoySettings& e = out.setup.families.envoy;
    forEachMember(
        node, path, [&](const std::string& key, const YAML::Node& v, const std::string& at) {
            if (key == "priority")
                return;
            if (key == "max_retries")
                e.maxRetries = count(v, at, 0, kMaxCount);
            else if (key == "retry_budget")
                readRetryBudget(v, at, out);
            else
                out.uncovered.push_back(at + ": not modelled (the explorer's client has no "
                                             "connection pool)");
        });
}

void readCluster(const YAML::Node& node, const std::string& path, ImportedPolicy& out)
{
    forEachMember(
        node, path, [&](const std::string& key, const YAML::Node& v, const std::string& at) {
            if (key != "circuit_breakers") {
                out.uncovered.push_back(at + ": not modelled");
                return;
            }
            forEachMember(
                v, at, [&](const std::string& k, const YAML::Node& list, const std::string& lAt) {
                    if (k != "thresholds") {
                        out.uncovered.push_back(lAt + ": not modelled");
                        return;
                    }
                    if (!list.IsSequence())
                        throw ScenarioError(lAt, "must be a list, not " + scalarText(list));
                    bool found = false;
                    for (std::size_t i = 0; i < list.size(); ++i) {
                        const std::string tAt = indexPath(lAt, i);
                        const YAML::Node priority =
                            list[i].IsMap() ? list[i]["priority"] : YAML::Node();
                        const std::string level = priority ? scalarText(priority) : "DEFAULT";
                        if (level != "DEFAULT" && level != "HIGH")
                            throw ScenarioError(childPath(tAt, "priority"),
                                                "\"" + level + "\" is not DEFAULT or HIGH");
                        if (level == "HIGH" || found) {
                            out.uncovered.push_back(
                                tAt + ": only the first DEFAULT priority is modelled");
                            continue;
                        }
                        found = true;
                        readThreshold(list[i], tAt, out);
                    }
                });
        });
}

} // namespace

void readEnvoyYaml(std::string_view text, ImportedPolicy& out)
{
    YAML::Node doc;
    try {
        doc = YAML::Load(std::string(text));
    } catch (const YAML::Exception& e) {
        const int line = e.mark.line + 1, column = e.mark.column + 1;
        throw ScenarioError({},
                            "line " + std::to_string(line) + ", column " + std::to_string(column) +
                                ": " + e.msg,
                            line, column);
    }
    if (!doc.IsMap())
        throw ScenarioError({}, "an Envoy route and cluster is a YAML mapping (route:, cluster:)");
    out.setup.families.envoy = EnvoySettings{};
    bool route = false;
    try {
        forEachMember(
            doc, {}, [&](const std::string& key, const YAML::Node& v, const std::string& at) {
                // A virtual host carries the same two policies (for all its routes).
                if (key == "route" || key == "virtual_host") {
                    if (route)
                        throw ScenarioError(at, "route: and virtual_host: both give the "
                                                "policies: keep one");
                    route = true;
                    readRoute(v, at, out);
                } else if (key == "cluster") {
                    readCluster(v, at, out);
                } else {
                    out.uncovered.push_back(
                        at + ": not modelled (route: or virtual_host:, and cluster: are read)");
                }
            });
    } catch (const YAML::Exception& e) { // a key that is not a scalar, say
        throw ScenarioError({}, "line " + std::to_string(e.mark.line + 1) + ": " + e.msg);
    }
    if (!route)
        throw ScenarioError("route", "missing (a RouteAction, or a virtual_host:, with "
                                     "retry_policy and hedge_policy)");
}

} // namespace hedge::io_detail
