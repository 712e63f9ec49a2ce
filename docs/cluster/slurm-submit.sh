#!/bin/sh
# slurm-submit.sh SCENARIO.json RESULTS.json — queues the shards and, after all succeeded,
# the merge. Run it from this folder on a login node, with hedgesim.sif here
# (apptainer build hedgesim.sif docker-daemon://hedgesim:latest, or from a registry).
set -eu
[ $# -eq 2 ] || { echo "usage: slurm-submit.sh SCENARIO.json RESULTS.json" >&2; exit 2; }
export SCENARIO="$(realpath "$1")" RESULTS="$(realpath -m "$2")" PARTS="$PWD/parts"
shards=$(sbatch --parsable --export=ALL slurm-shards.sbatch)
sbatch --parsable --export=ALL --dependency=afterok:"$shards" slurm-merge.sbatch
