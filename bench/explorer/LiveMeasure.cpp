#include "LiveMeasure.h"

#include "ExplorerBench.h"
#include "LiveView.h"
#include "MainWindow.h"

#include <hedge/run/LiveController.h>
#include <hedge/run/TimingLog.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTimer>

#include <algorithm>
#include <memory>
#include <vector>

namespace hedge::bench {

namespace {

constexpr int kTickMs = 10;
constexpr int kRunMs = 5000;
constexpr double kWarmS = 600.0;
constexpr double kHourS = 3600.0;

long residentKiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').front().toLong();
    return -1;
}

struct Measure {
    QElapsedTimer wall;
    QElapsedTimer sinceTick;
    std::vector<double> lateMs;
    std::int64_t redraws0 = 0, paints0 = 0, buckets0 = 0;
    double sim0 = 0.0;
    long rssWarm = 0;
    QTimer ticker;
};

} // namespace

void measureLiveView(MainWindow& window)
{
    auto m = std::make_shared<Measure>();
    QTimer::singleShot(0, &window, [&window, m] {
        window.loadPreset(QStringLiteral("metastable"));
        LiveController* live = window.liveController();
        live->setSpeed(100.0);
        window.showLiveView();
        live->resume();
        m->redraws0 = live->redrawCount();
        m->paints0 = part<LiveView>(window)->chart()->paintCount();
        m->buckets0 = live->bucketCount();
        m->sim0 = live->nowS();
        m->wall.start();
        m->sinceTick.start();
        m->ticker.setTimerType(Qt::PreciseTimer);
        m->ticker.setInterval(kTickMs);
        QObject::connect(&m->ticker, &QTimer::timeout, &window, [&window, m, live] {
            m->lateMs.push_back(double(m->sinceTick.nsecsElapsed()) / 1e6 - kTickMs);
            m->sinceTick.start();
            if (m->wall.elapsed() < kRunMs)
                return;
            m->ticker.stop();
            const double s = double(m->wall.elapsed()) / 1000.0;
            std::vector<double> late = m->lateMs;
            std::sort(late.begin(), late.end());
            const auto at = [&late](double q) {
                return late.empty() ? 0.0 : late[std::size_t(q * double(late.size() - 1))];
            };
            qCInfo(lcExplorerTiming,
                   "live: x100 for %.1f s: %.1f simulated s/s, "
                   "%.1f redraws/s (timer), %.1f paints/s, %.0f buckets/s taken; "
                   "event-loop latency of a %d ms timer: median %.2f ms, p99 %.2f ms, "
                   "max %.2f ms (%zu ticks)",
                   s, (live->nowS() - m->sim0) / s, double(live->redrawCount() - m->redraws0) / s,
                   double(part<LiveView>(window)->chart()->paintCount() - m->paints0) / s,
                   double(live->bucketCount() - m->buckets0) / s, kTickMs, at(0.5), at(0.99),
                   late.empty() ? 0.0 : late.back(), late.size());
            // An hour of simulated time at load 0.5, as fast as possible.
            Scenario open = window.scenario();
            open.timeline.reset();
            live->setSpeed(LiveController::kFastest);
            live->start(open, 0.5, true);
            m->wall.start();
            auto* poll = new QTimer(&window);
            QObject::connect(poll, &QTimer::timeout, &window, [&window, m, live, poll] {
                if (m->rssWarm == 0 && live->nowS() >= kWarmS) {
                    m->rssWarm = residentKiB();
                    m->sim0 = live->nowS();
                    m->wall.start();
                }
                if (m->rssWarm == 0 || live->nowS() < m->sim0 + kHourS)
                    return;
                poll->stop();
                const long rss = residentKiB();
                qCInfo(lcExplorerTiming,
                       "live: an hour of simulated time (%zu "
                       "worlds, load 0.5) in %.1f s: resident %ld KiB after %.0f s, %ld "
                       "KiB an hour later (%+ld KiB per simulated hour); %zu buckets held",
                       live->rings().size(), double(m->wall.elapsed()) / 1000.0, m->rssWarm,
                       m->sim0, rss, rss - m->rssWarm, live->heldBuckets());
                window.close();
            });
            poll->start(100);
        });
        m->ticker.start();
    });
}

} // namespace hedge::bench
