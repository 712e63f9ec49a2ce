// Exports of a Live session's buckets (docs/user-guide.md, "Live view"): the session replayed
// off the GUI thread (bit for bit the live buckets: runTimeline of LiveController's
// recordedScenario()) and written as CSV or JSON (timeline@1), since the view keeps only its
// window of buckets.
//
// * Each export is a job on a Foreground lane of the window's BackgroundRunner: a sweep's pass
//   running gives way to it. Exports asked while one runs queue behind it, in order.
// * finished(path, error) says when each file is written (or why not); the widget asking only
//   shows it.
// * When the window closes, the export in flight is finished (its file is what the user asked
//   for; the replay does not look at the stop token); those queued behind it are dropped.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/run/BackgroundRunner.h>

#include <QObject>
#include <QPointer>
#include <QString>

#include <deque>
#include <optional>

namespace hedge {

class LiveExport : public QObject {
    Q_OBJECT
public:
    // Runs on `runner` (the window's); without one, on its own.
    explicit LiveExport(BackgroundRunner* runner = nullptr, QObject* parent = nullptr);
    ~LiveExport() override;

    // Queues the export of `session` (a timeline scenario that has run a bucket) to `path`
    // (.csv, or .json: timeline@1); refused with the reason otherwise.
    std::optional<QString> start(const Scenario& session, const QString& path);
    // Exports asked and not finished yet (the one running and those queued).
    int pending() const { return int(m_queue.size()); }
    // Waits for the export in flight; drops the queued ones (the window closes).
    void shutdown();

signals:
    void finished(const QString& path, const std::optional<QString>& error);

private:
    struct Request {
        Scenario session;
        QString path;
        bool csv = false;
    };
    void startNext();
    void onWritten(const QString& path, const std::optional<QString>& error);

    QPointer<BackgroundRunner> m_runner; // the window's (it may go first)
    int m_lane = 0;
    std::deque<Request> m_queue;    // front: running
    std::optional<QString> m_error; // of the export running, posted by its job
};

} // namespace hedge
