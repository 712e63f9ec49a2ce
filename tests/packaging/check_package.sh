#!/bin/sh
# Unpacks the Debian package into a scratch root (dpkg -x) and checks it the way a user meets
# it: the control fields, the file list, the installed programs run against the system's
# libraries only, and the desktop entry, AppStream metadata, icons and man pages are valid.
#
# usage: check_package.sh BUILD_DIR VERSION SCRATCH_DIR
# Every check runs; the failures are listed at the end and the exit status is 1 if any.
set -u

if [ $# -ne 3 ]; then
    echo "usage: $0 BUILD_DIR VERSION SCRATCH_DIR" >&2
    exit 2
fi
BUILD=$1
VERSION=$2
SCRATCH=$3
# The source tree this script is in: the documentation the package must ship is its docs/.
SOURCE=$(cd "$(dirname "$0")/../.." && pwd)

failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}
pass() {
    echo "ok:   $*"
}
skip() {
    echo "skip: $*"
}
have() {
    command -v "$1" >/dev/null 2>&1
}
# "0.1.0" as a whole word: not 10.1.0 nor 0.1.01
VERSION_RE="(^|[^0-9.])$(printf '%s' "$VERSION" | sed 's/\./\\./g')([^0-9.]|$)"

# The programs must find everything from the system, nothing from the build tree.
unset LD_LIBRARY_PATH QT_PLUGIN_PATH QT_QPA_PLATFORM_PLUGIN_PATH

ARCH=$(dpkg --print-architecture)
DEB=$BUILD/hedge-explorer_${VERSION}_${ARCH}.deb
if [ ! -f "$DEB" ]; then
    echo "FAIL: $DEB does not exist (the package_build test makes it)"
    exit 1
fi
echo "package: $DEB"

rm -rf "$SCRATCH"
ROOT=$SCRATCH/root
mkdir -p "$ROOT" "$SCRATCH/home" "$SCRATCH/runtime"
chmod 700 "$SCRATCH/runtime"
if ! dpkg-deb -x "$DEB" "$ROOT"; then
    echo "FAIL: dpkg-deb -x could not unpack the package"
    exit 1
fi

# --- Control fields ----------------------------------------------------------------------
field() {
    dpkg-deb -f "$DEB" "$1"
}
[ "$(field Package)" = hedge-explorer ] && pass "Package: hedge-explorer" \
    || fail "Package is '$(field Package)', not hedge-explorer"
[ "$(field Version)" = "$VERSION" ] && pass "Version: $VERSION" \
    || fail "Version is '$(field Version)', not $VERSION"
[ "$(field Architecture)" = "$ARCH" ] && pass "Architecture: $ARCH" \
    || fail "Architecture is '$(field Architecture)', not $ARCH"
case "$(field Section)" in
    science | devel) pass "Section: $(field Section)" ;;
    *) fail "Section is '$(field Section)', not science or devel" ;;
esac
[ -n "$(field Maintainer)" ] && pass "Maintainer: $(field Maintainer)" || fail "no Maintainer"
[ -n "$(field Description)" ] && pass "Description present" || fail "no Description"
DEPENDS=$(field Depends)
echo "Depends: $DEPENDS"
# Computed by dpkg-shlibdeps (the libraries) and added by hand (the platform plugins).
for dep in qt6-qpa-plugins libqt6core6 libqt6widgets6 libc6 libstdc++6; do
    if printf '%s\n' "$DEPENDS" | tr ',' '\n' | sed 's/^ *//; s/ .*//' | grep -qx "$dep"; then
        pass "Depends names $dep"
    else
        fail "Depends does not name $dep"
    fi
done

# --- File list ---------------------------------------------------------------------------
LISTING=$SCRATCH/contents.txt
dpkg-deb -c "$DEB" >"$LISTING"
# Owner root/root for every entry (column 2 of dpkg-deb -c).
if awk '$2 != "root/root" { bad = 1; print "  not root-owned: " $0 } END { exit bad }' "$LISTING"; then
    pass "every entry is owned by root/root"
else
    fail "entries not owned by root/root"
