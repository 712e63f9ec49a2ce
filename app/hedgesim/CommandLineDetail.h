// Internal to the command line's parsers (CommandLine.cpp, ServiceCommandLine.cpp): the usage
// error, one option's value, and the checks more than one subcommand shares.
#pragma once

#include "CommandLine.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hedge::cli::cli_detail {

[[noreturn]] inline void usage(const std::string& field, const std::string& problem)
{
    throw UsageError(field + ": " + problem + " (see hedgesim --help)");
}

inline bool isOption(const std::string& arg)
{
    return arg.size() > 1 && arg[0] == '-';
}

// One option's value: "--name=value" or the next argument.
struct OptionValue {
    const std::vector<std::string>& args;
    std::size_t& i;
    bool hasValue;
    std::string value;

    std::string take(const std::string& name, const char* missing)
    {
        if (!hasValue) {
            if (i + 1 >= args.size())
                usage(name, missing);
            value = args[++i];
        }
        return value;
    }
    void fill(const char* name, std::string& target)
    {
        if (!target.empty())
            usage(name, "given twice");
        take(name, "needs a file name");
        if (value.empty())
            usage(name, "needs a file name");
        target = value;
    }
};

// Argument i as an option: "--name=value" splits into `arg` ("--name") and the option's
// value; anything else is `arg` whole, its value (if any) the next argument.
inline OptionValue optionAt(const std::vector<std::string>& args, std::size_t& i, std::string& arg)
{
    arg = args[i];
    OptionValue option{args, i, false, {}};
    if (const auto eq = arg.find('='); arg.starts_with("--") && eq != std::string::npos) {
        option.value = arg.substr(eq + 1);
        arg = arg.substr(0, eq);
        option.hasValue = true;
    }
    return option;
}

// --calls N: kMinRealClockCalls … kMaxRealClockCalls.
std::int64_t parseCalls(const std::string& text);

// `args` after "service" (ServiceCommandLine.cpp).
CommandLine parseServiceCommandLine(const std::vector<std::string>& args);

// `args` after "advise" (AdviseCommandLine.cpp).
CommandLine parseAdviseCommandLine(const std::vector<std::string>& args);

// --threads N: 0 … kMaxThreads.
int parseThreads(const std::string& text);

} // namespace hedge::cli::cli_detail
