#include <hedge/run/ServiceFitController.h>

#include <hedge/service/MeasurementImport.h>

#include <utility>

namespace hedge {

ServiceFitController::ServiceFitController(BackgroundRunner* runner, QObject* parent)
    : QObject(parent), m_runner(runner ? runner : new BackgroundRunner(this)),
      m_lane(m_runner->addLane(BackgroundRunner::Kind::Foreground))
{}

ServiceFitController::~ServiceFitController()
{
    shutdown();
    if (m_runner)
        m_runner->removeLane(m_lane);
}

void ServiceFitController::start(const ServiceFitRequest& request)
{
    const auto job = [this, r = request](BackgroundRunner::Worker& worker) {
        // The file's series first: the picker is filled even when the fit is refused
        // (several label sets and none chosen).
        if (r.file && r.file->format == MeasurementFormat::Prometheus) {
            std::vector<std::string> series;
            try {
                series = prometheusSeries(r.file->path);
            } catch (const MeasurementError&) {
                // The fit below reports the file's error.
            }
            worker.post([this, series = std::move(series)] { emit seriesFound(series); });
        }
        ServiceFit fit = fitService(r, [&worker, this](int round, double residual) {
            worker.post([this, round, residual] { emit roundDone(round, residual); });
            return !worker.stopRequested();
        });
        worker.post([this, fit = std::move(fit)] { emit fitted(fit); });
    };
    m_runner->start({.owner = m_lane,
                     .passes = {[job] { return job; }},
                     .onEnd = [this](const BackgroundRunner::Outcome& outcome) {
                         emit ended(outcome.completed, outcome.error);
                     }});
}

void ServiceFitController::stop()
{
    if (m_runner)
        m_runner->stop(m_lane);
}

void ServiceFitController::cancel()
{
    if (m_runner)
        m_runner->cancel(m_lane);
}

void ServiceFitController::shutdown()
{
    if (m_runner)
        m_runner->shutdown(m_lane);
}

bool ServiceFitController::isRunning() const
{
    return m_runner && m_runner->isActive(m_lane);
}

} // namespace hedge
