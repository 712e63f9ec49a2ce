// Runs the advisor (docs/advisor.md) off the GUI thread for the explorer's Run → Advise… and keeps
// what it knows.
//
// * The search is one job on a Foreground lane of the window's BackgroundRunner (its stop
//   token, its generation), as the sweep's passes and the Live view's worlds are; no thread
//   of its own.
// * start() makes the run in place stale: what a stale run posts is dropped, and its end is
//   not reported. stop() asks the running search to stop: Advisor::run returns what is known
//   (finished = false), and finished() reports it. cancel() drops it.
// * Progress is coalesced by the window's RedrawClock: the search reports after every
//   candidate, progress() is emitted at most once a tick with the newest answer.
// * One job at a time on shared cores: a sweep's or a map's pass running gives way to the search
//   and runs again when it ends (the runner's rule); this controller does not know about them.
#pragma once

#include <hedge/advise/AdviceAnswer.h>
#include <hedge/advise/AdviceQuestion.h>
#include <hedge/run/BackgroundRunner.h>
#include <hedge/run/RedrawClock.h>

#include <QObject>
#include <QPointer>
#include <QString>

#include <optional>

namespace hedge {

class AdviceController : public QObject {
    Q_OBJECT
public:
    // Redraws on `clock` and runs on `runner` (the window's); without them, on its own.
    explicit AdviceController(RedrawClock* clock = nullptr, QObject* parent = nullptr,
                              BackgroundRunner* runner = nullptr);
    ~AdviceController() override;

    // Starts a search of `question` (it must be valid: adviceQuestionError() empty; otherwise
    // failed() says why). A search in place becomes stale.
    void start(const AdviceQuestion& question);
    // The search stops; what it knows so far comes out through finished(), marked unfinished.
    void stop();
    // The search in place is dropped without an answer (the window closes, the dialog goes).
    void cancel();
    // cancel(), and waits for the worker. Returns within milliseconds.
    void shutdown();

    bool isRunning() const { return m_running; }
    // The question of the last start().
    const AdviceQuestion& question() const { return m_question; }
    // What the last search knows: its newest progress while it runs, its answer once it
    // ended; none before the first report.
    const std::optional<AdviceAnswer>& answer() const { return m_answer; }
    // Worker threads of the search at most (0: the runner's budget).
    void setThreads(int threads) { m_threads = threads; }

signals:
    void started();
    // Coalesced (at most once a redraw tick): what is known so far.
    void progress(const AdviceAnswer& soFar);
    // The search ended: its answer, finished = false when it was stopped.
    void finished(const AdviceAnswer& answer);
    void failed(const QString& message);

private:
    void onProgress(quint64 generation, AdviceAnswer soFar);
    void onEnd(quint64 generation, const BackgroundRunner::Outcome& outcome);
    bool flush();

    AdviceQuestion m_question;
    std::optional<AdviceAnswer> m_answer;
    std::optional<AdviceAnswer> m_final; // the search's return value, posted by the job
    quint64 m_generation = 0;
    bool m_running = false;
    bool m_progressPending = false;
    int m_threads = 0;

    QPointer<BackgroundRunner> m_runner; // the window's (it may go first)
    int m_lane = 0;
    QPointer<RedrawClock> m_clock;
    RedrawClock::Client m_clockClient = 0;
};

} // namespace hedge
