#include "KnobJson.h"

#include <hedge/KnobRegistry.h>

#include <cmath>
#include <cstdint>
#include <limits>

namespace hedge::io_detail {

namespace {

constexpr std::int64_t kIntMax = std::numeric_limits<int>::max();

} // namespace

std::vector<const char*> knobKeys(std::string_view group, bool topology)
{
    std::vector<const char*> keys;
    for (const Knob* knob : KnobRegistry::group(group))
        if (knob->topology == topology)
            keys.push_back(knob->jsonKey());
    return keys;
}

void readKnobs(const ObjectReader& r, std::string_view group, Setup& setup, ServiceConfig& service)
{
    for (const Knob* knob : KnobRegistry::group(group)) {
        const double current = knob->read(setup, service).value_or(knob->defaultValue());
        const double value =
            knob->wholeNumber()
                ? double(r.integer(
                      knob->jsonKey(), std::int64_t(current), std::int64_t(knob->range.min),
                      std::isinf(knob->range.max) ? kIntMax : std::int64_t(knob->range.max)))
                : r.number(knob->jsonKey(), current);
        knob->write(setup, service, value);
    }
}

void writeKnobs(OrderedJson& o, std::string_view group, bool topology, const Setup& setup,
                const ServiceConfig& service)
{
    for (const Knob* knob : KnobRegistry::group(group)) {
        if (knob->topology != topology)
            continue;
        const double value = knob->read(setup, service).value_or(knob->defaultValue());
        if (knob->omitDefault && value == knob->defaultValue())
            continue;
        if (knob->wholeNumber())
            o[knob->jsonKey()] = static_cast<int>(std::lround(value));
        else
            o[knob->jsonKey()] = value;
    }
}

bool topologyKnobsSet(const ServiceConfig& service)
{
    for (const Knob* knob : KnobRegistry::group("service."))
        if (knob->topology && knob->read(Setup{}, service) != knob->defaultValue())
            return true;
    return false;
}

} // namespace hedge::io_detail
