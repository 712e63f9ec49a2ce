#include "ServiceCommandLine.h"

#include <hedge/io/Format.h>
#include <hedge/io/ScenarioJson.h>
#include <hedge/io/ScenarioValidation.h>

#include <charconv>
#include <cmath>

namespace hedge::service {

namespace {

[[noreturn]] void usage(const std::string& field, const std::string& problem)
{
    throw ServiceUsageError(field + ": " + problem + " (see hedge-service --help)");
}

double parseNumber(const std::string& option, const std::string& text, double lo, double hi,
                   bool loOpen = false)
{
    double value = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    const bool inRange = loOpen ? value > lo : value >= lo;
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value) ||
        !inRange || value > hi) {
        const std::string range = (loOpen ? "above " : "") + io_detail::formatNumber(lo) + " … " +
                                  io_detail::formatNumber(hi);
        usage(option, "\"" + text + "\" is not allowed (allowed " + range + ")");
    }
    return value;
}

void parseListen(const std::string& text, ServiceCommandLine& cl)
{
    const auto colon = text.rfind(':');
    if (colon == std::string::npos || colon == 0)
        usage("--listen", "\"" + text + "\" is not HOST:PORT (e.g. 127.0.0.1:8080)");
    cl.host = text.substr(0, colon);
    if (cl.host.size() > 2 && cl.host.front() == '[' && cl.host.back() == ']')
        cl.host = cl.host.substr(1, cl.host.size() - 2);
    if (QHostAddress(QString::fromStdString(cl.host)).isNull() && cl.host != "localhost")
        usage("--listen", "\"" + cl.host + "\" is not an IP address or localhost");
    cl.port = quint16(parseNumber("--listen", text.substr(colon + 1), 0, 65535));
}

} // namespace

ServiceCommandLine parseServiceCommandLine(const std::vector<std::string>& args)
{
    ServiceCommandLine cl;
    ServiceConfig& s = cl.config.service;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string arg = args[i];
        std::string value;
        bool hasValue = false;
        if (const auto eq = arg.find('='); arg.starts_with("--") && eq != std::string::npos) {
            value = arg.substr(eq + 1);
            arg = arg.substr(0, eq);
            hasValue = true;
        }
        const auto take = [&]() -> const std::string& {
            if (!hasValue) {
                if (i + 1 >= args.size())
                    usage(arg, "needs a value");
                value = args[++i];
            }
            return value;
        };
        if (arg == "--help" || arg == "-h") {
            cl.action = ServiceCommandLine::Action::Help;
            return cl;
        } else if (arg == "--version" || arg == "-v") {
            cl.action = ServiceCommandLine::Action::Version;
            return cl;
        } else if (arg == "--listen") {
            parseListen(take(), cl);
        } else if (arg == "--workers") {
            s.workers = int(parseNumber(arg, take(), limits::kMinWorkers, limits::kMaxWorkers));
        } else if (arg == "--median-ms") {
            s.medianMs = parseNumber(arg, take(), 0.0, 1.0e6, true);
        } else if (arg == "--sigma") {
            s.sigma = parseNumber(arg, take(), 0.0, limits::kMaxSigma);
        } else if (arg == "--hiccup-probability") {
            s.hiccupProbability = parseNumber(arg, take(), 0.0, 1.0);
        } else if (arg == "--hiccup-min-ms") {
            s.hiccupMinMs = parseNumber(arg, take(), 0.0, 1.0e6);
        } else if (arg == "--hiccup-max-ms") {
            s.hiccupMaxMs = parseNumber(arg, take(), 0.0, 1.0e6);
        } else if (arg == "--error-probability") {
            s.errorProbability = parseNumber(arg, take(), 0.0, 1.0);
        } else if (arg == "--seed") {
            cl.config.seed = std::uint64_t(parseNumber(arg, take(), 0.0, 9.0e15));
        } else if (arg == "--cancellation") {
            const std::string& mode = take();
            if (mode == "client")
                cl.config.cancellation = Cancellation::Client;
            else if (mode == "server")
                cl.config.cancellation = Cancellation::Server;
            else
                usage(arg, "\"" + mode + "\" is not allowed (allowed client, server)");
        } else if (arg == "--scenario") {
            const std::string& file = take();
            try {
                const Scenario scenario = readScenarioFile(file);
                s = scenario.service;
                cl.config.seed = scenario.seed;
            } catch (const ScenarioError& e) {
                usage("--scenario", file + ": " + e.what());
            }
        } else {
            usage(arg, "unknown option");
        }
    }
    if (s.hiccupMaxMs < s.hiccupMinMs)
        usage("--hiccup-max-ms", "is below --hiccup-min-ms (" + io_detail::formatNumber(s.hiccupMinMs) +
                                     ")");
    Scenario check;
    check.service = s;
    if (const auto error = firstScenarioError(check))
        usage(error->field(), error->problem());
    return cl;
}

std::string serviceUsageText()
{
    return "Usage:\n"
           "  hedge-service [--listen HOST:PORT] [--workers N] [--cancellation client|server]\n"
           "                [--scenario FILE] [SERVICE OPTIONS] [--seed N]\n"
           "  hedge-service --help | --version\n"
           "\n"
           "Serves HTTP/1.1 as the model's service does: one FIFO queue, N workers, each\n"
           "request held by a worker for a service time drawn from the service model and\n"
           "answered 200, or 503 for a drawn error. GET /stats answers at once with the\n"
           "queue's figures (JSON). Stops cleanly on SIGINT or SIGTERM.\n"
           "A request's query may fix its draw: load=L&call=C&attempt=A takes the\n"
           "simulation's draw for that attempt (hedgesim load sends it); service_ms=X and\n"
           "error=0|1 fix its service time and outcome.\n"
           "\n"
           "  --listen HOST:PORT        address to serve on (default 127.0.0.1:8080; port 0:\n"
           "                            any free port, printed at start)\n"
           "  --workers N               worker threads, 1 … 10000 (default 16)\n"
           "  --cancellation MODE       client (default): a request whose client went away is\n"
           "                            still served; server: it leaves the queue, or frees\n"
           "                            its worker at once\n"
           "  --scenario FILE           take the service and seed from a scenario file\n"
           "  --median-ms X             log-normal median (default 10)\n"
           "  --sigma X                 log-normal shape, 0 … 3 (default 0.25)\n"
           "  --hiccup-probability P    0 … 1 (default 0.02)\n"
           "  --hiccup-min-ms X, --hiccup-max-ms X   hiccup range (default 100, 300)\n"
           "  --error-probability P     0 … 1 (default 0): such requests answer 503\n"
           "  --seed N                  seed of the service-time draws (default 1)\n"
           "\n"
           "Exit status: 0 after a clean stop; 2 usage error; 1 cannot listen.\n"
           "The service model and the real-clock tools: /usr/share/doc/hedge-explorer/\n"
           "(model.md, realclock.md; docs/ in the source tree) and man hedge-service.\n";
}

} // namespace hedge::service
