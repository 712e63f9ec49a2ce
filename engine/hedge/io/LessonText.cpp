// A lesson's texts and their placeholders (docs/lessons.md, "Placeholders").
#include "LessonDetail.h"

#include <cctype>
#include <charconv>
#include <utility>

namespace hedge::lesson_detail {

namespace {

double numberIn(const std::string& text, const char* what, const std::string& path)
{
    double value = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        throw ScenarioError(path, "\"" + text + "\" is not a " + what);
    return value;
}

// "{p99_ms@hedge, no budget / client@0.6}" without its braces; "{p99_ms@@@20}": the callout's
// setup and load, the map's cell at 20.
LessonFigureRef readPlaceholder(const std::string& inside, const std::string& path,
                                const Scenario& scenario, const LessonFigureRef& fallback)
{
    std::vector<std::string> fields{""};
    for (char c : inside) {
        if (c == '@')
            fields.emplace_back();
        else
            fields.back() += c;
    }
    const std::string where = "placeholder {" + inside + "}: ";
    if (fields.size() > 4)
        throw ScenarioError(path, where + "has more than figure@setup@load@grid value");
    LessonFigureRef ref = fallback;
    ref.figure = fields[0];
    try {
        checkFigure(scenario, ref.figure, path);
        if (fields.size() > 1 && !fields[1].empty())
            ref.setup = fields[1];
        checkSetup(scenario, ref.setup, path);
        const char* placeName = scenario.timeline ? "moment" : "load";
        if (fields.size() > 2 && !(fields.size() > 3 && fields[2].empty()))
            setPlace(scenario, numberIn(fields[2], placeName, path), path, ref);
        if (fields.size() > 3)
            setGridValue(scenario, numberIn(fields[3], "grid value", path), path, ref);
        else
            keepCellOnlyForGridSetup(scenario, ref);
    } catch (const ScenarioError& e) {
        throw ScenarioError(path, where + e.problem());
    }
    return ref;
}

// Quotes hold a setup's name ("3 attempts, no budget / client"), whose digits are its own, and a
// figure's name holds digits ("p99"); any other digit would be a number typed into the text,
// which a re-run could make untrue.
class TypedNumberCheck {
public:
    explicit TypedNumberCheck(std::string path) : m_path(std::move(path)) {}
    void add(const std::string& literal)
    {
        for (std::size_t i = 0; i < literal.size(); ++i) {
            const unsigned char c = static_cast<unsigned char>(literal[i]);
            if (c == '"')
                m_quoted = !m_quoted;
            else if (literal.compare(i, 3, "\u201c") == 0)
                m_quoted = true;
            else if (literal.compare(i, 3, "\u201d") == 0)
                m_quoted = false;
            else if (!m_quoted && std::isdigit(c) && !inNamedWord(literal, i))
                throw ScenarioError(m_path, "\"" + context(literal, i) +
                                                "\" has a typed number; a number in a lesson's "
                                                "text comes from the run (a placeholder such as "
                                                "{p99_ms}) or is part of a setup's quoted name");
        }
    }

private:
    // A digit of a word that starts with a letter ("p99", "p99.9") is part of a figure's name.
    static bool inNamedWord(const std::string& text, std::size_t at)
    {
        std::size_t start = at;
        while (start > 0 && (std::isalnum(static_cast<unsigned char>(text[start - 1])) ||
                             text[start - 1] == '.'))
            --start;
        return std::isalpha(static_cast<unsigned char>(text[start]));
    }
    static std::string context(const std::string& text, std::size_t at)
    {
        const std::size_t from = text.rfind(' ', at);
        const std::size_t to = text.find(' ', at);
        const std::size_t start = from == std::string::npos ? 0 : from + 1;
        return text.substr(start, to == std::string::npos ? std::string::npos : to - start);
    }
    std::string m_path;
    bool m_quoted = false;
};

} // namespace

LessonText readLessonText(const io_detail::Json& value, const std::string& path,
                          const Scenario& scenario, const LessonFigureRef& fallback)
{
    if (!value.is_string())
        throw ScenarioError(path, io_detail::describe(value) + " is not a text");
    const std::string text = value.get<std::string>();
    LessonText result;
    TypedNumberCheck numbers(path);
    std::string literal;
    const auto flush = [&] {
        if (literal.empty())
            return;
        numbers.add(literal);
        result.parts.push_back({literal, std::nullopt});
        literal.clear();
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if ((c == '{' || c == '}') && i + 1 < text.size() && text[i + 1] == c) {
            literal += c; // "{{" and "}}" are braces of the text
            ++i;
        } else if (c == '{') {
            const std::size_t close = text.find('}', i);
            if (close == std::string::npos)
                throw ScenarioError(path, "a placeholder's \"{\" has no \"}\" (a brace of the "
                                          "text is written \"{{\")");
            flush();
            result.parts.push_back(
                {{}, readPlaceholder(text.substr(i + 1, close - i - 1), path, scenario, fallback)});
            i = close;
        } else if (c == '}') {
            throw ScenarioError(path, "a \"}\" without its \"{\" (a brace of the text is "
                                      "written \"}}\")");
        } else {
            literal += c;
        }
    }
    flush();
    if (result.parts.empty())
        throw ScenarioError(path, "empty");
    return result;
}

} // namespace hedge::lesson_detail
