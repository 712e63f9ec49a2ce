#!/bin/sh
# Installs what is needed (Debian 12, as root), builds everything and runs the whole suite:
# first under AddressSanitizer + UndefinedBehaviorSanitizer (every test but the few that need
# the normal build), the threaded parts under ThreadSanitizer, then the normal build's tests
# (golden file, package) with a one-minute fuzz run of the scenario parser beside them, and
# last the real-clock and timing tests alone (whose ctest summary closes the output).
# .ci/run runs exactly this.
# Commands and timings: docs/HARDENING.md.
set -e
cd "$(dirname "$0")/.."

# Each phase ends with a line "== phase NAME took W s wall, U s user + S s system CPU" (the
# CPU seconds of everything the phase ran, background phases apart), so that a CI log shows
# where the time goes; the CPU figures hold on a busy machine, where the wall time does not.
phase() {
    phase_name=$1
    shift
    /usr/bin/time -f "== phase $phase_name took %e s wall, %U s user + %S s system CPU" "$@"
}
run_wall=$(date +%s)

sh scripts/install-deps.sh
# Node for the real grpc-js run (tests/app/realclock: grpcjs_badinput, grpcjs_confirm_short;
# docs/realclock.md, "grpc-js, for real"), a test tool only: the product and
# scripts/run-explorer.sh need none. Debian's `nodejs` alone (11.5 MB, 8 packages): its `npm`
# would bring some 350 node-* packages, and tools/grpc-js/install.js unpacks the vendored
# tarballs the lockfile pins without it.
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends nodejs \
    >/dev/null

# Warnings are errors in CI only (CI sets CI=true): elsewhere a newer compiler's new warning
# must not stop a user's or a packager's build.
werror=OFF
if [ "${CI:-}" = true ]; then
    werror=ON
fi

# Build time (docs/HARDENING.md, "Time in CI"): every tree compiles the libraries as unity
# builds and the tests with precompiled Qt headers; the sanitizer trees are linked by lld, keep
# line tables only (-g1: file:line in every report) and build only the tests their ctest run
# selects (the same label regular expressions).
# -O1, as AddressSanitizer's documentation advises: a sanitized compile costs 15-40 % less
# than at -O2 and the sanitized suites stay a few minutes.
# The tests' own sources compile at -O0 there (HEDGE_TEST_COMPILE_OPTIONS): they are most of
# a sanitized build, and little of its tests' running time.
# The sanitizer trees build the project's libraries as shared libraries (HEDGE_SHARED_LIBS):
# each is linked once, not into every one of some 170 test programs.
LLD="-fuse-ld=lld"
SANITIZER_FLAGS="-O1 -g1 -DNDEBUG"
# The sanitizer runs skip the golden file (minutes at this speed) and the real-clock tests
# (label realclock; `timing`: tst_hedgedcaller, whose orders rest on real timers 5 ms and
# 5 s apart): they assert rates, service times and orders on real clocks, which a 5-15x
# slower build cannot keep.
NOT_SANITIZED="golden|realclock|timing"
# The normal suite runs these alone on a quiet machine, for the same reason.
NEEDS_QUIET="realclock|timing"
# The tests the normal build runs: those the sanitizer trees leave out (the ones above, and
# the claims — the preset texts' and the statistical checks over long runs, which are not even
# added to a sanitized tree) and the packaging ones (they package the normal build). Every
# other test runs under ASan + UBSan (and the threaded ones but the window tests under TSan
# too), so each test of the suite runs at least once; building those a third time, in
# Release, took a fifth of CI's time. A test added where a sanitizer tree does not add it
# needs one of these labels.
RELEASE_TESTS="claims|golden|packaging|realclock|timing"

# The normal build is Release (-O3), what users and packagers build, so that a warning or a
# failure that only optimisation brings out in the programs and libraries is seen; the
# sanitizer builds keep debug info.
phase release-configure cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DHEDGE_WERROR=$werror -DHEDGE_TEST_PCH=ON -DHEDGE_UNITY_BUILD=ON \
    -DHEDGE_TEST_LABEL_REGEX="$RELEASE_TESTS"
phase release-build cmake --build build

# ASan + UBSan: every test but the packaging ones (they package the normal build); any
# report fails its test (-fno-sanitize-recover=all). Two tests at a time: the sanitized
# tests are CPU-bound and most of them use one core.
phase asan-configure cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$SANITIZER_FLAGS" -DCMAKE_EXE_LINKER_FLAGS="$LLD" \
    -DCMAKE_SHARED_LINKER_FLAGS="$LLD" -DHEDGE_SHARED_LIBS=ON \
    -DHEDGE_WERROR=$werror -DHEDGE_SANITIZE="address;undefined" -DHEDGE_BUILD_BENCHMARKS=OFF \
    -DHEDGE_TEST_PCH=ON -DHEDGE_UNITY_BUILD=ON -DHEDGE_TEST_AREAS="core;document;app;widgets" \
    -DHEDGE_TEST_COMPILE_OPTIONS=-O0 \
    -DHEDGE_TEST_EXCLUDE_LABEL_REGEX="$NOT_SANITIZED"
