#include "MonotonicAlarm.h"

#include <QSocketNotifier>

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <sys/timerfd.h>
#include <unistd.h>

namespace hedge::cli {

MonotonicAlarm::MonotonicAlarm(std::function<void()> onAlarm, QObject* parent)
    : QObject(parent), m_onAlarm(std::move(onAlarm))
{
    m_fd = ::timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
    if (m_fd < 0)
        throw std::runtime_error("timerfd_create failed");
    m_notifier = std::make_unique<QSocketNotifier>(m_fd, QSocketNotifier::Read);
    connect(m_notifier.get(), &QSocketNotifier::activated, this, [this] {
        std::uint64_t expirations = 0;
        if (::read(m_fd, &expirations, sizeof expirations) == sizeof expirations)
            m_onAlarm();
    });
}

MonotonicAlarm::~MonotonicAlarm()
{
    m_notifier.reset();
    ::close(m_fd);
}

void MonotonicAlarm::start(double delayMs)
{
    // A zero it_value would disarm the timer: 1 ns rings at once.
    const auto ns = std::int64_t(std::max(1.0, std::round(delayMs * 1.0e6)));
    itimerspec spec{};
    spec.it_value.tv_sec = time_t(ns / 1000000000);
    spec.it_value.tv_nsec = long(ns % 1000000000);
    ::timerfd_settime(m_fd, 0, &spec, nullptr);
}

void MonotonicAlarm::stop()
{
    const itimerspec disarm{};
    ::timerfd_settime(m_fd, 0, &disarm, nullptr);
}

} // namespace hedge::cli
