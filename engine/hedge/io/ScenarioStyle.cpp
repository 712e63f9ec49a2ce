#include <hedge/io/ScenarioStyle.h>

#include <hedge/sim/Figures.h>

#include <algorithm>
#include <cctype>

namespace hedge {

namespace {

std::vector<std::string> figureKeys(const std::vector<Figure>& figures, const char* FigureRow::*key)
{
    std::vector<std::string> keys;
    for (Figure figure : figures)
        keys.emplace_back(figureRow(figure).*key);
    return keys;
}

// `chosen`'s keys among `order`, in its order, once each; `always` are in whatever is chosen.
std::vector<std::string> chosenInOrder(const std::vector<std::string>& chosen,
                                       const std::vector<std::string>& order,
                                       bool (*always)(const std::string&))
{
    std::vector<std::string> shown;
    for (const std::string& key : order)
        if (always(key) || std::find(chosen.begin(), chosen.end(), key) != chosen.end())
            shown.push_back(key);
    return shown;
}

} // namespace

const std::vector<std::string>& chartKeys()
{
    return chartOrder();
}

const std::vector<std::string>& panelKeys()
{
    static const std::vector<std::string> keys =
        figureKeys(optionalPanelFigures(), &FigureRow::panelKey);
    return keys;
}

const std::vector<std::string>& defaultPanels()
{
    static const std::vector<std::string> keys =
        figureKeys(defaultPanelFigures(), &FigureRow::panelKey);
    return keys;
}

std::vector<std::string> shownPanels(const std::vector<std::string>& chosen)
{
    return chosenInOrder(chosen, panelKeys(), [](const std::string&) { return false; });
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
    static const std::vector<std::string> order =
        figureKeys(metricFigures(), &FigureRow::resultsKey);
    return order;
}

bool isAlwaysShownChart(const std::string& key)
{
    const std::optional<Figure> figure = figureFromResultsKey(key, metricFigures());
    return figure && figureRow(*figure).chartAlwaysShown;
}

std::vector<std::string> shownCharts(const std::vector<std::string>& chosen)
{
    return chosenInOrder(chosen, chartOrder(), &isAlwaysShownChart);
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
