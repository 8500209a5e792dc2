#!/usr/bin/env bash
# The cost of the script boundary, in instructions (valgrind's callgrind): a game's hooks and
# the API calls in them, measured on benches/script-boundary (a 4x4 placement game) by perft
# to depth 4 with no script and with each variant's script. Per call:
#   an empty hook          (hook variant - no script) / calls of the hook
#   an API call            (ten calls - ten plain statements) / (10 x calls of after_move)
#   a hook reading ten cells, s.gen in the moves hook: (variant - no script) / calls
# The hooks' calls are counted once per run, by running copies of the empty hooks that print.
#
#   benches/script-boundary.sh            measure, compare with benches/script-boundary.baseline
#   benches/script-boundary.sh --update   measure and write the baseline
#
# Needs valgrind and a release build (cargo build --release); about half a minute.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BIN:-target/release/icebox}
game=benches/script-boundary
baseline=benches/script-boundary.baseline
depth=4
[ "${1:-}" = "--update" ] && update=1 || update=0
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
[ -x "$bin" ] || { echo "no $bin: run cargo build --release first" >&2; exit 2; }

count() { # perft arguments... -> instructions
  local out
  out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" perft "$game" --depth "$depth" "$@" 2>&1 >/dev/null) || {
    echo "failed: perft $*" >&2; echo "$out" | tail -5 >&2; exit 2; }
  echo "$out" | sed -n 's/.*Collected : \([0-9]*\).*/\1/p' | tail -1
}

# How many times each hook runs in the perft: copies of the empty hooks that print.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$game" "$tmp/g"
echo 'fn after_move(s, m) { print("x"); }' > "$tmp/g/after-empty.rhai"
echo 'fn moves(s) { print("x"); }' > "$tmp/g/moves-empty.rhai"
calls() { "$bin" --trace perft "$tmp/g" --variant "$1" --depth "$depth" 2>&1 >/dev/null | grep -c '^script: x'; }
after_calls=$(calls after-empty)
moves_calls=$(calls moves-empty)

base=$(count)
declare -A n
for v in moves-empty after-empty after-let10 after-top10 after-owner10 after-step10 after-region10 after-read10 moves-gen; do
  n[$v]=$(count --variant "$v")
done
per() { echo $(( ($1 - $2) / $3 )); }
results="$tmp/results"
{
  echo "empty-moves-hook $(per "${n[moves-empty]}" "$base" "$moves_calls")"
  echo "empty-after_move-hook $(per "${n[after-empty]}" "$base" "$after_calls")"
  for f in top owner step region; do
    echo "s.$f $(per "${n[after-${f}10]}" "${n[after-let10]}" $((10 * after_calls)))"
  done
  echo "hook-reading-ten-cells $(per "${n[after-read10]}" "$base" "$after_calls")"
  echo "s.gen-in-moves-hook $(per "${n[moves-gen]}" "$base" "$moves_calls")"
} > "$results"
echo "instructions per call ($after_calls after_move calls, $moves_calls moves calls; perft($depth) with no script: $base)" >&2
column -t "$results" >&2

if [ "$update" = 1 ]; then
  { echo "# benches/script-boundary.sh --update: instructions per call ($(date -u +%F), $(git rev-parse --short HEAD 2>/dev/null || echo '?'))"
    cat "$results"; } > "$baseline"
  echo "wrote $baseline" >&2
  exit 0
fi
[ -f "$baseline" ] || { echo "no $baseline: run with --update first" >&2; exit 2; }
awk 'NR==FNR { if ($1 !~ /^#/) base[$1]=$2; next }
     { if (!($1 in base)) { printf "%-24s new\n", $1; next }
       r=($2-base[$1])/base[$1]*100;
       printf "%-24s %+6.1f%%  (%d -> %d)\n", $1, r, base[$1], $2 }' "$baseline" "$results"
