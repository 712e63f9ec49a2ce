#include "LoadGenerator.h"

#include "HttpAttemptPool.h"
#include "MonotonicAlarm.h"

#include <hedge/qt/HedgedCaller.h>
#include <hedge/sim/LatencySummary.h>
#include <hedge/sim/RandomStreams.h>
#include <hedge/sim/SetupPipelineConfig.h>

#include <QCoroTask>
#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTimer>
#include <QUrlQuery>

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <vector>

namespace hedge::cli {

namespace {

QUrl statsUrl(const QUrl& target)
{
    QUrl url = target;
    url.setPath(QStringLiteral("/stats"));
    url.setQuery(QString());
    return url;
}

std::optional<ServiceStatsSnapshot> parseStats(const QByteArray& body)
{
    const QJsonObject o = QJsonDocument::fromJson(body).object();
    if (!o.contains(QStringLiteral("busy_ms")) || !o.contains(QStringLiteral("workers")))
        return std::nullopt;
    ServiceStatsSnapshot s;
    s.workers = o.value(QStringLiteral("workers")).toInt();
    s.cancellation = o.value(QStringLiteral("cancellation")).toString().toStdString();
    s.busyMs = o.value(QStringLiteral("busy_ms")).toDouble();
    s.uptimeMs = o.value(QStringLiteral("uptime_ms")).toDouble();
    s.busy = o.value(QStringLiteral("busy")).toInt();
    s.queued = o.value(QStringLiteral("queued")).toDouble();
    return s;
}

// Asks for /stats without blocking the loop; `done` gets the answer (or nothing).
void requestStats(QNetworkAccessManager& manager, const QUrl& target,
                  std::function<void(std::optional<ServiceStatsSnapshot>)> done)
{
    QNetworkRequest request(statsUrl(target));
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    QNetworkReply* reply = manager.get(request);
    QObject::connect(reply, &QNetworkReply::finished, reply, [reply, done = std::move(done)] {
        reply->deleteLater();
        if (reply->error() != QNetworkReply::NoError)
            done(std::nullopt);
        else
            done(parseStats(reply->readAll()));
    });
}

struct Spread {
    double min = 0.0, p50 = 0.0, p99 = 0.0, max = 0.0;
};
Spread spreadOf(std::vector<double> samples)
{
    const LatencySummary s = LatencySummary::of(samples);
    if (!s.p50Ms)
        return {};
    return {samples.front(), *s.p50Ms, *s.p99Ms, *s.maxMs};
}

// One point in flight. Lives on the stack of runLoadPoint while its event loop runs.
class PointRun : public QObject {
public:
    PointRun(const ServiceConfig& service, const Setup& setup, double load,
             const LoadOptions& options)
        : m_setup(setup),
          m_options(options),
          m_ratePerMs(service.arrivalRatePerMs(load)),
          m_meanServiceMs(service.meanServiceMs()),
          m_caller(clientPolicyFor(setup, 1), setup.deadlineMs),
          m_pool(options.target),
          m_calls(std::size_t(options.calls)),
          m_firstMeasured(std::int64_t(std::ceil(options.warmupFraction * double(options.calls))))
    {
        m_point.setup = setup.name;
        m_point.cancellation = setup.cancellation;
        m_point.load = load;
        const RandomStreams streams(options.seed, load);
        double t = 0.0;
        for (std::int64_t i = 0; i < options.calls; ++i) {
            t += streams.arrivalGapMs(i, m_ratePerMs);
            m_calls[std::size_t(i)].dueAt = t;
        }
        m_delayMs = setup.hedge ? setup.hedge->delayMs : 0.0;
        m_drainTimer.setSingleShot(true);
        connect(&m_drainTimer, &QTimer::timeout, this, [this] {
            m_health.drained = false;
            m_pool.abortAll(); // the calls end as failed; the loop ends with the last
        });
    }

    LoadPoint run()
    {
        // A little lead so that the first arrivals are not late by the set-up's own time.
        const double lead = 5.0;
        m_base = m_caller.nowMs() + lead;
        m_arrivals.start(lead);
        m_loop.exec();
        return finish();
    }

private:
    struct Call {
        double dueAt = 0.0;      // intended arrival, relative to m_base
        double launchedAt = 0.0; // on the caller's clock
        double lastLaunchAt = 0.0;
        bool sawError = false;
    };

    void arrive()
    {
        const double now = m_caller.nowMs();
        const auto n = std::int64_t(m_calls.size());
        while (m_next < n && m_base + m_calls[std::size_t(m_next)].dueAt <= now)
            launch(m_next++);
        if (m_next < n) {
            const double wait = m_base + m_calls[std::size_t(m_next)].dueAt - m_caller.nowMs();
            m_arrivals.start(wait);
            if (m_next == m_firstMeasured + (n - m_firstMeasured) / 2)
                m_inFlightAtHalf = m_launched - m_ended;
            return;
        }
        // The last arrival: the end of the utilisation window, and the collapse check.
        m_inFlightAtLast = m_launched - m_ended;
        requestStats(m_statsManager, m_options.target,
                     [this](std::optional<ServiceStatsSnapshot> s) {
                         m_statsAtLast = s;
                         m_lastStatsAnswered = true;
                     });
        m_lastArrivalDone = true;
        m_drainTimer.start(int(m_options.drainTimeoutMs));
        maybeQuit();
    }

