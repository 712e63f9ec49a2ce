// The tables of draws a sweep shares between its points (CallDrawTable.h): one per key that
// at least two of its jobs use, drawn by the first of them to start and freed when the last
// is done. A table costs as much as a point drawing for itself, so one used once is not made.
// Internal to LoadSweep.
#pragma once

#include <hedge/sim/CallDrawTable.h>
#include <hedge/sim/Simulation.h>

#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

namespace hedge {

class SharedDrawTables {
public:
    static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
    // Tables live while their load's points run (the schedule goes load by load), one per
    // replicate: share only while those stay under this many bytes.
    static constexpr std::size_t kMaxBytesAtOnce = std::size_t{256} << 20;

    // `jobs`: the sweep's runs, in the order they start, `replicates` of each point; those
    // with `runs[job]` false are never run (their twin's result serves). `jobs` must outlive
    // this object.
    SharedDrawTables(const std::vector<PointSpec>& jobs, const std::vector<bool>& runs,
                     int replicates);

    // The table of job `job`'s key, drawn now if no other job has drawn it; null: none.
    const CallDrawTable* acquire(std::size_t job);
    // Job `job` is done with its table.
    void release(std::size_t job);

private:
    struct Table {
        const PointSpec* spec = nullptr; // the first of its jobs: what the table is drawn from
        std::once_flag drawn;
        std::unique_ptr<const CallDrawTable> draws;
        std::size_t users = 0; // jobs not done with it yet
    };
    std::vector<std::size_t> m_tableOf; // per job: its table, or kNone
    std::unique_ptr<Table[]> m_tables;
    std::mutex m_mutex;
};

} // namespace hedge
