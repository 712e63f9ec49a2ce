#include "HttpAttemptPool.h"

#include <QMetaObject>
#include <QTcpSocket>

#include <coroutine>

namespace hedge::cli {

// One request on one connection, in the attempt's coroutine frame. The socket's signals are
// connected with `guard` as context, so they stop reaching it when the frame goes.
struct HttpAttemptPool::Exchange {
    QObject guard;
    QTcpSocket* socket = nullptr;
    QByteArray buffer;
    bool done = false;
    bool reusable = false;
    int status = 0;
    QString error;
    std::coroutine_handle<> waiter;

    void finish(int httpStatus, QString why, bool keepAlive)
    {
        if (done)
            return;
        done = true;
        status = httpStatus;
        error = std::move(why);
        reusable = keepAlive;
        if (waiter) {
            // Resume from the event loop, not inside the socket's own signal.
            QMetaObject::invokeMethod(
                &guard, [h = std::exchange(waiter, {})] { h.resume(); }, Qt::QueuedConnection);
        }
    }

    void readAvailable()
    {
        if (socket->isOpen())
            buffer += socket->readAll();
    }

    // Parses what has arrived; finishes once the whole response is in.
    void parse(bool closed)
    {
        const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
        if (headerEnd < 0) {
            if (closed)
                finish(0, QStringLiteral("connection closed before a response"), false);
            return;
        }
        const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
        const QList<QByteArray> statusLine = lines.front().trimmed().split(' ');
        const int code = statusLine.value(1).toInt();
        qsizetype length = -1;
        bool chunked = false;
        bool keepAlive = statusLine.value(0) == "HTTP/1.1";
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines[i].indexOf(':');
            if (colon <= 0)
                continue;
            const QByteArray name = lines[i].left(colon).trimmed().toLower();
            const QByteArray value = lines[i].mid(colon + 1).trimmed().toLower();
            if (name == "content-length")
                length = value.toLongLong();
            else if (name == "transfer-encoding")
                chunked = value.contains("chunked");
            else if (name == "connection")
                keepAlive = value == "close" ? false : value == "keep-alive" ? true : keepAlive;
        }
        const qsizetype bodyStart = headerEnd + 4;
        if (chunked) {
            // Walk the chunks; the body is complete at the zero-size chunk and its blank line.
            qsizetype at = bodyStart;
            for (;;) {
                const qsizetype lineEnd = buffer.indexOf("\r\n", at);
                if (lineEnd < 0)
                    break;
                bool ok = false;
                const qsizetype size = buffer.mid(at, lineEnd - at).split(';').front().trimmed().toLongLong(&ok, 16);
                if (!ok) {
                    finish(0, QStringLiteral("bad chunked body"), false);
                    return;
                }
                if (size == 0) {
                    if (buffer.indexOf("\r\n\r\n", lineEnd) >= 0 || buffer.endsWith("\r\n\r\n"))
                        finish(code, {}, keepAlive);
                    break;
                }
                at = lineEnd + 2 + size + 2;
                if (buffer.size() < at)
                    break;
            }
        } else if (length >= 0) {
            if (buffer.size() >= bodyStart + length)
                finish(code, {}, keepAlive);
        } else if (closed || code == 204 || code == 304) {
            finish(code, {}, false); // the body runs to the end of the connection
            return;
        }
        if (closed && !done)
            finish(0, QStringLiteral("connection closed mid-response"), false);
    }

    struct Awaiter {
        Exchange* exchange;
        bool await_ready() const noexcept { return exchange->done; }
        void await_suspend(std::coroutine_handle<> h) noexcept { exchange->waiter = h; }
        void await_resume() const noexcept {}
    };
};

HttpAttemptPool::HttpAttemptPool(QUrl target) : m_target(std::move(target))
{
    m_clock.start();
}

HttpAttemptPool::~HttpAttemptPool()
{
    abortAll();
    for (QTcpSocket* socket : m_idle)
        delete socket;
    for (QTcpSocket* socket : m_busy)
        socket->deleteLater();
}

