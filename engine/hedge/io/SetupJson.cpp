#include "SetupJson.h"

#include "KnobJson.h"

#include <hedge/KnobRegistry.h>
#include <hedge/PolicyFamilies.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace hedge::io_detail {

namespace {

std::optional<HedgeSettings> readHedge(const Json& value, const std::string& path)
{
    if (value.is_null())
        return std::nullopt;
    std::vector<const char*> keys = knobKeys("hedge.", false);
    keys.push_back("placement");
    const ObjectReader r(value, path, keys, "null or an object");
    Setup setup;
    ServiceConfig unused;
    setup.hedge.emplace();
    readKnobs(r, "hedge.", setup, unused);
    HedgeSettings h = *setup.hedge;
    h.placement =
        readName(r, "placement", h.placement, &placementFromString, {"any", "other_replica"});
    return h;
}

std::optional<Gradient2Config> readLimit(const Json& value, const std::string& path)
{
    if (value.is_null() || (value.is_boolean() && !value.get<bool>()))
        return std::nullopt;
    if (value.is_boolean())
        return Gradient2Config{};
    const ObjectReader r(value, path, knobKeys("adaptive_limit.", false),
                         "null, false, true or an object");
    Setup setup;
    ServiceConfig unused;
    setup.adaptiveLimit.emplace();
    readKnobs(r, "adaptive_limit.", setup, unused);
    return setup.adaptiveLimit;
}

// The members of a family's object that are not numbers (as a hedge's placement is not): they
// are read, written and checked beside the rows, in these few places.
std::vector<const char*> familyExtraKeys(PolicyFamily family)
{
    if (family == PolicyFamily::Grpc)
        return {"flavour"};
    if (family == PolicyFamily::Polly)
        return {"delay_per_attempt_ms"};
    return {};
}

void readFamilyExtras(const ObjectReader& r, Setup& setup)
{
    FamilySettings& f = setup.families;
    if (setup.policy == PolicyFamily::Grpc)
        f.grpc.flavour =
            readName(r, "flavour", f.grpc.flavour, &grpcFlavourFromString, {"java", "a6", "js"});
    if (const Json* list =
            setup.policy == PolicyFamily::Polly ? r.find("delay_per_attempt_ms") : nullptr) {
        if (!list->is_array())
            throw ScenarioError(r.path("delay_per_attempt_ms"),
                                "expected an array of delays (ms), got " + describe(*list));
        f.polly.delayPerAttemptMs.clear();
        for (std::size_t i = 0; i < list->size(); ++i)
            f.polly.delayPerAttemptMs.push_back(
                readNumber((*list)[i], indexPath(r.path("delay_per_attempt_ms"), i)));
    }
}

void writeFamilyExtras(OrderedJson& o, const Setup& setup)
{
    const FamilySettings& f = setup.families;
    if (setup.policy == PolicyFamily::Grpc)
        o["flavour"] = toString(f.grpc.flavour);
    if (setup.policy == PolicyFamily::Polly && !f.polly.delayPerAttemptMs.empty())
        o["delay_per_attempt_ms"] = f.polly.delayPerAttemptMs;
}

// The part of a field after its object's group: "throttling.max_tokens" in "grpc.".
std::string_view rest(const Knob& knob, std::string_view group)
{
    return std::string_view(knob.field).substr(group.size());
}

// The first member name of each knob of `group`: its own key, or the object it lies in
// ("throttling", "client_budget"), each once, in the registry's order.
std::vector<std::string> memberKeys(std::string_view group)
{
    std::vector<std::string> keys;
    for (const Knob* knob : KnobRegistry::group(group)) {
        const std::string_view r = rest(*knob, group);
        std::string key(r.substr(0, r.find('.')));
        if (std::find(keys.begin(), keys.end(), key) == keys.end())
            keys.push_back(std::move(key));
    }
    return keys;
}

const Knob* directKnob(std::string_view group, const std::string& key)
{
    return KnobRegistry::find(std::string(group) + key);
}

// Reads one object of a family's knobs (the family's or one of its parts), from the rows of
// `group` ("grpc.", "grpc.throttling."). A part's null switches it off, an object on.
void readFamilyObject(const Json& value, const std::string& path, std::string_view group,
                      Setup& setup, const std::vector<const char*>& extraKeys = {})
{
    const std::vector<std::string> members = memberKeys(group);
    std::vector<const char*> allowed;
    for (const std::string& key : members)
        allowed.push_back(key.c_str());
    allowed.insert(allowed.end(), extraKeys.begin(), extraKeys.end());
    // A key of no row is another family's knob or a typo: say whose knobs these are.
    if (value.is_object())
        for (const auto& [key, member] : value.items())
            if (std::none_of(allowed.begin(), allowed.end(),
                             [&k = key](const char* each) { return k == each; })) {
                std::string list;
                for (const char* each : allowed)
                    list += (list.empty() ? "" : ", ") + std::string(each);
                throw ScenarioError(childPath(path, key), std::string("not a knob of policy ") +
                                                              toString(setup.policy) +
                                                              " (allowed here: " + list + ")");
            }
    const ObjectReader r(value, path, allowed);
    ServiceConfig unused;
    for (const std::string& key : members) {
        const Json* v = r.find(key.c_str());
        if (!v)
            continue; // the family's default
        const Knob* knob = directKnob(group, key);
        const std::string inner = std::string(group) + key + ".";
        if (!knob || knob->isOnOff()) {
            if (knob && v->is_null()) {
                knob->write(setup, unused, 0.0);
                continue;
            }
            if (!v->is_object())
                throw ScenarioError(r.path(key.c_str()), std::string("expected ") +
                                                             (knob ? "null or " : "") +
                                                             "an object, got " + describe(*v));
            if (knob)
                knob->write(setup, unused, 1.0);
            readFamilyObject(*v, r.path(key.c_str()), inner, setup);
        } else if (knob->isFlag()) {
            knob->write(setup, unused, r.boolean(key.c_str(), false) ? 1.0 : 0.0);
        } else if (knob->wholeNumber()) {
            const std::int64_t hi = std::isinf(knob->range.max) ? std::numeric_limits<int>::max()
                                                                : std::int64_t(knob->range.max);
            knob->write(setup, unused,
                        double(r.integer(key.c_str(), 0, std::int64_t(knob->range.min), hi)));
        } else {
            knob->write(setup, unused, r.number(key.c_str(), 0.0));
        }
    }
    if (!extraKeys.empty())
        readFamilyExtras(r, setup);
}

OrderedJson familyObjectToJson(const Setup& setup, std::string_view group)
{
    OrderedJson o = OrderedJson::object();
    const ServiceConfig unused;
    for (const std::string& key : memberKeys(group)) {
        const Knob* knob = directKnob(group, key);
        const std::optional<double> value = knob ? knob->read(setup, unused) : std::nullopt;
        // A row added later (the retries) is written only when set: older files stay the same.
        if (knob && knob->omitDefault && value && *value == knob->defaultValue())
            continue;
        if (!knob || knob->isOnOff()) {
            if (knob && value == 0.0)
                o[key] = nullptr;
            else if (!knob || value)
                o[key] = familyObjectToJson(setup, std::string(group) + key + ".");
        } else if (!value) {
            continue;
        } else if (knob->isFlag()) {
            o[key] = *value != 0.0;
        } else if (knob->wholeNumber()) {
            o[key] = static_cast<int>(std::lround(*value));
        } else {
            o[key] = *value;
        }
    }
    return o;
}

Cancellation readCancellation(const ObjectReader& r)
{
    const std::string cancellation = r.string("cancellation", toString(Cancellation::Client));
    if (cancellation == "client")
        return Cancellation::Client;
    if (cancellation == "server")
        return Cancellation::Server;
    throw ScenarioError(r.path("cancellation"),
                        describe(r.required("cancellation")) +
                            " is not allowed (allowed \"client\" or \"server\")");
}

std::string familyList()
{
    std::string list;
    for (PolicyFamily family : allPolicyFamilies())
        list += (list.empty() ? "" : ", ") + std::string(toString(family));
    return list;
}

PolicyFamily readPolicy(const ObjectReader& r)
{
    const Json* v = r.find("policy");
    if (!v)
        return PolicyFamily::Resilience4cata;
    if (!v->is_string())
        throw ScenarioError(r.path("policy"), "expected a string (a policy: " + familyList() +
                                                  "), got " + describe(*v));
    if (const auto family = policyFamilyFromString(v->get_ref<const std::string&>()))
        return *family;
    throw ScenarioError(r.path("policy"),
                        describe(*v) + " is not a policy (allowed: " + familyList() + ")");
}

// Another family's object, or a hedge in a family's setup, is an error, not ignored: the file
// would say one thing and run another.
void rejectOtherFamilies(const ObjectReader& r, PolicyFamily policy)
{
    for (PolicyFamily family : allPolicyFamilies()) {
        if (family == policy)
            continue;
        // resilience4cata's hedge is "hedge", its retry the family's own object.
        for (const char* key : {family == PolicyFamily::Resilience4cata ? "hedge" : "", toString(family)})
            if (*key && r.find(key))
                throw ScenarioError(r.path(key), std::string("not a knob of policy ") +
                                                     toString(policy) + " (it is policy " +
                                                     toString(family) + "'s object)");
    }
}

} // namespace

