// HedgePolicy on a manual clock: the test feeds `now` and a scripted gate, and checks every
// answer (docs/model.md, "Hedge delay and attempts").
#include <hedge/policy/HedgePolicy.h>

#include <QTest>

#include <vector>

using namespace hedge;

namespace {

// A gate that admits with permit tokens 100, 101, … unless told to refuse, and records
// what it was asked (true = a hedge).
struct ScriptedGate {
    explicit ScriptedGate(std::vector<bool> refusals = {}) : refuse(std::move(refusals)) {}

    std::vector<bool> asked;
    std::vector<bool> refuse; // refuse[i]: refuse the i-th question
    int next = 100;

    int operator()(bool isHedge)
    {
        const std::size_t i = asked.size();
        asked.push_back(isHedge);
        if (i < refuse.size() && refuse[i])
            return kRefused;
        return next++;
    }
};

HedgePolicyConfig config(double delayMs, int maxAttempts)
{
    return HedgePolicyConfig{.delayMs = delayMs, .maxAttempts = maxAttempts};
}

} // namespace

class TestHedgePolicy : public QObject {
    Q_OBJECT

private slots:
    void firstAttemptAndTimer();
    void singleAttemptArmsNoTimer();
    void rejectedFirstAttempt();
    void hedgeFiresAtDelayAndReArmsUntilMax();
    void lateTimerStillHedges();
    void earlyOrStaleTimersDoNothing();
    void timerAfterEndDoesNothing();
    void successEndsCallAndCancelsOthers();
    void handledErrorHedgesAtOnce();
    void handledErrorAtMaxWaitsForOthers();
    void allFailedReturnsLastError();
    void unhandledErrorEndsCall();
    void refusedHedgeStopsHedging();
    void refusedHedgeThenErrorFails();
    void onHedgeSeesAttemptNumbers();
    void abandon();
};

void TestHedgePolicy::firstAttemptAndTimer()
{
    const HedgePolicy policy(config(20.0, 2));
    CallState call;
    ScriptedGate gate;
    const CallStep step = policy.start(call, 100.0, gate);
    QCOMPARE(step.launch, 0);
    QCOMPARE(step.hedgeAt, 120.0);
    QCOMPARE(step.end, CallEnd::Running);
    QCOMPARE(step.cancel, 0);
    QCOMPARE(gate.asked, std::vector<bool>{false}); // the first attempt is not a hedge
    QCOMPARE(call.startedAt, 100.0);
    QCOMPARE(call.launched, 1);
    QCOMPARE(call.launchedAt[0], 100.0);
    QCOMPARE(call.permit[0], 100);
    QVERIFY(call.isInFlight(0));
    QCOMPARE(call.hedgeDueAt, 120.0);
}

void TestHedgePolicy::singleAttemptArmsNoTimer()
{
    const HedgePolicy policy(config(20.0, 1));
    CallState call;
    ScriptedGate gate;
    const CallStep step = policy.start(call, 5.0, gate);
    QCOMPARE(step.launch, 0);
    QCOMPARE(step.hedgeAt, kNever);
    // A handled error with no hedge allowed: the call fails with that error.
    const CallStep done = policy.attemptDone(call, 0, 9.0, AttemptOutcome::HandledError, gate);
    QCOMPARE(done.end, CallEnd::Failed);
    QCOMPARE(done.errorAttempt, 0);
    QCOMPARE(done.launch, -1);
    QCOMPARE(gate.asked.size(), std::size_t(1));
}

void TestHedgePolicy::rejectedFirstAttempt()
{
    const HedgePolicy policy(config(20.0, 3));
    CallState call;
    ScriptedGate gate({true});
    const CallStep step = policy.start(call, 7.0, gate);
    QCOMPARE(step.end, CallEnd::Rejected);
    QCOMPARE(step.launch, -1);
    QCOMPARE(step.hedgeAt, kNever);
    QCOMPARE(step.cancel, 0);
    QCOMPARE(call.end, CallEnd::Rejected);
    QCOMPARE(call.launched, 0);
    // Its timer never existed; a stray hedgeDue must not launch anything.
    QCOMPARE(policy.hedgeDue(call, 27.0, gate).launch, -1);
    QCOMPARE(gate.asked.size(), std::size_t(1));
}

