# The plays of a roll, from GNU Backgammon, for tests/suite/differential.rs.
#
# Run as `gnubg -t -q -r -p gnubg_plays.py`. Reads lines of 52 numbers: the board of the
# player on roll (25 numbers: their points 1-24 in their own numbering, then the bar), the
# opponent's board (the same, in the opponent's numbering), then the two dice. For each line
# it asks gnubg for every legal play of that roll (`hint` at 0 plies lists them all), applies
# each play to the board and prints the resulting boards, one `PLAY` line each (the same 50
# numbers), then `END`. With no legal play it prints the board unchanged, once.
import re
import sys

import gnubg

gnubg.command("set display off")
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("set evaluation chequerplay evaluation plies 0")
gnubg.command("new game")


def apply(me, opp, play):
    """The boards after a play written in gnubg's notation (`24/18 13/11*`, `bar/22`,
    `6/off`, `8/5(2)`, `24/21/16`); a checker landing on a lone opposing checker hits it."""
    me, opp = list(me), list(opp)
    for tok in play.split():
        times = 1
        m = re.match(r"^(.*)\((\d+)\)$", tok)
        if m:
            tok, times = m.group(1), int(m.group(2))
        points = [p.rstrip("*") for p in tok.split("/")]
        for _ in range(times):
            for a, b in zip(points, points[1:]):
                src = 25 if a == "bar" else int(a)
                dst = 0 if b == "off" else int(b)
                me[src - 1] -= 1
                if dst > 0:
                    me[dst - 1] += 1
                    if opp[24 - dst] == 1:
                        opp[24 - dst] = 0
                        opp[24] += 1
                if me[src - 1] < 0:
                    raise ValueError("play %s moves a checker that is not there" % play)
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
        try:
            plays = [h["move"] for h in gnubg.hint(1000000)["hint"]]
        except Exception:
            plays = []
        if not plays:
            out("PLAY " + " ".join(str(x) for x in me + opp))
        for p in plays:
            a, b = apply(me, opp, p)
            out("PLAY " + " ".join(str(x) for x in a + b) + " " + p.replace(" ", "_"))
        out("END %d" % len(plays))
    except Exception as e:
        out("ERROR %s" % e)
