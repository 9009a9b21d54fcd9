#!/usr/bin/env bash
# Builds a fuzz target with libFuzzer's coverage instrumentation on stable
# Rust (the flags cargo-fuzz passes, without its nightly-only sanitizer),
# then runs it with the libFuzzer arguments given:
#
#   fuzz/fuzz.sh bank_account corpus/ -max_total_time=60   # fuzz
#   fuzz/fuzz.sh bank_account crash-72685fc8...            # replay a crash: prints its #[test]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
target="${1:?usage: fuzz/fuzz.sh <target> [libFuzzer arguments...]}"
shift
triple="$(rustc -vV | sed -n 's/^host: //p')"
# `--target` keeps these flags off build scripts and proc macros.
RUSTFLAGS="-Cpasses=sancov-module \
  -Cllvm-args=-sanitizer-coverage-level=4 \
  -Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
  -Cllvm-args=-sanitizer-coverage-pc-table \
  -Cllvm-args=-sanitizer-coverage-trace-compares \
  --cfg fuzzing" \
  cargo build --quiet --release --manifest-path "$here/Cargo.toml" --target "$triple" --bin "$target"
# Run from where it was called, so that paths given (and crash files written) are where one expects.
exec "$here/target/$triple/release/$target" "$@"
