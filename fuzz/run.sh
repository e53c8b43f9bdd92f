#!/usr/bin/env bash
# Builds the AFL targets and fuzzes each for SECONDS (default 600), all at
# once, then prints each target's totals. Safe to run again: the set-up
# steps skip what is already done, and a second run resumes from `out/`.
#
#   bash fuzz/run.sh [SECONDS] [TARGET...]      targets: position moves play uci record api (default: all)
set -euo pipefail
cd "$(dirname "$0")"
secs=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(position moves play uci record api)

# Once per machine: cargo-afl, and AFL++ built for the installed rustc
# (`cargo install` builds it; `config --build` fails with "already built"
# when it is there, which is not an error here).
command -v cargo-afl >/dev/null 2>&1 || cargo install --locked cargo-afl
if ! log=$(cargo afl config --build 2>&1); then
  grep -q "already built" <<<"$log" || { printf '%s\n' "$log" >&2; exit 1; }
fi

# The instrumented build goes to fuzz/target (this folder's own workspace);
# the replay (see README) builds in the main workspace's target instead.
cargo afl build --release
mkdir -p out
for t in "${targets[@]}"; do
  [ -d "seeds/$t" ] || { echo "unknown target $t (no seeds/$t)" >&2; exit 2; }
  AFL_NO_UI=1 AFL_AUTORESUME=1 AFL_NO_AFFINITY=1 AFL_SKIP_CPUFREQ=1 \
    AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
    cargo afl fuzz -V "$secs" -G 1024 -t 2000 -i "seeds/$t" -o "out/$t" "target/release/$t" \
    >"out/$t.log" 2>&1 &
done
wait

printf '%-9s %10s %9s %10s %8s %8s %7s %7s %6s\n' target run_s execs execs/s corpus coverage cycles crashes hangs
for t in "${targets[@]}"; do
  stats="out/$t/default/fuzzer_stats"
  [ -f "$stats" ] || { echo "$t: no fuzzer_stats (see out/$t.log)"; continue; }
  get() { awk -F' *: *' -v k="$1" '$1 == k { print $2 }' "$stats"; }
  printf '%-9s %10s %9s %10s %8s %8s %7s %7s %6s\n' "$t" "$(get run_time)" "$(get execs_done)" \
    "$(get execs_per_sec)" "$(get corpus_count)" "$(get bitmap_cvg)" "$(get cycles_done)" "$(get saved_crashes)" \
    "$(get saved_hangs)"
done
