// The window's colours: the desktop's, or the Fusion style with a light or a dark palette
// (View → Dark Palette, remembered between sessions; --palette light|dark for one run:
// docs/user-guide.md, "Starting" and "The window"). The bench programs take the same option.
#pragma once

#include <QString>

namespace hedge {

// Applies the palette `name` ("light", "dark", "presenter": black on white for a projector,
// docs/user-guide.md, "Presenter mode", or "desktop": the style and palette the application
// had before the first call) to the application; returns false, changing nothing, for any
// other name.
bool applyPalette(const QString& name);
// The palette View → Dark Palette last chose ("dark" or "desktop"; "desktop" when never).
QString rememberedPalette();
void rememberPalette(const QString& name);
// The palette applied last ("desktop" before the first).
QString appliedPalette();

} // namespace hedge
