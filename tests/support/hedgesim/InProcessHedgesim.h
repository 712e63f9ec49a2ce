// Runs hedgesim's main in this process with string streams: its exit status and output. Faster
// than the process (tests/support/process) and seen by the sanitizers; the process is for what
// only a process shows (files in its work directory, exit codes as a shell sees them).
#pragma once

#include "Hedgesim.h" // its exit codes (cli::kExitOk, ...), which the tests compare

#include <QStringList>

#include <initializer_list>
#include <string>
#include <vector>

namespace hedge::test {

struct HedgesimOutcome {
    int exitCode = -1;
    std::string out, err;
};

// `args` as hedgesim's command line has them (after the program's name); `input` on its
// standard input. A list of literals only picks the first overload, one with a QString the
// second, one with a std::string the third.
HedgesimOutcome runHedgesim(std::initializer_list<const char*> args, const std::string& input = {});
HedgesimOutcome runHedgesim(const QStringList& args, const std::string& input = {});
HedgesimOutcome runHedgesim(const std::vector<std::string>& args, const std::string& input = {});

} // namespace hedge::test
