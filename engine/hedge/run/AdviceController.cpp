#include <hedge/run/AdviceController.h>

#include <hedge/advise/Advisor.h>

#include <utility>

namespace hedge {

AdviceController::AdviceController(RedrawClock* clock, QObject* parent, BackgroundRunner* runner)
    : QObject(parent), m_runner(runner ? runner : new BackgroundRunner(this)),
      m_lane(m_runner->addLane(BackgroundRunner::Kind::Foreground)),
      m_clock(clock ? clock : new RedrawClock(this))
{
    m_clockClient = m_clock->add(this, [this] { return flush(); });
}

AdviceController::~AdviceController()
{
    shutdown();
    if (m_runner)
        m_runner->removeLane(m_lane);
}

void AdviceController::start(const AdviceQuestion& question)
{
    if (const auto error = adviceQuestionError(question)) {
        emit failed(QString::fromStdString(*error));
        return;
    }
    const quint64 generation = ++m_generation;
    m_question = question;
    m_answer.reset();
    m_final.reset();
    m_progressPending = false;
    m_running = true;
    // One pass: the whole search (Advisor::run plans its own stages); the runner starts it
    // once the slot is free (a sweep's pass gives way).
    BackgroundRunner::Plan plan = [this, generation, question,
                                   threads = m_threads]() -> BackgroundRunner::Job {
        return [this, generation, question, threads](BackgroundRunner::Worker& worker) {
            const Advisor advisor(question, worker.threads(threads));
            AdviceAnswer answer = advisor.run(
                [&](const AdviceAnswer& soFar) {
                    worker.post([this, generation, soFar] { onProgress(generation, soFar); });
                },
                worker.stopToken());
            worker.post([this, generation, answer = std::move(answer)] {
                if (generation == m_generation)
                    m_final = answer;
            });
        };
    };
    m_runner->start({.owner = m_lane,
                     .passes = {std::move(plan)},
                     .onEnd = [this, generation](const BackgroundRunner::Outcome& outcome) {
                         onEnd(generation, outcome);
                     }});
    emit started();
}

void AdviceController::stop()
{
    if (m_running && m_runner)
        m_runner->stop(m_lane);
}

void AdviceController::cancel()
{
    ++m_generation;
    if (m_runner)
        m_runner->cancel(m_lane);
    m_running = false;
    m_progressPending = false;
}

void AdviceController::shutdown()
{
    ++m_generation;
    m_running = false;
    m_progressPending = false;
    if (m_runner)
        m_runner->shutdown(m_lane);
}

void AdviceController::onProgress(quint64 generation, AdviceAnswer soFar)
{
    if (generation != m_generation || !m_running)
        return;
    soFar.finished = false;
    m_answer = std::move(soFar);
    m_progressPending = true;
    if (m_clock)
        m_clock->mark(m_clockClient);
}

bool AdviceController::flush()
{
    if (m_progressPending && m_answer) {
        m_progressPending = false;
        emit progress(*m_answer);
    }
    return false;
}

void AdviceController::onEnd(quint64 generation, const BackgroundRunner::Outcome& outcome)
{
    if (generation != m_generation)
        return;
    m_running = false;
    m_progressPending = false;
    if (!outcome.error.isEmpty()) {
        emit failed(outcome.error);
        return;
    }
    // The search's own answer; a run stopped before its job began has only what it reported.
    if (m_final)
        m_answer = std::move(m_final);
    m_final.reset();
    if (!m_answer)
        m_answer = AdviceAnswer{};
    if (!outcome.completed)
        m_answer->finished = false;
    emit finished(*m_answer);
}

} // namespace hedge
