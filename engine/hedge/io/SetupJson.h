// Internal to hedge/io: one setup of a scenario file (docs/scenario.md, "Scenario" and "Policy families"): its name,
// cancellation, hedge or policy family with the family's object, and adaptive limit. A
// resilience4cata setup is written as before the families existed (no "policy" key), so that
// every older file reads and writes the same, byte for byte.
#pragma once

#include "JsonDetail.h"

#include <hedge/Scenario.h>

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace hedge::io_detail {

// A string field naming one of an enum's values (`names`, as the file spells them).
template <class Enum>
Enum readName(const ObjectReader& r, const char* key, Enum fallback,
              std::optional<Enum> (*fromString)(std::string_view),
              std::initializer_list<const char*> names)
{
    const Json* v = r.find(key);
    if (!v)
        return fallback;
    const std::string name = r.string(key, {});
    if (const auto e = fromString(name))
        return *e;
    std::string allowed;
    for (const char* n : names)
        allowed += (allowed.empty() ? "\"" : ", \"") + std::string(n) + "\"";
    throw ScenarioError(r.path(key), describe(*v) + " is not allowed (allowed " + allowed + ")");
}

// `index` names a setup that has no name ("setup 3").
Setup readSetup(const Json& value, const std::string& path, std::size_t index);
OrderedJson setupToJson(const Setup& setup);

} // namespace hedge::io_detail
