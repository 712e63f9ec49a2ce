#include "ServiceQueue.h"

#include <algorithm>

#ifdef __linux__
#include <sys/prctl.h>
#endif

namespace hedge::service {

ServiceQueue::ServiceQueue(int workers, Cancellation cancellation, Completion completion)
    : m_cancellation(cancellation), m_completion(std::move(completion))
{
    const auto n = std::size_t(std::max(workers, 1));
    m_stats.workers = int(n);
    m_stats.cancellation = cancellation;
    m_serviceStart.resize(n);
    m_workerBusy.resize(n, false);
    m_threads.reserve(n);
    for (std::size_t w = 0; w < n; ++w)
        m_threads.emplace_back([this, w] { work(w); });
}

ServiceQueue::~ServiceQueue()
{
    {
        const std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_work.notify_all();
    m_cancel.notify_all();
    for (std::thread& t : m_threads)
        t.join();
}

void ServiceQueue::submit(const std::shared_ptr<ServiceJob>& job)
{
    {
        const std::lock_guard lock(m_mutex);
        job->arrivalOrder = ++m_stats.accepted;
        m_queue.push_back(job);
    }
    m_work.notify_one();
}

void ServiceQueue::cancel(const std::shared_ptr<ServiceJob>& job)
{
    {
        const std::lock_guard lock(m_mutex);
        if (job->cancelled)
            return;
        job->cancelled = true;
        ++m_stats.abandoned;
        if (m_cancellation == Cancellation::Client)
            return;
        const auto it = std::find(m_queue.begin(), m_queue.end(), job);
        if (it != m_queue.end()) {
            m_queue.erase(it);
            ++m_stats.dropped;
            return;
        }
    }
    m_cancel.notify_all(); // it may be in service: its worker checks its own request
}

ServiceStats ServiceQueue::stats() const
{
    const std::lock_guard lock(m_mutex);
    ServiceStats s = m_stats;
    const Clock::time_point now = Clock::now();
    s.queued = m_queue.size();
    for (std::size_t w = 0; w < m_workerBusy.size(); ++w)
        if (m_workerBusy[w])
            s.busyMs += msBetween(m_serviceStart[w], now);
    s.uptimeMs = msBetween(m_started, now);
    return s;
}

void ServiceQueue::work(std::size_t worker)
{
#ifdef __linux__
    // The default 50 µs timer slack would lengthen every service time; 1 ns asks for none.
    prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
#endif
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_work.wait(lock, [this] { return m_stopping || !m_queue.empty(); });
        if (m_stopping)
            return;
        std::shared_ptr<ServiceJob> job = std::move(m_queue.front());
        m_queue.pop_front();
        const Clock::time_point start = Clock::now();
        m_serviceStart[worker] = start;
        m_workerBusy[worker] = true;
        job->startOrder = m_nextStart++;
        job->busyAtStart = ++m_stats.busy;
        m_stats.maxBusy = std::max(m_stats.maxBusy, m_stats.busy);

        const auto deadline =
            start + std::chrono::duration_cast<Clock::duration>(
                        std::chrono::duration<double, std::milli>(job->serviceMs));
        const bool cut = m_cancel.wait_until(lock, deadline, [&] {
            return m_stopping || (m_cancellation == Cancellation::Server && job->cancelled);
        });
        const Clock::time_point end = Clock::now();
        m_workerBusy[worker] = false;
        --m_stats.busy;
        job->heldMs = msBetween(start, end);
        job->cut = cut;
        m_stats.busyMs += job->heldMs;
        ++(cut ? m_stats.cut : m_stats.completed);
        if (m_stopping)
            return;
        lock.unlock();
        m_completion(std::move(job));
        lock.lock();
    }
}

} // namespace hedge::service
