#include "HttpService.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QMetaObject>
#include <QTcpServer>
#include <QTcpSocket>
#include <QUrl>
#include <QUrlQuery>

namespace hedge::service {

namespace {

constexpr qsizetype kMaxHeaderBytes = 64 * 1024;

QByteArray httpResponse(int status, const char* reason, const QByteArray& extraHeaders,
                        const QByteArray& contentType, const QByteArray& body, bool closeAfter)
{
    QByteArray r = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason + "\r\n";
    r += "Content-Type: " + contentType + "\r\n";
    r += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    if (closeAfter)
        r += "Connection: close\r\n";
    r += extraHeaders;
    r += "\r\n";
    r += body;
    return r;
}

// The simulation's draw of an attempt's service: from the service's table when it has one.
ServiceDraw serviceDraw(const ServiceConfig& s, const RandomStreams& streams, std::int64_t call,
                        int attempt)
{
    if (s.distribution)
        return streams.tableService(call, attempt, s.distribution->table, s.errorProbability);
    return streams.service(call, attempt, s.medianMs, s.sigma, s.hiccupProbability,
                           s.hiccupMinMs, s.hiccupMaxMs, s.errorProbability);
}

} // namespace

// One client connection. HTTP/1.1 without pipelining in practice: one request at a time is
// served; bytes of a next request wait in the buffer until the current one is answered.
struct HttpService::Connection {
    QByteArray buffer;
    std::shared_ptr<ServiceJob> job; // the request being served, if any
    bool closeAfter = false;
};

HttpService::HttpService(const HttpServiceConfig& config, QObject* parent)
    : QObject(parent),
      m_config(config),
      m_streams(config.seed, 0.0),
      m_server(new QTcpServer(this)),
      m_queue(std::make_unique<ServiceQueue>(
          config.service.workers, config.cancellation,
          [this](std::shared_ptr<ServiceJob> job) {
              // From a worker thread: hand the answer to this object's thread. The wake-up is
              // QTimer::start by name (this class has no meta-object of its own), so nothing
              // of ours crosses inside Qt's event (see WorkerInbox).
              if (m_finishedJobs.put(std::move(job)))
                  QMetaObject::invokeMethod(&m_wake, "start", Qt::QueuedConnection);
          }))
{
    m_wake.setParent(this); // follows this object to another thread, if it moves
    m_wake.setSingleShot(true);
    m_wake.setInterval(0);
    connect(&m_wake, &QTimer::timeout, this, [this] {
        for (const std::shared_ptr<ServiceJob>& job : m_finishedJobs.take())
            finish(job);
    });
    // A load generator opens connections in bursts (every cancelled loser costs one); Qt's
    // default of 30 pending connections would make the kernel drop SYNs and delay clients by
    // a whole retransmission second.
    m_server->setMaxPendingConnections(1024);
    connect(m_server, &QTcpServer::newConnection, this, &HttpService::accept);
}

HttpService::~HttpService()
{
    m_queue.reset(); // join the workers before anything they call back into goes away
    // The sockets are the server's children and would go after this object's members; a
    // socket closing on deletion emits disconnected(), which must not reach them.
    for (QTcpSocket* socket : m_server->findChildren<QTcpSocket*>())
        socket->disconnect(this);
    delete m_server;
}

bool HttpService::listen(const QHostAddress& address, quint16 port)
{
    return m_server->listen(address, port);
}

QString HttpService::errorString() const
{
    return m_server->errorString();
}

QHostAddress HttpService::serverAddress() const
{
    return m_server->serverAddress();
}

quint16 HttpService::serverPort() const
{
    return m_server->serverPort();
}

QByteArray HttpService::statsJson() const
{
    const ServiceStats s = m_queue->stats();
    const QJsonObject o{
        {"workers", s.workers},
        {"cancellation", toString(s.cancellation)},
        {"accepted", double(s.accepted)},
        {"completed", double(s.completed)},
        {"dropped", double(s.dropped)},
        {"cut", double(s.cut)},
        {"abandoned", double(s.abandoned)},
        {"busy", s.busy},
        {"max_busy", s.maxBusy},
        {"queued", double(s.queued)},
        {"busy_ms", s.busyMs},
        {"uptime_ms", s.uptimeMs},
    };
    return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
}

void HttpService::accept()
{
    while (QTcpSocket* socket = m_server->nextPendingConnection()) {
        socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        m_connections.emplace(socket, std::make_unique<Connection>());
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { readRequests(socket); });
        // The client closed or reset the connection: that is what `server` cancellation acts on.
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] { dropConnection(socket); });
        connect(socket, &QTcpSocket::errorOccurred, this,
                [this, socket](QAbstractSocket::SocketError) { dropConnection(socket); });
        if (socket->bytesAvailable() > 0)
            readRequests(socket);
    }
}

