#!/bin/sh
# The cluster recipes of docs/cluster, run as local processes: the commands of the
# Kubernetes indexed Job (its `command:` lines, JOB_COMPLETION_INDEX 0 … N-1) and of the Slurm
# job array (its .sbatch files, SLURM_ARRAY_TASK_ID 1 … N), the shards all at once, then
# the merge step; the merged results must equal a single run's byte for byte.
# Usage: tst_clusterrecipes.sh HEDGESIM DOCS_CLUSTER_DIR
set -eu
hedgesim=$1
recipes=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
merge=
# A failed shard leaves the waiting merge step behind: stop it, or it would hold ctest.
fail() {
    [ -z "$merge" ] || kill "$merge" 2>/dev/null || true
    echo "FAIL: $*" >&2
    exit 1
}

mkdir -p "$work/scenario"
cat > "$work/scenario/scenario.json" <<'JSON'
{"calls": 2000, "loads": [0.3, 0.7, 0.95],
 "setups": [{"name": "plain"}, {"name": "hedge", "hedge": {"budget_percent": 0}}],
 "grid": {"setup": "hedge", "knob": "hedge.delay_ms", "values": [2, 5, 10, 20, 40, 60]}}
JSON
"$hedgesim" run "$work/scenario/scenario.json" --quiet -o "$work/single.json"

# Kubernetes: the shard count is `completions`, and both commands must say the same.
yaml=$recipes/kubernetes-job.yaml
count=$(sed -n 's/^  completions: *\([0-9]*\)$/\1/p' "$yaml")
[ -n "$count" ] || fail "no completions in $yaml"
grep -q "^  parallelism: $count\$" "$yaml" || fail "parallelism is not completions ($count)"
# One `command:` line a container, JSON-ish: ["a", "b", ...] -> a b ... with the volume
# paths mapped into the work folder (no argument holds a space).
commandOf() {
    sed -n "s/^ *command: *\[\(.*$1.*\)\]$/\1/p" "$yaml" | tr -d '",' |
        sed "s#/runs#$work/runs#g; s#/scenario/#$work/scenario/#g"
}
shardCommand=$(commandOf hedgesim-shard)
mergeCommand=$(commandOf hedgesim-merge)
[ -n "$shardCommand" ] && [ -n "$mergeCommand" ] || fail "no shard or merge command in $yaml"
case "$shardCommand" in *" $count") ;; *) fail "shard command's COUNT is not $count" ;; esac
case "$mergeCommand" in *" $count "*) ;; *) fail "merge command's COUNT is not $count" ;; esac

export PATH="$recipes:$PATH" HEDGESIM="$hedgesim" HEDGESIM_THREADS=1
# The merge Job starts with the shards and waits for their parts.
# shellcheck disable=SC2086
$mergeCommand &
merge=$!
pids=
index=0
while [ "$index" -lt "$count" ]; do
    # shellcheck disable=SC2086
    JOB_COMPLETION_INDEX=$index $shardCommand &
    pids="$pids $!"
    index=$((index + 1))
done
for pid in $pids; do wait "$pid" || fail "a Kubernetes shard failed"; done
wait "$merge" || { merge=; fail "the Kubernetes merge failed"; }
merge=
cmp "$work/single.json" "$work/runs/results.json" || fail "Kubernetes merge differs from a single run"
echo "kubernetes: $count shards merged, identical to a single run"

# Slurm: the array size is COUNT of the .sbatch files.
arrayCount=$(sed -n 's/^#SBATCH --array=1-\([0-9]*\)$/\1/p' "$recipes/slurm-shards.sbatch")
grep -q "^COUNT=$arrayCount\$" "$recipes/slurm-shards.sbatch" || fail "array is not COUNT"
grep -q "^COUNT=$arrayCount\$" "$recipes/slurm-merge.sbatch" || fail "merge COUNT differs"
export SCENARIO="$work/scenario/scenario.json" PARTS="$work/slurm-parts" RESULTS="$work/slurm.json"
export SHARD_SCRIPT="$recipes/hedgesim-shard" MERGE_SCRIPT="$recipes/hedgesim-merge"
pids=
task=1
while [ "$task" -le "$arrayCount" ]; do
    SLURM_ARRAY_TASK_ID=$task sh "$recipes/slurm-shards.sbatch" &
    pids="$pids $!"
    task=$((task + 1))
done
for pid in $pids; do wait "$pid" || fail "a Slurm array task failed"; done
sh "$recipes/slurm-merge.sbatch" || fail "the Slurm merge failed"
cmp "$work/single.json" "$RESULTS" || fail "Slurm merge differs from a single run"
echo "slurm: $arrayCount array tasks merged, identical to a single run"

# A missing part is named, not merged.
rm "$PARTS/part-3-of-$arrayCount.json"
rm "$RESULTS"
if sh "$recipes/slurm-merge.sbatch" 2> "$work/err"; then fail "merged without part 3"; fi
grep -q "shard(s) 3 of $arrayCount missing" "$work/err" || fail "missing part not named: $(cat "$work/err")"
[ ! -e "$RESULTS" ] || fail "a results file was written from incomplete parts"
echo "missing part refused"