void TestHedgePolicy::hedgeFiresAtDelayAndReArmsUntilMax()
{
    const HedgePolicy policy(config(20.0, 3));
    CallState call;
    ScriptedGate gate;
    QCOMPARE(policy.start(call, 100.0, gate).hedgeAt, 120.0);

    const CallStep first = policy.hedgeDue(call, 120.0, gate);
    QCOMPARE(first.launch, 1);
    QCOMPARE(first.hedgeAt, 140.0); // another attempt is allowed: re-armed at now + delay
    QCOMPARE(first.end, CallEnd::Running);
    QCOMPARE(call.launchedAt[1], 120.0);
    QCOMPARE(call.permit[1], 101);

    const CallStep second = policy.hedgeDue(call, 140.0, gate);
    QCOMPARE(second.launch, 2);
    QCOMPARE(second.hedgeAt, kNever); // max attempts reached: no further timer
    QCOMPARE(call.launchedAt[2], 140.0);
    QCOMPARE(call.launched, 3);
    QCOMPARE(call.inFlight, 0b111);
    QCOMPARE(call.hedgeDueAt, kNever);

    // Nothing more, whenever asked.
    QCOMPARE(policy.hedgeDue(call, 160.0, gate).launch, -1);
    QCOMPARE(gate.asked, (std::vector<bool>{false, true, true}));
}

void TestHedgePolicy::lateTimerStillHedges()
{
    // A real clock's timer fires after its due time; the hedge must still go out, and the
    // next one is due a delay after it actually went.
    const HedgePolicy policy(config(20.0, 3));
    CallState call;
    ScriptedGate gate;
    policy.start(call, 0.0, gate);
    const CallStep step = policy.hedgeDue(call, 20.75, gate);
    QCOMPARE(step.launch, 1);
    QCOMPARE(step.hedgeAt, 40.75);
    QCOMPARE(call.launchedAt[1], 20.75);
}

void TestHedgePolicy::earlyOrStaleTimersDoNothing()
{
    const HedgePolicy policy(config(20.0, 3));
    CallState call;
    ScriptedGate gate;
    policy.start(call, 0.0, gate);                          // hedge due at 20
    QCOMPARE(policy.hedgeDue(call, 19.5, gate).launch, -1); // early: not yet
    QCOMPARE(call.hedgeDueAt, 20.0);

    // A handled error at 10 hedges at once and supersedes the timer of 20 with one at 30.
    const CallStep err = policy.attemptDone(call, 0, 10.0, AttemptOutcome::HandledError, gate);
    QCOMPARE(err.launch, 1);
    QCOMPARE(err.hedgeAt, 30.0);
    const std::size_t asked = gate.asked.size();
    const CallStep stale = policy.hedgeDue(call, 20.0, gate);
    QCOMPARE(stale.launch, -1);
    QCOMPARE(stale.hedgeAt, kNever);
    QCOMPARE(stale.end, CallEnd::Running);
    QCOMPARE(gate.asked.size(), asked); // a stale timer asks no gate (spends no budget)
    QCOMPARE(call.hedgeDueAt, 30.0);

    const CallStep due = policy.hedgeDue(call, 30.0, gate);
    QCOMPARE(due.launch, 2);
    QCOMPARE(call.launchedAt[2], 30.0);
}

void TestHedgePolicy::timerAfterEndDoesNothing()
{
    const HedgePolicy policy(config(20.0, 3));
    CallState call;
    ScriptedGate gate;
    policy.start(call, 0.0, gate);
    const CallStep done = policy.attemptDone(call, 0, 12.0, AttemptOutcome::Success, gate);
    QCOMPARE(done.end, CallEnd::Succeeded);
    QCOMPARE(call.hedgeDueAt, kNever);
    const CallStep late = policy.hedgeDue(call, 20.0, gate);
    QCOMPARE(late.launch, -1);
    QCOMPARE(late.end, CallEnd::Running); // nothing to do: the call already ended
    QCOMPARE(call.end, CallEnd::Succeeded);
    QCOMPARE(gate.asked.size(), std::size_t(1));
}

