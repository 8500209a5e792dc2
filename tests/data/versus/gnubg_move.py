# GNU Backgammon's choice of play for a position and roll, for tests/suite/versus.rs.
#
# Run as `gnubg -t -q -r -p gnubg_move.py`. Reads lines of 52 numbers, as
# tests/data/differential/gnubg_plays.py does: the board of the player on roll (25 numbers:
# their points 1-24 in their own numbering, then the bar), the opponent's board (the same, in
# the opponent's numbering), then the two dice. For each line it prints one `MOVE` line: the
# two boards after the play gnubg's default player chooses (the same 50 numbers), then the
# play in gnubg's notation (`(none)` when no die can be used); or `ERROR` and why.
#
# The default player is what a fresh gnubg plays with: 2-ply, pruning neural nets, no noise
# (`show player`). The cube is off, so the play is chosen for cubeless money equity, gammons
# and backgammons counted, as icebox's `--set cube=false` single game scores them.
import sys

import gnubg

gnubg.command("set display off")
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("set cube use off")
gnubg.command("new game")


def apply(me, opp, move):
    """The boards after gnubg's move tuple: (from, to) pairs of points in the mover's
    numbering, one die each, 25 the bar and 0 (or less) borne off; a checker landing on a lone
    opposing checker hits it."""
    me, opp = list(me), list(opp)
    for src, dst in zip(move[0::2], move[1::2]):
        me[src - 1] -= 1
        if me[src - 1] < 0:
            raise ValueError("move %s takes a checker from an empty point" % (move,))
        if dst > 0:
            me[dst - 1] += 1
            if opp[24 - dst] == 1:
                opp[24 - dst] = 0
                opp[24] += 1
    return me, opp


def out(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    f = line.split()
    if not f:
        continue
    if f[0] == "quit":
        break
    try:
        n = [int(x) for x in f]
        me, opp, dice = n[0:25], n[25:50], n[50:52]
        gnubg.command("set board " + gnubg.positionid((tuple(opp), tuple(me))))
        gnubg.command("set dice %d %d" % (dice[0], dice[1]))
        board = gnubg.board()
        if list(board[1]) != me or list(board[0]) != opp:
            raise ValueError("gnubg set up another board: %s" % (board,))
        move = tuple(gnubg.findbestmove())
        text = gnubg.movetupletostring(move, board) if move else "(none)"
        a, b = apply(me, opp, move)
        out("MOVE " + " ".join(str(x) for x in a + b) + " " + text.replace(" ", "_"))
    except Exception as e:
        out("ERROR %s" % e)