fi
# Only the expected places: no headers, static libraries or stray files from install() rules.
stray=$(awk '$1 !~ /^d/ { print $6 }' "$LISTING" | grep -Ev \
    '^\./usr/(bin/[^/]+|share/(applications|metainfo)/[^/]+|share/icons/hicolor/[^/]+/apps/[^/]+|share/man/man1/[^/]+\.1\.gz|share/doc/hedge-explorer/(cluster/|examples/)?[^/]+)$')
if [ -z "$stray" ]; then
    pass "no file outside bin, applications, metainfo, icons, man1 and doc"
else
    fail "unexpected files in the package: $(echo $stray)"
fi

APP_ID=io.github.hedgeexplorer.HedgeExplorer
for f in usr/bin/hedge-explorer usr/bin/hedgesim usr/bin/hedge-service \
    usr/share/applications/$APP_ID.desktop \
    usr/share/metainfo/$APP_ID.metainfo.xml \
    usr/share/icons/hicolor/scalable/apps/$APP_ID.svg \
    usr/share/man/man1/hedgesim.1.gz usr/share/man/man1/hedge-explorer.1.gz \
    usr/share/man/man1/hedge-service.1.gz \
    usr/share/doc/hedge-explorer/copyright usr/share/doc/hedge-explorer/README.md \
    usr/share/doc/hedge-explorer/examples/bimodal-cache.csv; do
    [ -f "$ROOT/$f" ] && pass "/$f" || fail "/$f is missing"
done

