#!/usr/bin/env bash
# Fills corpus/ with seeds from the shipped games: each definition (game.toml, `---`, script),
# the positions and moves of every scenario file, and a record of a random game per game.
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p corpus/definition corpus/position corpus/moves corpus/record
for g in ../games/*/ ../examples/hexapawn/; do
  id=$(basename "$g")
  { cat "$g/game.toml"; printf '\n---\n'; cat "$g/rules.rhai"; } > "corpus/definition/$id"
  n=0
  grep -ho 'position = "[^"]*"' "$g"/tests/*.toml 2>/dev/null | sed 's/position = "\(.*\)"/\1/' | while read -r p; do
    n=$((n + 1)); { printf '\x00'; printf '%s' "$p"; } > "corpus/position/$id-$n"
  done
  grep -ho '"[a-z0-9]*[-:/@][a-z0-9=:/@-]*"' "$g"/tests/*.toml 2>/dev/null | tr -d '"' | sort -u | head -50 | while read -r m; do
    { printf '\x00'; printf '%s' "$m"; } > "corpus/moves/$id-$m" 2>/dev/null || true
  done
done
for id in chess icesickle backgammon english-draughts moscow-ice; do
  cargo run --quiet --release --manifest-path ../Cargo.toml -- play "$id" --seat all=random --quiet --save "corpus/record/$id.rec" --overwrite > /dev/null
done
echo "seeded: $(ls corpus/*/ | wc -l) files"
