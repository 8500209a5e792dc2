/*
 * paper_soccer.c - independent brute-force move counter (perft) for Paper
 * Soccer.
 *
 * Written from the rules below only; it shares no code with the engine it is
 * meant to cross-check.
 *
 * RULES (as implemented here)
 *   Dots are named like chess squares: files a..i, ranks 1..13.  The field
 *   is the dots a2..i12 (8 x 10 boxes).  The goals are the dots d1, e1, f1
 *   (White's own goal, at the bottom) and d13, e13, f13 (Black's own goal,
 *   at the top); no other dots of ranks 1 and 13 exist.
 *
 *   A segment joins two existing dots that are neighbours in one of the 8
 *   directions (one step orthogonally or diagonally).  Crossing diagonals
 *   are different segments (e7-f8 and f7-e8 may both be drawn).
 *
 *   44 segments are drawn from the start (never usable; they count as
 *   touching their dots):
 *     field border: consecutive dots of a2..a12, i2..i12, a2..d2, f2..i2,
 *                   a12..d12, f12..i12                          (32)
 *     goal boxes:   d1-d2, f1-f2, d1-e1, e1-f1,
 *                   d12-d13, f12-f13, d13-e13, e13-f13           (8)
 *     diagonals out of the playing area: c2-d1, g2-f1, c12-d13, g12-f13 (4)
 *   So the goal mouths d2-e2, e2-f2, d12-e12, e12-f12 are open, and so are
 *   e.g. e2-d1, d2-e1, e2-e1.  e2 and e12 start untouched.
 *
 *   The ball starts on e7, White moves first.  A ply: the player to move
 *   moves the ball from its dot to a neighbouring dot along a segment not
 *   yet drawn; that segment becomes drawn.
 *   Bounce: if the dot the ball arrives on was touched before this ply (an
 *   end of at least one drawn segment, pre-drawn ones included), the SAME
 *   player plays the next ply; otherwise the turn passes.  The segment just
 *   drawn does not count.
 *   The game ends when the ball arrives on a goal dot: d13/e13/f13 -> White
 *   wins, d1/e1/f1 -> Black wins, whoever moved it.  A player to move with
 *   no legal ply loses.  A finished game has no moves.
 *
 *   perft(0) = 1; perft(d) = sum over the legal plies of perft(d-1) of the
 *   position after it (0 from a finished position or one without plies).
 *   Every ply is one level, bounces included.
 *
 *   Note: the plain count does not depend on who is to move, so it cannot
 *   see the bounce rule at all (the same ball and drawn segments give the
 *   same counts with W or B).  The "stats" mode below splits the positions
 *   reached at depth N by side to move and result, which does check it.
 *   Also: a corner dot (a2, i2, a12, i12) has one free segment, so the ball
 *   arriving there bounces and the mover is then stuck and loses; from the
 *   start this happens first at depth 5 (16 ways).
 *
 * POSITION TEXT (POS)
 *   "BALL SIDE SEGMENTS", e.g. "e7 W" or "f9 B e7-e8,e8-f9": the ball's dot,
 *   the side to move (W or B), then the segments drawn beyond the 44
 *   pre-drawn ones, each "x-y" (either order), separated by commas and/or
 *   spaces.  "start" means "e7 W".  A pre-drawn, repeated or non-segment
 *   pair is an error.  Whether a dot is touched is derived from the drawn
 *   segments only.  A ball on a goal dot is a finished game (perft 0).
 *   POS may be one quoted argument or several arguments.
 *
 * BUILD
 *   gcc -O2 -o /tmp/paper_soccer tests/data/bruteforce/paper_soccer.c
 *
 * USAGE
 *   paper_soccer POS DEPTH          "depth N: COUNT" for N = 1..DEPTH
 *   paper_soccer divide POS DEPTH   each root ply ("e7-e8: COUNT", the
 *                                   perft(DEPTH-1) after it) and the total
 *   paper_soccer moves POS          the legal plies and what each does
 *                                   (turn passes / bounce / goal)
 *   paper_soccer stats POS DEPTH    per N = 1..DEPTH, the positions reached
 *                                   after N plies split into: W to move,
 *                                   B to move (both with a ply), White has
 *                                   won, Black has won, W stuck, B stuck
 *   paper_soccer random SEED PLIES  plays PLIES plies from the start, each
 *                                   chosen uniformly among the legal plies
 *                                   (xorshift64*, fixed seed), and prints
 *                                   the POS reached, segments in the order
 *                                   drawn (written in the ball's direction);
 *                                   stops early if the game ends (a note
 *                                   goes to stderr; the side letter of a
 *                                   finished game means nothing)
 *   Elapsed (cumulative) time per depth goes to stderr.
 *
 * METHOD
 *   Dot index rank*9+file, a table of the 8 neighbours and of the segment
 *   number for each (dot, direction), a drawn flag per segment and a count
 *   of drawn segments per dot (touched = count > 0).  Make/unmake, plain
 *   depth-first walk, the last level counted without playing the plies.
 *   No transposition table.  Counts are unsigned 64-bit.
 *
 * RESULTS
 *   Start position (e7 W); 8 s in all for depth 11, 23 s for depth 12:
 *     depth  1: 8
 *     depth  2: 56
 *     depth  3: 392
 *     depth  4: 2720
 *     depth  5: 17846
 *     depth  6: 113442
 *     depth  7: 704404
 *     depth  8: 4290384          (0.03 s)
 *     depth  9: 25780632
 *     depth 10: 153330816        (0.7 s)
 *     depth 11: 904069184        (3.9 s)
 *     depth 12: 5291985844       (22.7 s)
 *   stats from the start (W + B + Wwon + Bwon + Wstuck + Bstuck):
 *     depth  3: 24 + 368 + 0 + 0 + 0 + 0
 *     depth  4: 2174 + 546 + 0 + 0 + 0 + 0
 *     depth  5: 5868 + 11962 + 0 + 0 + 16 + 0
 *     depth  6: 64580 + 48156 + 243 + 243 + 20 + 200
 *     depth  7: 335604 + 361520 + 2532 + 2532 + 1608 + 608
 *     depth  8: 2112288 + 2125932 + 17334 + 17334 + 6728 + 10768
 *     depth 10: 75328092 + 75699824 + 761424 + 761424 + 385356 + 394696
 *   Hand checks from the start: depth 2 = 8*7 (no bounce is possible yet);
 *   depth 4 = 392*7 - 24, the 24 being the 3-ply paths that come back to
 *   e7 (a triangle), where only 6 segments are free.
 *
 *   Test positions, counts at depths 1..10 (each under 0.5 s) and the
 *   stats split at depth 5.  P1-P10 are built by hand, R1-R6 come from
 *   "paper_soccer random SEED PLIES" (the POS is wrapped over several
 *   lines; paste it joined).  Every position is reachable from the start:
 *   its segments, in order, are the ball's path from e7, and its side to
 *   move is what the rules give.
 *
 *   P1  b7 B e7-d7,d7-c7,c7-b7
 *       bounce off the side border: b7-a6, b7-a7, b7-a8 land on border dots
 *       (touched by the pre-drawn border), so Black plays again; the border
 *       itself (a6-a7, a7-a8) is never a ply.
 *       1-10: 7 34 196 1168 7066 42304 253274 1514866 9000794 53115710
 *       stats 5: W 3624 B 3388 Wwon 0 Bwon 0 Wstuck 22 Bstuck 32
 *   P2  e8 W e7-f7,f7-e8
 *       bounce off a drawn segment: e8-e7 lands on e7, touched by e7-f7, so
 *       White plays again; e8-f7 is drawn and not a ply; the other 6 plies
 *       pass the turn.
 *       1-10: 7 48 331 2251 14340 88360 534512 3185241 18758002 109470805
 *       stats 5: W 6615 B 7612 Wwon 89 Bwon 0 Wstuck 24 Bstuck 0
 *   P3  e9 B e7-e8,e8-d8,d8-d9,d9-d10,d10-e10,e10-f10,f10-f9,f9-f8,f8-e8,e8-e9
 *       chain of bounces: the drawn ring d8-d9-d10-e10-f10-f9-f8-e8
 *       surrounds e9; all 7 plies bounce, and from the ring dots further
 *       bounces follow.
 *       1-10: 7 35 227 1415 7832 43536 243982 1363568 7591802 42276846
 *       stats 5: W 4116 B 3522 Wwon 152 Bwon 0 Wstuck 32 Bstuck 10
 *   P4  e2 B e7-e6,e6-e5,e5-e4,e4-e3,e3-e2
 *       ply into the opponent's goal: e2-d1, e2-e1, e2-f1 win for Black
 *       (count 1 at depth 1, nothing below); e2-d2, e2-f2 bounce off the
 *       goal posts.
 *       1-10: 7 22 112 664 3646 20386 114634 648744 3684902 21023646
 *       stats 5: W 1690 B 1832 Wwon 0 Bwon 86 Wstuck 20 Bstuck 18
 *   P5  e2 W e7-e6,e6-e5,e5-e4,e4-e3,e3-f3,f3-e2
 *       ply into one's own goal: White's e2-d1, e2-e1, e2-f1 end the game,
 *       Black wins; e2-e3 (touched by e3-f3, e4-e3) bounces.
 *       1-10: 7 20 102 582 3154 17373 97380 548953 3107939 17691799
 *       stats 5: W 1551 B 1496 Wwon 0 Bwon 72 Wstuck 16 Bstuck 19
 *   P6  d2 B e7-e6,e6-e5,e5-e4,e4-e3,e3-d3,d3-d2
 *       ball on the goal post d2: the diagonal d2-e1 (goal) and d2-e2
 *       (mouth) are legal, d2-d1 (goal box side) and d2-c2 (border) are not;
 *       c1 does not exist.
 *       1-10: 4 19 90 470 2631 14541 81510 459853 2608611 14879582
 *       stats 5: W 1269 B 1277 Wwon 0 Bwon 60 Wstuck 13 Bstuck 12
 *   P7  f7 W e7-f8,f8-f7
 *       crossing a diagonal: f7-e8 crosses the drawn e7-f8 and is legal (and
 *       e8 is untouched: no bounce).
 *       1-10: 7 48 327 2096 13491 84126 511915 3068023 18165378 106496122
 *       stats 5: W 6342 B 7130 Wwon 0 Bwon 0 Wstuck 17 Bstuck 2
 *   P8
 *       e7 W e7-e8,e8-f8,f8-e7,e7-f7,f7-f6,f6-e7,e7-e6,e6-d6,d6-e7,e7-d7,
 *       d7-d8,d8-e7
 *       stuck ball: all 8 segments at e7 are drawn, White has no ply: 0 at
 *       every depth (White has lost).
 *       1-10: 0 0 0 0 0 0 0 0 0 0
 *       stats 5: W 0 B 0 Wwon 0 Bwon 0 Wstuck 0 Bstuck 0
 *   P9  b3 W e7-d6,d6-c5,c5-b4,b4-b3
 *       corner: b3-a2 bounces into the corner a2, whose only free segment is
 *       the one just drawn: White plays again and is stuck; 4 more plies
 *       bounce off the border.
 *       1-10: 7 22 121 668 3673 20682 119199 691605 4023787 23478555
 *       stats 5: W 1675 B 1856 Wwon 0 Bwon 92 Wstuck 18 Bstuck 32
 *   P10 f12 W e7-e8,e8-e9,e9-e10,e10-e11,e11-f12
 *       the other goal post, top: f12-e13 (diagonal into the goal) wins for
 *       White; f12-f13 and f12-g12 are pre-drawn, g13 does not exist.
 *       1-10: 4 21 102 554 3091 17286 97174 549989 3128291 17877444
 *       stats 5: W 1513 B 1470 Wwon 80 Bwon 0 Wstuck 17 Bstuck 11
 *   R1  (random 7 60)
 *       c6 W e7-e6,e6-e5,e5-f5,f5-g6,g6-f6,f6-f7,f7-g6,g6-h7,h7-g7,g7-g8,
 *       g8-h7,h7-i8,i8-h9,h9-h8,h8-g7,g7-g6,g6-g5,g5-f5,f5-f6,f6-g7,g7-h6,
 *       h6-g6,g6-h5,h5-h4,h4-g5,g5-g4,g4-f5,f5-e4,e4-e5,e5-f6,f6-e7,e7-d8,
 *       d8-d9,d9-e8,e8-f8,f8-e7,e7-e8,e8-d7,d7-d6,d6-e5,e5-d4,d4-e4,e4-f4,
 *       f4-f5,f5-e6,e6-f6,f6-g5,g5-f4,f4-g3,g3-f3,f3-g4,g4-f4,f4-e3,e3-d3,
 *       d3-e2,e2-f3,f3-f4,f4-e5,e5-d5,d5-c6
 *       1-10: 7 45 236 1281 6770 35370 182908 936350 4763985 24133087
 *       stats 5: W 3288 B 3426 Wwon 0 Bwon 13 Wstuck 17 Bstuck 26
 *   R2  (random 8 60)
 *       a4 B e7-d6,d6-c7,c7-d7,d7-c8,c8-d8,d8-e8,e8-e9,e9-f9,f9-g10,g10-h10,
 *       h10-i10,i10-h9,h9-i8,i8-h8,h8-g9,g9-f9,f9-e10,e10-f11,f11-f10,
 *       f10-e9,e9-d9,d9-c10,c10-b9,b9-a9,a9-b8,b8-a8,a8-b9,b9-b8,b8-a7,
 *       a7-b6,b6-c7,c7-c6,c6-d5,d5-c4,c4-b4,b4-c3,c3-d4,d4-e4,e4-e3,e3-f2,
 *       f2-g3,g3-f4,f4-f5,f5-g6,g6-g7,g7-g8,g8-h7,h7-i7,i7-h6,h6-g5,g5-f5,
 *       f5-e5,e5-d4,d4-c4,c4-c3,c3-c2,c2-d3,d3-c4,c4-b5,b5-a4
 *       1-10: 2 12 36 123 532 2248 9651 43993 205529 966793
 *       stats 5: W 291 B 196 Wwon 0 Bwon 9 Wstuck 26 Bstuck 10
 *   R3  (random 14 45)
 *       e4 B e7-f6,f6-g7,g7-h7,h7-g8,g8-h8,h8-h7,h7-g6,g6-f6,f6-f5,f5-f4,
 *       f4-e5,e5-f6,f6-g5,g5-h5,h5-g6,g6-g7,g7-f7,f7-e7,e7-f8,f8-f7,f7-e8,
 *       e8-e7,e7-d7,d7-e6,e6-d6,d6-d5,d5-e6,e6-f6,f6-f7,f7-g8,g8-g7,g7-h6,
 *       h6-i6,i6-h7,h7-h6,h6-h5,h5-g4,g4-f5,f5-e5,e5-d4,d4-c4,c4-b5,b5-c6,
 *       c6-d5,d5-e4
 *       1-10: 7 37 197 977 4616 21340 98356 448619 2038322 9310306
 *       stats 5: W 2294 B 2091 Wwon 0 Bwon 167 Wstuck 41 Bstuck 23
 *   R4  (random 21 50)
 *       d5 W e7-e6,e6-f7,f7-f8,f8-e9,e9-f9,f9-e8,e8-d7,d7-c7,c7-d6,d6-c5,
 *       c5-b5,b5-a4,a4-b4,b4-a3,a3-b2,b2-b3,b3-c2,c2-d3,d3-e4,e4-d4,d4-c5,
 *       c5-b6,b6-b5,b5-c6,c6-c5,c5-b4,b4-a5,a5-b6,b6-a6,a6-b7,b7-b6,b6-a7,
 *       a7-b7,b7-c6,c6-d7,d7-d8,d8-e8,e8-e9,e9-d8,d8-c9,c9-b8,b8-b9,b9-c8,
 *       c8-b7,b7-c7,c7-b6,b6-c6,c6-d6,d6-e5,e5-d5
 *       1-10: 7 27 142 735 3772 19591 102335 534611 2786637 14474754
 *       stats 5: W 1898 B 1656 Wwon 0 Bwon 111 Wstuck 67 Bstuck 40
 *   R5  (random 3 30)
 *       c9 B e7-d8,d8-d7,d7-e8,e8-e7,e7-d7,d7-e6,e6-f6,f6-g6,g6-h5,h5-h4,
 *       h4-i3,i3-h3,h3-g4,g4-g5,g5-f6,f6-g7,g7-f7,f7-f8,f8-e7,e7-e6,e6-d5,
 *       d5-d6,d6-d7,d7-c7,c7-b8,b8-b9,b9-c10,c10-b11,b11-b10,b10-c9
 *       1-10: 7 41 227 1263 6888 37849 206514 1112912 5947523 31534171
 *       stats 5: W 3350 B 3403 Wwon 110 Bwon 0 Wstuck 10 Bstuck 15
 *   R6  (random 2 20)
 *       d10 B e7-d8,d8-d9,d9-e8,e8-d8,d8-d7,d7-c6,c6-d6,d6-d7,d7-e8,e8-e9,
 *       e9-d9,d9-d10,d10-c9,c9-d8,d8-e9,e9-d10,d10-e10,e10-d9,d9-c10,c10-d10
 *       1-10: 3 21 112 550 2703 13672 69057 349525 1790306 9278910
 *       stats 5: W 1450 B 1129 Wwon 95 Bwon 0 Wstuck 20 Bstuck 9
 *
 *   Checks by hand (depth 1, and depth 2 from the plies found):
 *   P6  d2 B: d2-d3 drawn (the ball's last segment); d2-e3: e3 touched by
 *       e4-e3, e3-d3 -> bounce, Black again; d2-e2: mouth open, e2
 *       untouched -> White to move; d2-e1: open diagonal into the goal ->
 *       Black wins; d2-d1 goal box side and d2-c2 border, pre-drawn; c1
 *       does not exist; d2-c3: c3 untouched -> White.  4 plies.  Depth 2:
 *       from e3 5 (e4, d3, d2 drawn), from e2 7 (d1, e1, f1 all open),
 *       after e1 0, from c3 7: 19.
 *   P9  b3 W: b3-b4 drawn; b3-a2, b3-a3, b3-a4 (border dots), b3-b2,
 *       b3-c2 (bottom border dots) all bounce, White again; b3-c3, b3-c4
 *       untouched -> Black.  7 plies.  Depth 2: from a2 0 (a2-b2, a2-a3
 *       pre-drawn, a2-b3 just drawn), a3 2 (b2, b4), a4 2 (b4, b5), c2 2
 *       (c3, d3; c2-d1 pre-drawn), b2 2 (a3, c3), c3 7, c4 7: 22.
 *   P10 f12 W: f12-e11 drawn; f12-f13 and f12-g12 pre-drawn; g13 does not
 *       exist; f12-e13: White wins; f12-e12 (mouth), f12-f11, f12-g11:
 *       untouched -> Black.  4 plies.  Depth 2: after e13 0, from e12 7
 *       (d13, e13, f13, d12 and 3 below), from f11 7, from g11 7: 21.
 *   The program's "moves" output agrees with all three.
 *
 *   A separate throwaway script (Python, (file, rank) tuples and a set of
 *   drawn segments, written from the same rules) agrees with every count
 *   above up to depth 6, with the stats split at depth 6 for every test
 *   position and at depth 7 from the start, and replays every POS above
 *   from e7 giving the same ball and side to move.
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;

/* ---------- geometry ---------- */

