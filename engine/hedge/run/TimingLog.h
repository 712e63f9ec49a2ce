// The explorer's timing figures (docs/PERFORMANCE.md, "The explorer"): edit → first redrawn
// curve, → full pass, a drag's frames per second. Off by default; the bench programs in
// bench/explorer/ turn it on, and so does
// QT_LOGGING_RULES="hedge.explorer.timing.info=true" for the program itself.
#pragma once

#include <QLoggingCategory>

namespace hedge {

Q_DECLARE_LOGGING_CATEGORY(lcExplorerTiming)

} // namespace hedge
