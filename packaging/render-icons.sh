#!/bin/sh
# Re-renders the committed PNG icons from the scalable SVG. Run it after editing the SVG and
# commit the results: the build installs the committed PNGs, so it needs no SVG renderer.
# Needs rsvg-convert (Debian: librsvg2-bin).
set -eu
APP_ID=io.github.hedgeexplorer.HedgeExplorer
ICONS="$(cd "$(dirname "$0")/../resources/icons/hicolor" && pwd)"
SVG="$ICONS/scalable/apps/$APP_ID.svg"
for size in 16 32 48 64 128 256; do
    mkdir -p "$ICONS/${size}x${size}/apps"
    rsvg-convert --width "$size" --height "$size" --format png \
        --output "$ICONS/${size}x${size}/apps/$APP_ID.png" "$SVG"
done