    void launch(std::int64_t index)
    {
        Call& call = m_calls[std::size_t(index)];
        call.launchedAt = m_caller.nowMs();
        call.lastLaunchAt = call.launchedAt;
        if (index >= m_firstMeasured) // the generator's health, like the figures, after warm-up
            m_lateness.push_back(call.launchedAt - (m_base + call.dueAt));
        ++m_launched;
        if (index == m_firstMeasured) {
            m_firstMeasuredLaunch = call.launchedAt;
            m_pool.clearMeasurements();
            requestStats(m_statsManager, m_options.target,
                         [this](std::optional<ServiceStatsSnapshot> s) { m_statsAtFirst = s; });
        }
        m_lastLaunch = call.launchedAt;
        auto task = m_caller.call(
            [this, index](AttemptToken token) { return attempt(index, std::move(token)); });
        QCoro::connect(std::move(task), this,
                       [this, index](const HedgedResult<int>& r) { ended(index, r); });
    }

    // One attempt of call `index`: notes the hedge timer's lateness, then the request.
    QCoro::Task<AttemptResult<int>> attempt(std::int64_t index, AttemptToken token)
    {
        Call& call = m_calls[std::size_t(index)];
        const double now = m_caller.nowMs();
        if (token.number() > 0) {
            if (!call.sawError && index >= m_firstMeasured)
                m_hedgeLateness.push_back(now - (call.lastLaunchAt + m_delayMs));
            call.lastLaunchAt = now;
        }
        QUrl url;
        if (m_options.commonRandomNumbers) {
            url = m_options.target;
            QUrlQuery query(url);
            query.addQueryItem(QStringLiteral("load"), QString::number(m_point.load, 'g', 17));
            query.addQueryItem(QStringLiteral("call"), QString::number(index));
            query.addQueryItem(QStringLiteral("attempt"), QString::number(token.number()));
            url.setQuery(query);
        }
        AttemptResult<int> result = co_await m_pool.attempt(std::move(token), url);
        if (result.outcome != AttemptOutcome::Success)
            m_calls[std::size_t(index)].sawError = true;
        co_return result;
    }

    void ended(std::int64_t index, const HedgedResult<int>& r)
    {
        ++m_ended;
        if (index >= m_firstMeasured) {
            const Call& call = m_calls[std::size_t(index)];
            ++m_point.measuredCalls;
            m_attempts += r.attempts;
            m_hedged += r.attempts > 1 ? 1 : 0;
            m_hedges += r.hedges;
            m_retries += r.retries;
            if (r.end == CallEnd::Succeeded)
                m_latencies.push_back(r.latencyMs + (call.launchedAt - (m_base + call.dueAt)));
            else if (r.end == CallEnd::Rejected)
                ++m_rejected;
            else if (r.end == CallEnd::TimedOut)
                ++m_timedOut;
            else
                ++m_failed;
        }
        maybeQuit();
    }

    void maybeQuit()
    {
        if (m_lastArrivalDone && m_ended == m_launched)
            m_loop.quit();
    }

