// The Qt driver of the policy pipeline: hedges real calls made of QCoro attempts, on real
// QTimers, with the same HedgePipeline the simulation drives on virtual time. Everything runs
// on the thread that owns the caller (the pipeline is not thread-safe).
//
//     hedge::HedgedCaller caller(config);               // one per client: shares budget, limiter
//     auto result = co_await caller.call([&](hedge::AttemptToken token) {
//         return fetchOnce(url, token);                    // a coroutine: Task<AttemptResult<T>>
//     });
//
// See engine/README.md, "Real calls: HedgedCaller (Qt/QCoro)".
#pragma once

#include <hedge/policy/ClientPolicy.h>

#include <QCoroTask>
#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

#include <algorithm>
#include <array>
#include <coroutine>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

namespace hedge {

// What one attempt is handed: its number (0 = the first, 1 = the first hedge…, as on_hedge
// numbers them) and its cancellation hook, a QObject the driver deletes when it cancels the
// attempt (a loser once another attempt succeeded, or everything when the call ends).
// Connect its destroyed() signal to your abort (QNetworkReply::abort, QProcess::kill…) so
// that the attempt's own awaiter wakes up. The token is a value: keep it in the attempt's
// coroutine frame, where it safely turns null.
class AttemptToken {
public:
    AttemptToken() = default;
    AttemptToken(int number, QObject* context) : m_number(number), m_context(context) {}

    int number() const { return m_number; }
    QObject* context() const { return m_context.data(); }
    bool isCancelled() const { return m_context.isNull(); }

private:
    int m_number = 0;
    QPointer<QObject> m_context;
};

// How one attempt ended. A handled error hedges at once; an unhandled one ends the call with it
// (docs/model.md, "Hedge delay and attempts"). An exception escaping an attempt counts as an
// unhandled error.
template <class T>
struct AttemptResult {
    using value_type = T;

    AttemptOutcome outcome = AttemptOutcome::HandledError;
    std::optional<T> value; // with Success
    QString error;          // with an error

    static AttemptResult success(T value)
    {
        return AttemptResult{AttemptOutcome::Success, std::move(value), {}};
    }
    static AttemptResult handledError(QString error)
    {
        return AttemptResult{AttemptOutcome::HandledError, std::nullopt, std::move(error)};
    }
    static AttemptResult unhandledError(QString error)
    {
        return AttemptResult{AttemptOutcome::UnhandledError, std::nullopt, std::move(error)};
    }
};

// How the call ended: Succeeded (value), Failed (error: the most recent handled error, or
// the unhandled one), Rejected (the limiter refused the first attempt; nothing was sent) or
// TimedOut (the caller's deadline passed first: no value, no error, its attempts cancelled).
template <class T>
struct HedgedResult {
    CallEnd end = CallEnd::Running;
    std::optional<T> value;
    QString error;
    int attempt = -1; // the attempt that succeeded, or whose error ended the call
    int attempts = 0; // attempts sent (launched): 1 + hedges + retries unless rejected
    int hedges = 0;   // extra attempts sent as hedges
    int retries = 0;  // extra attempts sent as retries, after an error and its backoff
    double latencyMs = 0.0;

    bool succeeded() const { return end == CallEnd::Succeeded; }
    bool timedOut() const { return end == CallEnd::TimedOut; }
};

template <class T>
using AttemptFactory = std::function<QCoro::Task<AttemptResult<T>>(AttemptToken)>;

namespace detail {

// What every call of one caller shares. Calls hold it by shared_ptr, so a call in flight
// survives its HedgedCaller.
struct CallerCore {
    CallerCore(const ClientPolicyConfig& config, double deadline)
        : pipeline(config), deadlineMs(deadline)
    {
        clock.start();
    }
    double nowMs() const { return double(clock.nsecsElapsed()) / 1.0e6; }

