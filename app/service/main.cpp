// hedge-service: the model's service as a real HTTP/1.1 server. See ServiceCommandLine.cpp.
#include "HttpService.h"
#include "ServiceCommandLine.h"

#include <hedge/Version.h>

#include <QCoreApplication>
#include <QHostInfo>
#include <QSocketNotifier>

#include <csignal>
#include <iostream>
#include <sys/socket.h>
#include <unistd.h>

namespace {

// SIGINT/SIGTERM reach the event loop through a socket pair (the self-pipe trick): a signal
// handler may only write(), the loop then quits and the workers are joined on the way out.
int g_signalPipe[2] = {-1, -1};

void onSignal(int)
{
    const char byte = 1;
    [[maybe_unused]] const auto n = ::write(g_signalPipe[0], &byte, 1);
}

} // namespace

int main(int argc, char** argv)
{
    using namespace hedge::service;
    ServiceCommandLine cl;
    try {
        cl = parseServiceCommandLine(std::vector<std::string>(argv + 1, argv + argc));
    } catch (const ServiceUsageError& e) {
        std::cerr << e.what() << "\n";
        return 2;
    }
    if (cl.action == ServiceCommandLine::Action::Help) {
        std::cout << serviceUsageText();
        return 0;
    }
    if (cl.action == ServiceCommandLine::Action::Version) {
        std::cout << "hedge-service " << hedge::kVersion << " (" << hedge::kProjectName << ")\n";
        return 0;
    }

    int qtArgc = 1;
    QCoreApplication app(qtArgc, argv);
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, g_signalPipe) != 0) {
        std::cerr << "hedge-service: cannot set up signal handling\n";
        return 1;
    }
    QSocketNotifier notifier(g_signalPipe[1], QSocketNotifier::Read);
    QObject::connect(&notifier, &QSocketNotifier::activated, &app, [] {
        char byte = 0;
        [[maybe_unused]] const auto n = ::read(g_signalPipe[1], &byte, 1);
        QCoreApplication::quit();
    });
    struct sigaction action = {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);

    const QHostAddress address = cl.host == "localhost" ? QHostAddress(QHostAddress::LocalHost)
                                                        : QHostAddress(QString::fromStdString(cl.host));
    HttpService service(cl.config);
    if (!service.listen(address, cl.port)) {
        std::cerr << "hedge-service: cannot listen on " << cl.host << ":" << cl.port << ": "
                  << service.errorString().toStdString() << "\n";
        return 1;
    }
    const hedge::ServiceConfig& s = cl.config.service;
    QString host = service.serverAddress().toString();
    if (service.serverAddress().protocol() == QAbstractSocket::IPv6Protocol)
        host = '[' + host + ']';
    // The first line is read by programs (hedgesim confirm): keep its shape.
    std::cout << "hedge-service: serving on http://" << host.toStdString() << ":"
              << service.serverPort() << "/\n"
              << "  " << s.workers << " workers, one FIFO queue, cancellation "
              << hedge::toString(cl.config.cancellation) << "\n"
              << "  service: log-normal median " << s.medianMs << " ms, sigma " << s.sigma
              << "; hiccups " << s.hiccupProbability * 100.0 << " % uniform in ["
              << s.hiccupMinMs << ", " << s.hiccupMaxMs << "] ms; errors (503) "
              << s.errorProbability * 100.0 << " %; seed " << cl.config.seed << "\n"
              << std::flush;
    const int status = QCoreApplication::exec();
    const ServiceStats stats = service.stats();
    std::cout << "hedge-service: stopped after " << stats.accepted << " requests ("
              << stats.completed << " served whole, " << stats.dropped << " dropped from the queue, "
              << stats.cut << " cut in service)\n"
              << std::flush;
    return status;
}
