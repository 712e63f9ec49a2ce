#include <hedge/io/ScenarioStyle.h>

#include <cctype>

namespace hedge {

const std::vector<std::string>& chartKeys()
{
    static const std::vector<std::string> keys{
        "p99_ms",          "p999_ms",    "p50_ms", "requests_per_call", "rejected_fraction",
        "failed_fraction", "utilisation", "hedges_refused_fraction", "part_p99_ms"};
    return keys;
}

bool isColour(const std::string& text)
{
    if (text.size() != 7 || text[0] != '#')
        return false;
    for (std::size_t i = 1; i < text.size(); ++i)
        if (!std::isxdigit(static_cast<unsigned char>(text[i])))
            return false;
    return true;
}

} // namespace hedge
