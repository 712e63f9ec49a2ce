#!/bin/sh
# ctest's entry to the grpc-js run (docs/realclock.md, "grpc-js, for real"):
#   ctest.sh badinput                 the bad-input tests (node --test tools/grpc-js/test)
#   ctest.sh short HEDGESIM OUT_DIR   the short confirmation, loose tolerance
# Skipped (exit 77) when Node is missing: the product builds and runs without it. The
# dependencies are unpacked from tools/grpc-js/vendor without npm (install.js).
set -u
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v node >/dev/null 2>&1; then
    echo "SKIPPED: node is not installed (Debian: apt-get install nodejs); the grpc-js run needs it"
    exit 77
fi
node "$here/run.js" --install-only || exit 1
case "${1:-}" in
badinput)
    exec node --test "$here/test/"
    ;;
short)
    exec node "$here/run.js" "$here/../../tests/app/realclock/grpcjs-short.scenario.json" \
        --hedgesim "$2" --out "$3" --max-p99-diff 0.4 --max-rpc-diff 0.08
    ;;
*)
    echo "usage: ctest.sh badinput | short HEDGESIM OUT_DIR" >&2
    exit 2
    ;;
esac
