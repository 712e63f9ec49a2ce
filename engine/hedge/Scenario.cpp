#include <hedge/Scenario.h>

#include <hedge/PolicyFamilies.h>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace hedge {

double ServiceConfig::meanServiceMs() const
{
    if (distribution)
        return distribution->table.meanMs();
    const double p = hiccupProbability;
    return (1.0 - p) * medianMs * std::exp(sigma * sigma / 2.0) +
           p * (hiccupMinMs + hiccupMaxMs) / 2.0;
}

bool Scenario::hasPolicyFamilies() const
{
    return std::any_of(setups.begin(), setups.end(), [](const Setup& s) { return s.isFamily(); });
}

bool Scenario::hasCallOutcomes() const
{
    return std::any_of(setups.begin(), setups.end(), [](const Setup& s) {
        if (s.hasDeadline())
            return true;
        const PolicyFamilyRow& row = policyFamilyRow(s.policy);
        return row.retries && row.retries(s.families);
    });
}

std::vector<Setup> Scenario::referenceSetups()
{
    struct Row {
        int maxAttempts; // 1: no hedge
        double budgetPercent;
        bool adaptiveLimit;
    };
    // Named by Setup::generatedName(): "no hedge", "hedge, no budget", "hedge, default budget",
    // "hedge, budget 5 %", "hedge, default budget, adaptive limit", "3 attempts, no budget".
    static constexpr Row rows[] = {
        {1, 0.0, false}, {2, 0.0, false}, {2, 10.0, false},
        {2, 5.0, false}, {2, 10.0, true}, {3, 0.0, false},
    };
    std::vector<Setup> setups;
    for (Cancellation mode : {Cancellation::Client, Cancellation::Server}) {
        for (const Row& row : rows) {
            Setup s;
            s.cancellation = mode;
            if (row.maxAttempts > 1)
                s.hedge = HedgeSettings{.delayMs = 20.0,
                                        .maxAttempts = row.maxAttempts,
                                        .budgetPercent = row.budgetPercent};
            if (row.adaptiveLimit)
                s.adaptiveLimit = Gradient2Config{};
            s.name = s.generatedName();
            setups.push_back(std::move(s));
        }
    }
    return setups;
}

namespace {

// The shortest text that reads back as `value` (5, 2.5), whatever the C locale.
std::string shortest(double value)
{
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    return std::string(text, end);
}

// "grpc, throttled", "envoy, retry budget", "finagle, extra load 2 %": the family and the
// choice that most changes what it does under load (its row's nameDetail).
std::string familyName(PolicyFamily policy, const FamilySettings& f)
{
    const PolicyFamilyRow& row = policyFamilyRow(policy);
    return std::string(row.key) + (row.nameDetail ? row.nameDetail(f) : std::string());
}

} // namespace

std::string Setup::generatedName() const
{
    std::string name;
    if (isFamily()) {
        name = familyName(policy, families);
    } else if (!hedge) {
        name = "no hedge";
    } else {
        name = hedge->maxAttempts == 2   ? std::string("hedge")
               : hedge->maxAttempts == 1 ? std::string("1 attempt")
                                         : std::to_string(hedge->maxAttempts) + " attempts";
        if (!hedge->hasBudget()) {
            name += ", no budget";
        } else if (hedge->budgetPercent == HedgeSettings{}.budgetPercent) {
            name += ", default budget";
        } else {
            name += ", budget " + shortest(hedge->budgetPercent) + " %";
        }
    }
    if (adaptiveLimit)
        name += ", adaptive limit";
    if (!isFamily() && hedge && hedge->placement == HedgePlacement::OtherReplica)
        name += ", other replica";
    if (const auto detail = policyFamilyRow(policy).nameDetail; !isFamily() && detail)
        name += detail(families); // resilience4cata's retry, after its hedge's name
    return name + " / " + toString(cancellation);
}

bool Setup::samePolicy(const Setup& other) const
{
    if (cancellation != other.cancellation || adaptiveLimit != other.adaptiveLimit ||
        policy != other.policy || deadlineMs != other.deadlineMs)
        return false;
    // resilience4cata's hedge is the setup's own; its row compares the rest (its retry).
    if (!isFamily() && hedge != other.hedge)
        return false;
    const PolicyFamilyRow& row = policyFamilyRow(policy);
    return !row.sameSettings || row.sameSettings(families, other.families);
}

bool Setup::nameFollowsPolicy() const
{
    const std::string generated = generatedName();
    if (name == generated)
        return true;
    // "<generated> <n>": the suffix a list adds to keep names unique.
    if (name.size() <= generated.size() + 1 || name.compare(0, generated.size(), generated) != 0 ||
        name[generated.size()] != ' ')
        return false;
    return std::all_of(name.begin() + static_cast<std::ptrdiff_t>(generated.size()) + 1,
                       name.end(), [](char c) { return c >= '0' && c <= '9'; });
}

const char* toString(Cancellation c)
{
    return c == Cancellation::Server ? "server" : "client";
}

namespace {
constexpr const char* kBalancerNames[] = {"round_robin", "random", "least_outstanding",
                                          "two_choices"};
constexpr const char* kPlacementNames[] = {"any", "other_replica"};
} // namespace

const char* toString(BalancerKind b)
{
    return kBalancerNames[static_cast<int>(b)];
}

const char* toString(HedgePlacement p)
{
    return kPlacementNames[static_cast<int>(p)];
}

std::optional<BalancerKind> balancerFromString(std::string_view name)
{
    for (int i = 0; i < 4; ++i)
        if (name == kBalancerNames[i])
            return static_cast<BalancerKind>(i);
    return std::nullopt;
}

std::optional<HedgePlacement> placementFromString(std::string_view name)
{
    for (int i = 0; i < 2; ++i)
        if (name == kPlacementNames[i])
            return static_cast<HedgePlacement>(i);
    return std::nullopt;
}

} // namespace hedge
