#!/usr/bin/env bash
# Folds the queues of the last run (`out/<target>/default/queue`) and the
# committed regression corpus (`regressions/<target>`) into a minimal set of
# inputs with the same coverage (afl-cmin), written back to
# `regressions/<target>`, which the ordinary test suite replays
# (`fuzz/checks/tests/replay.rs`). Crash inputs are kept whatever their
# coverage: copy them into `regressions/<target>/` after fixing the bug.
#
#   bash fuzz/minimize.sh [TARGET...]      (default: position moves play uci record api)
set -euo pipefail
cd "$(dirname "$0")"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(position moves play uci record api)
# afl-cmin.bash: the Python afl-cmin of AFL++ 4.40c finds no tuples in
# afl.rs persistent-mode binaries.
bin=$(ls -d "$HOME"/.local/share/afl.rs/rustc-*/afl.rs-*/afl/bin | tail -1)
cmin=$bin/afl-cmin.bash
for t in "${targets[@]}"; do
  work=$(mktemp -d)
  mkdir -p "$work/in" "regressions/$t"
  cp -n "regressions/$t"/* "$work/in/" 2>/dev/null || true
  [ -d "out/$t/default/queue" ] && find "out/$t/default/queue" -maxdepth 1 -type f -name 'id:*' \
    -exec sh -c 'for f; do cp "$f" "$0/in/$(sha1sum "$f" | cut -c1-16)"; done' "$work" {} +
  AFL_PATH=$(dirname "$cmin") AFL_SKIP_CPUFREQ=1 "$cmin" -i "$work/in" -o "$work/min" -t 5000 \
    -- "target/release/$t" >"$work/log" 2>&1 || { tail -c 2000 "$work/log" >&2; exit 1; }
  find "regressions/$t" -maxdepth 1 -type f -delete
  for f in "$work/min"/*; do cp "$f" "regressions/$t/$(sha1sum "$f" | cut -c1-16)"; done
  echo "$t: $(ls "regressions/$t" | wc -l) inputs in regressions/$t"
  rm -rf "$work"
done
