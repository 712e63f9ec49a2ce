// The model's service on real threads (docs/model.md, "The service"): one FIFO queue shared by
// every request and N worker threads. A worker holds each request for its drawn service time; in
// `server` cancellation a request whose client went away leaves the queue, or frees its worker at
// once. Thread-safe: submit() and cancel() come from the HTTP thread, completions from the workers.
#pragma once

#include <hedge/Scenario.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace hedge::service {

// One request as the queue sees it. The HTTP side owns it through a shared_ptr; the worker
// fills in the figures of its service before handing it back.
struct ServiceJob {
    std::uint64_t arrivalOrder = 0; // 1, 2, … in the order of submit()
    double serviceMs = 0.0;         // drawn from the model
    bool error = false;             // answered 503 after its service time

    // Set by the worker, read after completion (the completion callback orders the accesses).
    std::uint64_t startOrder = 0; // 1, 2, … in the order workers took requests
    int busyAtStart = 0;          // workers busy once this one started (itself included)
    double heldMs = 0.0;          // how long it held its worker (measured)
    bool cut = false;             // freed its worker early: its client went away (server mode)

    // Written under the queue's lock only.
    bool cancelled = false;
};

struct ServiceStats {
    int workers = 0;
    Cancellation cancellation = Cancellation::Client;
    std::uint64_t accepted = 0;  // submitted
    std::uint64_t completed = 0; // held their worker for the whole service time
    std::uint64_t dropped = 0;   // left the queue before service (server mode)
    std::uint64_t cut = 0;       // freed their worker early (server mode)
    std::uint64_t abandoned = 0; // their client went away (either mode)
    int busy = 0;
    int maxBusy = 0;
    std::size_t queued = 0;
    double busyMs = 0.0;   // worker busy time so far, services in progress included
    double uptimeMs = 0.0; // since the queue started
};

class ServiceQueue {
public:
    // Called on a worker thread once a request leaves its worker (completed or cut). Dropped
    // requests are not handed back: nobody is waiting for them.
    using Completion = std::function<void(std::shared_ptr<ServiceJob>)>;

    ServiceQueue(int workers, Cancellation cancellation, Completion completion);
    ~ServiceQueue(); // stops the workers; queued requests are dropped unanswered
    ServiceQueue(const ServiceQueue&) = delete;
    ServiceQueue& operator=(const ServiceQueue&) = delete;

    void submit(const std::shared_ptr<ServiceJob>& job);
    // The request's client went away. `client` mode: counted, nothing else (the work is done
    // anyway). `server` mode: a queued request leaves the queue; one in service is cut.
    void cancel(const std::shared_ptr<ServiceJob>& job);

    ServiceStats stats() const;
    int workers() const { return int(m_threads.size()); }
    Cancellation cancellation() const { return m_cancellation; }

private:
    using Clock = std::chrono::steady_clock;
    void work(std::size_t worker);
    static double msBetween(Clock::time_point a, Clock::time_point b)
    {
        return std::chrono::duration<double, std::milli>(b - a).count();
    }

    const Cancellation m_cancellation;
    const Completion m_completion;
    const Clock::time_point m_started = Clock::now();

    mutable std::mutex m_mutex;
    std::condition_variable m_work;   // a request was queued, or stop
    std::condition_variable m_cancel; // a request in service was cancelled, or stop
    std::deque<std::shared_ptr<ServiceJob>> m_queue;
    std::vector<Clock::time_point> m_serviceStart; // per worker; valid while it is busy
    std::vector<bool> m_workerBusy;
    ServiceStats m_stats;
    std::uint64_t m_nextStart = 1;
    bool m_stopping = false;
    std::vector<std::thread> m_threads;
};

} // namespace hedge::service
