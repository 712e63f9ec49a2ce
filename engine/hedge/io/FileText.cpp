#include <hedge/io/FileText.h>

#include <hedge/io/ShippedFiles.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace hedge {

FileText readFileText(const std::string& path)
{
    if (isShippedFileName(path)) {
        if (const auto bytes = shippedFile(path))
            return {std::string(*bytes), {}};
        return {{}, "not one of the program's files"};
    }
    std::error_code ignored;
    // std::ifstream opens a folder and then reads nothing; say what it is.
    if (std::filesystem::is_directory(path, ignored))
        return {{}, std::strerror(EISDIR)};
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        const int code = errno;
        return {{}, code != 0 ? std::strerror(code) : "cannot be opened"};
    }
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad())
        return {{}, "a read error"};
    return {std::move(text).str(), {}};
}

} // namespace hedge
