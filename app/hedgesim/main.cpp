// hedgesim: the headless simulator. See CommandLine.cpp's usage text.
#include "Hedgesim.h"

#include <hedge/sim/AllocatorTuning.h>

#include <iostream>
#include <string>
#include <unistd.h>
#include <vector>

int main(int argc, char** argv)
{
    hedge::keepFreedMemoryForReuse();
    std::ios::sync_with_stdio(false);
    const std::vector<std::string> args(argv + 1, argv + argc);
    const hedge::cli::Streams streams{std::cin, std::cout, std::cerr, isatty(STDERR_FILENO) == 1};
    return hedge::cli::hedgesimMain(args, streams);
}