/* Dot (file f 0..8 = a..i, rank r 0..12 = 1..13) has index r * 9 + f. */
#define NFILES 9
#define NRANKS 13
#define NDOTS (NFILES * NRANKS)
#define MAXSEG (NDOTS * 4)

#define WHITE 0
#define BLACK 1

/* directions: 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW; opposite = d ^ 4 */
static const int dfile[8] = {0, +1, +1, +1, 0, -1, -1, -1};
static const int drank[8] = {+1, +1, 0, -1, -1, -1, 0, +1};

static int dot_exists[NDOTS];
/* goal_of: 0 not a goal, 1 = d1/e1/f1 (Black has won), 2 = d13/e13/f13 (White has won) */
static int goal_of[NDOTS];
static int nb[NDOTS][8];     /* neighbouring dot in direction d, or -1 */
static int seg_id[NDOTS][8]; /* segment from this dot in direction d, or -1 */
static int seg_a[MAXSEG], seg_b[MAXSEG];
static int nseg;

static int dot_at(int f, int r)
{
    if (f < 0 || f >= NFILES || r < 0 || r >= NRANKS) return -1;
    int i = r * NFILES + f;
    return dot_exists[i] ? i : -1;
}

static void dot_name(int d, char *out)
{
    sprintf(out, "%c%d", 'a' + d % NFILES, d / NFILES + 1);
}

