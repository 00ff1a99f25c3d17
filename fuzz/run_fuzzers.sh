#!/usr/bin/env bash
# Runs each libFuzzer target of a QRT_BUILD_FUZZERS build for a fixed time; fails on any crash, leak,
# sanitizer report, timeout or out-of-memory. Seed corpora are assembled at run time in the build tree
# from fuzz/seeds/<target>/ and, for qasm, the QASMBench files of the corpus folder (never copied into
# the source tree); what the fuzzer adds stays there for the next run.
#
#   fuzz/run_fuzzers.sh [--seconds N] [--build-dir DIR] [--corpus-dir DIR] [--jobs J] [--targets "a b"]
#                       [--seed-only]
#
#   --seconds N      time per target (default 600); CI uses --seconds 60
#   --build-dir DIR  the fuzz build (default build-fuzz); binaries in DIR/bin/fuzz_<target>
#   --corpus-dir DIR QASMBench folder (default: QRT_CORPUS_DIR from DIR/CMakeCache.txt)
#   --jobs J         targets run at once (default 2), each under `nice`
#   --targets LIST   which targets (default: every DIR/bin/fuzz_* binary)
#   --seed-only      only assemble the seed corpora
#
# Crash inputs land in DIR/fuzz/artifacts/<target>/; keep each as fuzz/seeds/<target>/<name> with a
# regression test beside the fix.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
seconds=600
build_dir=build-fuzz
corpus_dir=
jobs=2
targets=
seed_only=0
while [[ $# -gt 0 ]]; do
  case $1 in
    --seconds) seconds=$2; shift 2 ;;
    --build-dir) build_dir=$2; shift 2 ;;
    --corpus-dir) corpus_dir=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --targets) targets=$2; shift 2 ;;
    --seed-only) seed_only=1; shift ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    *) echo "run_fuzzers.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done

build_dir=$(cd "$build_dir" && pwd)
if [[ -z $corpus_dir && -f $build_dir/CMakeCache.txt ]]; then
  corpus_dir=$(sed -n 's/^QRT_CORPUS_DIR:[A-Z]*=//p' "$build_dir/CMakeCache.txt")
fi
if [[ -z $targets ]]; then
  for binary in "$build_dir"/bin/fuzz_*; do
    [[ -x $binary ]] && targets+="${binary##*/fuzz_} "
  done
fi
if [[ -z ${targets// /} ]]; then
  echo "run_fuzzers.sh: no fuzz_* binaries in $build_dir/bin (build the 'fuzzers' target first)" >&2
  exit 2
fi
work=$build_dir/fuzz

dict_of() {
  case $1 in
    qasm) echo "$here/dicts/qasm.dict" ;;
    isolation_message) echo "$here/dicts/isolation.dict" ;;
    *) echo "$here/dicts/config.dict" ;;
  esac
}

# Seeds: the target's own files, plus the QASMBench circuits for qasm. Existing corpus files are kept.
assemble_corpus() {
  local target=$1 corpus=$work/corpus/$1
  mkdir -p "$corpus" "$work/artifacts/$target"
  if [[ -d $here/seeds/$target ]]; then
    find "$here/seeds/$target" -maxdepth 1 -type f -exec cp -f {} "$corpus/" \;
  fi
  if [[ $target == qasm ]]; then
    if [[ -n $corpus_dir && -d $corpus_dir ]]; then
      find "$corpus_dir" -name '*.qasm' -type f -exec cp -f {} "$corpus/" \;
    else
      echo "run_fuzzers.sh: warning: QASM corpus folder '$corpus_dir' not found; qasm starts from fuzz/seeds only" >&2
    fi
  fi
  chmod -R u+w "$corpus"
}

run_target() {
  local target=$1 log=$work/logs/$1.log
  mkdir -p "$work/logs"
  # UBSan aborts (the build uses -fno-sanitize-recover=all); leaks are reported at exit of each input.
  ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  nice -n 10 "$build_dir/bin/fuzz_$target" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -dict="$(dict_of "$target")" -artifact_prefix="$work/artifacts/$target/" \
    "$work/corpus/$target" >"$log" 2>&1
}

# One summary line per target from libFuzzer's final lines.
summarise() {
  local target=$1 status=$2 log=$work/logs/$1.log
  local done_line runs execs
  done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1 || true)
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  execs=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  printf '%-14s %-6s runs=%-10s exec/s=%-7s %s\n' "$target" "$status" "${runs:-?}" "${execs:-?}" \
    "$(sed -E 's/^#[0-9]+[[:space:]]+DONE[[:space:]]+//' <<<"$done_line")"
}

for target in $targets; do assemble_corpus "$target"; done
[[ $seed_only == 1 ]] && { echo "seed corpora in $work/corpus"; exit 0; }

echo "fuzzing $targets for ${seconds}s each, $jobs at a time (logs in $work/logs)"
declare -A pids
failed=()
finish() {
  local target=$1 status=ok
  if ! wait "${pids[$target]}"; then status=FAILED; fi
  # Belt and braces: a report in the log fails the run even if the exit status did not.
  if grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:|qrt fuzz invariant failed' \
       "$work/logs/$target.log"; then
    status=FAILED
  fi
  summarise "$target" "$status"
  if [[ $status != ok ]]; then
    failed+=("$target")
    grep -E -A30 'ERROR:|runtime error:|qrt fuzz invariant failed' "$work/logs/$target.log" | head -n 60 >&2 || true
    ls "$work/artifacts/$target" >&2 || true
  fi
  unset "pids[$target]"
}

running=()
for target in $targets; do
  if [[ ${#running[@]} -ge $jobs ]]; then
    finish "${running[0]}"
    running=("${running[@]:1}")
  fi
  run_target "$target" &
  pids[$target]=$!
  running+=("$target")
done
for target in "${running[@]}"; do finish "$target"; done

if [[ ${#failed[@]} -gt 0 ]]; then
  echo "fuzzing FAILED: ${failed[*]} (crash inputs in $work/artifacts/<target>/)" >&2
  exit 1
fi
echo "fuzzing passed: no crash, leak, sanitizer report or invariant failure"
