// Fits the user's own service to measured latencies (Service → From Measurements…,
// docs/user-guide.md "Your own service") off the GUI thread: a file is read, and latencies
// measured under load are calibrated round by round (fitService).
//
// * One fit at a time, a job on a Foreground lane of the window's BackgroundRunner (a sweep's
//   pass running gives way to it). start() makes the fit in place stale: what it would still
//   report is dropped. stop() ends the calibration with its last round's fit; cancel() drops it.
// * The fit outlives the dialog that asked for it: a dialog that closes mid-round leaves the
//   round to end on the runner's thread, not on the GUI's.
#pragma once

#include <hedge/run/BackgroundRunner.h>
#include <hedge/service/ServiceFitting.h>

#include <QObject>
#include <QPointer>
#include <QString>

#include <string>
#include <vector>

namespace hedge {

class ServiceFitController : public QObject {
    Q_OBJECT
public:
    // Runs on `runner` (the window's); without one, on its own.
    explicit ServiceFitController(BackgroundRunner* runner = nullptr, QObject* parent = nullptr);
    ~ServiceFitController() override;

    // Starts the fit of `request`; a fit in place becomes stale.
    void start(const ServiceFitRequest& request);
    // The calibration stops: fitted() brings its last round's fit, then ended(false).
    void stop();
    // The fit in place is dropped: nothing more comes from it.
    void cancel();
    // cancel(), and waits for a round in progress (the window closes).
    void shutdown();
    bool isRunning() const;

signals:
    // A Prometheus file's histogram series (before the fit: the picker is filled even when the
    // fit is refused).
    void seriesFound(const std::vector<std::string>& series);
    // A calibration round ended with `residual`, its largest |residual|.
    void roundDone(int round, double residual);
    void fitted(const ServiceFit& fit);
    // The fit ended: completed, stopped (completed = false), or refused (error).
    void ended(bool completed, const QString& error);

private:
    QPointer<BackgroundRunner> m_runner; // the window's (it may go first)
    int m_lane = 0;
};

} // namespace hedge
