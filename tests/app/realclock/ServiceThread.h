// Test helper: an in-process HttpService on 127.0.0.1 with its own event-loop thread, so that
// a load generator on the test's thread competes with it no more than with a real server.
#pragma once

#include <HttpService.h>

#include <QThread>
#include <QUrl>

#include <memory>

class ServiceThread {
public:
    explicit ServiceThread(const hedge::service::HttpServiceConfig& config)
    {
        m_thread.start();
        QMetaObject::invokeMethod(
            &m_anchor,
            [this, config] {
                m_service = std::make_unique<hedge::service::HttpService>(config);
                m_listening = m_service->listen(QHostAddress::LocalHost, 0);
                m_port = m_service->serverPort();
            },
            Qt::BlockingQueuedConnection);
    }
    ~ServiceThread()
    {
        QMetaObject::invokeMethod(
            &m_anchor, [this] { m_service.reset(); }, Qt::BlockingQueuedConnection);
        m_thread.quit();
        m_thread.wait();
    }

    bool listening() const { return m_listening; }
    QUrl url(const QString& query = {}) const
    {
        QUrl u(QStringLiteral("http://127.0.0.1:%1/").arg(m_port));
        if (!query.isEmpty())
            u.setQuery(query);
        return u;
    }
    // Thread-safe: the queue's figures are read under its lock.
    hedge::service::ServiceStats stats() const { return m_service->stats(); }

private:
    struct Anchor : QObject {
        explicit Anchor(QThread* thread) { moveToThread(thread); }
    };
    QThread m_thread;
    Anchor m_anchor{&m_thread};
    std::unique_ptr<hedge::service::HttpService> m_service;
    bool m_listening = false;
    quint16 m_port = 0;
};
