#!/usr/bin/env bash
# Chess perft against hand-written native code, in one run: icebox's interpreted chess
# (games/chess) and shakmaty (benches/chess-native, a project of its own outside icebox's
# dependencies), on the Chess Programming Wiki's perft positions. Both count the last ply
# without playing it. Each round runs every position on both sides in turn, so a busy machine
# slows both alike; a ratio is taken within a round, and the median round's is printed.
# shakmaty repeats each perft for a quarter of a second (benches/chess-native) so that its
# few milliseconds are timed whole. Node counts must agree.
#
#   benches/chess-vs-native.sh            ROUNDS=5 by default
#
# Needs a release build of icebox (cargo build --release) and crates.io for shakmaty on the
# first run; about two minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BIN:-target/release/icebox}
rounds=${ROUNDS:-5}
[ -x "$bin" ] || { echo "no $bin: run cargo build --release first" >&2; exit 2; }
cargo build --quiet --release --manifest-path benches/chess-native/Cargo.toml
native=benches/chess-native/target/release/chess-native

# name | depth | FEN | the same position in icebox's notation (tests/suite/perft.rs)
positions=(
  "start|5|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|"
  "kiwipete|4|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|bR3bK2bR/bP1bPbPbQbPbB1/bBbN2bPbNbP1/3wPwN3/1bP2wP3/2wN2wQ1bP/wPwPwPwBwBwPwPwP/wR3wK2wR turn=White"
  "position3|5|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1|8/2bP5/3bP4/wKwP5bR/1wR3bP1bK/8/4wP1wP1/8 turn=White"
  "position4|4|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1|bR3bK2bR/wPbPbPbP1bPbPbP/1bB3bNbBwN/bNwP6/wBwBwP1wP3/bQ4wN2/wPbP1wP2wPwP/wR2wQ1wRwK1 turn=White"
  "position5|4|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8|bRbNbBbQ1bK1bR/bPbP1wPbBbPbPbP/2bP5/8/2wB5/8/wPwPwP1wNbNwPwP/wRwNwBwQwK2wR turn=White var.quiet=1"
)

field() { sed -n "s/.*\"$1\":\([0-9.e+-]*\).*/\1/p"; }

# Rounds of every position, both sides in turn; one line per position and round.
times=$(mktemp)
trap 'rm -f "$times"' EXIT
for r in $(seq "$rounds"); do
  for p in "${positions[@]}"; do
    IFS='|' read -r name depth fen ours <<< "$p"
    if [ -n "$ours" ]; then
      out=$("$bin" perft chess --depth "$depth" --position "$ours" --json)
    else
      out=$("$bin" perft chess --depth "$depth" --json)
    fi
    ni=$(echo "$out" | field nodes); ti=$(echo "$out" | field seconds)
    out=$("$native" "$fen" "$depth")
    nn=$(echo "$out" | field nodes); tn=$(echo "$out" | field seconds)
    [ "$ni" = "$nn" ] || { echo "$name: icebox counts $ni nodes, shakmaty $nn" >&2; exit 1; }
    echo "$r $name $depth $ni $ti $tn" >> "$times"
  done
done
# Per position, the median round's ratio; over all, each round's total time against the
# other side's in the same round, and the median of those (with the least and the most).
python3 - "$times" <<'PY'
import sys
from statistics import median
rows = [l.split() for l in open(sys.argv[1])]
names = list(dict.fromkeys(r[1] for r in rows))
print('%-10s %5s %10s %12s %12s %8s' % ('position', 'depth', 'nodes', 'icebox n/s', 'native n/s', 'ratio'))
for n in names:
    mine = [r for r in rows if r[1] == n]
    nodes, depth = int(mine[0][3]), mine[0][2]
    ti, tn = [float(r[4]) for r in mine], [float(r[5]) for r in mine]
    ratio = median(i / t for i, t in zip(ti, tn))
    print('%-10s %5s %10d %12.0f %12.0f %7.1fx' % (n, depth, nodes, nodes / median(ti), nodes / median(tn), ratio))
rounds = sorted(set(int(r[0]) for r in rows))
per_round = sorted(
    sum(float(r[4]) for r in rows if int(r[0]) == k) / sum(float(r[5]) for r in rows if int(r[0]) == k)
    for k in rounds)
nodes = sum(int(r[3]) for r in rows) / len(rounds)
ti = median(sum(float(r[4]) for r in rows if int(r[0]) == k) for k in rounds)
tn = median(sum(float(r[5]) for r in rows if int(r[0]) == k) for k in rounds)
print("all: icebox %.0f nodes/s, shakmaty %.0f nodes/s: icebox takes %.1fx shakmaty's time "
      "(median of %d rounds taken in turn; least %.1fx, most %.1fx)"
      % (nodes / ti, nodes / tn, median(per_round), len(rounds), per_round[0], per_round[-1]))
PY
echo "machine: $(nproc) cores, $(uptime | sed 's/.*load average/load average/')"