    LoadPoint finish()
    {
        m_drainTimer.stop();
        // The last /stats answer may still be on its way (it is not queued by the service).
        if (!m_lastStatsAnswered) {
            QEventLoop wait;
            QTimer::singleShot(5000, &wait, &QEventLoop::quit);
            QTimer poll;
            connect(&poll, &QTimer::timeout, &wait, [&] {
                if (m_lastStatsAnswered)
                    wait.quit();
            });
            poll.start(5);
            wait.exec();
        }
        PointResult& p = m_point;
        const LatencySummary latency = LatencySummary::of(m_latencies);
        p.p50Ms = latency.p50Ms;
        p.p99Ms = latency.p99Ms;
        p.p999Ms = latency.p999Ms;
        p.meanMs = latency.meanMs;
        p.maxMs = latency.maxMs;
        const double measured = double(std::max<std::int64_t>(p.measuredCalls, 1));
        p.requestsPerCall = double(m_attempts) / measured;
        p.hedgedFraction = double(m_hedged) / measured;
        p.rejectedFraction = double(m_rejected) / measured;
        p.failedFraction = double(m_failed) / measured;
        // docs/model.md, "Deadlines" and "Metrics", as the simulation counts them; wasted work
        // is the server's to measure and stays 0 here.
        p.timedOutFraction = double(m_timedOut) / measured;
        p.goodputFraction = double(m_latencies.size()) / measured;
        p.hedgesPerCall = double(m_hedges) / measured;
        p.retriesPerCall = double(m_retries) / measured;
        p.measuredWindowMs = std::max(0.0, m_lastLaunch - m_firstMeasuredLaunch);
        if (p.measuredWindowMs > 0.0)
            p.goodputPerSecond = double(m_latencies.size()) / (p.measuredWindowMs / 1000.0);
        p.simulatedCalls = m_launched;
        GeneratorHealth& h = m_health;
        if (m_statsAtFirst && m_statsAtLast && m_statsAtLast->uptimeMs > m_statsAtFirst->uptimeMs) {
            h.utilisationMeasured = true;
            p.utilisation = (m_statsAtLast->busyMs - m_statsAtFirst->busyMs) /
                            (double(m_statsAtLast->workers) *
                             (m_statsAtLast->uptimeMs - m_statsAtFirst->uptimeMs));
            p.utilisation = std::clamp(p.utilisation, 0.0, 1.0);
        }
        // docs/model.md, "Metrics"'s collapse, counted in calls: at the last arrival more than a
        // second of work is in flight and more than halfway through; or the run did not drain.
        const double workers = m_statsAtLast ? double(m_statsAtLast->workers) : 0.0;
        const bool backlog = workers > 0.0 &&
                             double(m_inFlightAtLast) * m_meanServiceMs / workers > 1000.0 &&
                             m_inFlightAtLast > m_inFlightAtHalf;
        p.collapsed = backlog || !h.drained;
        p.stoppedBySafetyCap = !h.drained;

        h.intendedRatePerS = m_ratePerMs * 1000.0;
        const auto n = m_calls.size();
        if (n > 1) {
            h.scheduledRatePerS =
                double(n - 1) / (m_calls.back().dueAt - m_calls.front().dueAt) * 1000.0;
            h.achievedRatePerS =
                double(n - 1) / (m_lastLaunch - m_calls.front().launchedAt) * 1000.0;
        }
        const Spread lateness = spreadOf(m_lateness);
        h.launchLatenessP50Ms = lateness.p50;
        h.launchLatenessP99Ms = lateness.p99;
        h.launchLatenessMaxMs = lateness.max;
        h.timedHedges = std::int64_t(m_hedgeLateness.size());
        const Spread hedge = spreadOf(m_hedgeLateness);
        h.hedgeLatenessMinMs = hedge.min;
        h.hedgeLatenessP50Ms = hedge.p50;
        h.hedgeLatenessP99Ms = hedge.p99;
        h.hedgeLatenessMaxMs = hedge.max;
        const Spread queue = spreadOf(m_pool.clientQueueMs());
        h.clientQueueP50Ms = queue.p50;
        h.clientQueueP99Ms = queue.p99;
        h.clientQueueMaxMs = queue.max;
        h.connectionsOpened = m_pool.connectionsOpened();
        const AdaptiveLimiter* limiter = m_caller.pipeline().limiter();
        h.limiterInflightAtEnd = limiter ? limiter->inflight() : 0;
        p.limiterInflightAtEnd = h.limiterInflightAtEnd;
        return LoadPoint{p, h};
    }

    const Setup m_setup;
    const LoadOptions m_options;
    const double m_ratePerMs;
    const double m_meanServiceMs;
    double m_delayMs = 0.0;
    HedgedCaller m_caller;
    HttpAttemptPool m_pool;
    QNetworkAccessManager m_statsManager;
    std::vector<Call> m_calls;
    const std::int64_t m_firstMeasured;
    QEventLoop m_loop;
    MonotonicAlarm m_arrivals{[this] { arrive(); }};
    QTimer m_drainTimer;
    double m_base = 0.0;
    std::int64_t m_next = 0, m_launched = 0, m_ended = 0;
    std::int64_t m_inFlightAtHalf = 0, m_inFlightAtLast = 0;
    bool m_lastArrivalDone = false;
    bool m_lastStatsAnswered = false;
    double m_lastLaunch = 0.0, m_firstMeasuredLaunch = 0.0;
    std::optional<ServiceStatsSnapshot> m_statsAtFirst, m_statsAtLast;
    std::int64_t m_attempts = 0, m_hedged = 0, m_rejected = 0, m_failed = 0, m_timedOut = 0;
    std::int64_t m_hedges = 0, m_retries = 0;
    std::vector<double> m_latencies, m_lateness, m_hedgeLateness;
    PointResult m_point;
    GeneratorHealth m_health;
};

} // namespace

LoadPoint runLoadPoint(const ServiceConfig& service, const Setup& setup, double load,
                       const LoadOptions& options)
{
    PointRun run(service, setup, load, options);
    return run.run();
}

std::optional<ServiceStatsSnapshot> fetchServiceStats(const QUrl& target, int timeoutMs)
{
    QNetworkAccessManager manager;
    QEventLoop loop;
    std::optional<ServiceStatsSnapshot> result;
    bool answered = false;
    requestStats(manager, target, [&](std::optional<ServiceStatsSnapshot> s) {
        result = std::move(s);
        answered = true;
        loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    if (!answered)
        loop.exec();
    return result;
}

bool waitForIdleService(const QUrl& target, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < timeoutMs) {
        const auto s = fetchServiceStats(target, 2000);
        if (!s)
            return false;
        if (s->busy == 0 && s->queued == 0)
            return true;
        QEventLoop pause;
        QTimer::singleShot(20, &pause, &QEventLoop::quit);
        pause.exec();
    }
    return false;
}

} // namespace hedge::cli