/* "e7" -> dot index, or -1 */
static int parse_dot(const char *s, int len)
{
    if (len < 2 || len > 3 || s[0] < 'a' || s[0] > 'i') return -1;
    int r = 0;
    for (int k = 1; k < len; k++) {
        if (s[k] < '0' || s[k] > '9') return -1;
        r = r * 10 + (s[k] - '0');
    }
    return dot_at(s[0] - 'a', r - 1);
}

static int segment_between(int x, int y)
{
    for (int d = 0; d < 8; d++)
        if (nb[x][d] == y) return seg_id[x][d];
    return -1;
}

/* ---------- position ---------- */

typedef struct {
    unsigned char drawn[MAXSEG]; /* segment drawn (pre-drawn ones included) */
    unsigned char deg[NDOTS];    /* number of drawn segments ending at the dot */
    int ball;
    int side;                    /* player to move */
} Pos;

static Pos predrawn; /* empty field: the 44 pre-drawn segments, ball e7, White */

static void draw(Pos *p, int s)
{
    p->drawn[s] = 1;
    p->deg[seg_a[s]]++;
    p->deg[seg_b[s]]++;
}

static void draw_named(Pos *p, const char *x, const char *y)
{
    int a = parse_dot(x, (int)strlen(x)), b = parse_dot(y, (int)strlen(y));
    int s = a < 0 || b < 0 ? -1 : segment_between(a, b);
    if (s < 0 || p->drawn[s]) {
        fprintf(stderr, "internal: pre-drawn %s-%s\n", x, y);
        exit(2);
    }
    draw(p, s);
}

