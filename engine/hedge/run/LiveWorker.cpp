#include <hedge/run/LiveWorker.h>

#include <algorithm>

namespace hedge {

namespace {

// Behind the clock by more than this, the worker stops catching up: at a speed the machine
// cannot keep, it runs as fast as it can instead of bursting later.
constexpr double kMaxLagS = 0.5;

} // namespace

void LiveWorker::requestStop()
{
    {
        const std::lock_guard lock(mutex);
        stop = true;
    }
    wake.notify_all();
}

bool LiveWorker::waitForBucket(std::unique_lock<std::mutex>& lock)
{
    for (;;) {
        if (stop)
            return false;
        if (paused || finished || pending.size() >= kMaxPendingBuckets) {
            idle = paused || finished;
            wake.notify_all();
            wake.wait(lock);
            idle = false;
            m_anchorSpeed = -1.0; // the clock starts again from here
            continue;
        }
        const Clock::time_point now = Clock::now();
        if (speed != m_anchorSpeed) {
            m_anchorWall = now;
            m_anchorSim = nowS;
            m_anchorSpeed = speed;
        }
        if (speed == kFastest)
            return true;
        const double bucketS = timeline->bucketS(); // constant: no lock needed
        const double dueS = (nowS + bucketS - m_anchorSim) / speed;
        const auto due = m_anchorWall + std::chrono::duration_cast<Clock::duration>(
                                            std::chrono::duration<double>(dueS));
        if (now >= due) {
            if (std::chrono::duration<double>(now - due).count() > kMaxLagS)
                m_anchorSpeed = -1.0;
            return true;
        }
        wake.wait_until(lock, due);
    }
}

void LiveWorker::run(const std::function<void()>& wakeGui, const std::function<int()>& share)
{
    for (;;) {
        std::vector<Command> taken;
        int threadCount = 1;
        {
            std::unique_lock lock(mutex);
            if (!waitForBucket(lock))
                return;
            taken.swap(commands);
            threadCount = threads;
        }
        if (share) // the numbers do not depend on it: each world is its own simulation
            threadCount = std::max(1, std::min(threadCount, share()));
        const std::lock_guard timelineLock(timelineMutex);
        for (Command& c : taken) {
            if (c.kind == Command::Kind::Follow)
                timeline->followLoad(c.steps);
            else if (c.kind == Command::Kind::Change)
                timeline->addChange(std::move(c.change));
            else
                timeline->continueOpenEnded();
        }
        std::vector<std::optional<TimelineBucket>> buckets = timeline->advance(threadCount);
        const std::lock_guard lock(mutex);
        pending.push_back(std::move(buckets));
        nowS = timeline->nowS();
        load = timeline->load();
        finished = timeline->finished();
        if (pauseAtS && nowS >= *pauseAtS - 1e-9) { // with the bucket: the GUI sees both at once
            paused = true;
            pauseAtS.reset();
        }
        if (!notified) {
            notified = true;
            wakeGui();
        }
    }
}

} // namespace hedge
