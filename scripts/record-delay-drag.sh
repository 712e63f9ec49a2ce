#!/bin/sh
# Records the README's delay drag (resources/screenshots/delay-drag.gif): the bench program
# explorer_record_drag runs the explorer's window offscreen at 1024x700 on the reference
# preset; its scripted drag moves the delay slider of "hedge, default budget / client" for
# 2 s, and it takes the window's frames 25 times a second from the press until 0.5 s after
# the release; ImageMagick plays them at the times they were taken and holds the last one
# for 1.5 s.
#
# Usage: scripts/record-delay-drag.sh [BUILD_DIR [OUTPUT.gif]]   (defaults: build, the above)
# Needs a built explorer_record_drag (cmake --build build --target explorer_record_drag)
# and ImageMagick's convert (Debian: imagemagick).
set -eu
cd "$(dirname "$0")/.."
build=${1:-build}
out=${2:-resources/screenshots/delay-drag.gif}
if ! command -v convert >/dev/null; then
    echo "record-delay-drag: needs ImageMagick's convert (apt-get install imagemagick)" >&2
    exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A home of its own: the run neither reads nor changes the user's settings.
mkdir -m 700 "$work/home" "$work/runtime"
HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_RUNTIME_DIR="$work/runtime" \
    QT_QPA_PLATFORM=offscreen \
    "$build/bin/explorer_record_drag" --preset reference --size 1024x700 "$work/frames"
# GIF delays are centiseconds: each frame lasts until the next was taken, counted on the
# running time so that rounding does not add up, and at least 2 (browsers play shorter
# delays as 10); the last frame stays 1.5 s.
awk -F '\t' -v dir="$work/frames" '
    BEGIN { n = 0; shown = 0 }
    NR > 1 { file[n] = $1; cs[n] = int($2 / 10 + 0.5); n++ }
    END {
        for (i = 0; i < n; i++) {
            d = (i + 1 < n) ? cs[i + 1] - shown : 150
            if (d < 2)
                d = 2
            shown += d
            print "-delay " d " " dir "/" file[i]
        }
    }' "$work/frames/frames.tsv" >"$work/args"
# shellcheck disable=SC2046 # one word per argument, no spaces in the names
convert -loop 0 $(cat "$work/args") -layers Optimize "$out"
frames=$(($(wc -l <"$work/frames/frames.tsv") - 1))
span=$(awk -F '\t' 'NR > 1 { last = $2 } END { print last / 1000 }' "$work/frames/frames.tsv")
echo "record-delay-drag: $out: $frames frames over $span s, $(wc -c <"$out") bytes," \
    "$(identify -format '%wx%h' "$out[0]")"
