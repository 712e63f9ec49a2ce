#include <hedge/run/LiveExport.h>

#include <hedge/qt/AtomicFile.h>
#include <hedge/io/TimelineResultsFile.h>
#include <hedge/sim/TimelineWorld.h>

#include <QFileInfo>

#include <utility>

namespace hedge {

LiveExport::LiveExport(BackgroundRunner* runner, QObject* parent)
    : QObject(parent), m_runner(runner ? runner : new BackgroundRunner(this)),
      m_lane(m_runner->addLane(BackgroundRunner::Kind::Foreground))
{}

LiveExport::~LiveExport()
{
    shutdown();
    if (m_runner)
        m_runner->removeLane(m_lane);
}

std::optional<QString> LiveExport::start(const Scenario& session, const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QLatin1String("csv") && suffix != QLatin1String("json"))
        return tr("%1: a buckets export is .csv or .json").arg(path);
    if (!session.timeline || session.timeline->durationS <= 0.0)
        return tr("Nothing to export yet: the session has not run a bucket.");
    m_queue.push_back({session, path, suffix == QLatin1String("csv")});
    if (m_queue.size() == 1)
        startNext();
    return std::nullopt;
}

void LiveExport::startNext()
{
    if (m_queue.empty() || !m_runner)
        return;
    const Request& request = m_queue.front();
    m_error.reset();
    const auto job = [this, request](BackgroundRunner::Worker& worker) {
        // Bit-identical whatever the thread count (runTimeline); not stopped: the file is
        // what the user asked for.
        const TimelineOutcome outcome = runTimeline(request.session, worker.threads());
        const std::string bytes = request.csv
                                      ? writeTimelineResultsCsv(outcome.worlds)
                                      : writeTimelineResultsJson(request.session, outcome.worlds);
        std::optional<QString> error;
        if (auto e = writeFileAtomically(request.path.toStdString(), bytes))
            error = QString::fromStdString(*e);
        // Kept: the file is written whatever happens to the run.
        worker.keep([this, error] { m_error = error; });
    };
    m_runner->start({.owner = m_lane,
                     .passes = {[job] { return job; }},
                     .onEnd = [this](const BackgroundRunner::Outcome& outcome) {
                         const QString path = m_queue.front().path;
                         std::optional<QString> error = m_error;
                         if (!outcome.error.isEmpty())
                             error = outcome.error;
                         m_queue.pop_front();
                         startNext();
                         emit finished(path, error);
                     }});
}

void LiveExport::shutdown()
{
    if (!m_runner || m_queue.empty())
        return;
    // The job in flight writes its file before the thread ends; the queued ones never start.
    m_queue.clear();
    m_runner->shutdown(m_lane);
}

} // namespace hedge
