#!/usr/bin/env sh
# One shard of a long exploration, for any CI (the README's "More cores,
# more machines" shows it in a GitHub Actions matrix). Every shard runs the
# same explorations, each with a seed of its own.
#
#   drt-shard.sh <shard number> [<test name filter>] [<time limit>]
#
# The filter names the explorations the time limit lengthens (default: the
# tests whose names contain `explore`); each one it selects runs that long
# (default 10m). Reports go to drt-reports/shard-<n>/ in the directory it
# runs in, for every member crate of a workspace alike.
set -eu
shard="$1"
filter="${2:-explore}"
limit="${3:-10m}"
export DRT_SEED=$((1000 + shard))
export DRT_TIME_LIMIT="$limit"
export DRT_JOBS=auto
export DRT_REPORT_JSON="$PWD/drt-reports/shard-$shard"
exec cargo test --workspace -- "$filter" --include-ignored
