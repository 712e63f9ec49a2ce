// The hedgesim commands, separate from main() so that their streams can be redirected.
#pragma once

#include "CommandLine.h"

#include <iosfwd>
#include <stdexcept>
#include <string>

namespace hedge::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitInternal = 1;
inline constexpr int kExitInvalid = 2;

// Input errors end with status 2 and a "FIELD: problem" line; nothing is written.
class InvalidInput : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct Streams {
    std::istream& in;
    std::ostream& out;
    std::ostream& err;
    bool errIsTerminal = false; // progress is shown only on a terminal
};

// Writes `bytes` to `path` whole or not at all (nothing for an empty path); false, with the
// reason on `err`, when it cannot.
bool writeOutputFile(const std::string& path, const std::string& bytes, std::ostream& err);

// Runs one parsed command; returns the exit status. Invalid input prints "FIELD: problem" on
// `err` and writes no file.
int runCommand(const CommandLine& commandLine, const Streams& streams);

// The whole program: parses `args` (without the program name) and runs the command.
int hedgesimMain(const std::vector<std::string>& args, const Streams& streams);

} // namespace hedge::cli
