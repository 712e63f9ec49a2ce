#include <hedge/qt/HedgedCaller.h>

#include <QMetaObject>

#include <algorithm>
#include <cmath>

namespace hedge {

HedgedCaller::HedgedCaller(const HedgePipelineConfig& config, HedgePolicy::OnHedge onHedge)
    : HedgedCaller(ClientPolicyConfig{.hedge = config}, std::move(onHedge))
{
}

HedgedCaller::HedgedCaller(const ClientPolicyConfig& config, HedgePolicy::OnHedge onHedge)
    : HedgedCaller(config, 0.0, std::move(onHedge))
{
}

HedgedCaller::HedgedCaller(const ClientPolicyConfig& config, double deadlineMs,
                           HedgePolicy::OnHedge onHedge)
    : m_core(std::make_shared<detail::CallerCore>(config, std::max(0.0, deadlineMs)))
{
    if (onHedge)
        m_core->pipeline.setOnHedge(std::move(onHedge));
}

namespace detail {

CallRun::CallRun(std::shared_ptr<CallerCore> core) : m_core(std::move(core))
{
    m_hedgeTimer.setSingleShot(true);
    m_hedgeTimer.setTimerType(Qt::PreciseTimer);
    QObject::connect(&m_hedgeTimer, &QTimer::timeout, this,
                     [this] { post(Event{.kind = EventKind::HedgeTimer}); });
    m_deadlineTimer.setSingleShot(true);
    m_deadlineTimer.setTimerType(Qt::PreciseTimer);
    QObject::connect(&m_deadlineTimer, &QTimer::timeout, this,
                     [this] { post(Event{.kind = EventKind::Deadline}); });
}

CallRun::~CallRun()
{
    // Nothing is left here once the call ended or was abandoned. Should a hook remain, free it
    // later: its destroyed() handlers must not reach a run that is half destroyed.
    for (QPointer<QObject>& context : m_contexts) {
        if (context)
            context->deleteLater();
    }
}

void CallRun::start()
{
    m_started = true;
    post(Event{.kind = EventKind::Start});
}

void CallRun::abandon()
{
    if (!m_started || hasEnded())
        return;
    finish(m_core->pipeline.abandonCall(m_state));
}

void CallRun::report(int attempt, AttemptOutcome outcome)
{
    post(Event{.kind = EventKind::AttemptEnded, .attempt = attempt, .outcome = outcome});
}

void CallRun::post(const Event& event)
{
    m_events.push_back(event);
    if (m_handling)
        return; // the loop below, further up the stack, will get to it
    m_handling = true;
    while (!m_events.empty()) {
        const Event next = m_events.front();
        m_events.pop_front();
        handle(next);
    }
    m_handling = false;
}

void CallRun::handle(const Event& event)
{
    ClientPolicy& pipeline = m_core->pipeline;
    const double now = m_core->nowMs();
    switch (event.kind) {
    case EventKind::Start:
        apply(pipeline.startCall(m_state, now));
        if (!hasEnded() && m_core->deadlineMs > 0.0) {
            m_deadlineAt = m_state.startedAt + m_core->deadlineMs;
            armDeadlineTimer();
        }
        return;
    case EventKind::Deadline:
        deadlinePassed(now);
        return;
    case EventKind::HedgeTimer:
        if (hasEnded())
            return;
        if (now < m_state.hedgeDueAt) {
            // Woken before the due time (timers round to milliseconds): wait for the rest.
            if (m_state.hedgeDueAt != kNever)
                armHedgeTimer(m_state.hedgeDueAt);
            return;
        }
        apply(pipeline.hedgeDue(m_state, now));
        return;
    case EventKind::AttemptEnded: {
        if (!accepts(event.attempt))
            return;
        // Later, not now: the attempt may be inside a signal of an object parented to it.
        if (QObject* context = m_contexts[std::size_t(event.attempt)].data())
            context->deleteLater();
        m_contexts[std::size_t(event.attempt)] = nullptr;
        if (event.outcome == AttemptOutcome::Success)
            m_endingAttempt = event.attempt;
        apply(pipeline.attemptDone(m_state, event.attempt, now, event.outcome));
        return;
    }
    }
}

// docs/model.md, "Deadlines": the call ends timed out through the policy's abandon path (its
// limiter places given back, its family's state told), and its attempts still out are
// cancelled as losers; whether the server then drops them is its cancellation's business.
void CallRun::deadlinePassed(double now)
{
    if (hasEnded())
        return;
    if (now < m_deadlineAt) {
        armDeadlineTimer(); // woken early (timers round to milliseconds)
        return;
    }
    CallStep step = m_core->pipeline.abandonCall(m_state);
    step.end = m_state.end = CallEnd::TimedOut;
    step.hedgeAt = kNever;
    finish(step);
}

void CallRun::armDeadlineTimer()
{
    const double wait = std::ceil(m_deadlineAt - m_core->nowMs());
    m_deadlineTimer.start(static_cast<int>(std::clamp(wait, 0.0, 2.0e9)));
}

void CallRun::armHedgeTimer(double dueAt)
{
    const double wait = std::ceil(dueAt - m_core->nowMs());
    m_hedgeTimer.start(static_cast<int>(std::clamp(wait, 0.0, 2.0e9)));
}

void CallRun::apply(const CallStep& step)
{
    if (step.end != CallEnd::Running) {
        finish(step);
        return;
    }
    if (step.hedgeAt != kNever)
        armHedgeTimer(step.hedgeAt);
    else if (m_state.hedgeDueAt == kNever)
        m_hedgeTimer.stop();
    if (step.launch >= 0) {
        // Owned by this run; deleting it is the attempt's cancellation signal.
        auto* context = new QObject;
        m_contexts[std::size_t(step.launch)] = context;
        launchAttempt(step.launch, AttemptToken(step.launch, context));
    }
}

void CallRun::finish(const CallStep& step)
{
    m_endedAt = m_core->nowMs();
    m_hedgeTimer.stop();
    m_deadlineTimer.stop();
    if (step.end == CallEnd::Failed)
        m_endingAttempt = step.errorAttempt;
    else if (step.end != CallEnd::Succeeded)
        m_endingAttempt = -1;
    // The pipeline has already given the losers' limiter places back; now tell the attempts.
    // Their destroyed() handlers run here and may complete them at once: deliver() then
    // turns them away, as the call is over.
    for (int a = 0; a < kMaxAttempts; ++a) {
        if ((step.cancel >> a) & 1u) {
            QObject* context = m_contexts[std::size_t(a)].data();
            m_contexts[std::size_t(a)] = nullptr;
            delete context;
        }
    }
    if (m_waiter) {
        // Resume from the event loop: resuming here would let the awaiting coroutine destroy
        // this run while it is still on the stack.
        const std::coroutine_handle<> waiter = std::exchange(m_waiter, {});
        QMetaObject::invokeMethod(
            this, [waiter] { waiter.resume(); }, Qt::QueuedConnection);
    }
}

} // namespace detail
} // namespace hedge
