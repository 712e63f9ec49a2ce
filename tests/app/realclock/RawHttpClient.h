// Test helper: HTTP/1.1 requests over plain QTcpSockets on loopback, one connection each
// (or several requests in a row on one), so that a test decides exactly when a client goes
// away (abort() closes the connection, as a load generator's loser would).
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTimer>
#include <QHash>
#include <QTcpSocket>
#include <QTest>

#include <memory>

// QTest::qWaitFor sleeps 10 ms between looks; a test that answers request after request needs
// every event handled at once. A 5 ms ticker wakes the loop so that the deadline is seen.
template <class Predicate>
bool waitUntil(Predicate done, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    QTimer ticker;
    ticker.start(5);
    while (!done()) {
        if (clock.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    }
    return true;
}

struct RawResponse {
    int status = 0;
    QHash<QByteArray, QByteArray> headers; // lower-case names
    double header(const char* name) const { return headers.value(name).toDouble(); }
};

class RawHttpConnection {
public:
    explicit RawHttpConnection(quint16 port)
    {
        m_socket.connectToHost(QHostAddress::LocalHost, port);
        QObject::connect(&m_socket, &QTcpSocket::readyRead, [this] { read(); });
    }
    bool waitConnected() { return m_socket.waitForConnected(5000); }
    void send(const QByteArray& path = "/")
    {
        m_socket.write("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        m_socket.flush();
    }
    // Sends `count` requests one after the other, each once the previous one is answered.
    void sendInARow(int count)
    {
        m_toSend = count - 1;
        send();
    }
    void abort() { m_socket.abort(); }
    const QList<RawResponse>& responses() const { return m_responses; }
    QByteArray lastBody() const { return m_lastBody; }

private:
    void read()
    {
        m_buffer += m_socket.readAll();
        for (;;) {
            const qsizetype end = m_buffer.indexOf("\r\n\r\n");
            if (end < 0)
                return;
            const QList<QByteArray> lines = m_buffer.left(end).split('\n');
            RawResponse r;
            r.status = lines.front().split(' ').value(1).toInt();
            for (qsizetype i = 1; i < lines.size(); ++i) {
                const qsizetype colon = lines[i].indexOf(':');
                if (colon > 0)
                    r.headers.insert(lines[i].left(colon).trimmed().toLower(),
                                     lines[i].mid(colon + 1).trimmed());
            }
            const qsizetype length = r.headers.value("content-length").toLongLong();
            if (m_buffer.size() < end + 4 + length)
                return;
            m_lastBody = m_buffer.mid(end + 4, length);
            m_buffer.remove(0, end + 4 + length);
            m_responses.push_back(r);
            if (m_toSend > 0) {
                --m_toSend;
                send();
            }
        }
    }

    QTcpSocket m_socket;
    QByteArray m_buffer;
    QByteArray m_lastBody;
    QList<RawResponse> m_responses;
    int m_toSend = 0;
};
