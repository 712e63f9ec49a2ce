#include <hedge/io/ShippedFiles.h>

#include <algorithm>

namespace hedge {

std::optional<std::string_view> shippedFile(std::string_view name)
{
    const auto& files = shipped_detail::shippedFiles();
    const auto it = std::find_if(files.begin(), files.end(),
                                 [name](const auto& file) { return file.name == name; });
    if (it == files.end())
        return std::nullopt;
    return it->bytes;
}

bool isShippedFileName(std::string_view path)
{
    return path.starts_with(":/");
}

} // namespace hedge
