#!/bin/sh
# Installs what is needed (Debian 12, as root), builds, and starts Hedge Explorer with its
# default scenario (the reference setups). Extra arguments go to the program.
set -e
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build
exec build/bin/hedge-explorer "$@"