void TestHedgePolicy::successEndsCallAndCancelsOthers()
{
    const HedgePolicy policy(config(20.0, 3));
    CallState call;
    ScriptedGate gate;
    policy.start(call, 0.0, gate);
    policy.hedgeDue(call, 20.0, gate);
    policy.hedgeDue(call, 40.0, gate);
    // The second hedge (attempt 2) answers first: attempts 0 and 1 are to be cancelled.
    const CallStep done = policy.attemptDone(call, 2, 47.0, AttemptOutcome::Success, gate);
    QCOMPARE(done.end, CallEnd::Succeeded);
    QCOMPARE(done.cancel, 0b011);
    QCOMPARE(done.launch, -1);
    QCOMPARE(done.hedgeAt, kNever);
    QCOMPARE(done.errorAttempt, -1);
    QCOMPARE(call.inFlight, 0);
    QCOMPARE(call.end, CallEnd::Succeeded);
}

void TestHedgePolicy::handledErrorHedgesAtOnce()
{
    const HedgePolicy policy(config(20.0, 3));
    CallState call;
    ScriptedGate gate;
    policy.start(call, 0.0, gate);
    const CallStep err = policy.attemptDone(call, 0, 5.0, AttemptOutcome::HandledError, gate);
    QCOMPARE(err.launch, 1);
    QCOMPARE(err.hedgeAt, 25.0); // re-armed at now + delay, not at the old 20
    QCOMPARE(err.end, CallEnd::Running);
    QCOMPARE(call.launchedAt[1], 5.0);
    QCOMPARE(call.lastErrorAttempt, 0);
    QCOMPARE(call.inFlight, 0b10);
    QCOMPARE(gate.asked, (std::vector<bool>{false, true}));

    // The timer re-armed at 25 sends the last attempt.
    const CallStep due = policy.hedgeDue(call, 25.0, gate);
    QCOMPARE(due.launch, 2);
    QCOMPARE(due.hedgeAt, kNever);
}

void TestHedgePolicy::handledErrorAtMaxWaitsForOthers()
{
    const HedgePolicy policy(config(20.0, 2));
    CallState call;
    ScriptedGate gate;
    policy.start(call, 0.0, gate);
    policy.hedgeDue(call, 20.0, gate);
    // The hedge fails but the first attempt is still in flight: wait for it.
    const CallStep err = policy.attemptDone(call, 1, 26.0, AttemptOutcome::HandledError, gate);
    QCOMPARE(err.launch, -1);
    QCOMPARE(err.end, CallEnd::Running);
    QCOMPARE(err.hedgeAt, kNever);
    // …and it succeeds.
    const CallStep ok = policy.attemptDone(call, 0, 31.0, AttemptOutcome::Success, gate);
    QCOMPARE(ok.end, CallEnd::Succeeded);
    QCOMPARE(ok.cancel, 0);
}

void TestHedgePolicy::allFailedReturnsLastError()
{
    const HedgePolicy policy(config(20.0, 3));
    CallState call;
    ScriptedGate gate;
    policy.start(call, 0.0, gate);
    policy.hedgeDue(call, 20.0, gate); // attempt 1
    policy.hedgeDue(call, 40.0, gate); // attempt 2
    QCOMPARE(policy.attemptDone(call, 1, 50.0, AttemptOutcome::HandledError, gate).end,
             CallEnd::Running);
    QCOMPARE(policy.attemptDone(call, 2, 55.0, AttemptOutcome::HandledError, gate).end,
             CallEnd::Running);
    // The first attempt fails last: its error is the call's error.
    const CallStep last = policy.attemptDone(call, 0, 60.0, AttemptOutcome::HandledError, gate);
    QCOMPARE(last.end, CallEnd::Failed);
    QCOMPARE(last.errorAttempt, 0);
    QCOMPARE(last.cancel, 0);
    QCOMPARE(call.end, CallEnd::Failed);
    QCOMPARE(gate.asked.size(), std::size_t(3)); // no launch was asked for after the max
}

void TestHedgePolicy::unhandledErrorEndsCall()
{
    const HedgePolicy policy(config(20.0, 3));
    CallState call;
    ScriptedGate gate;
    policy.start(call, 0.0, gate);
    policy.hedgeDue(call, 20.0, gate); // attempt 1, next due at 40
    const CallStep err = policy.attemptDone(call, 1, 30.0, AttemptOutcome::UnhandledError, gate);
    QCOMPARE(err.end, CallEnd::Failed);
    QCOMPARE(err.errorAttempt, 1);
    QCOMPARE(err.cancel, 0b01); // attempt 0 still in flight
    QCOMPARE(err.launch, -1);   // no hedge at once for an unhandled error
    QCOMPARE(call.hedgeDueAt, kNever);
    QCOMPARE(policy.hedgeDue(call, 40.0, gate).launch, -1);
    QCOMPARE(gate.asked.size(), std::size_t(2));
}

