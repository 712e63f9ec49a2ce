// Internal to hedge/io (not included by any public header: nlohmann's templates are heavy).
// Parsing with positions and duplicate-key detection, typed field readers that name the
// field on error, and the pretty printer of the files we write.
#pragma once

#include <hedge/io/ScenarioError.h>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hedge::io_detail {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

// Parses one JSON document. Syntax errors throw ScenarioError with line and column (and no
// field); a key that appears twice in one object throws naming that key's path (nlohmann
// would silently keep the last one, which hides typos as well as unknown fields would).
Json parseJsonText(std::string_view text);

// The file layout: 2-space indent; arrays of scalars and all-scalar objects inside arrays
// (a setup without policies, a results point) on one line; numbers as nlohmann writes them
// (shortest text that reads back the same double).
std::string prettyPrint(const OrderedJson& value);

// A figure that may be absent: the number, or null.
OrderedJson optionalNumberJson(const std::optional<double>& value);

std::string childPath(const std::string& parent, std::string_view key);
std::string indexPath(const std::string& parent, std::size_t index);

// The line (from 1) of the member or element `path` names ("steps[2].callout.figure") in the
// JSON `text` (parsed already: it is well formed), or of the closest one holding it when the
// text has none (a missing field: the object it is missing from).
int jsonPathLine(std::string_view text, const std::string& path);

// A short description of a value for messages: 2.5, "abc", true, an array, an object.
std::string describe(const Json& value);

// Reads the members of one JSON object; rejects members not in `allowed`.
class ObjectReader {
public:
    ObjectReader(const Json& object, std::string path, std::initializer_list<const char*> allowed,
                 const char* what = "an object");
    // The allowed keys built at run time (a knob group's, KnobRegistry).
    ObjectReader(const Json& object, std::string path, const std::vector<const char*>& allowed,
                 const char* what = "an object");

    const Json* find(const char* key) const; // nullptr when absent
    std::string path(const char* key) const { return childPath(m_path, key); }
    const std::string& path() const { return m_path; }

    // Each returns `fallback` when the member is absent and throws ScenarioError when it
    // has the wrong type. Ranges are checked by validateScenario, except where the value
    // must fit a C++ type first (integers).
    double number(const char* key, double fallback) const;
    std::int64_t integer(const char* key, std::int64_t fallback, std::int64_t lo,
                         std::int64_t hi) const;
    std::uint64_t unsignedInteger(const char* key, std::uint64_t fallback) const;
    std::string string(const char* key, const std::string& fallback) const;
    bool boolean(const char* key, bool fallback) const;

    // For members that must be present (results files).
    const Json& required(const char* key) const;

private:
    const Json& m_object;
    std::string m_path;
};

// Value readers used by ObjectReader and for array elements.
double readNumber(const Json& value, const std::string& path);
std::int64_t readInteger(const Json& value, const std::string& path, std::int64_t lo,
                         std::int64_t hi);

} // namespace hedge::io_detail
