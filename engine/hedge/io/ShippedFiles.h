// The files the program ships inside itself: the lessons (resources/lessons) and the
// measurements a preset's service is made from (resources/services). Their bytes are compiled
// into the core (engine/CMakeLists.txt, engine/cmake/EmbedFiles.cmake), so that the readers
// find them by name without a file system or Qt's resources: ":/lessons/NAME.json",
// ":/services/NAME". Every reader of a path (readFileText) knows these names.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace hedge {

// The bytes of the shipped file `name` (":/lessons/budget.json"), or nothing.
std::optional<std::string_view> shippedFile(std::string_view name);

// Whether `path` names a shipped file rather than one on disk (it begins ":/").
bool isShippedFileName(std::string_view path);

namespace shipped_detail {

struct ShippedFile {
    std::string_view name;
    std::string_view bytes;
};

// Defined in the generated source.
const std::vector<ShippedFile>& shippedFiles();

} // namespace shipped_detail

} // namespace hedge
