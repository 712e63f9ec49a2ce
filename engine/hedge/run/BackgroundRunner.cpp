#include <hedge/run/BackgroundRunner.h>

#include <QMetaObject>

#include <algorithm>
#include <exception>
#include <utility>

namespace hedge {

int BackgroundRunner::Worker::threads(int cap) const
{
    int share = m_threads;
    if (share <= 0) // a Live job: what the batch job leaves, at least one
        share = std::max(1, m_runner.m_budget.load() - m_runner.m_batchThreads.load());
    return cap > 0 ? std::min(cap, share) : share;
}

void BackgroundRunner::Worker::post(std::function<void()> onGui)
{
    m_runner.put({m_owner, m_ticket, false, false, {}, std::move(onGui)});
}

void BackgroundRunner::Worker::keep(std::function<void()> onGui)
{
    m_runner.put({m_owner, m_ticket, true, false, {}, std::move(onGui)});
}

BackgroundRunner::BackgroundRunner(QObject* parent)
    : QObject(parent), m_budget(int(std::max(1u, std::thread::hardware_concurrency())))
{}

BackgroundRunner::~BackgroundRunner()
{
    shutdown();
}

int BackgroundRunner::addLane(Kind kind)
{
    const int owner = m_nextOwner++;
    m_lanes[owner].kind = kind;
    return owner;
}

void BackgroundRunner::removeLane(int owner)
{
    if (!lane(owner))
        return;
    shutdown(owner);
    m_lanes.erase(owner);
}

BackgroundRunner::Lane* BackgroundRunner::lane(int owner)
{
    const auto it = m_lanes.find(owner);
    return it == m_lanes.end() ? nullptr : &it->second;
}

const BackgroundRunner::Lane* BackgroundRunner::lane(int owner) const
{
    const auto it = m_lanes.find(owner);
    return it == m_lanes.end() ? nullptr : &it->second;
}

void BackgroundRunner::setThreadBudget(int threads)
{
    m_budget = std::max(1, threads);
}

quint64 BackgroundRunner::start(Run run)
{
    Lane* l = lane(run.owner);
    Q_ASSERT_X(l, "BackgroundRunner::start", "a run on a lane that was not added");
    if (!l)
        return 0;
    const quint64 generation = ++m_serial;
    l->generation = generation;
    l->stop.request_stop(); // a job of the run in place: stale
    l->ticket = 0;
    l->stopAsked = false;
    l->gaveWay = false;
    l->pass = 0;
    l->rank = ++m_serial;
    l->run = std::move(run);
    schedule();
    return generation;
}

void BackgroundRunner::stop(int owner)
{
    for (auto& [id, l] : m_lanes) {
        if ((owner >= 0 && id != owner) || !l.run || l.stopAsked)
            continue;
        l.stopAsked = true;
        if (l.ticket != 0) {
            l.stop.request_stop(); // the job's end reports it
            continue;
        }
        // A run waiting for the slot ends from the event loop like any other end (never
        // inside this call).
        QMetaObject::invokeMethod(
            this, [this, id = id, generation = l.generation] { endStoppedWaiting(id, generation); },
            Qt::QueuedConnection);
    }
}

void BackgroundRunner::endStoppedWaiting(int owner, quint64 generation)
{
    const Lane* l = lane(owner);
    if (l && l->run && l->generation == generation && l->stopAsked && l->ticket == 0)
        endRun(owner, Outcome{});
    schedule();
}

void BackgroundRunner::cancel(int owner)
{
    for (auto& [id, l] : m_lanes) {
        if ((owner >= 0 && id != owner) || !l.run)
            continue;
        l.generation = ++m_serial;
        l.stop.request_stop();
        l.run.reset();
        l.ticket = 0;
        l.stopAsked = false;
        l.gaveWay = false;
    }
}

void BackgroundRunner::shutdown(int owner)
{
    cancel(owner);
    for (auto& [id, l] : m_lanes)
        if (owner < 0 || id == owner) {
            l.stop.request_stop();
            joinThread(l);
        }
    // What the threads posted before they ended: kept results land, the rest is stale.
    handlePosted(owner);
}

void BackgroundRunner::joinThread(Lane& l)
{
    if (l.thread.joinable())
        l.thread.join();
    if (!l.busy)
        return;
    l.busy = false;
    --m_busyThreads;
    if (isBatch(l))
        m_batchThreads = 0;
}

bool BackgroundRunner::isActive(int owner) const
{
    return std::any_of(m_lanes.begin(), m_lanes.end(), [owner](const auto& entry) {
        return (owner < 0 || entry.first == owner) && entry.second.run;
    });
}

bool BackgroundRunner::isWaiting(int owner) const
{
    const Lane* l = lane(owner);
    return l && l->run && (l->ticket == 0 || l->gaveWay);
}

bool BackgroundRunner::isThreadBusy(int owner) const
{
    return std::any_of(m_lanes.begin(), m_lanes.end(), [owner](const auto& entry) {
        return (owner < 0 || entry.first == owner) && entry.second.busy;
    });
}

void BackgroundRunner::put(Posted posted)
{
    if (m_inbox.put(std::move(posted)))
        QMetaObject::invokeMethod(this, "takePosted", Qt::QueuedConnection);
}

void BackgroundRunner::takePosted()
{
    handlePosted(-1);
}

void BackgroundRunner::handlePosted(int owner)
{
    for (Posted& posted : m_inbox.take())
        m_held.push_back(std::move(posted));
    std::deque<Posted> later;
    while (!m_held.empty()) {
        Posted posted = std::move(m_held.front());
        m_held.pop_front();
        if (owner >= 0 && posted.owner != owner) {
            later.push_back(std::move(posted));
            continue;
        }
        if (posted.end) {
            onJobEnd(posted);
            continue;
        }
        const Lane* l = lane(posted.owner);
        if (posted.keep || (l && l->ticket == posted.ticket && !l->gaveWay))
            posted.onGui();
    }
    // Another lane's, in the order they came, before anything posted since.
    for (auto it = later.rbegin(); it != later.rend(); ++it)
        m_held.push_front(std::move(*it));
    if (!m_held.empty())
        QMetaObject::invokeMethod(this, "takePosted", Qt::QueuedConnection);
}

void BackgroundRunner::schedule()
{
    if (m_scheduling) { // a plan or an end started a run: the loop below looks again
        m_scheduleAgain = true;
        return;
    }
    m_scheduling = true;
    do
        m_scheduleAgain = false;
    while (scheduleOnce() || m_scheduleAgain);
    m_scheduling = false;
}

bool BackgroundRunner::scheduleOnce()
{
    const auto ready = [](const Lane& l) { return l.run && l.ticket == 0 && !l.stopAsked; };
    // Live lanes: at once, once their own thread is free.
    for (auto& [id, l] : m_lanes)
        if (l.kind == Kind::Live && ready(l) && !l.busy) {
            runPass(id);
            return true;
        }
    // The slot: the first Foreground lane waiting, else the first Background one.
    int next = -1;
    const Lane* best = nullptr;
    bool slotBusy = false;
    for (auto& [id, l] : m_lanes) {
        if (!isBatch(l))
            continue;
        slotBusy = slotBusy || l.busy;
        if (!ready(l))
            continue;
        const bool before = !best ||
                            (l.kind == Kind::Foreground && best->kind == Kind::Background) ||
                            (l.kind == best->kind && l.rank < best->rank);
        if (before) {
            best = &l;
            next = id;
        }
    }
    if (!best)
        return false;
    if (slotBusy) {
        // A Background pass running gives way to a Foreground job waiting.
        if (best->kind == Kind::Foreground)
            for (auto& [id, l] : m_lanes)
                if (l.kind == Kind::Background && l.busy && l.ticket != 0 && !l.gaveWay) {
                    l.gaveWay = true;
                    l.stop.request_stop();
                }
        return false;
    }
    runPass(next);
    return true;
}

void BackgroundRunner::runPass(int owner)
{
    for (;;) {
        Lane* l = lane(owner);
        if (!l || !l->run)
            return;
        if (l->pass >= l->run->passes.size()) {
            endRun(owner, Outcome{.completed = true, .error = {}});
            return;
        }
        const quint64 generation = l->generation;
        const Plan plan = l->run->passes[l->pass]; // the plan may replace the run
        Job job = plan();
        l = lane(owner);
        if (!l || l->generation != generation)
            return; // the plan started or cancelled a run itself
        if (job) {
            launch(owner, std::move(job));
            return;
        }
        ++l->pass; // nothing to do in this pass
    }
}

void BackgroundRunner::endRun(int owner, const Outcome& outcome)
{
    Lane* l = lane(owner);
    // Reset first: onEnd may start the next run.
    Run run = std::move(*l->run);
    l->run.reset();
    l->ticket = 0;
    l->stopAsked = false;
    l->gaveWay = false;
    if (run.onEnd)
        run.onEnd(outcome);
}

void BackgroundRunner::launch(int owner, Job job)
{
    Lane& l = *lane(owner);
    joinThread(l); // ended: its end was taken
    l.stop = std::stop_source{};
    l.ticket = ++m_serial;
    l.busy = true;
    const int threads = isBatch(l) ? m_budget.load() : 0;
    if (isBatch(l))
        m_batchThreads = threads;
    ++m_threadsStarted;
    m_mostAtOnce = std::max(m_mostAtOnce, ++m_busyThreads);
    l.thread = std::thread(
        [this, owner, job = std::move(job), ticket = l.ticket, stop = l.stop.get_token(), threads] {
            Worker worker(*this, owner, ticket, stop, threads);
            Posted end{owner, ticket, false, true, {}, {}};
            try {
                job(worker);
            } catch (const std::exception& e) {
                end.error = QString::fromUtf8(e.what());
                if (end.error.isEmpty())
                    end.error = QStringLiteral("the run failed");
            }
            put(std::move(end));
        });
}

void BackgroundRunner::onJobEnd(const Posted& end)
{
    Lane* l = lane(end.owner);
    if (!l)
        return;
    // The job has returned: the thread is at most leaving its function.
    joinThread(*l);
    if (l->run && l->ticket == end.ticket) {
        l->ticket = 0;
        if (!end.error.isEmpty())
            endRun(end.owner, Outcome{.completed = false, .error = end.error});
        else if (l->stopAsked)
            endRun(end.owner, Outcome{});
        else if (l->gaveWay)
            l->gaveWay = false; // the same pass again, first of its kind (its rank kept)
        else {
            ++l->pass;
            l->rank = ++m_serial; // behind the lanes of its kind that waited meanwhile
        }
    }
    schedule();
}

} // namespace hedge