phase asan-build cmake --build build-asan
phase asan-tests env \
    ASAN_OPTIONS="detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1" \
    UBSAN_OPTIONS="print_stacktrace=1" \
    ctest --test-dir build-asan --output-on-failure --timeout 900 -j2 -LE "$NOT_SANITIZED"

# The fuzz tree (clang) is configured and built beside the TSan tree, one job at a time: its
# engine is one unity file, so alone it would leave the second core idle. Its log follows the
# TSan build's.
fuzz_log=$(mktemp)
(
    phase fuzz-configure env CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja \
        -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$SANITIZER_FLAGS" \
        -DCMAKE_EXE_LINKER_FLAGS="$LLD" -DHEDGE_WERROR=$werror -DHEDGE_FUZZ=ON \
        -DHEDGE_UNITY_BUILD=ON -DHEDGE_TEST_AREAS= -DHEDGE_BUILD_BENCHMARKS=OFF &&
    phase fuzz-build cmake --build build-fuzz --target fuzz_scenario -j1
) > "$fuzz_log" 2>&1 &
fuzz_build=$!

# TSan: every test labelled `threads` (hedge_add_test ... LABELS threads: the engine's sweep,
# replicates and timeline, HedgedCaller, hedgesim, the runner and the controllers) but the
# window tests (label `window`: every test in tests/app/explorer). Debian's Qt is not built
# with TSan, so the GUI-thread hand-off of a window is invisible to it (and
# ignore_noninstrumented_modules); the windows' threads are the same runner and controllers
# that tests/document drives; the window tests run under ASan + UBSan above.
# tests/tsan.supp only covers Qt internals.
NOT_IN_TSAN="$NOT_SANITIZED|window"
phase tsan-configure cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$SANITIZER_FLAGS" -DCMAKE_EXE_LINKER_FLAGS="$LLD" \
    -DCMAKE_SHARED_LINKER_FLAGS="$LLD" -DHEDGE_SHARED_LIBS=ON \
    -DHEDGE_WERROR=$werror -DHEDGE_SANITIZE=thread -DHEDGE_BUILD_BENCHMARKS=OFF \
    -DHEDGE_TEST_PCH=ON -DHEDGE_UNITY_BUILD=ON -DHEDGE_TEST_AREAS="core;document;app" \
    -DHEDGE_TEST_COMPILE_OPTIONS=-O0 \
    -DHEDGE_TEST_LABEL_REGEX=threads -DHEDGE_TEST_EXCLUDE_LABEL_REGEX="$NOT_IN_TSAN"
phase tsan-build cmake --build build-tsan
fuzz_build_status=0
wait $fuzz_build || fuzz_build_status=$?
cat "$fuzz_log"
[ $fuzz_build_status -eq 0 ]
phase tsan-tests env \
    TSAN_OPTIONS="suppressions=$PWD/tests/tsan.supp:ignore_noninstrumented_modules=1:history_size=7:halt_on_error=1" \
    ctest --test-dir build-tsan --output-on-failure --timeout 900 -j2 -L threads \
    -LE "$NOT_IN_TSAN"

# One minute of libFuzzer over the scenario parser, from the committed corpus, on one core
# while the normal suite's tests that do not need a quiet machine run one at a time on the
# other; its log follows theirs.
rm -rf build-fuzz/ci-corpus build-fuzz/ci-artifacts
mkdir -p build-fuzz/ci-corpus build-fuzz/ci-artifacts
(
    phase fuzz-run build-fuzz/fuzz/fuzz_scenario build-fuzz/ci-corpus tests/fuzz/corpus \
        tests/fuzz/regressions -dict=tests/fuzz/scenario.dict -max_total_time=60 -timeout=5 \
        -max_len=8192 -print_final_stats=1 -artifact_prefix=build-fuzz/ci-artifacts/
) > "$fuzz_log" 2>&1 &
fuzz_run=$!

# The normal build's tests, the Debian package included: first those that do not need a quiet
# machine (beside the fuzzer), then the real-clock and timing ones alone.
suite_status=0
phase tests ctest --test-dir build --output-on-failure --timeout 900 -L "$RELEASE_TESTS" \
    -LE "$NEEDS_QUIET" || suite_status=$?
fuzz_run_status=0
wait $fuzz_run || fuzz_run_status=$?
cat "$fuzz_log"
phase tests-quiet ctest --test-dir build --output-on-failure --timeout 900 -L "$NEEDS_QUIET" ||
    suite_status=$?
rm -f "$fuzz_log"
echo "== all phases took $(($(date +%s) - run_wall)) s wall"
[ $fuzz_run_status -eq 0 ] && [ $suite_status -eq 0 ]
