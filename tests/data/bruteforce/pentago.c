/*
 * pentago.c - independent brute-force move counter (perft) for Pentago.
 *
 * Written from the rules below only; it shares no code with the engine it is
 * meant to cross-check.
 *
 * RULES (as implemented here)
 *   Board: 6x6 cells, named file a-f (left to right) + rank 1-6 (bottom to
 *   top), so a1 is bottom-left and f6 is top-right.  The board is split into
 *   four 3x3 blocks: a1..c3, d1..f3, a4..c6 and d4..f6.
 *
 *   Two players: White starts on an empty board, then they take turns.
 *
 *   One move = place + (usually) twist:
 *     1. The mover puts one of its marbles on any empty cell.
 *     2. If the mover now has five in a row (five consecutive cells along a
 *        row, a column or either diagonal direction, anywhere on the board),
 *        the move stops here without a twist and the mover has won.
 *     3. Otherwise the mover must rotate one of the four blocks by a quarter
 *        turn, clockwise or anticlockwise (8 possibilities; the twist is
 *        compulsory even when it does not change anything, e.g. an empty
 *        block).  "Clockwise" is as seen with rank 6 at the top; for block
 *        a1..c3: a3->c3->c1->a1->a3, b3->c2->b1->a2->b3, b2 fixed.  The
 *        other blocks turn the same way relative to their own corners.
 *     4. After the twist: both players have five in a row -> draw; only one
 *        player has five -> that player wins (this can be the opponent of
 *        the mover); else if all 36 cells are full -> draw; else the other
 *        player is to move.
 *   A finished game has no moves.
 *
 *   Moves are counted by their effect: the moves of a position are the SET
 *   of distinct boards reachable by one move (the side to move afterwards is
 *   the same for all of them).  From the empty board there are 36 moves.
 *
 *   perft(0) = 1 for any position (finished or not);
 *   perft(d) = sum over the distinct moves m of perft(d-1, position after m)
 *   for d > 0, and 0 for a finished position.
 *
 *   Whether a board is finished depends only on the board: it is finished iff
 *   someone has five in a row or all 36 cells are full.  (A winning placement
 *   leaves five in a row; any other move ends after a twist and is judged as
 *   above.)  A POSITION given on the command line is treated the same way:
 *   if somebody already has five in a row or the board is full, it has no
 *   moves and perft(d>0) = 0.
 *
 * BUILD
 *   cc -O2 -o /tmp/pentago tests/data/bruteforce/pentago.c
 *   Add -DNO_TT to disable the transposition table (pure tree walk, slower;
 *   useful to cross-check the table).  -DTTBITS=N sets the table to 2^N
 *   entries of 32 bytes (default 25, i.e. 1 GiB).
 *
 * USAGE
 *   pentago DEPTH                    from the empty board, White to move
 *   pentago DEPTH POSITION SIDE      two separate arguments, or
 *   pentago DEPTH "POSITION SIDE"    one quoted argument
 *
 *   POSITION is 36 characters from {'.', 'w', 'b'} listing the cells rank 6
 *   first, each rank from file a to f:  a6 b6 .. f6  a5 .. f5  ...  a1 .. f1.
 *   ('/' characters are ignored, so "....../....../..." also works.)
 *   SIDE is 'w' or 'b', the player to move.
 *
 *   Output on stdout: one line per depth 1..DEPTH,  "depth N: COUNT".
 *   Elapsed (cumulative) time per depth goes to stderr.
 *
 * METHOD
 *   Bitboards (bit r*6+f for file f 0..5, rank r 0..5), block twists through
 *   byte lookup tables, a small open-addressing hash set per recursion level
 *   to dedupe the boards produced by the <= 36*8 (placement, twist) pairs,
 *   and (unless -DNO_TT) a transposition table keyed by the full position
 *   (both bitboards, side to move, remaining depth) so stored counts are exact.
 *   Counts are unsigned 64-bit.  Recursion depth is at most 36.
 *
 * RESULTS (empty board, White to move)
 *   depth 1: 36
 *   depth 2: 3500
 *   depth 3: 504792
 *   depth 4: 91884312
 *   depth 5: 18775080192
 *   depth 6: 4055913870336
 *   Depths 1-3 agree with a separate naive script (grid + explicit rotation
 *   maps); depths 1-5 agree with the -DNO_TT build.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;

#define FULL ((1ULL << 36) - 1)
#define BIT(f, r) (1ULL << ((r) * 6 + (f)))

static u64 lines5[32];
static int nlines5;
static u64 blockmask[4];
static u64 rot[8][5][256]; /* twist t = 2*block + (0 clockwise, 1 anticlockwise) */