Setup readSetup(const Json& value, const std::string& path, std::size_t index)
{
    std::vector<const char*> keys{"name", "policy", "cancellation", "hedge", "adaptive_limit"};
    for (const char* key : knobKeys("setup.", false))
        keys.push_back(key);
    for (PolicyFamily family : allPolicyFamilies())
        keys.push_back(toString(family)); // resilience4cata's: its retry
    const ObjectReader r(value, path, keys);
    Setup s;
    s.name = r.string("name", "setup " + std::to_string(index + 1));
    s.policy = readPolicy(r);
    rejectOtherFamilies(r, s.policy);
    s.cancellation = readCancellation(r);
    if (const Json* h = r.find("hedge"))
        s.hedge = readHedge(*h, r.path("hedge"));
    // The family's object (resilience4cata's: its retry beside the hedge).
    if (const char* family = toString(s.policy); const Json* f = r.find(family))
        readFamilyObject(*f, r.path(family), std::string(family) + ".", s, familyExtraKeys(s.policy));
    if (const Json* a = r.find("adaptive_limit"))
        s.adaptiveLimit = readLimit(*a, r.path("adaptive_limit"));
    ServiceConfig unused;
    readKnobs(r, "setup.", s, unused);
    return s;
}

OrderedJson setupToJson(const Setup& setup)
{
    OrderedJson o;
    o["name"] = setup.name;
    const ServiceConfig unused;
    if (setup.isFamily()) {
        // As docs/policies.md's example: the family, its knobs, then what every family has.
        const std::string family = toString(setup.policy);
        o["policy"] = family;
        OrderedJson& f = o[family];
        f = familyObjectToJson(setup, family + ".");
        writeFamilyExtras(f, setup);
        o["cancellation"] = toString(setup.cancellation);
    } else {
        o["cancellation"] = toString(setup.cancellation);
        if (setup.hedge) {
            OrderedJson& hj = o["hedge"];
            writeKnobs(hj, "hedge.", false, setup, unused);
            if (setup.hedge->placement != HedgePlacement::Any)
                hj["placement"] = toString(setup.hedge->placement);
        } else {
            o["hedge"] = nullptr;
        }
        // Its retry, only when on: a file of setups without one is as it always was.
        if (const PolicyFamilyRow& row = policyFamilyRow(setup.policy); row.retries(setup.families))
            o[row.key] = familyObjectToJson(setup, std::string(row.key) + ".");
    }
    if (setup.adaptiveLimit)
        writeKnobs(o["adaptive_limit"], "adaptive_limit.", false, setup, unused);
    else
        o["adaptive_limit"] = nullptr;
    // Last, and only when set (omitDefault): a file without a deadline is as it always was.
    writeKnobs(o, "setup.", false, setup, unused);
    return o;
}

} // namespace hedge::io_detail
