// A one-shot alarm with sub-millisecond precision for the load generator's arrivals. QTimer
// in Qt 6.4 takes whole milliseconds, so arrivals armed with it start 0.5 ms late on average,
// which the latency from the intended start then carries. A Linux timerfd woken through the
// event loop (QSocketNotifier) keeps the lateness to the loop's own dispatch delay.
#pragma once

#include <QObject>

#include <functional>
#include <memory>

class QSocketNotifier;

namespace hedge::cli {

class MonotonicAlarm : public QObject {
public:
    explicit MonotonicAlarm(std::function<void()> onAlarm, QObject* parent = nullptr);
    ~MonotonicAlarm() override;

    // Rings once, `delayMs` from now (≤ 0: as soon as the event loop runs). Re-arming
    // replaces the pending alarm.
    void start(double delayMs);
    void stop();

private:
    int m_fd = -1;
    std::unique_ptr<QSocketNotifier> m_notifier;
    std::function<void()> m_onAlarm;
};

} // namespace hedge::cli
