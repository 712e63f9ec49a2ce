// --palette light|dark: the Fusion style with a light or a dark palette, whatever the
// desktop's (docs/user-guide.md, "Starting"). The bench programs take the same option.
#pragma once

#include <QString>

namespace hedge {

// Applies the palette `name` ("light" or "dark") to the application; returns false, changing
// nothing, for any other name.
bool applyPalette(const QString& name);

} // namespace hedge