static void init_tables(void)
{
    for (int r = 0; r < NRANKS; r++)
        for (int f = 0; f < NFILES; f++) {
            int i = r * NFILES + f;
            if (r >= 1 && r <= 11) dot_exists[i] = 1;            /* field a2..i12 */
            else if (f >= 3 && f <= 5) {                           /* goals */
                dot_exists[i] = 1;
                goal_of[i] = r == 0 ? 1 : 2;
            }
        }
    for (int i = 0; i < NDOTS; i++)
        for (int d = 0; d < 8; d++) {
            nb[i][d] = -1;
            seg_id[i][d] = -1;
            if (dot_exists[i]) nb[i][d] = dot_at(i % NFILES + dfile[d], i / NFILES + drank[d]);
        }
    /* one segment per pair of neighbouring dots: numbered from the lower end */
    for (int i = 0; i < NDOTS; i++)
        for (int d = 0; d < 4; d++)
            if (nb[i][d] >= 0) {
                seg_a[nseg] = i;
                seg_b[nseg] = nb[i][d];
                seg_id[i][d] = nseg;
                seg_id[nb[i][d]][d ^ 4] = nseg;
                nseg++;
            }

    /* pre-drawn segments */
    memset(&predrawn, 0, sizeof predrawn);
    char x[12], y[12];
    for (int r = 2; r < 12; r++) {                       /* side borders */
        sprintf(x, "a%d", r), sprintf(y, "a%d", r + 1), draw_named(&predrawn, x, y);
        sprintf(x, "i%d", r), sprintf(y, "i%d", r + 1), draw_named(&predrawn, x, y);
    }
    for (int f = 0; f < 3; f++) {                         /* end borders a-d, f-i */
        const int rk[2] = {2, 12};
        for (int k = 0; k < 2; k++) {
            sprintf(x, "%c%d", 'a' + f, rk[k]), sprintf(y, "%c%d", 'a' + f + 1, rk[k]);
            draw_named(&predrawn, x, y);
            sprintf(x, "%c%d", 'f' + f, rk[k]), sprintf(y, "%c%d", 'f' + f + 1, rk[k]);
            draw_named(&predrawn, x, y);
        }
    }
    static const char *extra[][2] = {
        {"d1", "d2"},   {"f1", "f2"},   {"d1", "e1"},   {"e1", "f1"},    /* bottom goal box */
        {"d12", "d13"}, {"f12", "f13"}, {"d13", "e13"}, {"e13", "f13"},  /* top goal box */
        {"c2", "d1"},   {"g2", "f1"},   {"c12", "d13"}, {"g12", "f13"},  /* outer diagonals */
    };
    for (unsigned k = 0; k < sizeof extra / sizeof extra[0]; k++)
        draw_named(&predrawn, extra[k][0], extra[k][1]);
    int n = 0;
    for (int s = 0; s < nseg; s++) n += predrawn.drawn[s];
    if (n != 44) {
        fprintf(stderr, "internal: %d pre-drawn segments\n", n);
        exit(2);
    }
    predrawn.ball = parse_dot("e7", 2);
    predrawn.side = WHITE;
}

