#include <hedge/io/RetryPresets.h>

#include <hedge/sim/ServiceTimeQuantiles.h>

#include <cmath>
#include <string>

namespace hedge {

namespace {

// A whole number as the texts print the scenario's own settings ("250 ms", "10 s").
std::string wholeOf(double v)
{
    return std::to_string(static_cast<long>(std::lround(v)));
}

Setup withDeadline(Setup s, double deadlineMs)
{
    s.deadlineMs = deadlineMs;
    return s;
}

// A Murphy setup (docs/policies.md, "Murphy"): a hedge after `delayMs` when `extra` is 1, the
// model's plain retry of `attempts` in all when `attempts` > 1.
Setup murphy(const std::string& name, int extra, double delayMs, int attempts)
{
    Setup s{.name = name};
    s.policy = PolicyFamily::Murphy;
    s.families.murphy.maxExtraAttempts = extra;
    s.families.murphy.delayMs = extra > 0 ? delayMs : MurphySettings{}.delayMs;
    if (attempts > 1)
        s.families.murphy.retry = MurphyRetry{.maxRetries = attempts - 1};
    return s;
}

// The same service with 5 % errors and the same deadline: no policy, retries, a hedge at the
// service's p95, both; across load. Every figure the text states is checked against the run by
// tests/core/io/tst_retrypresetclaims.cpp.
Preset hedgeOrRetry()
{
    Scenario s;
    s.loads = {0.3, 0.5, 0.7, 0.9};
    s.service.errorProbability = 0.05;
    const double deadlineMs = 250.0;
    const double p95 = std::round(serviceTimeQuantiles(s.service).p95Ms);
    s.setups = {withDeadline(Setup{.name = "no hedge / client"}, deadlineMs),
                withDeadline(murphy("murphy, 3 attempts", 0, p95, 3), deadlineMs),
                withDeadline(murphy("murphy, hedge at p95", 1, p95, 1), deadlineMs),
                withDeadline(murphy("murphy, hedge and retries", 1, p95, 3), deadlineMs)};
    const MurphyRetry& retry = *s.setups[1].families.murphy.retry;
    return Preset{
        "hedge-or-retry",
        "Hedge or retry? The same service and deadline, four policies",
        "gRPC makes a method choose a retryPolicy or a hedgingPolicy. Here one service answers " +
            wholeOf(s.service.errorProbability * 100.0) +
            " % of its attempts with an error, every call has a deadline of " +
            wholeOf(deadlineMs) +
            " ms, and four Murphy setups meet it: no policy; retries (3 attempts, a backoff of " +
            wholeOf(retry.backoffMs) +
            " ms doubling, full jitter); a hedge at the service's p95 (" + wholeOf(p95) +
            " ms), whose second attempt also answers an error at once; and both. Watch goodput "
            "(calls answered within the deadline) and the p99.\n\n"
            "No policy: about 94.5 % goodput at every load — the errors, and the hiccups that "
            "run past the deadline. Retries answer the errors: about 99.4 % up to 70 % load "
            "(98.7 % at 90 %) for 1.05 requests per call, but the p99 stays in the hiccups, "
            "about 160 ms. The hedge answers both the errors and the tail: at 30 % load its p99 "
            "is 27 ms against about 150 ms, with 99.7 % goodput, and both together reach 99.9 %. "
            "But the hedge has no budget: from 70 % load it collapses, every call sends its "
            "second attempt and times out, and goodput is 0 where retries alone still answer "
            "99.4 %.\n\n"
            "So a retry wins where the failures are errors and the load is high; a hedge wins "
            "where the failures are slowness and there is room to spare — and only with a "
            "budget beyond that.",
        s,
        {"goodput_fraction", "p99_ms", "requests_per_call"},
        0.3};
}

// A 10 s stall at 60 % load, then the calls' timeout retries: without a budget the service
// stays overloaded, with a 20 % budget it recovers. Checked by tst_retrypresetclaims.
Preset retryStorm()
{
    Scenario s;
    s.loads = {0.6};
    const double deadlineMs = 1000.0;
    const HedgeSettings retry{.delayMs = 100.0, .maxAttempts = 3, .budgetPercent = 0.0};
    HedgeSettings budgeted = retry;
    budgeted.budgetPercent = 20.0;
    s.setups = {withDeadline(Setup{.name = "no hedge / client"}, deadlineMs),
                withDeadline(Setup{.name = "retry after 100 ms, no budget / client", .hedge = retry},
                             deadlineMs),
                withDeadline(Setup{.name = "retry after 100 ms, 20 % budget / client",
                                   .hedge = budgeted},
                             deadlineMs)};
    Timeline t;
    t.durationS = 120.0;
    t.bucketMs = 1000.0;
    t.loadSteps = {{0.0, 0.6}};
    t.outages = {Outage{.atS = 30.0, .lengthS = 10.0, .kind = Outage::Kind::Stall}};
    s.timeline = t;
    const Outage& o = t.outages.front();
    return Preset{
        "retry-storm",
        "Retry storm: an outage ends, the retries do not",
        "A timeline at " + wholeOf(t.loadSteps.front().load * 100.0) +
            " % load: at " + wholeOf(o.atS) + " s the service stalls for " +
            wholeOf(o.lengthS) +
            " s (nothing is answered; the Live view shades the outage). Every call has a "
            "deadline of " +
            wholeOf(deadlineMs) +
            " ms, and two setups retry a call that has no answer after " +
            wholeOf(retry.delayMs) + " ms, up to " + std::to_string(retry.maxAttempts) +
            " attempts, as an HTTP client's timeout and retry does: the first attempt stays in "
            "the server's queue (client cancellation), so to the server such a retry is a hedge, "
            "and the explorer counts it in hedges per call.\n\n"
            "During the stall every call times out. Without retries the queue it left drains "
            "at the spare 40 %, and goodput is back 15 s after the outage ends. With retries "
            "and no budget every call waits past 100 ms behind that queue and sends all its "
            "attempts: 3 requests per call, three times the work at a load the service handles "
            "once, and it never recovers — 80 s after the outage goodput is still 0. With a "
            "budget of 20 % of the calls the retries stop once it is spent, the queue drains, "
            "and goodput is back 27 s after the outage ends.\n\n"
            "Recovery is counted from the outage's end to the first second whose share of calls "
            "answered in time is within 5 % of the half minute before the outage. The outage only started it: "
            "what keeps the service down is the retries, which is why the standard defences — "
            "a retry budget, backoff, cancellation that reaches the server — are the same as "
            "for hedges.",
        s,
        {"goodput_fraction", "requests_per_call", "hedges_per_call"},
        0.6,
        {"goodput_fraction", "hedges_per_call"}};
}

// The same deadline with client and with server cancellation: what the server does for callers
// who have left. Checked by tst_retrypresetclaims.
Preset deadlinesAndWastedWork()
{
    Scenario s;
    s.loads = {0.5, 0.7, 0.9, 1.0, 1.1};
    const double deadlineMs = 150.0;
    s.setups.clear();
    for (const char* name : {"no hedge / client", "no hedge / server",
                             "hedge, default budget / client", "hedge, default budget / server"})
        for (const Setup& r : Scenario::referenceSetups())
            if (r.name == name)
                s.setups.push_back(withDeadline(r, deadlineMs));
    return Preset{
        "deadlines-wasted-work",
        "Deadlines and wasted work: who is still working for callers who left",
        "Every call has a deadline of " + wholeOf(deadlineMs) +
            " ms: the caller gives up and the call counts as timed out. What happens to its "
            "attempt depends on the cancellation: with client cancellation (HTTP) the server "
            "serves it anyway, for nobody; with server cancellation (gRPC) it leaves the queue "
            "or frees its worker. Watch goodput, timed out % and wasted work (the share of the "
            "servers' busy time spent on calls that had already ended) beside the p99.\n\n"
            "Without hedging about 1.5 % of the calls time out at every load up to 90 % (the "
            "hiccups past the deadline). With client cancellation the server still serves them: "
            "about 8 % of its busy time is wasted at 50 % load and 9 % at 90 %; at 100 % most "
            "calls time out, and at 110 % it collapses, goodput 0. With server cancellation "
            "nothing is wasted and the deadline sheds the hiccups: at 110 % load goodput is "
            "still 98 %.\n\n"
            "A hedge makes it plainer: its losers are work nobody waits for. With client "
            "cancellation about 23 % of the busy time is wasted already at 50 % load, goodput "
            "falls below half at 90 % and the setup collapses from 100 %; with server "
            "cancellation the same hedge keeps over 99.9 % goodput and a p99 under 50 ms up to "
            "110 %. A deadline without cancellation protects the caller, not the server.",
        s,
        {"goodput_fraction", "timed_out_fraction", "wasted_work_fraction", "p99_ms"},
        0.5};
}

} // namespace

void addRetryPresets(std::vector<Preset>& list)
{
    list.push_back(hedgeOrRetry());
    list.push_back(retryStorm());
    list.push_back(deadlinesAndWastedWork());
}

} // namespace hedge