static void add_line(int f, int r, int df, int dr)
{
    u64 m = 0;
    for (int k = 0; k < 5; k++) m |= BIT(f + k * df, r + k * dr);
    lines5[nlines5++] = m;
}

static void init_tables(void)
{
    /* all five-in-a-row segments */
    for (int r = 0; r < 6; r++)
        for (int f = 0; f < 6; f++) {
            if (f + 4 < 6) add_line(f, r, 1, 0);                   /* horizontal */
            if (r + 4 < 6) add_line(f, r, 0, 1);                   /* vertical */
            if (f + 4 < 6 && r + 4 < 6) add_line(f, r, 1, 1);      /* up-right */
            if (f - 4 >= 0 && r + 4 < 6) add_line(f, r, -1, 1);    /* up-left */
        }
    if (nlines5 != 32) { fprintf(stderr, "internal: %d lines\n", nlines5); exit(2); }

    /* blocks: 0 = a1..c3, 1 = d1..f3, 2 = a4..c6, 3 = d4..f6 */
    int bx[4] = {0, 3, 0, 3}, by[4] = {0, 0, 3, 3};
    for (int b = 0; b < 4; b++) {
        int dest[2][36]; /* destination cell of each source cell, per direction */
        blockmask[b] = 0;
        for (int x = 0; x < 3; x++)
            for (int y = 0; y < 3; y++) {
                int src = (by[b] + y) * 6 + bx[b] + x;
                blockmask[b] |= 1ULL << src;
                /* clockwise (rank 6 up): local (x,y) -> (y, 2-x)
                 * e.g. a3=(0,2)->(2,2)=c3, c3->(2,0)=c1, c1->a1, a1->a3 */
                dest[0][src] = (by[b] + (2 - x)) * 6 + bx[b] + y;
                /* anticlockwise: inverse, (x,y) -> (2-y, x) */
                dest[1][src] = (by[b] + x) * 6 + bx[b] + (2 - y);
            }
        for (int d = 0; d < 2; d++)
            for (int chunk = 0; chunk < 5; chunk++)
                for (int v = 0; v < 256; v++) {
                    u64 out = 0;
                    for (int k = 0; k < 8; k++) {
                        int src = chunk * 8 + k;
                        if (src >= 36 || !(v >> k & 1)) continue;
                        if (!(blockmask[b] >> src & 1)) continue;
                        out |= 1ULL << dest[d][src];
                    }
                    rot[2 * b + d][chunk][v] = out;
                }
    }
}

static inline u64 twist(u64 x, int t)
{
    u64 m = blockmask[t >> 1];
    u64 y = x & m;
    const u64 (*R)[256] = rot[t];
    u64 r = R[0][y & 255] | R[1][(y >> 8) & 255] | R[2][(y >> 16) & 255] |
            R[3][(y >> 24) & 255] | R[4][(y >> 32) & 255];
    return (x & ~m) | r;
}

static inline int has5(u64 x)
{
    for (int i = 0; i < 32; i++)
        if ((x & lines5[i]) == lines5[i]) return 1;
    return 0;
}

static inline int finished(u64 w, u64 b)
{
    return has5(w) || has5(b) || (w | b) == FULL;
}

/* ---------- per-level dedupe set ---------- */
#define SETBITS 10
#define SETSIZE (1 << SETBITS)
#define MAXCHILD (36 * 8)

typedef struct {
    u64 kw[SETSIZE], kb[SETSIZE];
    u64 stamp[SETSIZE];
    u64 gen;
    u64 cw[MAXCHILD], cb[MAXCHILD];
    int n;
} Level;

static Level *levels; /* indexed by remaining depth */

static inline void set_add(Level *L, u64 w, u64 b)
{
    u64 h = ((w ^ (b * 0x9E3779B97F4A7C15ULL)) * 0xD6E8FEB86659FD93ULL);
    h ^= h >> 29;
    unsigned i = (unsigned)((h * 0x94D049BB133111EBULL) >> (64 - SETBITS));
    for (;;) {
        if (L->stamp[i] != L->gen) {
            L->stamp[i] = L->gen;
            L->kw[i] = w;
            L->kb[i] = b;
            L->cw[L->n] = w;
            L->cb[L->n] = b;
            L->n++;
            return;
        }
        if (L->kw[i] == w && L->kb[i] == b) return;
        i = (i + 1) & (SETSIZE - 1);
    }
}