/* ---------- moves ---------- */

/* The position is finished iff the ball is on a goal dot. */
static int finished(const Pos *p) { return goal_of[p->ball] != 0; }

/* Legal plies = directions d with a neighbour and an undrawn segment. */
static int gen_plies(const Pos *p, int *dirs)
{
    int n = 0;
    if (finished(p)) return 0;
    for (int d = 0; d < 8; d++) {
        int s = seg_id[p->ball][d];
        if (s >= 0 && !p->drawn[s]) dirs[n++] = d;
    }
    return n;
}

/* Play direction d; returns what the undo needs (the old side). */
static int make_ply(Pos *p, int d)
{
    int old_side = p->side;
    int to = nb[p->ball][d];
    int bounce = p->deg[to] > 0; /* touched before this ply */
    draw(p, seg_id[p->ball][d]);
    p->ball = to;
    if (!bounce) p->side ^= 1;
    return old_side;
}

static void unmake_ply(Pos *p, int d, int old_side)
{
    int s = seg_id[p->ball][d ^ 4];
    p->drawn[s] = 0;
    p->deg[seg_a[s]]--;
    p->deg[seg_b[s]]--;
    p->ball = nb[p->ball][d ^ 4];
    p->side = old_side;
}

static u64 perft(Pos *p, int depth)
{
    int dirs[8];
    int n = gen_plies(p, dirs);
    if (depth == 1) return (u64)n;
    u64 total = 0;
    for (int i = 0; i < n; i++) {
        int old = make_ply(p, dirs[i]);
        total += perft(p, depth - 1);
        unmake_ply(p, dirs[i], old);
    }
    return total;
}

