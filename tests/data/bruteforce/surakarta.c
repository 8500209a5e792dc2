/*
 * surakarta.c - independent brute-force move counter (perft) for Surakarta.
 *
 * This file is a stand-alone cross-check. It shares no code with the engine
 * it is meant to test; it was written from the rules below only.
 *
 * Build:
 *     cc -O2 -Wall -Wextra -o /tmp/surakarta tests/data/bruteforce/surakarta.c
 *
 * Run:
 *     /tmp/surakarta DEPTH [POSITION]
 *
 * For every N from 1 to DEPTH it prints one line
 *     depth N: COUNT
 * where COUNT is perft(N) of the position (the start position if POSITION
 * is left out).
 *
 * POSITION is a single (quoted) argument: 36 characters, each '.', 'w' or
 * 'b' (empty, White piece, Black piece), giving the points rank by rank from
 * rank 6 down to rank 1, each rank from file a to file f (so a6 b6 ... f6,
 * a5 ... f5, ..., a1 ... f1). Then one space, then 'w' or 'b' for the side
 * to move. The start position is
 *     "bbbbbbbbbbbb............wwwwwwwwwwww w"
 *
 * Rules as implemented here
 * -------------------------
 * The board is a 6x6 grid of points; files a..f run left to right, ranks
 * 1..6 bottom to top (a1 bottom-left, f6 top-right). White starts with 12
 * pieces filling ranks 1 and 2, Black with 12 filling ranks 5 and 6. White
 * moves first and the players alternate.
 *
 * There are two circuits. Each is a closed loop made of two files and two
 * ranks, joined at the corners by four quarter-circle arcs:
 *   inner: up file b (b1..b6), arc to a5, along rank 5 (a5..f5), arc to e6,
 *          down file e (e6..e1), arc to f2, along rank 2 (f2..a2), arc back
 *          to b1.
 *   outer: up file c (c1..c6), arc to a4, along rank 4 (a4..f4), arc to d6,
 *          down file d (d6..d1), arc to f3, along rank 3 (f3..a3), arc back
 *          to c1.
 * Each loop thus lists 24 entries; the four points where its two files
 * cross its two ranks appear twice.
 *
 * On its turn a player makes one move with one of their pieces:
 *   - Step: move to any of the (up to 8) adjacent points, orthogonally or
 *     diagonally, that is empty.
 *   - Capture: a piece on a circuit point sets off along that circuit, from
 *     any of the entries of its point in the loop and in either direction.
 *     It travels over empty points; the point it started from counts as
 *     empty (the piece has left it), so the route may run across it. The
 *     route ends at the first occupied point. If that point holds an enemy
 *     piece and the route has gone through at least one arc, the enemy is
 *     taken off and the mover takes its place. If the first occupied point
 *     is a friendly piece, or no arc was passed before reaching it, this
 *     route gives nothing. A route that comes all the way round to the entry
 *     it started from (same entry, same direction) ends without a capture.
 *   A move is identified by its from-point and to-point, so several routes
 *   that capture the same enemy from the same point are counted once. Steps
 *   go to empty points and captures to occupied ones, so they never
 *   coincide. Capturing is optional.
 *
 * The game is over when the side to move has no pieces left or no legal
 * move; such a position has no moves.
 *
 * perft(0) = 1, and perft(d) for d > 0 is the sum of perft(d-1) over the
 * positions reached by each distinct legal move (so a finished position
 * gives 0).
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NPOINTS 36
#define LOOPLEN 24
#define ALL_POINTS ((UINT64_C(1) << NPOINTS) - 1)
#define ALL_ENTRIES ((UINT32_C(1) << LOOPLEN) - 1)

/* The two circuits, written out point by point. An arc lies between entries
 * 5 and 6, 11 and 12, 17 and 18, and 23 and 0. */
static const char *const loop_names[2] = {
    "b1 b2 b3 b4 b5 b6 a5 b5 c5 d5 e5 f5 e6 e5 e4 e3 e2 e1 f2 e2 d2 c2 b2 a2",
    "c1 c2 c3 c4 c5 c6 a4 b4 c4 d4 e4 f4 d6 d5 d4 d3 d2 d1 f3 e3 d3 c3 b3 a3",
};

/* Points are numbered (rank - 1) * 6 + file, file a = 0; a set of points is
 * a 36-bit mask. A set of loop entries is a 24-bit mask (bit i = entry i). */
static int loop_pt[2][LOOPLEN];         /* point of each loop entry          */
static int n_entries[2][NPOINTS];       /* how often a point is in a loop    */
static int entry_of[2][NPOINTS][2];     /* which entries those are           */
static uint32_t entry_mask[2][NPOINTS]; /* the same as a 24-bit mask         */
static uint64_t nbr_mask[NPOINTS];      /* the up to 8 adjacent points       */

static int point(int file, int rank0) { return rank0 * 6 + file; }
static uint64_t bit(int p) { return UINT64_C(1) << p; }

static void init_tables(void)
{
    for (int c = 0; c < 2; c++) {
        const char *s = loop_names[c];
        for (int i = 0; i < LOOPLEN; i++) {
            while (*s == ' ')
                s++;
            int p = point(s[0] - 'a', s[1] - '1');
            s += 2;
            loop_pt[c][i] = p;
            entry_of[c][p][n_entries[c][p]++] = i;
            entry_mask[c][p] |= UINT32_C(1) << i;
        }
    }
    for (int r = 0; r < 6; r++)
        for (int f = 0; f < 6; f++)
            for (int dr = -1; dr <= 1; dr++)
                for (int df = -1; df <= 1; df++) {
                    int rr = r + dr, ff = f + df;
                    if ((dr || df) && rr >= 0 && rr < 6 && ff >= 0 && ff < 6)
                        nbr_mask[point(f, r)] |= bit(point(ff, rr));
                }
}

