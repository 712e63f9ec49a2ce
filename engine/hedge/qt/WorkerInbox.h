// What worker threads hand to an object that lives on a Qt event loop (the GUI, the service's
// HTTP thread): values wait here under a lock of ours, and the receiver takes them in batches.
//
// Why not a queued signal's arguments, or a lambda posted with QMetaObject::invokeMethod: the
// hand-off of a posted event happens inside Qt, and Debian's Qt is not built for
// ThreadSanitizer, so the edge from the worker's write to the receiver's read is invisible to
// it. The arguments' copies (and a posted lambda's captures) are written by our instrumented
// code on the worker and read by it on the receiver: a race report whenever the event loop
// was already awake. Here the std::mutex is the edge, visible and real. Wake the receiver
// without a payload, by name, so that nothing of ours crosses inside the event:
//
//     if (m_inbox.put(value))
//         QMetaObject::invokeMethod(this, "takeInbox", Qt::QueuedConnection);
//
// with `takeInbox` a slot (or Q_INVOKABLE) that calls m_inbox.take().
#pragma once

#include <mutex>
#include <utility>
#include <vector>

namespace hedge {

template <typename T>
class WorkerInbox {
public:
    // True for the first value since the last take(): the caller wakes the receiver, once a
    // batch, however many values follow before it runs.
    bool put(T value)
    {
        const std::lock_guard lock(m_lock);
        m_values.push_back(std::move(value));
        return !std::exchange(m_wakePending, true);
    }

    // Everything put so far, in the order it was put.
    std::vector<T> take()
    {
        std::vector<T> values;
        const std::lock_guard lock(m_lock);
        values.swap(m_values);
        m_wakePending = false;
        return values;
    }

private:
    std::mutex m_lock;
    std::vector<T> m_values;
    bool m_wakePending = false;
};

} // namespace hedge