/* Classify the positions reached after exactly DEPTH plies (their number is
 * perft(DEPTH)): acc[0] White to move, acc[1] Black to move (both with a
 * legal ply), acc[2] White has won (ball on d13/e13/f13), acc[3] Black has
 * won (ball on d1/e1/f1), acc[4] White to move without a ply, acc[5] Black
 * to move without a ply.  Unlike the plain count this depends on who is to
 * move, so it also checks the bounce rule. */
static void perft_stats(Pos *p, int depth, u64 acc[6])
{
    int dirs[8];
    int n = gen_plies(p, dirs);
    if (depth == 0) {
        if (finished(p)) acc[goal_of[p->ball] == 2 ? 2 : 3]++;
        else if (n == 0) acc[4 + p->side]++;
        else acc[p->side]++;
        return;
    }
    for (int i = 0; i < n; i++) {
        int old = make_ply(p, dirs[i]);
        perft_stats(p, depth - 1, acc);
        unmake_ply(p, dirs[i], old);
    }
}

/* ---------- position text ---------- */

/* "BALL SIDE [SEG,SEG,...]", e.g. "f9 B e7-e8,e8-f9" or "start".  Segments
 * are pairs of neighbouring dots "x-y" (either order), separated by commas
 * and/or spaces, and must not be pre-drawn or repeated. */
