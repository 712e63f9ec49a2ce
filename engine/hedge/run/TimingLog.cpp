#include <hedge/run/TimingLog.h>

namespace hedge {

// Warnings only unless asked: a user's terminal shows no figures.
Q_LOGGING_CATEGORY(lcExplorerTiming, "hedge.explorer.timing", QtWarningMsg)

} // namespace hedge
