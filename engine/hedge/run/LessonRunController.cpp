#include <hedge/run/LessonRunController.h>

#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

namespace hedge {

LessonRunController::LessonRunController(BackgroundRunner* runner, QObject* parent)
    : QObject(parent), m_runner(runner ? runner : new BackgroundRunner(this)),
      m_lane(m_runner->addLane(BackgroundRunner::Kind::Background))
{}

LessonRunController::~LessonRunController()
{
    shutdown();
    if (m_runner)
        m_runner->removeLane(m_lane);
}

void LessonRunController::run(Lesson lesson)
{
    m_lesson = std::move(lesson);
    m_runner->start({.owner = m_lane,
                     .passes = {[this] { return planPass(); }},
                     .onEnd = [this](const BackgroundRunner::Outcome& outcome) {
                         // A pass that ended early because it gave way is planned again by the
                         // runner; this hears the run's end only.
                         emit finished(outcome.completed && !m_runs.nextToRun(m_lesson),
                                       outcome.error);
                     }});
}

// The scenarios not run yet, in step order, each kept as soon as it is done: a scenario's run
// is right whichever pass computed it, and a pass that gives way loses none.
BackgroundRunner::Job LessonRunController::planPass()
{
    std::vector<Scenario> missing;
    for (const LessonStep& step : m_lesson.steps) {
        bool listed = m_runs.pointsOf(step.scenario) || m_runs.worldsOf(step.scenario);
        for (const Scenario& s : missing)
            listed = listed || s == step.scenario;
        if (!listed)
            missing.push_back(step.scenario);
    }
    if (missing.empty())
        return {};
    return [this, missing = std::move(missing)](BackgroundRunner::Worker& worker) {
        for (const Scenario& scenario : missing) {
            if (worker.stopRequested())
                return;
            auto one = std::make_shared<LessonRuns>();
            try {
                one->of(scenario, worker.threads(), worker.stopToken());
            } catch (const std::runtime_error&) {
                if (worker.stopRequested())
                    return; // stopped or gave way: the pass is planned again or the run ends
                throw;
            }
            worker.keep([this, one] {
                m_runs.adopt(std::move(*one));
                emit progressed();
            });
        }
    };
}

void LessonRunController::stop()
{
    if (m_runner)
        m_runner->stop(m_lane);
}

void LessonRunController::shutdown()
{
    if (m_runner)
        m_runner->shutdown(m_lane);
}

bool LessonRunController::isRunning() const
{
    return m_runner && m_runner->isActive(m_lane);
}

} // namespace hedge