/* Fill L with the distinct boards reachable by one move (side: 0 white, 1 black). */
static void gen_moves(Level *L, u64 w, u64 b, int side)
{
    L->gen++;
    L->n = 0;
    u64 me = side ? b : w, op = side ? w : b;
    u64 empty = ~(w | b) & FULL;
    while (empty) {
        u64 bit = empty & (0 - empty);
        empty ^= bit;
        u64 me2 = me | bit;
        if (has5(me2)) { /* winning placement: no twist */
            if (side) set_add(L, op, me2); else set_add(L, me2, op);
            continue;
        }
        for (int t = 0; t < 8; t++) {
            u64 m = twist(me2, t), o = twist(op, t);
            if (side) set_add(L, o, m); else set_add(L, m, o);
        }
    }
}

/* ---------- transposition table ---------- */
#ifndef NO_TT
typedef struct {
    u64 w, b, count;
    uint32_t key; /* (depth << 1 | side), 0 = empty slot */
    uint32_t pad;
} TTEntry;

#ifndef TTBITS
#define TTBITS 25
#endif
static TTEntry *tt;

static inline u64 tt_index(u64 w, u64 b, uint32_t key)
{
    u64 h = w * 0x9E3779B97F4A7C15ULL ^ (b + key) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 29;
    return h >> (64 - TTBITS);
}
#endif

static u64 perft(u64 w, u64 b, int side, int depth)
{
    if (depth == 0) return 1;
    if (finished(w, b)) return 0;
#ifndef NO_TT
    uint32_t key = 0;
    TTEntry *e = NULL;
    {
        key = (uint32_t)depth << 1 | (uint32_t)side;
        e = &tt[tt_index(w, b, key)];
        if (e->key == key && e->w == w && e->b == b) return e->count;
    }
#endif
    Level *L = &levels[depth];
    gen_moves(L, w, b, side);
    u64 total;
    if (depth == 1) {
        total = (u64)L->n;
    } else {
        total = 0;
        for (int i = 0; i < L->n; i++) total += perft(L->cw[i], L->cb[i], !side, depth - 1);
    }
#ifndef NO_TT
    if (e) { e->w = w; e->b = b; e->count = total; e->key = key; }
#endif
    return total;
}

static void usage(void)
{
    fprintf(stderr,
            "usage: pentago DEPTH [POSITION SIDE | \"POSITION SIDE\"]\n"
            "  POSITION: 36 chars of . w b, rank 6 first (a6..f6, a5..f5, ..., a1..f1)\n"
            "  SIDE: w or b (side to move)\n");
    exit(1);
}

static int parse_position(const char *pos, const char *side, u64 *w, u64 *b, int *s)
{
    int n = 0;
    *w = *b = 0;
    for (const char *p = pos; *p; p++) {
        if (*p == '/') continue;
        if (n >= 36) return 0;
        int rank = 5 - n / 6, file = n % 6;
        switch (*p) {
        case '.': break;
        case 'w': case 'W': *w |= BIT(file, rank); break;
        case 'b': case 'B': *b |= BIT(file, rank); break;
        default: return 0;
        }
        n++;
    }
    if (n != 36) return 0;
    if (!strcmp(side, "w") || !strcmp(side, "W")) *s = 0;
    else if (!strcmp(side, "b") || !strcmp(side, "B")) *s = 1;
    else return 0;
    return 1;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 4) usage();
    char *end;
    long depth = strtol(argv[1], &end, 10);
    if (*end || depth < 1 || depth > 36) usage();

    u64 w = 0, b = 0;
    int side = 0;
    if (argc == 4) {
        if (!parse_position(argv[2], argv[3], &w, &b, &side)) usage();
    } else if (argc == 3) {
        char buf[256], sbuf[16];
        if (sscanf(argv[2], "%255s %15s", buf, sbuf) != 2) usage();
        if (!parse_position(buf, sbuf, &w, &b, &side)) usage();
    }

    init_tables();
    levels = calloc((size_t)depth + 1, sizeof(Level));
    if (!levels) { perror("calloc"); return 2; }
#ifndef NO_TT
    tt = calloc((size_t)1 << TTBITS, sizeof(TTEntry));
    if (!tt) { perror("calloc"); return 2; }
#endif

    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int d = 1; d <= depth; d++) {
        u64 c = perft(w, b, side, d);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        printf("depth %d: %llu\n", d, (unsigned long long)c);
        fflush(stdout);
        fprintf(stderr, "  (depth %d done, %.3f s elapsed)\n", d,
                (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9);
    }
    return 0;
}
