// hedge-service's HTTP/1.1 front: a QTcpServer on the thread that owns it, in front of a
// ServiceQueue. Every request but `GET /stats` is one attempt of the model: it is queued,
// held by a worker for a service time drawn as the simulation draws it (RandomStreams), and
// answered 200, or 503 for a drawn error. `GET /stats` answers at once with the queue's
// figures as JSON (utilisation for `hedgesim load`).
//
// The query may name the draw: `load=L&call=C&attempt=A` takes the simulation's draw for that
// attempt (hedgesim load sends it to hedge-service, so that a confirmation runs on common
// random numbers); `service_ms=X` and `error=0|1` fix the request's behaviour (tests, demos).
//
// Why not Qt HTTP Server: in Qt 6.4 it gives a handler no signal when the client closes its
// connection, and `server` cancellation is exactly that signal. A QTcpSocket reports it as
// soon as the peer's FIN or RST arrives, so a queued request can leave the queue then.
#pragma once

#include "ServiceQueue.h"

#include <hedge/Scenario.h>
#include <hedge/qt/WorkerInbox.h>
#include <hedge/sim/RandomStreams.h>

#include <QHostAddress>
#include <QObject>
#include <QString>
#include <QTimer>

#include <atomic>
#include <memory>
#include <unordered_map>

class QTcpServer;
class QUrl;
class QTcpSocket;

namespace hedge::service {

struct HttpServiceConfig {
    ServiceConfig service;
    Cancellation cancellation = Cancellation::Client;
    std::uint64_t seed = 1;
};

class HttpService : public QObject {
public:
    explicit HttpService(const HttpServiceConfig& config, QObject* parent = nullptr);
    ~HttpService() override;

    // Port 0 picks a free port; false with errorString() when it cannot listen.
    bool listen(const QHostAddress& address, quint16 port);
    QString errorString() const;
    QHostAddress serverAddress() const;
    quint16 serverPort() const;

    ServiceStats stats() const { return m_queue->stats(); }
    // The /stats document.
    QByteArray statsJson() const;

private:
    struct Connection;
    void accept();
    void readRequests(QTcpSocket* socket);
    void startRequest(Connection& connection, bool closeAfter, bool statsRequest,
                      const QUrl& target);
    void finish(const std::shared_ptr<ServiceJob>& job);
    void respond(QTcpSocket* socket, bool closeAfter, const QByteArray& response);
    void dropConnection(QTcpSocket* socket);

    const HttpServiceConfig m_config;
    const RandomStreams m_streams;
    std::int64_t m_nextDraw = 0; // the counter of the service-time stream
    QTcpServer* m_server;
    std::unordered_map<QTcpSocket*, std::unique_ptr<Connection>> m_connections;
    std::unordered_map<const ServiceJob*, QTcpSocket*> m_waiting; // job in the queue or a worker
    WorkerInbox<std::shared_ptr<ServiceJob>> m_finishedJobs; // from the workers
    QTimer m_wake;                                           // takes m_finishedJobs
    std::unique_ptr<ServiceQueue> m_queue; // last: its workers stop before the rest goes
};

} // namespace hedge::service
