// The lessons the program ships (resources/lessons/, docs/lessons.md), in the order they are
// taught: each is a Qt resource path for readLessonFile.
#pragma once

#include <string>
#include <vector>

namespace hedge {

// ":/lessons/tail-cutting.json", ... — tail cutting first, as docs/lessons.md lists them.
const std::vector<std::string>& shippedLessonFiles();

} // namespace hedge