/* rotate a 24-bit entry mask so that entry k becomes bit 0 */
static uint32_t rot24(uint32_t x, int k)
{
    return k ? ((x >> k) | (x << (LOOPLEN - k))) & ALL_ENTRIES : x;
}

/* The set of points the piece on `from` (owner's pieces `mine`) can capture.
 * occ[c] is the set of occupied entries of circuit c.
 *
 * The piece's own entries are removed from the occupied set (it has left its
 * point). Going forward from entry k, the first occupied entry is d steps on
 * (d = lowest set bit of the rotated set); the entries left behind are
 * k .. k+d-1, and an arc follows every entry with index = 5 (mod 6), so an arc
 * is passed iff k%6 + d >= 6. Going backward the first occupied entry is
 * d = 24 - (highest set bit) steps back; an arc precedes every entry with
 * index = 0 (mod 6), so an arc is passed iff d > k%6. If no other entry is
 * occupied the route comes back round to its start and captures nothing. */
static uint64_t capture_targets(uint64_t mine, const uint32_t occ[2], int from)
{
    uint64_t targets = 0;
    for (int c = 0; c < 2; c++) {
        if (!n_entries[c][from])
            continue;
        uint32_t others = occ[c] & ~entry_mask[c][from];
        if (!others)
            continue;
        for (int o = 0; o < n_entries[c][from]; o++) {
            int k = entry_of[c][from][o];
            uint32_t r = rot24(others, k);
            int d = __builtin_ctz(r); /* forward */
            if (k % 6 + d >= 6) {
                int p = loop_pt[c][(k + d) % LOOPLEN];
                if (!(mine & bit(p)))
                    targets |= bit(p);
            }
            int h = 31 - __builtin_clz(r); /* backward */
            d = LOOPLEN - h;
            if (d > k % 6) {
                int p = loop_pt[c][(k + h) % LOOPLEN];
                if (!(mine & bit(p)))
                    targets |= bit(p);
            }
        }
    }
    return targets;
}

/* perft with `me` the pieces of the side to move and `opp` the other's. */
static uint64_t perft(uint64_t me, uint64_t opp, const uint32_t occ[2],
                      int depth)
{
    if (depth == 0)
        return 1;
    uint64_t empty = ~(me | opp) & ALL_POINTS;
    uint64_t total = 0;
    for (uint64_t pieces = me; pieces; pieces &= pieces - 1) {
        int from = __builtin_ctzll(pieces);
        uint64_t steps = nbr_mask[from] & empty;
        uint64_t caps = capture_targets(me, occ, from);
        if (depth == 1) {
            total += (uint64_t)__builtin_popcountll(steps) +
                     (uint64_t)__builtin_popcountll(caps);
            continue;
        }
        for (; steps; steps &= steps - 1) {
            int to = __builtin_ctzll(steps);
            uint32_t nocc[2];
            for (int c = 0; c < 2; c++)
                nocc[c] = occ[c] ^ entry_mask[c][from] ^ entry_mask[c][to];
            total += perft(opp, me ^ bit(from) ^ bit(to), nocc, depth - 1);
        }
        for (; caps; caps &= caps - 1) {
            int to = __builtin_ctzll(caps);
            uint32_t nocc[2];
            for (int c = 0; c < 2; c++)
                nocc[c] = occ[c] ^ entry_mask[c][from]; /* `to` stays full */
            total += perft(opp ^ bit(to), me ^ bit(from) ^ bit(to), nocc,
                           depth - 1);
        }
    }
    return total;
}

/* Returns 1 on success; *white, *black get the piece sets, *white_to_move
 * the side to move. */
static int parse_position(const char *s, uint64_t *white, uint64_t *black,
                          int *white_to_move)
{
    if (strlen(s) != NPOINTS + 2 || s[NPOINTS] != ' ')
        return 0;
    *white = *black = 0;
    for (int i = 0; i < NPOINTS; i++) {
        int p = point(i % 6, 5 - i / 6);
        if (s[i] == 'w')
            *white |= bit(p);
        else if (s[i] == 'b')
            *black |= bit(p);
        else if (s[i] != '.')
            return 0;
    }
    if (s[NPOINTS + 1] != 'w' && s[NPOINTS + 1] != 'b')
        return 0;
    *white_to_move = s[NPOINTS + 1] == 'w';
    return 1;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s DEPTH [POSITION]\n", argv[0]);
        return 2;
    }
    char *end;
    long depth = strtol(argv[1], &end, 10);
    if (*end != '\0' || end == argv[1] || depth < 0 || depth > 1000) {
        fprintf(stderr, "bad depth: %s\n", argv[1]);
        return 2;
    }
    const char *pos = argc == 3 ? argv[2]
                                : "bbbbbbbbbbbb............wwwwwwwwwwww w";
    uint64_t white, black;
    int white_to_move;
    if (!parse_position(pos, &white, &black, &white_to_move)) {
        fprintf(stderr, "bad position: \"%s\"\n", pos);
        return 2;
    }
    init_tables();
    uint32_t occ[2] = {0, 0};
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < LOOPLEN; i++)
            if ((white | black) & bit(loop_pt[c][i]))
                occ[c] |= UINT32_C(1) << i;
    uint64_t me = white_to_move ? white : black;
    uint64_t opp = white_to_move ? black : white;
    for (long d = 1; d <= depth; d++) {
        printf("depth %ld: %llu\n", d,
               (unsigned long long)perft(me, opp, occ, (int)d));
        fflush(stdout);
    }
    return 0;
}
