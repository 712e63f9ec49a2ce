// The engine's one way of spreading work over threads: indices handed out one at a time from a
// shared counter, so a slow item never holds up the others, and the calling thread works too
// (a sweep asked for one thread runs on the caller alone, with no thread started).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <stop_token>
#include <thread>
#include <vector>

namespace hedge {

// The threads a run asked for: `requested`, or all the machine's cores for 0 or less.
inline int workerThreads(int requested)
{
    if (requested > 0)
        return requested;
    return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

// Calls body(i, state) once for every i in [0, count), on at most `threads` threads (never
// more than there are items; at least the caller's). Each thread has its own `State`, made
// when it starts and dropped when it ends (scratch memory reused item after item), and claims
// the next index until none is left or `stop` is requested; an index claimed is run to its
// end. Returns when every thread is done. `body` must be safe to call from several threads.
template <class State, class Body>
void parallelForEach(std::size_t count, int threads, std::stop_token stop, const Body& body)
{
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
        State state{};
        for (;;) {
            if (stop.stop_requested())
                return;
            const std::size_t i = next.fetch_add(1, std::memory_order_relaxed);
            if (i >= count)
                return;
            body(i, state);
        }
    };
    const std::size_t wanted = static_cast<std::size_t>(std::max(threads, 1));
    const std::size_t helpers = std::min(wanted, std::max<std::size_t>(count, 1)) - 1;
    std::vector<std::jthread> pool;
    pool.reserve(helpers);
    for (std::size_t t = 0; t < helpers; ++t)
        pool.emplace_back(work);
    work(); // the calling thread works too; the pool joins as it goes out of scope
}

// The same without per-thread state: body(i).
template <class Body>
void parallelFor(std::size_t count, int threads, std::stop_token stop, const Body& body)
{
    struct NoState {};
    parallelForEach<NoState>(count, threads, std::move(stop),
                             [&body](std::size_t i, NoState&) { body(i); });
}

template <class Body> void parallelFor(std::size_t count, int threads, const Body& body)
{
    parallelFor(count, threads, std::stop_token{}, body);
}

} // namespace hedge
