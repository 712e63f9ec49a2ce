// Runs hedgesim's main in this process with string streams: its exit status and output.
#pragma once

#include "Hedgesim.h"

#include <sstream>
#include <string>
#include <vector>

namespace hedge::test {

struct HedgesimOutcome {
    int exitCode = -1;
    std::string out, err;
};

inline HedgesimOutcome runHedgesim(const std::vector<std::string>& args,
                                   const std::string& input = {})
{
    std::istringstream in(input);
    std::ostringstream out, err;
    HedgesimOutcome o;
    o.exitCode = cli::hedgesimMain(args, {in, out, err});
    o.out = out.str();
    o.err = err.str();
    return o;
}

} // namespace hedge::test
