#!/bin/sh
# Installs what is needed (Debian 12, as root), builds the explorer and starts it with its
# default scenario (the reference setups). Extra arguments go to the program.
# It builds only what it runs: the hedge-explorer target needs the engine, the widgets and the
# window's library, not the tests or the benchmarks (scripts/run-tests.sh builds those).
# Each library compiles as one unit (HEDGE_UNITY_BUILD): the first build of a fresh clone is a
# few dozen steps instead of two hundred, in a fraction of the time (docs/PERFORMANCE.md, "The
# first window"). Ninja prints its progress ([done/total] and each step).
set -e
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DHEDGE_UNITY_BUILD=ON
cmake --build build --target hedge-explorer
exec build/bin/hedge-explorer "$@"
