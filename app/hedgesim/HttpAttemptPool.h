// The attempts of `hedgesim load`: real HTTP/1.1 GETs on plain QTcpSockets, from a pool of
// keep-alive connections that grows on demand, so every attempt is written to a connection of
// its own at once: nothing queues inside the client, in front of the service's own queue.
// (QNetworkAccessManager opens at most 6 connections per host and queues the rest, and every
// reply crosses to its HTTP thread and back: on a busy 2-core machine that cost ~2 ms a call.)
// What the client still adds (opening a connection, writing) is measured as client queueing.
// Plain http:// only. Everything runs on the thread that owns the pool.
#pragma once

#include <hedge/qt/HedgedCaller.h>

#include <QElapsedTimer>
#include <QUrl>

#include <memory>
#include <unordered_set>
#include <vector>

class QTcpSocket;

namespace hedge::cli {

class HttpAttemptPool {
public:
    explicit HttpAttemptPool(QUrl target);
    ~HttpAttemptPool();
    HttpAttemptPool(const HttpAttemptPool&) = delete;
    HttpAttemptPool& operator=(const HttpAttemptPool&) = delete;

    // One attempt: GET `url` (default: the target). 200 succeeds (value: the status); 503,
    // any other status and network errors are handled errors (they hedge at once).
    // Cancelling the token aborts the connection, so the service sees its client go. The
    // pool must outlive the attempts it started (abortAll() ends them).
    QCoro::Task<AttemptResult<int>> attempt(AttemptToken token, QUrl url = {});

    // Ends every attempt in flight (a run that will not drain).
    void abortAll();

    int inFlight() const { return int(m_busy.size()); }
    int connectionsOpened() const { return m_opened; }
    // Per request: ms from issuing it to its bytes being written to a connection.
    const std::vector<double>& clientQueueMs() const { return m_clientQueueMs; }
    void clearMeasurements() { m_clientQueueMs.clear(); } // e.g. at the end of a warm-up

private:
    struct Exchange;
    QTcpSocket* takeConnection(const QUrl& url);
    void giveBack(QTcpSocket* socket, bool reusable);
    double nowMs() const { return double(m_clock.nsecsElapsed()) / 1.0e6; }

    QUrl m_target;
    std::vector<QTcpSocket*> m_idle;
    std::unordered_set<QTcpSocket*> m_busy;
    std::unordered_set<Exchange*> m_exchanges;
    std::vector<double> m_clientQueueMs;
    int m_opened = 0;
    QElapsedTimer m_clock;
};

} // namespace hedge::cli
