#include "JsonDetail.h"

#include <cctype>
#include <vector>

namespace hedge::io_detail {

namespace {

// Whether `path` is `within` or inside it ("steps[2]" holds "steps[2].callout.figure").
bool pathHolds(const std::string& within, const std::string& path)
{
    if (within.empty() || within == path)
        return true;
    return path.size() > within.size() && path.compare(0, within.size(), within) == 0 &&
           (path[within.size()] == '.' || path[within.size()] == '[');
}

struct OpenJsonContainer {
    std::string path;
    bool isArray = false;
    std::size_t index = 0; // the element being read (arrays)
    bool expectKey = true; // (objects)
};

} // namespace

int jsonPathLine(std::string_view text, const std::string& path)
{
    std::vector<OpenJsonContainer> open;
    std::size_t bestLength = 0;
    int bestLine = 1;
    int line = 1;
    // A value (or a member's key) read at `at`: kept when it holds `path` more closely.
    const auto reached = [&](const std::string& at) {
        if (pathHolds(at, path) && (at.size() > bestLength || bestLength == 0)) {
            bestLength = at.size();
            bestLine = line;
        }
    };
    const auto valuePath = [&open]() -> std::string {
        if (open.empty())
            return {};
        const OpenJsonContainer& parent = open.back();
        return parent.isArray ? indexPath(parent.path, parent.index) : parent.path;
    };
    std::string key; // the member whose value comes next
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n') {
            ++line;
        } else if (c == '"') {
            std::string s;
            std::size_t j = i + 1;
            for (; j < text.size() && text[j] != '"'; ++j) {
                if (text[j] == '\\' && j + 1 < text.size())
                    ++j;
                s += text[j];
            }
            i = j;
            if (!open.empty() && !open.back().isArray && open.back().expectKey) {
                open.back().expectKey = false;
                key = childPath(open.back().path, s);
                reached(key);
            } else {
                reached(open.empty() || open.back().isArray ? valuePath() : key);
            }
        } else if (c == '{' || c == '[') {
            const std::string at = open.empty() || open.back().isArray ? valuePath() : key;
            reached(at);
            open.push_back({at, c == '[', 0, c == '{'});
        } else if (c == '}' || c == ']') {
            if (!open.empty())
                open.pop_back();
        } else if (std::isalnum(static_cast<unsigned char>(c)) || c == '-') { // a number, true…
            if (!open.empty() && open.back().isArray)
                reached(valuePath());
            while (i + 1 < text.size() &&
                   (std::isalnum(static_cast<unsigned char>(text[i + 1])) || text[i + 1] == '.' ||
                    text[i + 1] == '+' || text[i + 1] == '-'))
                ++i;
        } else if (c == ',' && !open.empty()) {
            if (open.back().isArray)
                ++open.back().index;
            else
                open.back().expectKey = true;
        }
    }
    return bestLine;
}

} // namespace hedge::io_detail