# --- The documentation -------------------------------------------------------------------
# Every page of docs/ is shipped beside the README, and the cluster recipes in their folder.
DOC=$ROOT/usr/share/doc/hedge-explorer
for page in "$SOURCE"/docs/*.md "$SOURCE"/docs/cluster/*; do
    [ -f "$page" ] || continue
    case "$page" in
        "$SOURCE"/docs/cluster/*) shipped=$DOC/cluster/$(basename "$page") ;;
        *) shipped=$DOC/$(basename "$page") ;;
    esac
    [ -f "$shipped" ] && pass "${shipped#"$ROOT"}" || fail "${shipped#"$ROOT"} is missing"
done
# A page of docs/ links to others (docs/model.md, ../CHANGELOG.md, cluster/README.md): they must be
# shipped too. Links into the rest of the source tree (../engine/, ../resources/) and to the
# web are not checked; the README, the repository's front page, links into the tree.
for source_page in "$SOURCE"/docs/*.md; do
    page=$DOC/$(basename "$source_page")
    [ -f "$page" ] || continue
    for target in $(grep -o '](\([^)#]*\)' "$page" | sed 's/^](//' | grep -v '^http' \
        | grep -v '^\.\./\(engine\|resources\|tests\|docs\)/' | grep -v '^docs/' | grep -v '^$' | sort -u); do
        case "$target" in
            ../*) resolved=$DOC/${target#../} ;;
            *) resolved=$DOC/$target ;;
        esac
        [ -e "$resolved" ] || fail "$(basename "$page") links to $target, which the package does not hold"
    done
done

# Every page the man pages and the programs' --help cite (a *.md name, or a path under
# /usr/share/doc/hedge-explorer/) is in the package.
cited_docs() {
    sed 's/\\-/-/g' | grep -oE '/usr/share/doc/hedge-explorer/[A-Za-z0-9_./-]*|[A-Za-z0-9_-]+\.md' \
        | sed 's|^/usr/share/doc/hedge-explorer/||; s|\.$||' | sort -u
}
check_cited() { # WHAT: the text on standard input
    for name in $(cited_docs); do
        if [ -z "$name" ] || [ -e "$DOC/$name" ]; then
            pass "$1 cites ${name:-/usr/share/doc/hedge-explorer/}, which is shipped"
        else
            fail "$1 cites $name, which the package does not hold"
        fi
    done
}
for page in hedgesim hedge-explorer hedge-service; do
    gz=$ROOT/usr/share/man/man1/$page.1.gz
    [ -f "$gz" ] && gzip -dc "$gz" | check_cited "man $page"
done
for p in hedgesim hedge-service hedge-explorer; do
    [ -x "$ROOT/usr/bin/$p" ] || continue
    HOME=$SCRATCH/home XDG_RUNTIME_DIR=$SCRATCH/runtime QT_QPA_PLATFORM=offscreen \
        "$ROOT/usr/bin/$p" --help 2>&1 | check_cited "$p --help"
done

# --- The programs ------------------------------------------------------------------------
for p in hedgesim hedge-explorer hedge-service; do
    bin=$ROOT/usr/bin/$p
    [ -f "$bin" ] || continue
    [ -x "$bin" ] && pass "$p is executable" || fail "$p is not executable"
    if readelf -d "$bin" | grep -Eq '\((RPATH|RUNPATH)\)'; then
        fail "$p carries an RPATH/RUNPATH: $(readelf -d "$bin" | grep -E 'R(UN)?PATH')"
    else
        pass "$p has no RPATH/RUNPATH"
    fi
    libs=$(ldd "$bin" 2>&1)
    if printf '%s\n' "$libs" | grep -q 'not found'; then
        fail "$p: libraries not found: $(printf '%s\n' "$libs" | grep 'not found' | tr '\n' ' ')"
    elif printf '%s\n' "$libs" | grep -qF "$BUILD"; then
        fail "$p loads libraries from the build tree"
    else
        pass "$p finds all its libraries on the system"
    fi
    case "$(file -b "$bin")" in
        *"not stripped"*) fail "$p is not stripped" ;;
        *stripped*) pass "$p is stripped" ;;
        *) fail "$p: unexpected file type: $(file -b "$bin")" ;;
    esac
done

HEDGESIM=$ROOT/usr/bin/hedgesim
if [ -x "$HEDGESIM" ]; then
    out=$("$HEDGESIM" --version 2>&1)
    rc=$?
    if [ $rc -eq 0 ] && printf '%s\n' "$out" | grep -Eq "$VERSION_RE"; then
        pass "hedgesim --version: $out"
    else
        fail "hedgesim --version (exit $rc) does not print $VERSION: $out"
    fi

    # A tiny scenario: two setups, one load, the smallest call count allowed.
    SCENARIO=$SCRATCH/tiny.json
    cat >"$SCENARIO" <<'EOF'
{
  "schema": "hedge-explorer/scenario@1",
  "seed": 7,
  "calls": 1000,
  "loads": [0.6],
  "setups": [
    { "name": "no hedge", "cancellation": "client" },
    { "name": "hedge 20 ms", "cancellation": "client",
      "hedge": { "delay_ms": 20, "max_attempts": 2, "budget_percent": 10 } }
  ]
}
EOF
    "$HEDGESIM" run "$SCENARIO" --threads 1 -o "$SCRATCH/results.json" --csv "$SCRATCH/results.csv" \
        >"$SCRATCH/run.out" 2>"$SCRATCH/run.err"
    rc=$?
    if [ $rc -eq 0 ]; then
        pass "hedgesim run on a tiny scenario exits 0"
    else
        fail "hedgesim run exits $rc: $(cat "$SCRATCH/run.err")"
    fi
    for name in "no hedge" "hedge 20 ms"; do
        grep -qF "$name" "$SCRATCH/run.out" && pass "the table shows '$name'" \
            || fail "the table does not show '$name'"
    done
    if [ -f "$SCRATCH/results.json" ] \
        && grep -qF '"hedge-explorer/results@1"' "$SCRATCH/results.json" \
        && [ "$(grep -o '"p99_ms"' "$SCRATCH/results.json" | wc -l)" -eq 2 ]; then
        pass "results.json holds two points"
    else
        fail "results.json is missing or does not hold two points"
    fi
    if [ -f "$SCRATCH/results.csv" ] && [ "$(grep -c . "$SCRATCH/results.csv")" -eq 3 ]; then
        pass "results.csv holds a header and two rows"
    else
        fail "results.csv is missing or does not hold a header and two rows"
    fi

    # The installed program's error path: a value out of range is refused with exit 2.
    sed 's/"calls": 1000/"calls": 5/' "$SCENARIO" >"$SCRATCH/bad.json"
    "$HEDGESIM" run "$SCRATCH/bad.json" -o "$SCRATCH/bad-results.json" \
        >/dev/null 2>"$SCRATCH/bad.err"
    rc=$?
    if [ $rc -eq 2 ] && grep -q calls "$SCRATCH/bad.err" && [ ! -e "$SCRATCH/bad-results.json" ]; then
        pass "hedgesim refuses calls=5 with exit 2, names the field, writes nothing"
    else
        fail "hedgesim on calls=5: exit $rc, stderr: $(cat "$SCRATCH/bad.err")"
    fi
fi

# hedge-service serves the model on loopback, answers a request, and stops cleanly on SIGTERM;
# the installed hedgesim confirms a tiny scenario against it (finding it beside itself).
SERVICE=$ROOT/usr/bin/hedge-service
if [ -x "$SERVICE" ]; then
    out=$("$SERVICE" --version 2>&1)
    if printf '%s\n' "$out" | grep -Eq "$VERSION_RE"; then
        pass "hedge-service --version: $out"
    else
        fail "hedge-service --version does not print $VERSION: $out"
    fi
    "$SERVICE" --listen 127.0.0.1:0 --workers 2 --median-ms 1 >"$SCRATCH/service.out" 2>&1 &
    service_pid=$!
    url=""
    for _ in 1 2 3 4 5 6 7 8 9 10; do
        url=$(sed -n 's/^hedge-service: serving on \(http:[^ ]*\)$/\1/p' "$SCRATCH/service.out")
        [ -n "$url" ] && break
        sleep 0.3
    done
    if [ -n "$url" ] && have curl && curl -sf "${url}stats" | grep -q '"workers":2'; then
        pass "hedge-service serves on $url and answers /stats"
    elif [ -n "$url" ]; then
        pass "hedge-service serves on $url"
    else
        fail "hedge-service did not say where it serves: $(cat "$SCRATCH/service.out")"
    fi
    kill -TERM "$service_pid" 2>/dev/null
    wait "$service_pid"
    rc=$?
    if [ $rc -eq 0 ] && grep -q "stopped after" "$SCRATCH/service.out"; then
        pass "hedge-service stops cleanly on SIGTERM"
    else
        fail "hedge-service on SIGTERM: exit $rc, output: $(cat "$SCRATCH/service.out")"
    fi
    if [ -x "$HEDGESIM" ]; then
        sed 's/"loads": \[0.6\]/"loads": [0.3]/; s/"calls": 1000/"calls": 1000, "service": {"median_ms": 2, "hiccup_min_ms": 5, "hiccup_max_ms": 10}/' \
            "$SCENARIO" >"$SCRATCH/confirm.json"
        "$HEDGESIM" confirm "$SCRATCH/confirm.json" --calls 1000 --csv "$SCRATCH/confirm.csv" \
            >"$SCRATCH/confirm.out" 2>"$SCRATCH/confirm.err"
        rc=$?
        if [ $rc -eq 0 ] && [ "$(grep -c . "$SCRATCH/confirm.csv")" -eq 3 ]; then
            pass "hedgesim confirm runs against the installed hedge-service"
        else
            fail "hedgesim confirm: exit $rc: $(cat "$SCRATCH/confirm.err")"
        fi
    fi
fi

EXPLORER=$ROOT/usr/bin/hedge-explorer
if [ -x "$EXPLORER" ]; then
    out=$(HOME=$SCRATCH/home XDG_RUNTIME_DIR=$SCRATCH/runtime QT_QPA_PLATFORM=offscreen \
        "$EXPLORER" --version 2>&1)
    rc=$?
    if [ $rc -eq 0 ] && printf '%s\n' "$out" | grep -Eq "$VERSION_RE"; then
        pass "hedge-explorer --version (offscreen): $out"
    else
        fail "hedge-explorer --version (exit $rc) does not print $VERSION: $out"
    fi
fi

# --- Desktop entry -----------------------------------------------------------------------
DESKTOP=$ROOT/usr/share/applications/$APP_ID.desktop
if [ -f "$DESKTOP" ]; then
    if have desktop-file-validate; then
        out=$(desktop-file-validate "$DESKTOP" 2>&1)
        [ $? -eq 0 ] && [ -z "$out" ] && pass "desktop-file-validate" \
            || fail "desktop-file-validate: $out"
    else
        skip "desktop-file-validate is not installed"
    fi
    exec_bin=$(sed -n 's/^Exec=\([^ ]*\).*/\1/p' "$DESKTOP")
    [ -n "$exec_bin" ] && [ -x "$ROOT/usr/bin/$exec_bin" ] \
        && pass "Exec=$exec_bin is installed" || fail "Exec=$exec_bin is not in /usr/bin"
    icon=$(sed -n 's/^Icon=//p' "$DESKTOP")
    [ "$icon" = "$APP_ID" ] && pass "Icon=$icon" || fail "Icon is '$icon', not $APP_ID"
