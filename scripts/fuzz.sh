#!/usr/bin/env bash
# Fuzzes every input format for a bounded time: scripts/fuzz.sh [TARGET] [SECONDS]
#   TARGET   a folder name under Fuzz/Targets (config, template, touch) or "all" (default)
#   SECONDS  run time of each target (default 60)
# Builds the libFuzzer executables (KIOSK_FUZZ=1; release, overflow checks on, AddressSanitizer)
# in .build/fuzz, so the normal build cache is untouched, and runs each on its seed corpus
# (Fuzz/Corpus/TARGET) and dictionary (Fuzz/Dictionaries/TARGET.dict), starting from the kept
# findings (Tests/KioskFuzzRegressionTests/Regressions/TARGET: replayed with the sanitizers, so a
# leak that `swift test` cannot see is caught here too). New inputs go to a
# temporary working corpus: the repository is not modified. Exits non-zero on the first crash,
# leak, timeout or out-of-memory, and says where the input was saved (.build/fuzz/findings/);
# also when a target did not do what was asked: ran less than 90 % of its time or fewer than
# one input a second (a fuzzer that exits 0 at once proves nothing), or has no seed corpus or
# no regression inputs to replay.
# Extra libFuzzer flags: FUZZ_FLAGS="-jobs=2 -workers=2" scripts/fuzz.sh config 600
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
scripts/install-deps.sh

root=$PWD
seconds=${2:-60}
mapfile -t all < <(cd Fuzz/Targets && ls -d -- */ | tr -d /)
case "${1:-all}" in
  all) targets=("${all[@]}") ;;
  *)
    if [ ! -d "Fuzz/Targets/$1" ]; then
      echo "fuzz: no target \"$1\"; expected one of: ${all[*]} (or all)" >&2
      exit 2
    fi
    targets=("$1")
    ;;
esac

work=$(mktemp -d "${TMPDIR:-/tmp}/kiosk-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Release for throughput (several times the executions per second of a debug build); KIOSK_FUZZ
# also drops the renderer's -Ounchecked, so an overflow still traps. The toolchain ships
# libFuzzer and the sanitizer runtimes (usr/lib/swift/clang/lib/linux): no Debian package needed.
for t in "${targets[@]}"; do
  if ! KIOSK_FUZZ=1 swift build --build-path .build/fuzz -c release -Xswiftc -sanitize=fuzzer,address \
         --product "fuzz-$t" >"$work/build.log" 2>&1; then
    grep -vE "prohibited flag|Cannot export local symbol '__asan" "$work/build.log" >&2
    echo "fuzz: building fuzz-$t failed" >&2
    exit 1
  fi
  tail -n 1 "$work/build.log"
done

# The Swift runtime's own backtracer would catch a trap first and then trip AddressSanitizer
# reading memory; without it libFuzzer reports the trap (its top frame names the Swift runtime
# failure) and saves the input. Leaks: see Fuzz/lsan.supp.
export SWIFT_BACKTRACE=enable=no
export LSAN_OPTIONS="suppressions=$root/Fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
if symbolizer=$(command -v llvm-symbolizer); then export ASAN_SYMBOLIZER_PATH=$symbolizer; fi

failed=()
for t in "${targets[@]}"; do
  findings=$root/.build/fuzz/findings/$t
  mkdir -p "$findings" "$work/$t"
  for folder in "Fuzz/Corpus/$t" "Tests/KioskFuzzRegressionTests/Regressions/$t"; do
    if [ -z "$(ls "$folder" 2>/dev/null)" ]; then   # hidden files (.gitkeep) do not count
      echo "fuzz: $t: $folder is missing or empty: nothing to start from or to replay" >&2
      failed+=("$t")
      continue 2
    fi
  done
  log=$work/$t.log
  echo "fuzz: $t for $seconds s (corpus Fuzz/Corpus/$t + regressions, dictionary Fuzz/Dictionaries/$t.dict)"
  start=$SECONDS
  status=0
  # -timeout: seconds one input may take (the slowest seed takes milliseconds); -rss_limit_mb
  # also caps a single allocation (-malloc_limit_mb defaults to it).
  # shellcheck disable=SC2086
  ".build/fuzz/release/fuzz-$t" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 \
    -print_final_stats=1 -dict="Fuzz/Dictionaries/$t.dict" -artifact_prefix="$findings/" \
    ${FUZZ_FLAGS:-} "$work/$t" "Fuzz/Corpus/$t" "Tests/KioskFuzzRegressionTests/Regressions/$t" >"$log" 2>&1 || status=$?
  elapsed=$((SECONDS - start))
  final() { sed -n "s/^stat::$1: *//p" "$log" | tail -n 1; }
  echo "fuzz: $t: ${elapsed} s, $(final number_of_executed_units) runs, $(final average_exec_per_sec) exec/s," \
       "$(final new_units_added) new inputs, peak RSS $(final peak_rss_mb) MB"
  if [ "$status" -ne 0 ]; then
    # The report without libFuzzer's progress lines: what went wrong and the stack.
    grep -vE '^#[0-9]+[[:space:]]|^INFO: |^[[:space:]]+NEW_FUNC' "$log" | tail -n 80 >&2
    saved=$(sed -n "s/.*Test unit written to //p" "$log" | tail -n 1)
    # The inputs of this run, to replay (-runs=0) when no single input is to blame.
    corpus=$findings/corpus-$(date +%Y%m%d-%H%M%S)
    mv "$work/$t" "$corpus"
    echo "fuzz: $t FAILED (exit $status); input saved to ${saved:-(none; see the report above)}" >&2
    if [ -n "$saved" ] && [ -s "$saved" ]; then
      echo "fuzz: replay: .build/fuzz/release/fuzz-$t $saved; keep it as a regression:" \
           "cp $saved Tests/KioskFuzzRegressionTests/Regressions/$t/" >&2
    else
      # A leak found at exit belongs to no one input; libFuzzer then saves an empty file.
      echo "fuzz: no single input to blame (a leak found at exit?); the run's inputs are in $corpus:" \
           "replay them with .build/fuzz/release/fuzz-$t -runs=0 $corpus" >&2
    fi
    failed+=("$t")
  elif runs=$(final number_of_executed_units); [ "${runs:-0}" -lt "$seconds" ] || [ $((elapsed * 10)) -lt $((seconds * 9)) ]; then
    # Exit 0 is not enough: the run must have lasted and executed what was asked.
    echo "fuzz: $t FAILED: ran ${elapsed} s of ${seconds} and ${runs:-no} inputs (at least $seconds asked)" >&2
    tail -n 20 "$log" >&2
    failed+=("$t")
  fi
done

if ((${#failed[@]})); then
  echo "fuzz: failed: ${failed[*]}" >&2
  exit 1
fi
echo "fuzz: no crash, leak, timeout or out-of-memory in ${targets[*]}"
