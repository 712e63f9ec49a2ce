#include "JsonDetail.h"

#include "Format.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <utility>
#include <vector>

namespace hedge::io_detail {

namespace {

// A syntax error at byte `offset` of `text`, by line and column (both from 1).
[[noreturn]] void throwAt(std::string_view text, std::size_t offset, const std::string& detail)
{
    const std::string_view before = text.substr(0, offset);
    const int line = 1 + static_cast<int>(std::count(before.begin(), before.end(), '\n'));
    const auto lineStart = before.rfind('\n');
    const int column =
        static_cast<int>(offset - (lineStart == std::string_view::npos ? 0 : lineStart + 1)) + 1;
    throw ScenarioError(
        {}, "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + detail,
        line, column);
}

// Follows the parse to name what it reads, and keeps the keys of each open object: nlohmann
// keeps the last of two equal keys, which would hide a typo as well as an unknown field would.
class RepeatedKeyCheck {
public:
    bool operator()(int, Json::parse_event_t event, Json& parsed)
    {
        switch (event) {
        case Json::parse_event_t::object_start:
        case Json::parse_event_t::array_start:
            m_open.push_back({nextPath(), event == Json::parse_event_t::array_start, 0, {}, {}});
            break;
        case Json::parse_event_t::key: {
            Container& object = m_open.back();
            object.key = parsed.get<std::string>();
            if (!object.keys.insert(object.key).second)
                throw ScenarioError(childPath(object.path, object.key),
                                    "appears twice in one object");
            break;
        }
        case Json::parse_event_t::object_end:
        case Json::parse_event_t::array_end:
            m_open.pop_back();
            [[fallthrough]];
        case Json::parse_event_t::value:
            if (!m_open.empty() && m_open.back().isArray)
                ++m_open.back().size;
            break;
        }
        return true;
    }

private:
    struct Container {
        std::string path;
        bool isArray;
        std::size_t size; // elements read so far (arrays)
        std::set<std::string> keys;
        std::string key; // the member being read (objects)
    };

    std::string nextPath() const
    {
        if (m_open.empty())
            return {};
        const Container& parent = m_open.back();
        return parent.isArray ? indexPath(parent.path, parent.size)
                              : childPath(parent.path, parent.key);
    }

    std::vector<Container> m_open;
};

// nlohmann's own DOM builder with the check above as its callback. Only its error report is
// replaced: nlohmann's exception carries no position for some errors (a number too large for
// a double), while the position it reports here is always there.
class PositionedDomBuilder : public nlohmann::detail::json_sax_dom_callback_parser<Json> {
public:
    PositionedDomBuilder(Json& root, std::string_view text)
        : json_sax_dom_callback_parser(root, RepeatedKeyCheck{}), m_text(text)
    {
    }

