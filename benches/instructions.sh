#!/usr/bin/env bash
# Instruction counts of a fixed, seeded workload per shipped game, under valgrind's callgrind:
# the same on a busy machine as on an idle one, so a change of a few percent is visible where
# wall-clock timings are noise. Each workload is a small perft plus a few random playouts.
#
#   benches/instructions.sh            measure, compare with benches/instructions.baseline and
#                                      list every change over 2% (exit 1 if any got slower)
#   benches/instructions.sh --update   measure and write the baseline
#   benches/instructions.sh chess go   only these games
#
# Needs valgrind and a release build (cargo build --release); about a minute in all.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=target/release/icebox
baseline=benches/instructions.baseline
update=0
games=()
for a in "$@"; do
  case "$a" in
    --update) update=1 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) games+=("$a") ;;
  esac
done
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
[ -x "$bin" ] || { echo "no $bin: run cargo build --release first" >&2; exit 2; }

# game perft-depth playouts max-plies: about 20-200 M instructions each.
workloads="amazons 2 5 60
backgammon 3 20 100
chess 3 5 100
connect-four 5 50 0
crazyhouse 3 5 100
english-draughts 5 20 100
go 2 5 100
hex 2 5 0
homeworlds 3 40 100
ice-lady 3 10 100
icegammon 3 20 100
icesickle 3 20 0
moscow-ice 3 5 100
nine-mens-morris 3 10 100
oware 5 10 100
pikemen 2 10 100
reversi 5 10 0
shogi 3 5 100
volcano 2 5 100
xiangqi 3 5 100
zugzwang 3 5 100"

count() { # command... -> instructions
  local out
  out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null) || {
    echo "failed: $*" >&2; echo "$out" | tail -5 >&2; exit 2; }
  echo "$out" | sed -n 's/.*Collected : \([0-9]*\).*/\1/p' | tail -1
}

results=$(mktemp)
trap 'rm -f "$results"' EXIT
while read -r game depth playouts plies; do
  if [ ${#games[@]} -gt 0 ] && [[ ! " ${games[*]} " == *" $game "* ]]; then continue; fi
  p=$(count "$bin" perft "$game" --depth "$depth")
  b=$(count "$bin" bench "$game" --playouts "$playouts" --max-plies "$plies" --seed 1)
  printf '%s perft %s\n%s bench %s\n' "$game" "$p" "$game" "$b" >> "$results"
  printf '%-18s perft(%s) %'"'"'14d   %s playouts %'"'"'14d\n' "$game" "$depth" "$p" "$playouts" "$b" >&2
done <<< "$workloads"

if [ "$update" = 1 ]; then
  { echo "# benches/instructions.sh --update: game workload instructions ($(date -u +%F), $(git rev-parse --short HEAD 2>/dev/null || echo '?'))"
    cat "$results"; } > "$baseline"
  echo "wrote $baseline" >&2
  exit 0
fi
[ -f "$baseline" ] || { echo "no $baseline: run with --update first" >&2; exit 2; }
awk 'NR==FNR { if ($1 !~ /^#/) base[$1" "$2]=$3; next }
     { k=$1" "$2; if (!(k in base)) { printf "%-28s new\n", k; next }
       r=($3-base[k])/base[k]*100;
       if (r > 2 || r < -2) printf "%-28s %+6.1f%%  (%d -> %d)\n", k, r, base[k], $3;
       if (r > 2) slower=1 }
     END { if (slower) { print "slower than the baseline by more than 2%"; exit 1 }
           print "no workload slower than the baseline by more than 2%" }' "$baseline" "$results"
