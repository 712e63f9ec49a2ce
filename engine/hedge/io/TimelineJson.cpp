#include "TimelineJson.h"

#include "ScenarioJsonDetail.h"

#include <hedge/KnobRegistry.h>
#include <hedge/io/ScenarioError.h>
#include <hedge/io/ScenarioValidation.h>

#include <optional>
#include <string>

namespace hedge::io_detail {

namespace {

LoadProfile readProfile(const Json& value, const std::string& path)
{
    const ObjectReader r(value, path, {"kind", "base", "peak", "at_s", "length_s", "period_s"});
    LoadProfile p;
    const std::string kind = r.string("kind", toString(p.kind));
    const std::optional<LoadProfile::Kind> known = loadProfileKind(kind);
    if (!known)
        throw ScenarioError(r.path("kind"), "\"" + kind +
                                                "\" is not allowed (allowed \"constant\", \"step\", "
                                                "\"spike\", \"ramp\" or \"sine\")");
    p.kind = *known;
    p.base = r.number("base", p.base);
    p.peak = r.number("peak", p.peak);
    p.atS = r.number("at_s", p.atS);
    p.lengthS = r.number("length_s", p.lengthS);
    p.periodS = r.number("period_s", p.periodS);
    return p;
}

// On/off knobs and a family's flags are true or false in a change, as in the setup.
bool isBooleanKnob(const std::string& field)
{
    const Knob* knob = KnobRegistry::find(field);
    return knob && (knob->isOnOff() || knob->isFlag());
}

TimelineChange readChange(const Json& value, const std::string& path)
{
    const ObjectReader r(value, path, {"at_s", "setup", "set"});
    TimelineChange c;
    c.atS = readNumber(r.required("at_s"), r.path("at_s"));
    c.setup = r.string("setup", "");
    const Json& set = r.required("set");
    if (!set.is_object())
        throw ScenarioError(r.path("set"), "expected an object of knobs, got " + describe(set));
    for (const auto& [key, knob] : set.items()) {
        const std::string field = childPath(r.path("set"), key);
        if (key == "policy")
            throw ScenarioError(field, kPolicyIsNotAKnob);
        if (isBooleanKnob(key) && knob.is_boolean())
            c.set.push_back({key, knob.get<bool>() ? 1.0 : 0.0});
        else if (isBooleanKnob(key))
            throw ScenarioError(field, "expected true or false, got " + describe(knob));
        else
            c.set.push_back({key, readNumber(knob, field)});
    }
    return c;
}

Outage readOutage(const Json& value, const std::string& path)
{
    const ObjectReader r(value, path, {"at_s", "length_s", "kind"});
    Outage o;
    o.atS = readNumber(r.required("at_s"), r.path("at_s"));
    o.lengthS = readNumber(r.required("length_s"), r.path("length_s"));
    const std::string kind = r.string("kind", toString(o.kind));
    const std::optional<Outage::Kind> known = outageKind(kind);
    if (!known)
        throw ScenarioError(r.path("kind"),
                            "\"" + kind + "\" is not allowed (allowed \"errors\" or \"stall\")");
    o.kind = *known;
    return o;
}

} // namespace

Timeline readTimeline(const Json& value, const std::string& path)
{
    const ObjectReader r(value, path,
                         {"duration_s", "bucket_ms", "load_steps", "profile", "changes", "outages"});
    Timeline t;
    t.durationS = r.number("duration_s", t.durationS);
    t.bucketMs = r.number("bucket_ms", t.bucketMs);
    if (r.find("load_steps") && r.find("profile"))
        throw ScenarioError(r.path("profile"), "give either load_steps or a profile, not both");
    if (const Json* steps = r.find("load_steps")) {
        if (!steps->is_array())
            throw ScenarioError(r.path("load_steps"),
                                "expected an array of steps, got " + describe(*steps));
        t.loadSteps.clear();
        for (std::size_t i = 0; i < steps->size(); ++i) {
            const ObjectReader step((*steps)[i], indexPath(r.path("load_steps"), i), {"at_s", "load"});
            t.loadSteps.push_back({readNumber(step.required("at_s"), step.path("at_s")),
                                   readNumber(step.required("load"), step.path("load"))});
        }
    }
    if (const Json* profile = r.find("profile"))
        t.profile = readProfile(*profile, r.path("profile"));
    if (const Json* changes = r.find("changes")) {
        if (!changes->is_array())
            throw ScenarioError(r.path("changes"),
                                "expected an array of changes, got " + describe(*changes));
        for (std::size_t i = 0; i < changes->size(); ++i)
            t.changes.push_back(readChange((*changes)[i], indexPath(r.path("changes"), i)));
    }
    if (const Json* outages = r.find("outages")) {
        if (!outages->is_array())
            throw ScenarioError(r.path("outages"),
                                "expected an array of outages, got " + describe(*outages));
        for (std::size_t i = 0; i < outages->size(); ++i)
            t.outages.push_back(readOutage((*outages)[i], indexPath(r.path("outages"), i)));
    }
    return t;
}

OrderedJson timelineToJson(const Timeline& t)
{
    OrderedJson j;
    j["duration_s"] = t.durationS;
    j["bucket_ms"] = t.bucketMs;
    if (t.profile) {
        OrderedJson& p = j["profile"];
        p["kind"] = toString(t.profile->kind);
        p["base"] = t.profile->base;
        p["peak"] = t.profile->peak;
        p["at_s"] = t.profile->atS;
        p["length_s"] = t.profile->lengthS;
        p["period_s"] = t.profile->periodS;
    } else {
        OrderedJson steps = OrderedJson::array();
        for (const LoadStep& s : t.loadSteps)
            steps.push_back(OrderedJson{{"at_s", s.atS}, {"load", s.load}});
        j["load_steps"] = std::move(steps);
    }
    OrderedJson changes = OrderedJson::array();
    for (const TimelineChange& c : t.changes) {
        OrderedJson o;
        o["at_s"] = c.atS;
        if (!c.setup.empty())
            o["setup"] = c.setup;
        OrderedJson& set = o["set"];
        set = OrderedJson::object();
        for (const KnobSetting& k : c.set) {
            if (isBooleanKnob(k.field))
                set[k.field] = k.value != 0.0;
            else
                set[k.field] = k.value;
        }
        changes.push_back(std::move(o));
    }
    j["changes"] = std::move(changes);
    // Written only when there are some: a file of before stays the same, byte for byte.
    if (!t.outages.empty()) {
        OrderedJson outages = OrderedJson::array();
        for (const Outage& o : t.outages)
            outages.push_back(
                OrderedJson{{"at_s", o.atS}, {"length_s", o.lengthS}, {"kind", toString(o.kind)}});
        j["outages"] = std::move(outages);
    }
    return j;
}


} // namespace hedge::io_detail
