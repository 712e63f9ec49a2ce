#!/bin/sh
# Installs what is needed (Debian 12, as root), builds everything and runs the whole suite.
# .ci/run runs exactly this.
set -e
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build
ctest --test-dir build --output-on-failure --timeout 600
