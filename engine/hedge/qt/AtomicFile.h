// Writing a file so that readers see the old content or the new one, never a half-written
// file (QSaveFile: a temporary beside the target, renamed over it on success).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace hedge {

// Writes `bytes` to `path`. Returns nothing on success, or a message naming the path
// ("cannot write /x/y.json: No such file or directory"); on failure the target is untouched
// and no temporary is left behind.
std::optional<std::string> writeFileAtomically(const std::string& path, std::string_view bytes);

} // namespace hedge