static void need_pos(const char *text, Pos *p)
{
    *p = predrawn;
    if (!strcmp(text, "start")) return;
    const char *s = text;
    int field = 0;
    while (*s) {
        while (*s == ' ' || *s == ',') s++;
        if (!*s) break;
        const char *e = s;
        while (*e && *e != ' ' && *e != ',') e++;
        int len = (int)(e - s);
        if (field == 0) {
            p->ball = parse_dot(s, len);
            if (p->ball < 0) goto bad;
        } else if (field == 1) {
            if (len != 1 || (*s != 'W' && *s != 'B' && *s != 'w' && *s != 'b')) goto bad;
            p->side = (*s == 'W' || *s == 'w') ? WHITE : BLACK;
        } else {
            const char *dash = memchr(s, '-', (size_t)len);
            if (!dash) goto bad;
            int a = parse_dot(s, (int)(dash - s));
            int b = parse_dot(dash + 1, (int)(e - dash - 1));
            int sg = a < 0 || b < 0 ? -1 : segment_between(a, b);
            if (sg < 0) {
                fprintf(stderr, "not a segment: %.*s\n", len, s);
                exit(1);
            }
            if (p->drawn[sg]) {
                fprintf(stderr, "already drawn (pre-drawn or repeated): %.*s\n", len, s);
                exit(1);
            }
            draw(p, sg);
        }
        field++;
        s = e;
    }
    if (field >= 2) return;
bad:
    fprintf(stderr, "bad position: \"%s\"\n", text);
    exit(1);
}

static void usage(void)
{
    fprintf(stderr,
            "usage: paper_soccer POS DEPTH\n"
            "       paper_soccer divide POS DEPTH\n"
            "       paper_soccer moves POS\n"
            "       paper_soccer stats POS DEPTH\n"
            "       paper_soccer random SEED PLIES\n"
            "POS: \"start\" or \"BALL SIDE [SEG,SEG,...]\", e.g. \"f9 B e7-e8,e8-f9\"\n"
            "(POS may also be given as several arguments)\n");
    exit(1);
}

static int need_int(const char *s, int lo, int hi)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*s == 0 || *end != 0 || v < lo || v > hi) usage();
    return (int)v;
}

/* join argv[from..to-1] with spaces */
static char *join_args(char **argv, int from, int to)
{
    static char buf[8192];
    buf[0] = 0;
    for (int i = from; i < to; i++) {
        if (strlen(buf) + strlen(argv[i]) + 2 > sizeof buf) usage();
        if (i > from) strcat(buf, " ");
        strcat(buf, argv[i]);
    }
    return buf;
}

static double elapsed(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) * 1e-9;
}

static void ply_name(const Pos *p, int d, char *out)
{
    char x[12], y[12];
    dot_name(p->ball, x);
    dot_name(nb[p->ball][d], y);
    sprintf(out, "%s-%s", x, y);
}