fi

# --- AppStream metadata ------------------------------------------------------------------
METAINFO=$ROOT/usr/share/metainfo/$APP_ID.metainfo.xml
if [ -f "$METAINFO" ]; then
    if have appstreamcli; then
        out=$(appstreamcli validate --no-net "$METAINFO" 2>&1)
        [ $? -eq 0 ] && pass "appstreamcli validate --no-net" \
            || fail "appstreamcli validate --no-net: $out"
    else
        skip "appstreamcli is not installed"
    fi
    release=$(sed -n 's/.*<release version="\([^"]*\)".*/\1/p' "$METAINFO" | head -n 1)
    [ "$release" = "$VERSION" ] && pass "newest metainfo release is $VERSION" \
        || fail "newest metainfo release is '$release', not $VERSION"
    launchable=$(sed -n 's/.*<launchable type="desktop-id">\([^<]*\)<.*/\1/p' "$METAINFO")
    [ "$launchable" = "$APP_ID.desktop" ] && pass "launchable is the installed desktop entry" \
        || fail "launchable is '$launchable', not $APP_ID.desktop"
    homepage=$(sed -n 's/.*<url type="homepage">\([^<]*\)<.*/\1/p' "$METAINFO")
    [ -n "$homepage" ] && [ "$homepage" = "$(field Homepage)" ] \
        && pass "Homepage matches the metainfo: $homepage" \
        || fail "Homepage '$(field Homepage)' differs from the metainfo's '$homepage'"
