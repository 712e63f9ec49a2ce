#include <hedge/run/BackgroundRunner.h>

#include <QMetaObject>

#include <exception>
#include <utility>

namespace hedge {

void BackgroundRunner::Worker::post(std::function<void()> onGui)
{
    m_runner.put(m_generation, false, std::move(onGui));
}

void BackgroundRunner::Worker::keep(std::function<void()> onGui)
{
    m_runner.put(m_generation, true, std::move(onGui));
}

BackgroundRunner::BackgroundRunner(QObject* parent) : QObject(parent) {}

BackgroundRunner::~BackgroundRunner()
{
    shutdown();
}

quint64 BackgroundRunner::start(Run run)
{
    ++m_generation;
    m_stop.request_stop();
    m_current = std::move(run);
    m_currentLaunched = false;
    m_stopWaiting = false;
    m_pass = 0;
    if (!m_threadBusy)
        startNextPass();
    return m_generation;
}

void BackgroundRunner::stop(int owner)
{
    if (!owns(owner))
        return;
    // The job's end reports it; a run still waiting for the thread ends when the thread is
    // free, from the event loop like any other end (never inside this call).
    m_stop.request_stop();
    m_stopWaiting = !m_currentLaunched;
}

void BackgroundRunner::cancel(int owner)
{
    if (!owns(owner))
        return;
    ++m_generation;
    m_stop.request_stop();
    m_current.reset();
    m_currentLaunched = false;
    m_stopWaiting = false;
}

void BackgroundRunner::shutdown()
{
    cancel();
    m_stop.request_stop();
    if (m_thread.joinable())
        m_thread.join();
    m_threadBusy = false;
    // What the thread posted before it ended: kept results land, the rest is stale.
    takePosted();
}

bool BackgroundRunner::isActive(int owner) const
{
    return owns(owner);
}

bool BackgroundRunner::owns(int owner) const
{
    return m_current && (owner < 0 || m_current->owner == owner);
}

void BackgroundRunner::put(quint64 generation, bool keep, std::function<void()> onGui)
{
    putPosted({generation, keep, false, {}, std::move(onGui)});
}

void BackgroundRunner::putPosted(Posted posted)
{
    if (m_inbox.put(std::move(posted)))
        QMetaObject::invokeMethod(this, "takePosted", Qt::QueuedConnection);
}

void BackgroundRunner::startNextPass()
{
    while (m_current && m_pass < m_current->passes.size()) {
        const quint64 generation = m_generation;
        Job job = m_current->passes[m_pass]();
        if (generation != m_generation)
            return; // the plan started or cancelled a run itself
        if (job) {
            launch(std::move(job));
            return;
        }
        ++m_pass; // nothing to do in this pass
    }
    if (m_current)
        endRun(Outcome{.completed = true, .error = {}});
}

void BackgroundRunner::endRun(const Outcome& outcome)
{
    // Reset first: onEnd may start the next run.
    Run run = std::move(*m_current);
    m_current.reset();
    m_currentLaunched = false;
    if (run.onEnd)
        run.onEnd(outcome);
}

void BackgroundRunner::launch(Job job)
{
    if (m_thread.joinable())
        m_thread.join(); // ended: its end was taken
    m_stop = std::stop_source{};
    m_threadBusy = true;
    m_currentLaunched = true;
    m_thread = std::thread(
        [this, job = std::move(job), generation = m_generation, stop = m_stop.get_token()] {
            Worker worker(*this, generation, stop);
            Posted end{generation, false, true, {}, {}};
            try {
                job(worker);
            } catch (const std::exception& e) {
                end.error = QString::fromUtf8(e.what());
                if (end.error.isEmpty())
                    end.error = QStringLiteral("the run failed");
            }
            putPosted(std::move(end));
        });
}

void BackgroundRunner::takePosted()
{
    for (Posted& posted : m_inbox.take()) {
        if (posted.end)
            onJobEnd(posted);
        else if (posted.keep || posted.generation == m_generation)
            posted.onGui();
    }
}

void BackgroundRunner::onJobEnd(const Posted& end)
{
    // The job has returned: the thread is at most leaving its function.
    if (m_thread.joinable())
        m_thread.join();
    m_threadBusy = false;
    if (!m_current)
        return;
    if (!m_currentLaunched) {
        if (m_stopWaiting) // stopped while it waited for the thread
            endRun(Outcome{});
        else
            startNextPass(); // it waited for the thread
        return;
    }
    if (end.generation != m_generation)
        return;
    m_currentLaunched = false;
    if (!end.error.isEmpty() || m_stop.stop_requested()) {
        endRun(Outcome{.completed = false, .error = end.error});
        return;
    }
    ++m_pass;
    startNextPass();
}

} // namespace hedge