    ClientPolicy pipeline;
    const double deadlineMs; // > 0: every call's deadline after its start; 0: none
    QElapsedTimer clock;
};

// The untyped part of one call: it feeds the pipeline the call's events (start, hedge timer,
// attempt ends, the deadline) and carries out its answers (arm the timer, launch, cancel, end).
// The one timer the pipeline arms is a hedge's delay or a retry's backoff (the family's
// kRetryPendingFlag): hedgeDue tells which, the driver need not know. Events that
// arrive while one is being handled (an attempt that completes synchronously, a nested event
// loop) are queued, so the pipeline never sees re-entrant calls.
class CallRun : public QObject {
public:
    explicit CallRun(std::shared_ptr<CallerCore> core);
    ~CallRun() override;
    CallRun(const CallRun&) = delete;
    CallRun& operator=(const CallRun&) = delete;

    void start();
    // Gives up on a call still running: cancels its attempts, frees their limiter places.
    void abandon();
    bool hasEnded() const { return m_state.end != CallEnd::Running; }

    // co_await run.ended(): resumes (from the event loop, never from inside the run) once
    // the call has ended.
    struct EndAwaiter {
        CallRun* run;
        bool await_ready() const noexcept { return run->hasEnded(); }
        void await_suspend(std::coroutine_handle<> waiter) noexcept { run->m_waiter = waiter; }
        void await_resume() const noexcept {}
    };
    EndAwaiter ended() { return EndAwaiter{this}; }

protected:
    virtual void launchAttempt(int attempt, AttemptToken token) = 0;

    // Whether a result of `attempt` still matters (not cancelled, call not over).
    bool accepts(int attempt) const
    {
        return m_state.end == CallEnd::Running && m_state.isInFlight(attempt);
    }
    void report(int attempt, AttemptOutcome outcome);

    const CallState& state() const { return m_state; }
    int endingAttempt() const { return m_endingAttempt; }
    double latencyMs() const { return m_endedAt - m_state.startedAt; }

private:
    enum class EventKind : std::uint8_t { Start, HedgeTimer, AttemptEnded, Deadline };
    struct Event {
        EventKind kind;
        int attempt = -1;
        AttemptOutcome outcome = AttemptOutcome::Success;
    };

    void post(const Event& event);
    void handle(const Event& event);
    void apply(const CallStep& step);
    void finish(const CallStep& step);
    void armHedgeTimer(double dueAt);
    void armDeadlineTimer();
    void deadlinePassed(double now);

    std::shared_ptr<CallerCore> m_core;
    CallState m_state;
    QTimer m_hedgeTimer;
    QTimer m_deadlineTimer;
    double m_deadlineAt = kNever;
    std::array<QPointer<QObject>, kMaxAttempts> m_contexts;
    std::deque<Event> m_events;
    bool m_handling = false;
    bool m_started = false;
    int m_endingAttempt = -1;
    double m_endedAt = 0.0;
    std::coroutine_handle<> m_waiter;
};

template <class T>
class TypedCallRun;

// Awaits one attempt and hands its result to the run, if the run still exists. A free
// coroutine with parameters by value: nothing in its frame can dangle.
template <class T>
QCoro::Task<void> watchAttempt(QPointer<TypedCallRun<T>> run, int attempt,
                               QCoro::Task<AttemptResult<T>> task)
{
    std::optional<AttemptResult<T>> result;
    try {
        result = co_await task;
    } catch (const std::exception& e) {
        result = AttemptResult<T>::unhandledError(QString::fromLocal8Bit(e.what()));
    } catch (...) {
        result = AttemptResult<T>::unhandledError(QStringLiteral("unknown exception"));
    }
    if (run)
        run->deliver(attempt, std::move(*result));
}

template <class T>
class TypedCallRun final : public CallRun {
public:
    TypedCallRun(std::shared_ptr<CallerCore> core, AttemptFactory<T> factory)
        : CallRun(std::move(core)), m_factory(std::move(factory))
    {
    }
    // Here, not in ~CallRun: an attempt that wakes up when its cancellation hook goes must
    // still find a whole object to deliver to (it will be turned away).
    ~TypedCallRun() override { abandon(); }

