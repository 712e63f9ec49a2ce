#!/bin/sh
# Refreshes tools/grpc-js/vendor from the npm registry after a change of package-lock.json:
# one tarball per package of the lockfile, what run.js installs offline (docs/realclock.md,
# "grpc-js, for real"). Needs the registry; CI never runs it.
set -eu
cd "$(dirname "$0")"
rm -f vendor/*.tgz
node -e '
const l = require("./package-lock.json");
for (const [k, v] of Object.entries(l.packages))
  if (k) console.log(k.replace(/^.*node_modules\//, "") + "@" + v.version);
' | (cd vendor && xargs npm pack --silent >/dev/null)
ls vendor | wc -l
