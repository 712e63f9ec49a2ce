#!/bin/sh
# Installs what is needed (Debian 12, as root), builds the explorer and starts it with its
# default scenario (the reference setups). Extra arguments go to the program.
# It builds only what it runs: the hedge-explorer target needs the engine, the widgets and the
# window's library, not the tests or the benchmarks (scripts/run-tests.sh builds those).
# Ninja prints its progress ([done/total] and each step), so a long first build shows where it is.
set -e
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build --target hedge-explorer
exec build/bin/hedge-explorer "$@"