    void deliver(int attempt, AttemptResult<T> result)
    {
        if (!accepts(attempt))
            return; // a cancelled loser, or the call is already over
        const AttemptOutcome outcome = result.outcome;
        m_results[std::size_t(attempt)] = std::move(result);
        report(attempt, outcome);
    }

    HedgedResult<T> takeResult()
    {
        HedgedResult<T> r;
        r.end = state().end;
        r.attempts = state().launched;
        r.retries = state().retries;
        r.hedges = std::max(0, r.attempts - 1 - r.retries);
        r.attempt = endingAttempt();
        if (r.end == CallEnd::Rejected)
            return r;
        r.latencyMs = latencyMs();
        if (r.attempt >= 0 && m_results[std::size_t(r.attempt)]) {
            AttemptResult<T>& ending = *m_results[std::size_t(r.attempt)];
            r.value = std::move(ending.value);
            r.error = std::move(ending.error);
        }
        return r;
    }

private:
    void launchAttempt(int attempt, AttemptToken token) override
    {
        QCoro::Task<AttemptResult<T>> task;
        try {
            task = m_factory(std::move(token));
        } catch (const std::exception& e) {
            deliver(attempt, AttemptResult<T>::unhandledError(QString::fromLocal8Bit(e.what())));
            return;
        } catch (...) {
            deliver(attempt, AttemptResult<T>::unhandledError(QStringLiteral("unknown exception")));
            return;
        }
        // Fire and forget: QCoro frees a finished coroutine whose Task is gone.
        watchAttempt<T>(QPointer<TypedCallRun<T>>(this), attempt, std::move(task));
    }

    AttemptFactory<T> m_factory;
    std::array<std::optional<AttemptResult<T>>, kMaxAttempts> m_results;
};

template <class T>
QCoro::Task<HedgedResult<T>> runHedgedCall(std::shared_ptr<CallerCore> core,
                                           AttemptFactory<T> factory)
{
    // The run lives in this frame; everything it needs is in it or in `core`.
    TypedCallRun<T> run(std::move(core), std::move(factory));
    run.start();
    co_await run.ended();
    co_return run.takeResult();
}

} // namespace detail

// One client's hedged calls: a HedgePipeline (hedge policy, budget, adaptive limiter) shared
// by every call, on a steady millisecond clock that starts with the caller.
class HedgedCaller {
public:
    explicit HedgedCaller(const HedgePipelineConfig& config, HedgePolicy::OnHedge onHedge = {});
    // Any family's policy (docs/policies.md): gRPC-, Envoy-, ... style hedging of real calls.
    explicit HedgedCaller(const ClientPolicyConfig& config, HedgePolicy::OnHedge onHedge = {});
    // With a deadline (docs/model.md, "Deadlines"; a setup's deadline_ms, 0: none): a call
    // still running `deadlineMs` after it started ends TimedOut through the policy's abandon
    // path, its attempts still out cancelled (their tokens deleted), as the simulation does.
    HedgedCaller(const ClientPolicyConfig& config, double deadlineMs,
                 HedgePolicy::OnHedge onHedge = {});

    // Runs one call. `attempt(token)` is called for each attempt (the first and every hedge)
    // and returns a QCoro::Task<AttemptResult<T>>. The returned task starts at once and may
    // outlive the caller. The factory is called only while the call runs.
    template <class Factory>
    auto call(Factory attempt)
    {
        using Result = typename std::invoke_result_t<Factory&, AttemptToken>::value_type;
        using T = typename Result::value_type;
        return detail::runHedgedCall<T>(m_core, AttemptFactory<T>(std::move(attempt)));
    }

    ClientPolicy& pipeline() { return m_core->pipeline; }
    const ClientPolicy& pipeline() const { return m_core->pipeline; }
    double nowMs() const { return m_core->nowMs(); }
    double deadlineMs() const { return m_core->deadlineMs; }

private:
    std::shared_ptr<detail::CallerCore> m_core;
};

} // namespace hedge
