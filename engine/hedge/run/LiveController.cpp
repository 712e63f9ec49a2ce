#include <hedge/run/LiveEdit.h>

#include <hedge/io/ScenarioValidation.h>
#include <hedge/run/LiveController.h>
#include <hedge/sim/LiveTimeline.h>

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <utility>
#include <stop_token>
#include <thread>

namespace hedge {

namespace {

QStringList setupNamesOf(const Scenario& scenario)
{
    QStringList names;
    for (const Setup& s : scenario.setups)
        names << QString::fromStdString(s.name);
    return names;
}

QString outOfRange(const char* field, double value, double lo, double hi)
{
    return QStringLiteral("%1: %2 is out of range (allowed %3 … %4)")
        .arg(QLatin1String(field))
        .arg(value)
        .arg(lo)
        .arg(hi);
}

} // namespace

LiveController::LiveController(RedrawClock* clock, QObject* parent, BackgroundRunner* runner)
    : QObject(parent), m_runner(runner ? runner : new BackgroundRunner(this)),
      m_lane(m_runner->addLane(BackgroundRunner::Kind::Live)),
      m_export(new LiveExport(m_runner, this)), m_clock(clock ? clock : new RedrawClock(this))
{
    m_threads = int(std::max(1u, std::thread::hardware_concurrency()));
    m_clockClient = m_clock->add(this, [this] { return redraw(); });
}

bool LiveController::redraw()
{
    // A steady beat while buckets come; it stops at the first beat with nothing new.
    if (!m_newBuckets)
        return false;
    m_newBuckets = false;
    ++m_redraws;
    emit samplesChanged();
    return true;
}

LiveController::~LiveController()
{
    stopWorker();
    if (m_runner)
        m_runner->removeLane(m_lane);
}

std::optional<QString> LiveController::validate(const Scenario& candidate) const
{
    if (std::optional<ScenarioError> e = firstScenarioError(candidate))
        return QString::fromUtf8(e->what());
    return std::nullopt;
}

std::optional<QString> LiveController::start(const Scenario& scenario, double load, bool run)
{
    if (!(load >= 0.0 && load <= limits::kMaxLoad))
        return outOfRange("load", load, 0.0, limits::kMaxLoad);
    Scenario s = scenario.timeline ? scenario : LiveTimeline::liveScenario(scenario, load);
    s.grid.reset();
    if (auto error = validate(s))
        return error;
    stopWorker();
    restoreSpeed(); // a lesson's fastest play ends with its session
    m_scenario = s;
    m_current = s;
    m_startLoad = s.timeline->steps().front().load;
    m_load = m_startLoad;
    m_nowS = 0.0;
    m_finished = false;
    m_session = true;
    m_paused = !run;
    m_rings.clear();
    const double bucketS = s.timeline->bucketMs / 1000.0;
    const auto capacity =
        std::size_t(std::clamp(std::ceil(kMaxWindowS / bucketS), 1.0, double(kMaxRingBuckets)));
    m_rings.assign(s.setups.size(), BucketRing(capacity));
    m_collapses.assign(s.setups.size(), LiveCollapses{});
    m_nextChange = 0;
    m_nextOutage = 0;
    m_played.clear();
    m_marks.clear();
    m_names.reset(setupNamesOf(s));
    startWorker(std::make_unique<LiveTimeline>(s));
    emit sessionStarted();
    emit loadChanged(m_load);
    emit pausedChanged(m_paused);
    emit finishedChanged(false);
    emit samplesChanged();
    return std::nullopt;
}

void LiveController::startWorker(std::unique_ptr<LiveTimeline> timeline)
{
    m_shared = std::make_shared<LiveWorker>();
    m_shared->timeline = std::move(timeline);
    m_shared->paused = m_paused;
    m_shared->speed = m_speed;
    m_shared->threads = m_threads;
    std::shared_ptr<LiveWorker> shared = m_shared;
    const auto job = [shared, this](BackgroundRunner::Worker& worker) {
        // The runner's stop wakes the worker wherever it waits.
        const std::stop_callback wake(worker.stopToken(), [&shared] { shared->requestStop(); });
        // Our lock, not the hand-off, orders the batch; a stale session's wake is dropped.
        shared->run([&worker, this] { worker.post([this] { takeBuckets(); }); },
                    [&worker] { return worker.threads(); });
    };
    m_runner->start({.owner = m_lane, .passes = {[job] { return job; }}, .onEnd = {}});
}

void LiveController::stopWorker()
{
    if (!m_shared)
        return;
    if (m_runner)
        m_runner->shutdown(m_lane); // its stop wakes the worker (see startWorker)
    m_shared.reset();
}

void LiveController::shutdown()
{
    stopWorker();
    m_session = false;
}

void LiveController::post(Command command)
{
    if (!m_shared)
        return;
    {
        const std::lock_guard lock(m_shared->mutex);
        m_shared->commands.push_back(std::move(command));
    }
    m_shared->wake.notify_all();
}

void LiveController::pause()
{
    if (m_paused || !m_shared)
        return;
    m_paused = true;
    {
        // The bucket under way ends first (milliseconds), so that what the view shows when
        // paused is where the session stands: edits made now take effect right there.
        std::unique_lock lock(m_shared->mutex);
        m_shared->paused = true;
        m_shared->wake.notify_all();
        m_shared->wake.wait(lock, [this] { return m_shared->idle || m_shared->stop; });
    }
    takeBuckets();
    emit pausedChanged(true);
}

void LiveController::resume()
{
    if (!m_paused || !m_shared)
        return;
    m_paused = false;
    {
        const std::lock_guard lock(m_shared->mutex);
        m_shared->paused = false;
    }
    m_shared->wake.notify_all();
    emit pausedChanged(false);
}

void LiveController::playTo(double tS)
{
    if (!m_shared)
        return;
    pause();                  // where the session stands now
    if (m_nowS > tS + 1e-9) { // from 0 s again, paused
        const Scenario scenario = m_scenario;
        start(scenario, m_startLoad, false);
    }
    if (std::fabs(m_nowS - tS) < 1e-9)
        return;
    if (!m_speedBeforePlayTo)
        m_speedBeforePlayTo = m_speed;
    setSpeed(kFastest);
    {
        const std::lock_guard lock(m_shared->mutex);
        m_shared->pauseAtS = tS;
    }
    resume();
}

const TimelineBucket* LiveController::bucketAt(const std::string& setup, double atS) const
{
    for (std::size_t w = 0; w < m_scenario.setups.size() && w < m_rings.size(); ++w) {
        if (m_scenario.setups[w].name != setup)
            continue;
        const std::optional<std::size_t> i = m_rings[w].indexCovering(atS);
        if (i && std::fabs(m_rings[w].at(*i).tS - atS) < 1e-6)
            return &m_rings[w].at(*i);
    }
    return nullptr;
}

void LiveController::reset()
{
    if (!m_session)
        return;
    const bool run = !m_paused;
    start(m_scenario, m_startLoad, run);
}

bool LiveController::continueLive()
{
    if (!m_finished || !m_shared)
        return false;
    {
        // The worker waits while finished: the command is taken before its next bucket.
        const std::lock_guard lock(m_shared->mutex);
        m_shared->finished = false;
        m_shared->paused = false;
        Command command;
        command.kind = Command::Kind::Continue;
        m_shared->commands.push_back(std::move(command));
    }
    m_shared->wake.notify_all();
    m_finished = false;
    m_paused = false;
    emit finishedChanged(false);
    emit pausedChanged(false);
    return true;
}

void LiveController::restoreSpeed()
{
    if (const std::optional<double> speed = std::exchange(m_speedBeforePlayTo, std::nullopt))
        setSpeed(*speed);
}

void LiveController::setSpeed(double speed)
{
    if (speed != m_speed) {
        m_speed = speed;
        emit speedChanged(speed);
    }
    if (!m_shared)
        return;
    {
        const std::lock_guard lock(m_shared->mutex);
        m_shared->speed = speed;
    }
    m_shared->wake.notify_all();
}

void LiveController::setThreadCount(int threads)
{
    m_threads = std::max(1, threads);
    if (!m_shared)
        return;
    const std::lock_guard lock(m_shared->mutex);
    m_shared->threads = m_threads;
}

std::optional<QString> LiveController::setLoad(double load)
{
    if (!(load >= 0.0 && load <= limits::kMaxLoad))
        return outOfRange("load", load, 0.0, limits::kMaxLoad);
    Command c;
    c.steps = {LoadStep{0.0, load}};
    post(std::move(c));
    m_load = load;
    emit loadChanged(load);
    return std::nullopt;
}

std::optional<QString> LiveController::spike(double extra, double lengthS)
{
    const double peak = m_load + extra;
    if (!(peak >= 0.0 && peak <= limits::kMaxLoad))
        return outOfRange("spike", peak, 0.0, limits::kMaxLoad);
    if (!(lengthS > 0.0 && lengthS <= limits::kMaxTimelineSeconds))
        return outOfRange("spike length (s)", lengthS, 0.0, limits::kMaxTimelineSeconds);
    Command c;
    c.steps = {LoadStep{0.0, peak}, LoadStep{lengthS, m_load}};
    post(std::move(c));
    return std::nullopt;
}

std::optional<QString> LiveController::followProfile(const LoadProfile& profile)
{
    Scenario check = m_scenario;
    Timeline t;
    t.durationS = limits::kMaxTimelineSeconds;
    t.profile = profile;
    check.timeline = t;
    if (auto error = validate(check))
        return error;
    Command c;
    c.steps = t.steps();
    post(std::move(c));
    m_load = c.steps.empty() ? m_load : c.steps.front().load;
    emit loadChanged(m_load);
    return std::nullopt;
}

std::optional<QString> LiveController::applyEdit(const Scenario& next)
{
    if (!m_session)
        return std::nullopt;
    LiveEdit edit = liveEditOf(m_current, m_scenario, next);
    if (edit.kind != LiveEdit::Kind::Changes) {
        if (auto error = start(next.timeline ? next : LiveTimeline::liveScenario(next, m_load),
                               m_load, !m_paused))
            return error;
        return edit.kind == LiveEdit::Kind::NewWorlds
                   ? tr("The setups or the seed changed: the live session started again.")
                   : tr("A setting that cannot change while the worlds run changed: the live "
                        "session started again.");
    }
    std::vector<TimelineChange>& changes = edit.changes;
    const Scenario& candidate = edit.candidate;
    if (!changes.empty())
        if (auto error = validate(candidate))
            return error;
    // The history drawn so far keeps the names it had; from now on the worlds carry the new.
    for (std::size_t i = 0; i < next.setups.size(); ++i)
        m_names.rename(i, m_nowS, QString::fromStdString(next.setups[i].name));
    if (changes.empty())
        return std::nullopt;
    for (const TimelineChange& c : changes)
        markChange(m_nowS, c.setup, c.set);
    m_current = candidate;
    for (TimelineChange& c : changes) {
        Command command;
        command.kind = Command::Kind::Change;
        command.change = std::move(c);
        post(std::move(command));
    }
    return std::nullopt;
}

std::optional<QString> LiveController::setKnob(const QString& setup, const QString& field,
                                               double value)
{
    if (!m_session)
        return std::nullopt;
    const KnobSetting knob{field.toStdString(), value};
    Scenario candidate = m_current;
    bool found = false;
    for (std::size_t i = 0; i < candidate.setups.size(); ++i) {
        if (!setup.isEmpty() && m_scenario.setups[i].name != setup.toStdString())
            continue;
        found = true;
        // A service knob sets the world's service: one service for the editors' scenario.
        if (!applyKnob(candidate.setups[i], candidate.service, knob))
            return tr("%1: not a knob a change can set").arg(field);
    }
    if (!found)
        return tr("setup: “%1” is not a setup of this session").arg(setup);
    if (auto error = validate(candidate))
        return error;
    markChange(m_nowS, setup.toStdString(), {knob});
    m_current = candidate;
    Command command;
    command.kind = Command::Kind::Change;
    command.change = {0.0, setup.toStdString(), {knob}};
    post(std::move(command));
    return std::nullopt;
}

void LiveController::takeBuckets()
{
    if (!m_shared)
        return;
    std::vector<std::vector<std::optional<TimelineBucket>>> batch;
    bool finished = false;
    bool workerPaused = false; // at a moment playTo() set
    {
        const std::lock_guard lock(m_shared->mutex);
        batch.swap(m_shared->pending);
        m_shared->notified = false;
        m_nowS = m_shared->nowS;
        finished = m_shared->finished;
        workerPaused = m_shared->paused;
        // The load in force, unless one the user set is still on its way.
        if (m_shared->commands.empty() ||
            std::none_of(m_shared->commands.begin(), m_shared->commands.end(),
                         [](const Command& c) { return c.kind == Command::Kind::Follow; }))
            m_load = m_shared->load;
    }
    m_shared->wake.notify_all(); // room in the batch again
    const double bucketS = m_scenario.timeline ? m_scenario.timeline->bucketMs / 1000.0 : 1.0;
    for (const auto& buckets : batch) {
        for (std::size_t w = 0; w < buckets.size() && w < m_rings.size(); ++w) {
            if (!buckets[w])
                continue;
            const TimelineBucket& b = *buckets[w];
            const double startS =
                m_rings[w].empty() ? std::max(0.0, b.tS - bucketS) : m_rings[w].back().tS;
            m_rings[w].push(b);
            if (w == 0) { // every world has the same load
                m_marks.followLoad(b, startS);
                m_marks.forgetBefore(b.tS - kMaxWindowS);
            }
            if (m_collapses[w].add(b, startS))
                emit collapseStarted(QString::fromStdString(m_scenario.setups[w].name), b.tS);
            m_collapses[w].forgetBefore(b.tS - kMaxWindowS);
        }
        ++m_bucketsTaken;
    }
    if (!batch.empty() && !m_rings.empty() && !m_rings.front().empty())
        playChanges(m_rings.front().back().tS);
    if (finished != m_finished) {
        m_finished = finished;
        emit finishedChanged(finished);
    }
    if (workerPaused && !m_paused) { // at the moment playTo() asked for
        m_paused = true;
        restoreSpeed();
        // The load of the moment shown (a lesson's step), not the next bucket's: at a load
        // step the worker already holds the load that starts there.
        if (!m_rings.empty() && !m_rings.front().empty() &&
            m_load != m_rings.front().back().load) {
            m_load = m_rings.front().back().load;
            emit loadChanged(m_load);
        }
        emit pausedChanged(true);
    }
    if (!batch.empty()) {
        m_newBuckets = true;
        if (m_clock)
            m_clock->mark(m_clockClient);
    }
}

void LiveController::playChanges(double uptoS)
{
    const std::vector<TimelineChange>& changes = m_scenario.timeline->changes;
    const std::size_t before = m_nextChange;
    // A change at atS is in force from the bucket that begins there: passed once a bucket
    // ends after it.
    for (; m_nextChange < changes.size() && changes[m_nextChange].atS < uptoS; ++m_nextChange) {
        const TimelineChange& c = changes[m_nextChange];
        markChange(c.atS, c.setup, c.set);
        for (std::size_t w = 0; w < m_current.setups.size(); ++w)
            if (c.setup.empty() || c.setup == m_scenario.setups[w].name)
                for (const KnobSetting& k : c.set)
                    applyKnob(m_current.setups[w], m_current.service, k);
        m_played.push_back(c);
    }
    if (m_nextChange != before)
        emit changesPlayed();
    // An outage is marked once its first second is played, as a change is.
    const std::vector<Outage>& outages = m_scenario.timeline->outages;
    for (; m_nextOutage < outages.size() && outages[m_nextOutage].atS < uptoS; ++m_nextOutage)
        m_marks.addOutage(outages[m_nextOutage]);
}

void LiveController::applyPlayed(std::size_t world, Setup& setup, ServiceConfig& service) const
{
    if (world >= m_scenario.setups.size())
        return;
    for (const TimelineChange& c : m_played)
        if (c.setup.empty() || c.setup == m_scenario.setups[world].name)
            for (const KnobSetting& k : c.set)
                applyKnob(setup, service, k);
}

void LiveController::markChange(double atS, const std::string& setup,
                                const std::vector<KnobSetting>& set)
{
    int world = -1;
    for (std::size_t w = 0; w < m_scenario.setups.size(); ++w)
        if (!setup.empty() && m_scenario.setups[w].name == setup)
            world = int(w);
    if (m_current.setups.empty())
        return;
    m_marks.addKnobs(atS, world, setup, set, m_current.setups[std::size_t(std::max(world, 0))],
                     m_current.service);
}

QStringList LiveController::setupNames() const
{
    return setupNamesOf(m_scenario);
}

std::optional<double> LiveController::firstCollapseS(std::size_t world) const
{
    if (world >= m_collapses.size())
        return std::nullopt;
    return m_collapses[world].collapsedSince();
}

Scenario LiveController::recordedScenario()
{
    if (!m_shared)
        return m_scenario;
    Scenario s;
    {
        const std::lock_guard lock(m_shared->timelineMutex);
        s = m_shared->timeline->recorded();
    }
    // The rings get every bucket the recording covers.
    takeBuckets();
    return s;
}

std::size_t LiveController::heldBuckets() const
{
    std::size_t n = 0;
    for (const BucketRing& r : m_rings)
        n += r.size();
    return n;
}

} // namespace hedge
