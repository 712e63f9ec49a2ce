#include <hedge/io/ScenarioStyle.h>

#include <algorithm>
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

const std::vector<std::string>& chartOrder()
{
    // Eight charts make four rows of two, as seven do; the parts' p99 is a ninth only for a
    // service that fans out.
    static const std::vector<std::string> order{
        "p99_ms",          "requests_per_call", "p999_ms",     "p50_ms",
        "rejected_fraction", "failed_fraction", "utilisation", "hedges_refused_fraction",
        "part_p99_ms"};
    return order;
}

bool isAlwaysShownChart(const std::string& key)
{
    return key == "p99_ms" || key == "requests_per_call";
}

std::vector<std::string> shownCharts(const std::vector<std::string>& chosen)
{
    std::vector<std::string> shown;
    for (const std::string& key : chartOrder())
        if (isAlwaysShownChart(key) || std::find(chosen.begin(), chosen.end(), key) != chosen.end())
            shown.push_back(key);
    return shown;
}

const std::vector<std::string>& setupPalette()
{
    // Order matters: neighbours in a setup list get the most different hues first, and the
    // low-contrast yellow and sand come last. Black is left out: it vanishes on a dark
    // background.
    static const std::vector<std::string> palette{
        "#0072b2", // Okabe–Ito blue
        "#d55e00", // vermillion
        "#009e73", // bluish green
        "#cc79a7", // reddish purple
        "#e69f00", // orange
        "#56b4e9", // sky blue
        "#882255", // Tol wine
        "#117733", // Tol green
        "#999933", // Tol olive
        "#44aa99", // Tol teal
        "#aa4499", // Tol purple
        "#777777", // grey
        "#ddcc77", // Tol sand
        "#f0e442", // Okabe–Ito yellow
        "#6666cc", // indigo, lightened to stay visible on dark backgrounds
    };
    return palette;
}

namespace {

std::string lowered(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return text;
}

} // namespace

std::string unusedColour(const std::vector<std::string>& taken, std::size_t row)
{
    const std::vector<std::string>& palette = setupPalette();
    for (const std::string& colour : palette) {
        const bool used = std::any_of(taken.begin(), taken.end(), [&](const std::string& t) {
            return lowered(t) == colour;
        });
        if (!used)
            return colour;
    }
    return palette[row % palette.size()];
}

std::vector<SetupStyle> completeSetupStyles(const std::vector<const SetupStyle*>& known)
{
    std::vector<std::string> taken;
    for (const SetupStyle* s : known)
        if (s)
            taken.push_back(s->colour);
    std::vector<SetupStyle> styles;
    for (std::size_t i = 0; i < known.size(); ++i) {
        if (known[i]) {
            styles.push_back(*known[i]);
            continue;
        }
        // Past the palette's end, as the list always counted: from the number of setups.
        SetupStyle fresh{unusedColour(taken, known.size()), true};
        taken.push_back(fresh.colour);
        styles.push_back(std::move(fresh));
    }
    return styles;
}

} // namespace hedge
