#!/bin/sh
# The 10-replicate delay map (docs/PERFORMANCE.md, "A 10-replicate map"): `hedgesim run` on 2
# threads, binaries run alternately RUNS times, wall and CPU (user + system) seconds of each run
# and their medians. Usage:
#   bench/delay-map-replicates.sh [RUNS] HEDGESIM[:OPTION]...
# e.g. bench/delay-map-replicates.sh 3 old/hedgesim build/bin/hedgesim:--full-collapsed-runs \
#        build/bin/hedgesim
set -eu
runs=3
case "${1:-}" in [0-9]*) runs=$1; shift ;; esac
[ $# -ge 1 ] || { echo "usage: $0 [RUNS] HEDGESIM[:OPTION]..." >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
first=${1%%:*}
"$first" preset delay-map | sed 's/"warmup_fraction": 0.1,/"warmup_fraction": 0.1,\n  "replicates": 10,/' > "$dir/map.json"
grep -q '"replicates": 10' "$dir/map.json" || { echo "$0: could not set replicates" >&2; exit 1; }
i=0
while [ $i -lt "$runs" ]; do
    n=0
    for variant in "$@"; do
        bin=${variant%%:*}
        option=""
        [ "$bin" = "$variant" ] || option=${variant#*:}
        # shellcheck disable=SC2086 # the option is one word or none
        /usr/bin/time -f "%e %U %S" -o "$dir/time" "$bin" run "$dir/map.json" --threads 2 --quiet $option
        read -r wall user sys < "$dir/time"
        echo "$n $wall $(echo "$user + $sys" | bc)" >> "$dir/all"
        echo "run $((i + 1)) $variant: wall $wall s, cpu $(echo "$user + $sys" | bc) s ($(cut -d' ' -f1-3 /proc/loadavg) load)"
        n=$((n + 1))
    done
    i=$((i + 1))
done
n=0
for variant in "$@"; do
    wall=$(awk -v n=$n '$1 == n {print $2}' "$dir/all" | sort -n | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}')
    cpu=$(awk -v n=$n '$1 == n {print $3}' "$dir/all" | sort -n | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}')
    echo "median $variant: wall $wall s, cpu $cpu s"
    n=$((n + 1))
done