void HttpService::readRequests(QTcpSocket* socket)
{
    const auto found = m_connections.find(socket);
    if (found == m_connections.end())
        return;
    Connection& c = *found->second;
    c.buffer += socket->readAll();
    while (!c.job) {
        const qsizetype headerEnd = c.buffer.indexOf("\r\n\r\n");
        if (headerEnd < 0) {
            if (c.buffer.size() > kMaxHeaderBytes)
                respond(socket, true,
                        httpResponse(431, "Request Header Fields Too Large", {}, "text/plain",
                                     "header too large\n", true));
            return;
        }
        const QList<QByteArray> lines = c.buffer.left(headerEnd).split('\n');
        const QList<QByteArray> requestLine = lines.front().trimmed().split(' ');
        if (requestLine.size() != 3 || !requestLine[2].startsWith("HTTP/1.")) {
            respond(socket, true,
                    httpResponse(400, "Bad Request", {}, "text/plain", "bad request line\n", true));
            return;
        }
        qsizetype contentLength = 0;
        bool close = requestLine[2] == "HTTP/1.0";
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QByteArray line = lines[i].trimmed();
            const qsizetype colon = line.indexOf(':');
            if (colon <= 0)
                continue;
            const QByteArray name = line.left(colon).trimmed().toLower();
            const QByteArray value = line.mid(colon + 1).trimmed().toLower();
            if (name == "content-length")
                contentLength = value.toLongLong();
            else if (name == "connection")
                close = value == "close" ? true : value == "keep-alive" ? false : close;
        }
        if (c.buffer.size() < headerEnd + 4 + contentLength)
            return; // the body is still coming
        c.buffer.remove(0, headerEnd + 4 + contentLength);
        const bool stats = requestLine[0] == "GET" && requestLine[1] == "/stats";
        startRequest(c, close, stats, QUrl(QString::fromLatin1(requestLine[1])));
        if (stats) {
            respond(socket, close,
                    httpResponse(200, "OK", {}, "application/json", statsJson(), close));
            if (close)
                return;
            continue;
        }
        m_waiting.emplace(c.job.get(), socket);
        m_queue->submit(c.job);
    }
}

void HttpService::startRequest(Connection& connection, bool closeAfter, bool statsRequest,
                               const QUrl& target)
{
    connection.closeAfter = closeAfter;
    if (statsRequest)
        return;
    const ServiceConfig& s = m_config.service;
    const QUrlQuery query(target);
    ServiceDraw draw{};
    bool callOk = false, attemptOk = false, loadOk = false;
    const qlonglong call = query.queryItemValue(QStringLiteral("call")).toLongLong(&callOk);
    const int attempt = query.queryItemValue(QStringLiteral("attempt")).toInt(&attemptOk);
    const double load = query.queryItemValue(QStringLiteral("load")).toDouble(&loadOk);
    if (callOk && attemptOk && loadOk && call >= 0 && attempt >= 0) {
        // The simulation's own draw for this attempt of this call at this load: a confirmation
        // then compares real and simulated runs on common random numbers.
        draw = serviceDraw(s, RandomStreams(m_config.seed, load), call, attempt);
    } else {
        draw = serviceDraw(s, m_streams, m_nextDraw++, 0);
    }
    // Fixed behaviour on demand, for tests and demonstrations.
    bool fixedOk = false;
    const double fixedMs = query.queryItemValue(QStringLiteral("service_ms")).toDouble(&fixedOk);
    if (fixedOk && fixedMs >= 0.0 && fixedMs <= 3.6e6)
        draw.serviceMs = fixedMs;
    if (query.hasQueryItem(QStringLiteral("error")))
        draw.error = query.queryItemValue(QStringLiteral("error")) == QStringLiteral("1");
    auto job = std::make_shared<ServiceJob>();
    job->serviceMs = draw.serviceMs;
    job->error = draw.error;
    connection.job = std::move(job);
}

void HttpService::finish(const std::shared_ptr<ServiceJob>& job)
{
    const auto waiting = m_waiting.find(job.get());
    if (waiting == m_waiting.end())
        return; // its client went away: nobody to answer
    QTcpSocket* socket = waiting->second;
    m_waiting.erase(waiting);
    const auto found = m_connections.find(socket);
    if (found == m_connections.end())
        return;
    Connection& c = *found->second;
    c.job.reset();
    const QByteArray headers =
        "X-Arrival-Order: " + QByteArray::number(qulonglong(job->arrivalOrder)) + "\r\n" +
        "X-Start-Order: " + QByteArray::number(qulonglong(job->startOrder)) + "\r\n" +
        "X-Busy-At-Start: " + QByteArray::number(job->busyAtStart) + "\r\n" +
        "X-Service-Ms: " + QByteArray::number(job->heldMs, 'f', 4) + "\r\n" +
        "X-Drawn-Service-Ms: " + QByteArray::number(job->serviceMs, 'f', 4) + "\r\n";
    const QByteArray response =
        job->error ? httpResponse(503, "Service Unavailable", headers, "text/plain",
                                  "drawn error\n", c.closeAfter)
                   : httpResponse(200, "OK", headers, "text/plain", "ok\n", c.closeAfter);
    respond(socket, c.closeAfter, response);
    if (!c.closeAfter && !c.buffer.isEmpty())
        readRequests(socket); // a request that arrived while this one was served
}

void HttpService::respond(QTcpSocket* socket, bool closeAfter, const QByteArray& response)
{
    socket->write(response);
    if (closeAfter) {
        // Deleted once closed: deleting it now would throw away the unsent response.
        m_connections.erase(socket);
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        socket->disconnectFromHost();
    }
}

void HttpService::dropConnection(QTcpSocket* socket)
{
    const auto found = m_connections.find(socket);
    if (found == m_connections.end())
        return;
    if (const std::shared_ptr<ServiceJob> job = found->second->job) {
        m_waiting.erase(job.get());
        m_queue->cancel(job);
    }
    m_connections.erase(found);
    socket->deleteLater();
}

} // namespace hedge::service