    template <class Exception>
    bool parse_error(std::size_t position, const std::string&, const Exception& error)
    {
        // nlohmann counts the characters read, the offending one included, and the end of
        // the input counts as one: an error there points just past the last byte.
        const std::size_t offset = position > m_text.size() ? m_text.size()
                                   : position > 0           ? position - 1
                                                            : 0;
        // Keep nlohmann's description ("syntax error while parsing object - unexpected '}';
        // expected string literal"), drop its own prefix and position.
        std::string detail = error.what();
        if (const auto at = detail.find("column "); at != std::string::npos) {
            if (const auto colon = detail.find(": ", at); colon != std::string::npos)
                detail = detail.substr(colon + 2);
        } else if (const auto prefixEnd = detail.find("] "); prefixEnd != std::string::npos) {
            detail = detail.substr(prefixEnd + 2);
        }
        throwAt(m_text, offset, detail);
    }

private:
    std::string_view m_text;
};

bool isScalar(const OrderedJson& v)
{
    return !v.is_object() && !v.is_array();
}

bool allScalar(const OrderedJson& v)
{
    return std::all_of(v.begin(), v.end(), [](const OrderedJson& e) { return isScalar(e); });
}

void print(const OrderedJson& v, int indent, bool inArray, std::string& out)
{
    // validateScenario rejects names that are not UTF-8; should one get here anyway, write
    // U+FFFD rather than throw from a writer.
    const auto dump = [](const OrderedJson& x) {
        return x.dump(-1, ' ', false, OrderedJson::error_handler_t::replace);
    };
    if (isScalar(v)) {
        out += dump(v);
        return;
    }
    if (v.empty()) {
        out += v.is_object() ? "{}" : "[]";
        return;
    }
    const bool oneLine = allScalar(v) && (v.is_array() || inArray);
    const char open = v.is_object() ? '{' : '[';
    const char close = v.is_object() ? '}' : ']';
    out += open;
    bool first = true;
    for (auto it = v.begin(); it != v.end(); ++it) {
        if (!first)
            out += ',';
        first = false;
        if (oneLine) {
            if (it != v.begin())
                out += ' ';
        } else {
            out += '\n';
            out.append(static_cast<std::size_t>(indent + 2), ' ');
        }
        if (v.is_object()) {
            out += dump(OrderedJson(it.key()));
            out += ": ";
        }
        print(*it, indent + 2, v.is_array(), out);
    }
    if (!oneLine) {
        out += '\n';
        out.append(static_cast<std::size_t>(indent), ' ');
    }
    out += close;
}

const char* typeName(const Json& v)
{
    switch (v.type()) {
    case Json::value_t::null:
        return "null";
    case Json::value_t::boolean:
        return "a boolean";
    case Json::value_t::string:
        return "a string";
    case Json::value_t::array:
        return "an array";
    case Json::value_t::object:
        return "an object";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
    case Json::value_t::number_float:
        return "a number";
    default:
        return "an unsupported value";
    }
}

[[noreturn]] void wrongType(const Json& value, const std::string& path, const char* expected)
{
    std::string got = typeName(value);
    if (!value.is_object() && !value.is_array() && !value.is_null())
        got += " (" + describe(value) + ")";
    throw ScenarioError(path, std::string("expected ") + expected + ", got " + got);
}

} // namespace

Json parseJsonText(std::string_view text)
{
    // nlohmann's lexer takes a NUL byte for the end of the input (for C strings) and would
    // accept whatever precedes it; JSON allows no raw NUL anywhere.
    if (const auto nul = text.find('\0'); nul != std::string_view::npos)
        throwAt(text, nul, "a NUL byte is not allowed in JSON");
    Json root;
    PositionedDomBuilder builder(root, text);
    // Our builder throws on every error, so a false return cannot carry a message; keep a
    // generic one in case nlohmann ever returns without calling parse_error.
    if (!Json::sax_parse(text, &builder))
        throw ScenarioError({}, "not a valid JSON document");
    return root;
}

std::string prettyPrint(const OrderedJson& value)
{
    std::string out;
    print(value, 0, false, out);
    out += '\n';
    return out;
}

OrderedJson optionalNumberJson(const std::optional<double>& value)
{
    return value ? OrderedJson(*value) : OrderedJson(nullptr);
}

std::string childPath(const std::string& parent, std::string_view key)
{
    return parent.empty() ? std::string(key) : parent + "." + std::string(key);
}

std::string indexPath(const std::string& parent, std::size_t index)
{
    return parent + "[" + std::to_string(index) + "]";
}

std::string describe(const Json& value)
{
    if (value.is_object())
        return "an object";
    if (value.is_array())
        return "an array";
    std::string text = value.dump(-1, ' ', false, Json::error_handler_t::replace);
    if (text.size() > 60)
        text = text.substr(0, 57) + "...";
    return text;
}

double readNumber(const Json& value, const std::string& path)
{
    if (!value.is_number())
        wrongType(value, path, "a number");
    return value.get<double>();
}

std::int64_t readInteger(const Json& value, const std::string& path, std::int64_t lo,
                         std::int64_t hi)
{
    const auto outside = [&] {
        throw ScenarioError(path, outOfRange(describe(value), intRange(lo, hi)));
    };
    if (value.is_number_unsigned()) {
        const auto v = value.get<std::uint64_t>();
        if (v > static_cast<std::uint64_t>(hi))
            outside();
        return static_cast<std::int64_t>(v);
    }
    if (value.is_number_integer()) {
        const auto v = value.get<std::int64_t>();
        if (v < lo || v > hi)
            outside();
        return v;
    }
    if (value.is_number_float()) {
        // 2e5 is an integer written as a float; 2.5 is not.
        const double v = value.get<double>();
        if (!std::isfinite(v) || std::floor(v) != v)
            throw ScenarioError(path, describe(value) + " is not an integer (allowed " +
                                          intRange(lo, hi) + ")");
        if (v < static_cast<double>(lo) || v > static_cast<double>(hi))
            outside();
        return static_cast<std::int64_t>(v);
    }
    wrongType(value, path, "an integer");
}

ObjectReader::ObjectReader(const Json& object, std::string path,
                           std::initializer_list<const char*> allowed, const char* what)
    : ObjectReader(object, std::move(path), std::vector<const char*>(allowed), what)
{}

ObjectReader::ObjectReader(const Json& object, std::string path,
                           const std::vector<const char*>& allowed, const char* what)
    : m_object(object), m_path(std::move(path))
{
    if (!object.is_object())
        wrongType(object, m_path, what);
    for (const auto& [key, value] : object.items()) {
        const bool known = std::any_of(allowed.begin(), allowed.end(),
                                       [&k = key](const char* name) { return k == name; });
        if (!known) {
            std::string list;
            for (const char* name : allowed)
                list += (list.empty() ? "" : ", ") + std::string(name);
            throw ScenarioError(childPath(m_path, key),
                                "unknown field (allowed here: " + list + ")");
        }
    }
}

const Json* ObjectReader::find(const char* key) const
{
    const auto it = m_object.find(key);
    return it == m_object.end() ? nullptr : &*it;
}

const Json& ObjectReader::required(const char* key) const
{
    const Json* v = find(key);
    if (!v)
        throw ScenarioError(path(key), "is missing");
    return *v;
}

double ObjectReader::number(const char* key, double fallback) const
{
    const Json* v = find(key);
    return v ? readNumber(*v, path(key)) : fallback;
}

std::int64_t ObjectReader::integer(const char* key, std::int64_t fallback, std::int64_t lo,
                                   std::int64_t hi) const
{
    const Json* v = find(key);
    return v ? readInteger(*v, path(key), lo, hi) : fallback;
}

std::uint64_t ObjectReader::unsignedInteger(const char* key, std::uint64_t fallback) const
{
    const Json* v = find(key);
    if (!v)
        return fallback;
    constexpr auto kMax = std::numeric_limits<std::uint64_t>::max();
    const std::string range = "0 … " + std::to_string(kMax);
    if (v->is_number_unsigned())
        return v->get<std::uint64_t>();
    if (v->is_number_integer()) // nlohmann stores non-negative integers as unsigned
        throw ScenarioError(path(key), outOfRange(describe(*v), range));
    if (v->is_number_float()) {
        const double d = v->get<double>();
        if (!std::isfinite(d) || std::floor(d) != d)
            throw ScenarioError(path(key),
                                describe(*v) + " is not an integer (allowed " + range + ")");
        // 2^64 is the first double past the range.
        if (d < 0.0 || d >= 18446744073709551616.0)
            throw ScenarioError(path(key), outOfRange(describe(*v), range));
        return static_cast<std::uint64_t>(d);
    }
    wrongType(*v, path(key), "an unsigned integer");
}

std::string ObjectReader::string(const char* key, const std::string& fallback) const
{
    const Json* v = find(key);
    if (!v)
        return fallback;
    if (!v->is_string())
        wrongType(*v, path(key), "a string");
    return v->get<std::string>();
}

bool ObjectReader::boolean(const char* key, bool fallback) const
{
    const Json* v = find(key);
    if (!v)
        return fallback;
    if (!v->is_boolean())
        wrongType(*v, path(key), "true or false");
    return v->get<bool>();
}

} // namespace hedge::io_detail