void HttpAttemptPool::abortAll()
{
    const std::vector<Exchange*> exchanges(m_exchanges.begin(), m_exchanges.end());
    for (Exchange* e : exchanges) {
        e->socket->abort();
        e->finish(0, QStringLiteral("aborted"), false);
    }
}

QTcpSocket* HttpAttemptPool::takeConnection(const QUrl& url)
{
    while (!m_idle.empty()) {
        QTcpSocket* socket = m_idle.back();
        m_idle.pop_back();
        if (socket->state() == QAbstractSocket::ConnectedState && socket->peerPort() == url.port(80)) {
            m_busy.insert(socket);
            return socket;
        }
        socket->deleteLater(); // closed by the server while idle
    }
    auto* socket = new QTcpSocket;
    socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    socket->connectToHost(url.host(), quint16(url.port(80)));
    ++m_opened;
    m_busy.insert(socket);
    return socket;
}

void HttpAttemptPool::giveBack(QTcpSocket* socket, bool reusable)
{
    m_busy.erase(socket);
    if (reusable && socket->state() == QAbstractSocket::ConnectedState &&
        socket->bytesAvailable() == 0) {
        m_idle.push_back(socket);
        return;
    }
    socket->abort();
    socket->deleteLater();
}

QCoro::Task<AttemptResult<int>> HttpAttemptPool::attempt(AttemptToken token, QUrl url)
{
    if (url.isEmpty())
        url = m_target;
    Exchange exchange;
    m_exchanges.insert(&exchange);
    QTcpSocket* socket = takeConnection(url);
    exchange.socket = socket;
    const QByteArray path = url.path(QUrl::FullyEncoded).isEmpty()
                                ? QByteArray("/")
                                : url.path(QUrl::FullyEncoded).toUtf8();
    const QByteArray query = url.hasQuery() ? "?" + url.query(QUrl::FullyEncoded).toUtf8() : "";
    const QByteArray request = "GET " + path + query + " HTTP/1.1\r\nHost: " +
                               url.host().toUtf8() + ":" + QByteArray::number(url.port(80)) +
                               "\r\nAccept: */*\r\n\r\n";
    const double issuedAt = nowMs();
    const auto send = [this, socket, request, issuedAt] {
        socket->write(request);
        socket->flush();
        m_clientQueueMs.push_back(nowMs() - issuedAt);
    };
    QObject::connect(socket, &QTcpSocket::readyRead, &exchange.guard, [&exchange] {
        exchange.readAvailable();
        exchange.parse(false);
    });
    QObject::connect(socket, &QTcpSocket::disconnected, &exchange.guard, [&exchange] {
        exchange.readAvailable();
        exchange.parse(true);
    });
    QObject::connect(socket, &QTcpSocket::errorOccurred, &exchange.guard,
                     [&exchange](QAbstractSocket::SocketError error) {
                         exchange.readAvailable();
                         if (error == QAbstractSocket::RemoteHostClosedError)
                             exchange.parse(true);
                         else
                             exchange.finish(0, exchange.socket->errorString(), false);
                     });
    if (socket->state() == QAbstractSocket::ConnectedState)
        send();
    else
        QObject::connect(socket, &QTcpSocket::connected, &exchange.guard, send);
    if (QObject* context = token.context())
        QObject::connect(context, &QObject::destroyed, &exchange.guard, [&exchange] {
            // Closing the connection is how an HTTP/1.1 client cancels: the server sees it.
            exchange.socket->abort();
            exchange.finish(0, QStringLiteral("cancelled"), false);
        });
    else
        exchange.finish(0, QStringLiteral("cancelled"), false);

    co_await Exchange::Awaiter{&exchange};

    m_exchanges.erase(&exchange);
    QObject::disconnect(socket, nullptr, &exchange.guard, nullptr);
    giveBack(socket, exchange.reusable && exchange.error.isEmpty());
    if (exchange.status == 200)
        co_return AttemptResult<int>::success(200);
    if (exchange.status != 0)
        co_return AttemptResult<int>::handledError(QStringLiteral("HTTP %1").arg(exchange.status));
    co_return AttemptResult<int>::handledError(exchange.error);
}

} // namespace hedge::cli
