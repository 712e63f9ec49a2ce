// `hedgesim confirm`'s own hedge-service: started on 127.0.0.1 (any free port) with the
// scenario's service and one cancellation mode, stopped with SIGTERM when it goes.
#pragma once

#include <hedge/Scenario.h>

#include <QProcess>
#include <QUrl>

#include <cstdint>
#include <string>

namespace hedge::cli {

class ServiceProcess {
public:
    // Looks for hedge-service next to the running program, then on PATH.
    static QString defaultProgram();

    ServiceProcess(QString program, const ServiceConfig& service, Cancellation cancellation,
                   std::uint64_t seed);
    ~ServiceProcess();
    ServiceProcess(const ServiceProcess&) = delete;
    ServiceProcess& operator=(const ServiceProcess&) = delete;

    // Starts it and reads the URL it prints; throws std::runtime_error saying why not.
    QUrl start();

private:
    QProcess m_process;
};

} // namespace hedge::cli
