// MurphyHedging on a manual clock (docs/policies.md, "Murphy"): delay_ms from the most recently
// started attempt up to max_extra_attempts, a handled error starting the next attempt at once,
// an unhandled one ending the call, the most recent failure when all failed, handle_errors
// off, the limiter's refusal, and losers given back to the limiter by FamilyPipeline.
#include <hedge/policy/FamilyPipeline.h>
#include <hedge/policy/MurphyHedging.h>

#include <QTest>

using namespace hedge;

namespace {

MurphySettings settings(double delayMs, int maxExtra, bool handleErrors = true)
{
    return MurphySettings{
        .delayMs = delayMs, .maxExtraAttempts = maxExtra, .handleErrors = handleErrors};
}

} // namespace

class TestMurphyHedging : public QObject {
    Q_OBJECT

private slots:
    void defaultsAndFirstAttempt();
    void noExtraAttemptsNeverHedges();
    void delayRunsFromTheLatestAttempt();
    void handledErrorStartsTheNextAtOnce();
    void allFailedReturnsTheMostRecentFailure();
    void unhandledErrorEndsTheCall();
    void errorsNotHandledEndTheCall();
    void successCancelsTheOthers();
    void limiterRefusesTheHedge();
    void abandon();
    void pipelineGivesLosersPlacesBack();
};

void TestMurphyHedging::defaultsAndFirstAttempt()
{
    MurphyHedging murphy{MurphySettings{}}; // 1 extra attempt after 2 s
    CallState call;
    const CallStep step = murphy.start(call, 10.0, AttemptGate{});
    QCOMPARE(step.launch, 0);
    QCOMPARE(step.hedgeAt, 2010.0);
    QCOMPARE(murphy.maxAttempts(), 2);
    QCOMPARE(murphy.hedgesRefused(), 0);
}

void TestMurphyHedging::noExtraAttemptsNeverHedges()
{
    MurphyHedging murphy(settings(20.0, 0));
    CallState call;
    const AttemptGate open;
    QCOMPARE(murphy.start(call, 0.0, open).hedgeAt, kNever);
    const CallStep err = murphy.attemptDone(call, 0, 5.0, AttemptOutcome::HandledError, open);
    QCOMPARE(err.end, CallEnd::Failed);
    QCOMPARE(err.errorAttempt, 0);
    QCOMPARE(err.launch, -1);
}

void TestMurphyHedging::delayRunsFromTheLatestAttempt()
{
    MurphyHedging murphy(settings(20.0, 2));
    CallState call;
    const AttemptGate open;
    murphy.start(call, 0.0, open);
    QCOMPARE(murphy.hedgeDue(call, 19.0, open).launch, -1); // early
    const CallStep first = murphy.hedgeDue(call, 20.5, open);
    QCOMPARE(first.launch, 1);
    QCOMPARE(first.hedgeAt, 40.5);
    const CallStep second = murphy.hedgeDue(call, 40.5, open);
    QCOMPARE(second.launch, 2);
    QCOMPARE(second.hedgeAt, kNever);
    QCOMPARE(call.inFlight, 0b111);
}

void TestMurphyHedging::handledErrorStartsTheNextAtOnce()
{
    MurphyHedging murphy(settings(20.0, 2));
    CallState call;
    const AttemptGate open;
    murphy.start(call, 0.0, open);
    const CallStep err = murphy.attemptDone(call, 0, 3.0, AttemptOutcome::HandledError, open);
    QCOMPARE(err.launch, 1);
    QCOMPARE(err.hedgeAt, 23.0); // the delay restarts from the attempt it started
    QCOMPARE(err.end, CallEnd::Running);
    QCOMPARE(murphy.hedgeDue(call, 20.0, open).launch, -1); // superseded
    QCOMPARE(murphy.hedgeDue(call, 23.0, open).launch, 2);
}

void TestMurphyHedging::allFailedReturnsTheMostRecentFailure()
{
    const AttemptGate open;
    for (const int lastToFail : {0, 1}) {
        MurphyHedging murphy(settings(20.0, 1));
        CallState call;
        murphy.start(call, 0.0, open);
        murphy.hedgeDue(call, 20.0, open);
        const CallStep wait =
            murphy.attemptDone(call, 1 - lastToFail, 30.0, AttemptOutcome::HandledError, open);
        QCOMPARE(wait.end, CallEnd::Running);
        const CallStep failed =
            murphy.attemptDone(call, lastToFail, 40.0, AttemptOutcome::HandledError, open);
        QCOMPARE(failed.end, CallEnd::Failed);
        QCOMPARE(failed.errorAttempt, lastToFail);
    }
}

