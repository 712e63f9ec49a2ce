#include "TimelineCommand.h"

#include "ResultsTable.h"

#include <hedge/io/TimelineResultsFile.h>
#include <hedge/sim/TimelineWorld.h>

#include <algorithm>
#include <cmath>
#include <ostream>

namespace hedge::cli {

namespace {

std::string pad(std::string text, std::size_t width)
{
    if (text.size() < width)
        text.append(width - text.size(), ' ');
    return text;
}

// Per world: how long it was collapsed, the worst bucket p99 and backlog, when the cap
// stopped it. Locale-independent: the sweep's table's number format.
std::string summary(const std::vector<WorldResult>& worlds)
{
    std::size_t width = 5;
    for (const WorldResult& w : worlds)
        width = std::max(width, w.setup.size());
    std::string out = pad("setup", width) + "  collapsed_s  worst_p99_ms  worst_backlog_ms  stopped_at_s\n";
    for (const WorldResult& w : worlds) {
        double collapsedS = 0.0, worstP99 = 0.0, worstBacklog = 0.0, previous = 0.0;
        for (const TimelineBucket& b : w.buckets) {
            if (b.collapsed)
                collapsedS += b.tS - previous;
            previous = b.tS;
            worstP99 = std::max(worstP99, b.p99Ms.value_or(0.0));
            worstBacklog = std::max(worstBacklog, b.backlogMs);
        }
        const auto fixed = &ResultsTable::fixed;
        out += pad(w.setup, width) + "  " + pad(fixed(collapsedS, 0), 11) + "  " +
               pad(fixed(worstP99, 1), 12) + "  " + pad(fixed(worstBacklog, 0), 16) + "  " +
               (w.stoppedAtS ? fixed(*w.stoppedAtS, 3) : std::string("-")) + "\n";
    }
    return out;
}

} // namespace

int runTimelineCommand(const CommandLine& cl, const Streams& s, const Scenario& scenario)
{
    if (!scenario.timeline)
        throw InvalidInput("timeline: missing (hedgesim timeline needs a timeline scenario; "
                           "run a sweep with hedgesim run)");
    const bool progress = s.errIsTerminal && !cl.quiet;
    const std::size_t total =
        scenario.setups.size() * static_cast<std::size_t>(std::ceil(scenario.timeline->durationS * 1000.0 /
                                                                     scenario.timeline->bucketMs));
    std::size_t done = 0;
    const TimelineOutcome outcome =
        runTimeline(scenario, cl.threads, {}, [&](std::size_t, const TimelineBucket&) {
            ++done;
            if (progress && done % 256 == 0)
                s.err << "\rhedgesim: " << done << "/" << total << " buckets" << std::flush;
        });
    if (progress)
        s.err << "\r\033[K" << std::flush;
    if (outcome.cancelled)
        throw std::runtime_error("the timeline was cancelled");
    if (!cl.quiet)
        s.out << summary(outcome.worlds) << std::flush;
    bool written = writeOutputFile(cl.jsonOutput, writeTimelineResultsJson(scenario, outcome.worlds), s.err);
    written = writeOutputFile(cl.csvOutput, writeTimelineResultsCsv(outcome.worlds), s.err) && written;
    return written ? kExitOk : kExitInternal;
}

} // namespace hedge::cli
