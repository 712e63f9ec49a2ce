#include <hedge/sim/LiveTimeline.h>

#include <hedge/io/ScenarioValidation.h>
#include <hedge/sim/ParallelFor.h>
#include <hedge/sim/TimelineWorld.h>

#include <algorithm>

namespace hedge {

struct LiveTimeline::World {
    std::unique_ptr<TimelineWorld> world;
    std::string setup;
    // The first step is the world's own; it is handed over again (a load set at 0 s before
    // the first bucket replaces it).
    std::size_t nextStep = 0;
    std::size_t nextChange = 0;
};

LiveTimeline::LiveTimeline(const Scenario& scenario) : m_scenario(scenario)
{
    const Timeline& timeline = *scenario.timeline;
    m_bucketS = timeline.bucketMs / 1000.0;
    m_steps = timeline.steps();
    m_changes = timeline.changes;
    // The worlds know only the first step: the others, and the changes, come bucket by
    // bucket, so that a load set live can replace the ones still to come.
    Scenario start = scenario;
    start.timeline->profile.reset();
    start.timeline->loadSteps = {m_steps.front()};
    start.timeline->changes.clear();
    for (std::size_t i = 0; i < scenario.setups.size(); ++i) {
        auto w = std::make_unique<World>();
        w->world = std::make_unique<TimelineWorld>(start, i);
        w->setup = scenario.setups[i].name;
        m_worlds.push_back(std::move(w));
    }
}

LiveTimeline::~LiveTimeline() = default;

Scenario LiveTimeline::liveScenario(const Scenario& sweep, double load, double bucketMs)
{
    Scenario s = sweep;
    s.grid.reset();
    Timeline t;
    t.durationS = limits::kMaxTimelineSeconds;
    t.bucketMs = bucketMs;
    t.loadSteps = {LoadStep{0.0, load}};
    s.timeline = t;
    return s;
}

const std::string& LiveTimeline::setupName(std::size_t world) const
{
    return m_worlds.at(world)->setup;
}

double LiveTimeline::durationS() const
{
    return m_scenario.timeline->durationS;
}

bool LiveTimeline::finished() const
{
    return std::all_of(m_worlds.begin(), m_worlds.end(),
                       [](const auto& w) { return w->world->finished(); });
}

std::optional<double> LiveTimeline::stoppedAtS(std::size_t world) const
{
    return m_worlds.at(world)->world->stoppedAtS();
}

double LiveTimeline::load() const
{
    double load = m_steps.front().load;
    for (const LoadStep& s : m_steps)
        if (s.atS <= m_nowS)
            load = s.load;
    return load;
}

void LiveTimeline::setLoad(double load)
{
    followLoad({LoadStep{0.0, load}});
}

void LiveTimeline::followLoad(const std::vector<LoadStep>& stepsFromNow)
{
    // Steps before now have been handed to the worlds; the rest are replaced.
    std::erase_if(m_steps, [this](const LoadStep& s) { return s.atS >= m_nowS && s.atS > 0.0; });
    for (const LoadStep& s : stepsFromNow) {
        const LoadStep at{m_nowS + s.atS, s.load};
        if (!m_steps.empty() && m_steps.back().atS >= at.atS)
            m_steps.back().load = at.load; // the first step at 0 s, replaced at 0 s
        else
            m_steps.push_back(at);
    }
    // The worlds were handed the steps before now (all kept); at 0 s, the first one again.
    for (auto& w : m_worlds)
        w->nextStep = std::min(w->nextStep, m_steps.size() - 1);
}

void LiveTimeline::addChange(TimelineChange change)
{
    change.atS = m_nowS;
    const auto after = std::upper_bound(
        m_changes.begin(), m_changes.end(), m_nowS,
        [](double t, const TimelineChange& c) { return t < c.atS; });
    // The worlds were handed only changes before now: the new one is ahead of their cursors.
    m_changes.insert(after, std::move(change));
}

void LiveTimeline::continueOpenEnded()
{
    m_scenario.timeline->durationS = limits::kMaxTimelineSeconds;
    for (auto& w : m_worlds)
        w->world->continueTo(limits::kMaxTimelineSeconds);
}

void LiveTimeline::feed(World& w) const
{
    // Everything due before the bucket's end; the rest waits (a later live edit may drop it).
    const double now = w.world->nowS();
    const double end = now + m_bucketS;
    for (; w.nextStep < m_steps.size() && m_steps[w.nextStep].atS < end; ++w.nextStep)
        w.world->addLoadStep(m_steps[w.nextStep]);
    for (; w.nextChange < m_changes.size() && m_changes[w.nextChange].atS < end; ++w.nextChange) {
        const TimelineChange& c = m_changes[w.nextChange];
        if (c.setup.empty() || c.setup == w.setup)
            w.world->addChange(c);
    }
}

std::vector<std::optional<TimelineBucket>> LiveTimeline::advance(int threads)
{
    std::vector<std::optional<TimelineBucket>> out(m_worlds.size());
    parallelFor(m_worlds.size(), threads, [&](std::size_t i) {
        World& w = *m_worlds[i];
        if (w.world->finished())
            return;
        feed(w);
        out[i] = w.world->advance();
    });
    for (const auto& w : m_worlds)
        m_nowS = std::max(m_nowS, w->world->nowS());
    return out;
}

Scenario LiveTimeline::recorded() const
{
    Scenario s = m_scenario;
    Timeline& t = *s.timeline;
    t.profile.reset();
    t.durationS = m_nowS;
    t.loadSteps.clear();
    for (const LoadStep& step : m_steps)
        if (step.atS < m_nowS || t.loadSteps.empty())
            t.loadSteps.push_back(step);
    t.changes.clear();
    for (const TimelineChange& c : m_changes)
        if (c.atS < m_nowS)
            t.changes.push_back(c);
    return s;
}

} // namespace hedge