void TestMurphyHedging::unhandledErrorEndsTheCall()
{
    MurphyHedging murphy(settings(20.0, 3));
    CallState call;
    const AttemptGate open;
    murphy.start(call, 0.0, open);
    murphy.hedgeDue(call, 20.0, open);
    const CallStep err = murphy.attemptDone(call, 1, 22.0, AttemptOutcome::UnhandledError, open);
    QCOMPARE(err.end, CallEnd::Failed);
    QCOMPARE(err.errorAttempt, 1);
    QCOMPARE(err.cancel, 0b1); // the loser is abandoned (the client stops waiting)
    QCOMPARE(err.launch, -1);
    QCOMPARE(murphy.hedgeDue(call, 40.0, open).launch, -1);
}

void TestMurphyHedging::errorsNotHandledEndTheCall()
{
    MurphyHedging murphy(settings(20.0, 3, false));
    CallState call;
    const AttemptGate open;
    murphy.start(call, 0.0, open);
    const CallStep err = murphy.attemptDone(call, 0, 5.0, AttemptOutcome::HandledError, open);
    QCOMPARE(err.end, CallEnd::Failed);
    QCOMPARE(err.errorAttempt, 0);
    QCOMPARE(err.launch, -1);
}

void TestMurphyHedging::successCancelsTheOthers()
{
    MurphyHedging murphy(settings(20.0, 1));
    CallState call;
    const AttemptGate open;
    murphy.start(call, 0.0, open);
    murphy.hedgeDue(call, 20.0, open);
    const CallStep ok = murphy.attemptDone(call, 0, 25.0, AttemptOutcome::Success, open);
    QCOMPARE(ok.end, CallEnd::Succeeded);
    QCOMPARE(ok.cancel, 0b10);
}

void TestMurphyHedging::limiterRefusesTheHedge()
{
    AdaptiveLimiter limiter(Gradient2Config{.initialLimit = 1, .minLimit = 1, .maxLimit = 1});
    const AttemptGate gate{&limiter};
    MurphyHedging murphy(settings(20.0, 2));
    CallState call;
    murphy.start(call, 0.0, gate);
    const CallStep refused = murphy.hedgeDue(call, 20.0, gate);
    QCOMPARE(refused.launch, -1);
    QCOMPARE(refused.hedgeAt, kNever);
    QVERIFY(call.hedgingStopped);
    const CallStep failed = murphy.attemptDone(call, 0, 30.0, AttemptOutcome::HandledError, gate);
    QCOMPARE(failed.end, CallEnd::Failed);
    QCOMPARE(failed.errorAttempt, 0);
}

void TestMurphyHedging::abandon()
{
    MurphyHedging murphy(settings(20.0, 1));
    CallState call;
    const AttemptGate open;
    murphy.start(call, 0.0, open);
    const CallStep gone = murphy.abandon(call);
    QCOMPARE(gone.end, CallEnd::Abandoned);
    QCOMPARE(gone.cancel, 0b1);
    QCOMPARE(murphy.abandon(call).end, CallEnd::Running);
}

void TestMurphyHedging::pipelineGivesLosersPlacesBack()
{
    FamilyPipelineConfig config{.family = PolicyFamily::Murphy, .adaptiveLimit = Gradient2Config{}};
    config.settings.murphy = settings(20.0, 2);
    FamilyPipeline pipeline(config);
    QVERIFY(pipeline.family<MurphyHedging>() != nullptr);
    CallState call;
    pipeline.startCall(call, 0.0);
    pipeline.hedgeDue(call, 20.0);
    pipeline.hedgeDue(call, 40.0);
    QCOMPARE(pipeline.limiter()->inflight(), 3);
    // The losers run on at the server, but the client stops waiting for them.
    const CallStep ok = pipeline.attemptDone(call, 2, 45.0, AttemptOutcome::Success);
    QCOMPARE(ok.cancel, 0b11);
    QCOMPARE(pipeline.limiter()->inflight(), 0);

    config.settings.murphy.delayMs = 5.0;
    pipeline.reconfigure(config, 50.0);
    CallState next;
    QCOMPARE(pipeline.startCall(next, 50.0).hedgeAt, 55.0);
}

QTEST_APPLESS_MAIN(TestMurphyHedging)
#include "tst_murphyhedging.moc"
