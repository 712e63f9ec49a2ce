#!/bin/sh
# Installs what is needed (Debian 12, as root), builds everything and runs the whole suite,
# then builds and runs it again under AddressSanitizer + UndefinedBehaviorSanitizer.
# .ci/run runs exactly this. The ThreadSanitizer suite and the fuzzer are run by hand
# (docs/HARDENING.md).
set -e
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build
ctest --test-dir build --output-on-failure --timeout 600

# The same tests under ASan + UBSan (any report fails the test: -fno-sanitize-recover).
# The packaging tests are left out: they package a build, the normal one above does that.
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DHEDGE_SANITIZE="address;undefined" -DHEDGE_BUILD_BENCHMARKS=OFF \
    -DHEDGE_TEST_AREAS="policy;sim;io;app;widgets"
cmake --build build-asan
ASAN_OPTIONS="detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1" \
UBSAN_OPTIONS="print_stacktrace=1" \
    ctest --test-dir build-asan --output-on-failure --timeout 900
