// hedge-service's command line. Plain argv parsing, like hedgesim's: usage errors are
// "OPTION: problem (allowed …)" and exit with status 2.
#pragma once

#include "HttpService.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace hedge::service {

struct ServiceCommandLine {
    enum class Action { Serve, Help, Version } action = Action::Serve;
    std::string host = "127.0.0.1";
    quint16 port = 8080;
    HttpServiceConfig config;
};

class ServiceUsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// `args` excludes the program name. Throws ServiceUsageError. `--scenario FILE` takes the
// service (and seed) from a scenario file; options given after it override its fields.
ServiceCommandLine parseServiceCommandLine(const std::vector<std::string>& args);

std::string serviceUsageText();

} // namespace hedge::service