int main(int argc, char **argv)
{
    init_tables();
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    Pos p;
    int dirs[8];
    char name[32];

    if (argc >= 4 && !strcmp(argv[1], "divide")) {
        need_pos(join_args(argv, 2, argc - 1), &p);
        int depth = need_int(argv[argc - 1], 1, 1000);
        int n = gen_plies(&p, dirs);
        u64 total = 0;
        for (int i = 0; i < n; i++) {
            ply_name(&p, dirs[i], name);
            int old = make_ply(&p, dirs[i]);
            u64 c = depth > 1 ? perft(&p, depth - 1) : 1;
            unmake_ply(&p, dirs[i], old);
            printf("%s: %llu\n", name, (unsigned long long)c);
            total += c;
        }
        printf("plies: %d\ntotal: %llu\n", n, (unsigned long long)total);
    } else if (argc >= 3 && !strcmp(argv[1], "moves")) {
        need_pos(join_args(argv, 2, argc), &p);
        int n = gen_plies(&p, dirs);
        char x[12];
        dot_name(p.ball, x);
        printf("ball %s, %s to move: ", x, p.side == WHITE ? "White" : "Black");
        const char *mover = p.side == WHITE ? "White" : "Black";
        const char *other = p.side == WHITE ? "Black" : "White";
        if (finished(&p)) printf("finished (%s has won)\n", goal_of[p.ball] == 2 ? "White" : "Black");
        else if (n == 0) printf("no legal ply (%s loses)\n", mover);
        else printf("%d plies\n", n);
        for (int i = 0; i < n; i++) {
            int to = nb[p.ball][dirs[i]];
            ply_name(&p, dirs[i], name);
            printf("  %-8s", name);
            if (goal_of[to]) printf("goal: %s wins\n", goal_of[to] == 2 ? "White" : "Black");
            else if (p.deg[to]) printf("bounce: %s plays again\n", mover);
            else printf("%s to move\n", other);
        }
    } else if (argc >= 4 && !strcmp(argv[1], "stats")) {
        need_pos(join_args(argv, 2, argc - 1), &p);
        int depth = need_int(argv[argc - 1], 1, 1000);
        for (int d = 1; d <= depth; d++) {
            u64 a[6] = {0};
            perft_stats(&p, d, a);
            printf("depth %d: %llu =", d, (unsigned long long)(a[0] + a[1] + a[2] + a[3] + a[4] + a[5]));
            static const char *what[6] = {"W", "B", "Wwon", "Bwon", "Wstuck", "Bstuck"};
            for (int k = 0; k < 6; k++)
                printf("%s %s %llu", k ? " +" : "", what[k], (unsigned long long)a[k]);
            printf("\n");
            fflush(stdout);
            fprintf(stderr, "  (depth %d done, %.3f s elapsed)\n", d, elapsed(&t0));
        }
    } else if (argc == 4 && !strcmp(argv[1], "random")) {
        /* xorshift64*, uniform choice among the legal plies */
        u64 x = (u64)need_int(argv[2], 0, 1 << 30) * 0x9E3779B97F4A7C15ULL + 1;
        int plies = need_int(argv[3], 0, 100000);
        p = predrawn;
        char path[MAXSEG * 8] = "";
        int played = 0;
        for (; played < plies; played++) {
            int n = gen_plies(&p, dirs);
            if (n == 0) break;
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            u64 r = x * 0x2545F4914F6CDD1DULL;
            int d = dirs[(r >> 33) % (u64)n];
            ply_name(&p, d, name);
            if (played) strcat(path, ",");
            strcat(path, name);
            make_ply(&p, d);
        }
        char b[12];
        dot_name(p.ball, b);
        if (played < plies) {
            if (finished(&p))
                fprintf(stderr, "game over after %d plies: %s has won\n", played,
                        goal_of[p.ball] == 2 ? "White" : "Black");
            else
                fprintf(stderr, "game over after %d plies: %s has no move\n", played,
                        p.side == WHITE ? "White" : "Black");
        }
        printf("%s %c%s%s\n", b, p.side == WHITE ? 'W' : 'B', played ? " " : "", path);
    } else if (argc >= 3) {
        need_pos(join_args(argv, 1, argc - 1), &p);
        int depth = need_int(argv[argc - 1], 1, 1000);
        for (int d = 1; d <= depth; d++) {
            printf("depth %d: %llu\n", d, (unsigned long long)perft(&p, d));
            fflush(stdout);
            fprintf(stderr, "  (depth %d done, %.3f s elapsed)\n", d, elapsed(&t0));
        }
    } else {
        usage();
    }
    return 0;
}