void TestHedgePolicy::refusedHedgeStopsHedging()
{
    const HedgePolicy policy(config(20.0, 4));
    CallState call;
    ScriptedGate gate({false, true}); // the first hedge is refused
    policy.start(call, 0.0, gate);
    const CallStep refused = policy.hedgeDue(call, 20.0, gate);
    QCOMPARE(refused.launch, -1);
    QCOMPARE(refused.hedgeAt, kNever); // not re-armed
    QVERIFY(call.hedgingStopped);
    QCOMPARE(call.hedgeDueAt, kNever);
    // A handled error of the only attempt does not ask the gate again: the call fails.
    const CallStep err = policy.attemptDone(call, 0, 30.0, AttemptOutcome::HandledError, gate);
    QCOMPARE(err.end, CallEnd::Failed);
    QCOMPARE(err.errorAttempt, 0);
    QCOMPARE(gate.asked, (std::vector<bool>{false, true}));
}

void TestHedgePolicy::refusedHedgeThenErrorFails()
{
    // Attempt 1 goes out, attempt 2 is refused; attempt 1's handled error must not ask the
    // gate again; attempt 0's success still wins.
    const HedgePolicy policy(config(20.0, 4));
    CallState call;
    ScriptedGate gate({false, false, true});
    policy.start(call, 0.0, gate);
    QCOMPARE(policy.hedgeDue(call, 20.0, gate).launch, 1);
    QCOMPARE(policy.hedgeDue(call, 40.0, gate).launch, -1);
    QCOMPARE(policy.attemptDone(call, 1, 45.0, AttemptOutcome::HandledError, gate).launch, -1);
    QCOMPARE(gate.asked.size(), std::size_t(3));
    const CallStep ok = policy.attemptDone(call, 0, 50.0, AttemptOutcome::Success, gate);
    QCOMPARE(ok.end, CallEnd::Succeeded);
    QCOMPARE(ok.cancel, 0);
}

void TestHedgePolicy::onHedgeSeesAttemptNumbers()
{
    std::vector<int> seen;
    std::vector<std::size_t> askedWhenSeen;
    ScriptedGate gate;
    HedgePolicy policy(config(10.0, 4), [&](int n) {
        seen.push_back(n);
        askedWhenSeen.push_back(gate.asked.size());
    });
    CallState call;
    policy.start(call, 0.0, gate);
    QVERIFY(seen.empty());             // not for the first attempt
    policy.hedgeDue(call, 10.0, gate); // 1 by the timer
    policy.attemptDone(call, 0, 12.0, AttemptOutcome::HandledError, gate); // 2 by an error
    policy.hedgeDue(call, 22.0, gate);                                     // 3 by the timer
    QCOMPARE(seen, (std::vector<int>{1, 2, 3}));
    // Called after the gate admitted the hedge (a refused hedge is not announced).
    QCOMPARE(askedWhenSeen, (std::vector<std::size_t>{2, 3, 4}));
    QCOMPARE(call.launchedAt[3], 22.0);

    // A refused hedge is not announced.
    seen.clear();
    ScriptedGate refusing({false, true});
    CallState other;
    policy.start(other, 0.0, refusing);
    policy.hedgeDue(other, 10.0, refusing);
    QVERIFY(seen.empty());
}

void TestHedgePolicy::abandon()
{
    const HedgePolicy policy(config(20.0, 3));
    CallState call;
    ScriptedGate gate;
    policy.start(call, 0.0, gate);
    policy.hedgeDue(call, 20.0, gate);
    const CallStep step = policy.abandon(call);
    QCOMPARE(step.end, CallEnd::Abandoned);
    QCOMPARE(step.cancel, 0b11);
    QCOMPARE(call.hedgeDueAt, kNever);
    QCOMPARE(policy.abandon(call).end, CallEnd::Running); // once only
    QCOMPARE(policy.hedgeDue(call, 40.0, gate).launch, -1);
}

QTEST_APPLESS_MAIN(TestHedgePolicy)
#include "tst_hedgepolicy.moc"
