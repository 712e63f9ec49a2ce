// explorer_measure_live: the Live view's figures (docs/PERFORMANCE.md, "The explorer") on the
// timing log (TimingLog.h), then quit.
#pragma once

namespace hedge {

class MainWindow;

namespace bench {

// Plays the metastable preset at ×100 for 5 s of wall time (redraws and paints per second,
// the event loop's latency from a 10 ms timer), then runs its setups at load 0.5 as fast as
// possible through an hour of simulated time (resident memory before and after).
void measureLiveView(MainWindow& window);

} // namespace bench
} // namespace hedge
