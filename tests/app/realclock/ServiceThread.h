// Test helper: an in-process HttpService on 127.0.0.1 with its own event-loop thread, so that
// a load generator on the test's thread competes with it no more than with a real server.
//
// A std::thread of ours, not a QThread: its start, our lock and its join are hand-offs
// ThreadSanitizer sees (QThread::wait and a lambda posted into the thread's loop happen inside
// Debian's uninstrumented Qt: see WorkerInbox). The service is made, run and destroyed on it.
#pragma once

#include <HttpService.h>

#include <QEventLoop>
#include <QUrl>

#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

class ServiceThread {
public:
    explicit ServiceThread(const hedge::service::HttpServiceConfig& config)
        : m_thread([this, config] { run(config); })
    {
        std::unique_lock lock(m_lock);
        m_ready.wait(lock, [this] { return m_loop != nullptr; });
    }
    ~ServiceThread()
    {
        {
            const std::lock_guard lock(m_lock);
            // By name and without a payload: nothing of ours crosses inside Qt's event.
            QMetaObject::invokeMethod(m_loop, "quit", Qt::QueuedConnection);
        }
        m_thread.join();
    }

    bool listening() const
    {
        const std::lock_guard lock(m_lock);
        return m_listening;
    }
    QUrl url(const QString& query = {}) const
    {
        quint16 port = 0;
        {
            const std::lock_guard lock(m_lock);
            port = m_port;
        }
        QUrl u(QStringLiteral("http://127.0.0.1:%1/").arg(port));
        if (!query.isEmpty())
            u.setQuery(query);
        return u;
    }
    // The queue's figures (read under its own lock, the service kept alive by ours).
    hedge::service::ServiceStats stats() const
    {
        const std::lock_guard lock(m_lock);
        return m_service->stats();
    }

private:
    void run(const hedge::service::HttpServiceConfig& config)
    {
        QEventLoop loop;
        auto service = std::make_unique<hedge::service::HttpService>(config);
        const bool listening = service->listen(QHostAddress::LocalHost, 0);
        {
            const std::lock_guard lock(m_lock);
            m_listening = listening;
            m_port = service->serverPort();
            m_service = service.get();
            m_loop = &loop;
        }
        m_ready.notify_all();
        loop.exec();
        const std::lock_guard lock(m_lock);
        m_service = nullptr;
        service.reset();
    }

    mutable std::mutex m_lock;
    std::condition_variable m_ready;
    QEventLoop* m_loop = nullptr;
    bool m_listening = false;
    quint16 m_port = 0;
    hedge::service::HttpService* m_service = nullptr; // lives in run()
    std::thread m_thread;                             // last: started once the rest exists
};