fi

# --- Icons -------------------------------------------------------------------------------
for size in 16 32 48 64 128 256; do
    png=$ROOT/usr/share/icons/hicolor/${size}x${size}/apps/$APP_ID.png
    if [ ! -f "$png" ]; then
        fail "icon ${size}x${size} is missing"
    elif file -b "$png" | grep -q "^PNG image data, $size x $size,"; then
        pass "icon ${size}x${size}"
    else
        fail "icon ${size}x${size} is $(file -b "$png")"
    fi
done
svg=$ROOT/usr/share/icons/hicolor/scalable/apps/$APP_ID.svg
if [ -f "$svg" ] && have xmllint; then
    xmllint --noout "$svg" 2>/dev/null && pass "scalable icon is well-formed XML" \
        || fail "scalable icon is not well-formed XML"
fi

# --- Man pages ---------------------------------------------------------------------------
for page in hedgesim hedge-explorer hedge-service; do
    gz=$ROOT/usr/share/man/man1/$page.1.gz
    [ -f "$gz" ] || continue
    if ! gzip -t "$gz" 2>/dev/null; then
        fail "$page.1.gz is not a valid gzip file"
        continue
    fi
    # gzip -n: no name and a zero time stamp in the header, so the package is reproducible.
    [ "$(od -An -tu4 -j4 -N4 "$gz" | tr -d ' ')" = 0 ] && pass "$page.1.gz has no time stamp" \
        || fail "$page.1.gz carries a time stamp (not made with gzip -n)"
    gzip -dc "$gz" | grep -q "^\.TH .*\"Hedge Explorer $VERSION\"" \
        && pass "$page(1) names version $VERSION" || fail "$page(1) header does not name $VERSION"
    if have man; then
        warnings=$(man --warnings -l "$gz" 2>&1 >/dev/null)
        [ -z "$warnings" ] && pass "man --warnings -l $page.1.gz" \
            || fail "man --warnings -l $page.1.gz: $warnings"
    else
        skip "man is not installed"
    fi
done

# --- Documentation -----------------------------------------------------------------------
COPYRIGHT=$ROOT/usr/share/doc/hedge-explorer/copyright
if [ -f "$COPYRIGHT" ]; then
    head -n 1 "$COPYRIGHT" \
        | grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' \
        && pass "copyright is in the machine-readable format" \
        || fail "copyright does not start with the machine-readable Format line"
fi

echo
if [ $failures -ne 0 ]; then
    echo "$failures check(s) failed"
    exit 1
fi
echo "all checks passed"
