/*
 * nine_board.c - independent brute-force move counter (perft) for nine-board
 * tic-tac-toe.
 *
 * Written from the rules below only; it shares no code with the engine it is
 * meant to cross-check.
 *
 * RULES (as implemented here)
 *   Board: 81 cells in a 9x9 grid.  A cell is named by its file a-i (left to
 *   right) and its rank 1-9 (bottom to top): a1 is the bottom-left cell and
 *   i9 the top-right one.  The grid is cut into nine 3x3 small boards
 *   ("blocks"): files a-c / d-f / g-i crossed with ranks 1-3 / 4-6 / 7-9.
 *   With 0-based file index x (a=0 .. i=8) and rank index y (1 -> 0 .. 9 -> 8),
 *   cell (x, y) lies in block (x / 3, y / 3) at position (x % 3, y % 3)
 *   inside that block.
 *
 *   Two players, X and O.  X moves first on the empty board, then they take
 *   turns.  A move puts the mover's mark on one empty cell.
 *
 *   Where the mover may play:
 *     - the very first move (no previous move) may use any empty cell;
 *     - otherwise take the position (x % 3, y % 3) of the previous move's
 *       cell inside its own block; the player to move is sent to the block
 *       at that same position among the nine blocks, i.e. block
 *       (x % 3, y % 3), and must play on an empty cell of it.  Examples:
 *       e5 (centre of the centre block) -> centre block d4..f6;
 *       a1 -> bottom-left block a1..c3; c9 -> top-right block g7..i9;
 *     - if the block the player is sent to has no empty cell left, the
 *       player may play on any empty cell of the whole board.
 *
 *   End of the game: a move that gives the mover three of its own marks in a
 *   line (one of the three rows, three columns or two diagonals) INSIDE ONE
 *   block wins at once.  Lines never continue across block edges: c1 d1 e1
 *   is not a line.  If the board becomes full without such a line the game
 *   is a draw.  A finished game has no moves.
 *
 *   perft(0) = 1 for any position (finished or not);
 *   perft(d) = sum over the legal moves m of perft(d-1, position after m)
 *   for d > 0, which is 0 for a finished position.
 *
 *   A POSITION given on the command line counts as finished if any block
 *   already holds three equal marks in a line (of either player; the game
 *   would have stopped when the first such line appeared) or if the board is
 *   full.  Nothing else about its history is checked beyond what is listed
 *   under USAGE.
 *
 * BUILD
 *   cc -O2 -Wall -Wextra -o /tmp/nine tests/data/bruteforce/nine_board.c
 *   Add -DNO_TT to disable the transposition table (plain tree walk; useful
 *   to cross-check the table).  -DTTBITS=N sets the table to 2^N entries of
 *   32 bytes (default 24, i.e. 512 MiB); -DTTMIN=N sets the smallest
 *   remaining depth that uses it (default 6).  Transpositions are rare in
 *   this game (the forced block ties move order down), so the table is only
 *   used near the root where a probe is cheap compared with the subtree.
 *
 * RUN
 *   /tmp/nine 11                    about a minute from the empty board
 *   /tmp/nine 3 "BOARD SIDE LAST"   from a position, see USAGE
 *
 * USAGE
 *   nine_board DEPTH              from the empty board, X to move, any cell
 *   nine_board DEPTH "POSITION"   from a given position (one quoted argument)
 *
 *   POSITION = BOARD SIDE LAST, separated by single spaces:
 *     BOARD  81 characters from {'.', 'x', 'o'} (case-insensitive) listing
 *            the cells rank 9 first, each rank from file a to file i:
 *            a9 b9 .. i9  a8 .. i8  ...  a1 .. i1.
 *            ('/' characters inside BOARD are ignored, so the ranks may
 *            be written as nine groups of nine separated by '/'.)
 *     SIDE   'x' or 'o', the player to move.
 *     LAST   the cell of the previous move (e.g. e5), which decides the block
 *            the player to move is sent to, or '-' for none (any empty cell
 *            may be used, as on the first move).  If given, that cell must
 *            hold the mark of the player NOT to move.
 *   Example: after X's first move e5, O to move, sent to the centre block:
 *     nine_board 3 "........................................x........................................ o e5"
 *
 *   Output: one line "depth N: COUNT" for N = 1 .. DEPTH (64-bit counts),
 *   each followed on stderr by the time taken for that depth.
 *
 * REPRESENTATION
 *   Block index b = (y / 3) * 3 + (x / 3), cell-in-block index
 *   c = (y % 3) * 3 + (x % 3).  A move at (b, c) sends the opponent to block
 *   c (same numbering).  Each side keeps one 9-bit mask per block.
 *
 *   The transposition table key is the whole position: both players' 81-bit
 *   cell sets, the side to move, the block the player is sent to (9 = any,
 *   already resolved: a full target block is stored as "any"), and the
 *   remaining depth.  Entries are compared exactly, so hash collisions
 *   cannot corrupt counts.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef TTBITS
#define TTBITS 24
#endif

#ifndef TTMIN
#define TTMIN 6
#endif

#define ANY 9

typedef struct {
    uint16_t m[2][9]; /* m[side][block]: 9-bit mask of that side's marks */
    int side;         /* 0 = X to move, 1 = O to move */
    int target;       /* block the mover is sent to (0..8) or ANY */
    int over;         /* 1 if the game is finished */
    int empty;        /* number of empty cells on the whole board */
} Pos;

static uint8_t is_win[512]; /* mask contains a 3-in-a-row inside a block */
static uint8_t popc[512];

static void init_tables(void)
{
    /* cell-in-block c = row*3 + col, row 0 = lowest rank of the block */
    static const int lines[8][3] = {
        {0, 1, 2}, {3, 4, 5}, {6, 7, 8}, /* rows */
        {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, /* columns */
        {0, 4, 8}, {2, 4, 6}             /* diagonals */
    };
    for (int mask = 0; mask < 512; mask++) {
        int w = 0, n = 0;
        for (int l = 0; l < 8; l++) {
            int lm = (1 << lines[l][0]) | (1 << lines[l][1]) | (1 << lines[l][2]);
            if ((mask & lm) == lm)
                w = 1;
        }
        for (int i = 0; i < 9; i++)
            n += (mask >> i) & 1;
        is_win[mask] = (uint8_t)w;
        popc[mask] = (uint8_t)n;
    }
}

/* Replace a target block with no empty cell by ANY. */
static void resolve_target(Pos *p)
{
    if (p->target != ANY && (p->m[0][p->target] | p->m[1][p->target]) == 0x1ff)
        p->target = ANY;
}

static int count_empty(const Pos *p)
{
    int n = 0;
    for (int b = 0; b < 9; b++)
        n += 9 - popc[p->m[0][b] | p->m[1][b]];
    return n;
}

/* Number of legal moves (position not finished). */
static uint64_t count_moves(const Pos *p)
{
    if (p->target != ANY)
        return 9u - popc[p->m[0][p->target] | p->m[1][p->target]];
    return (uint64_t)p->empty;
}

/* perft(2) of a position that is not finished: for every move, the number
 * of replies (0 if the move wins or fills the board). */
static uint64_t perft2(const Pos *p)
{
    uint64_t total = 0;
    int b0 = p->target == ANY ? 0 : p->target;
    int b1 = p->target == ANY ? 8 : p->target;
    for (int b = b0; b <= b1; b++) {
        int occ = p->m[0][b] | p->m[1][b];
        for (int c = 0; c < 9; c++) {
            if (occ & (1 << c))
                continue;
            int mine = p->m[p->side][b] | (1 << c);
            int left = p->empty - 1; /* empty cells after the move */
            if (is_win[mine] || left == 0)
                continue;
            /* replies: empty cells of block c after the move, or all empty
             * cells if block c is full */
            int tocc = p->m[0][c] | p->m[1][c];
            if (c == b)
                tocc |= 1 << c;
            int n = 9 - popc[tocc];
            total += (uint64_t)(n ? n : left);
        }
    }
    return total;
}

/* ---------------- transposition table ---------------- */

#ifndef NO_TT
typedef struct {
    uint64_t k0, k1, k2; /* exact key; k2 == 0 means empty slot */
    uint64_t count;
} Entry;

static Entry *tt;
static const uint64_t tt_mask = (1ull << TTBITS) - 1;

static void make_key(const Pos *p, int depth, uint64_t k[3])
{
    /* X cells of blocks 0..6 (63 bits) -> k0, O likewise -> k1,
     * blocks 7,8 of both sides (36 bits), side, target, depth -> k2. */
    uint64_t a = 0, b = 0;
    for (int i = 0; i < 7; i++) {
        a |= (uint64_t)p->m[0][i] << (9 * i);
        b |= (uint64_t)p->m[1][i] << (9 * i);
    }
    uint64_t c = (uint64_t)p->m[0][7] | ((uint64_t)p->m[0][8] << 9) |
                 ((uint64_t)p->m[1][7] << 18) | ((uint64_t)p->m[1][8] << 27);
    c |= (uint64_t)p->side << 36;
    c |= (uint64_t)p->target << 37;
    c |= (uint64_t)depth << 41;
    c |= 1ull << 63; /* never zero */
    k[0] = a;
    k[1] = b;
    k[2] = c;
}

static uint64_t hash3(const uint64_t k[3])
{
    uint64_t h = k[0] * 0x9E3779B97F4A7C15ull;
    h ^= (k[1] + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 29;
    h ^= (k[2] + 0x165667B19E3779F9ull) * 0xD6E8FEB86659FD93ull;
    h ^= h >> 32;
    h *= 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    return h;
}
#endif

/* ---------------- perft ---------------- */

static uint64_t perft(const Pos *p, int depth)
{
    if (depth == 0)
        return 1;
    if (p->over)
        return 0;
    if (depth == 1)
        return count_moves(p);
    if (depth == 2)
        return perft2(p);

#ifndef NO_TT
    uint64_t key[3];
    Entry *e = NULL;
    if (depth >= TTMIN) {
        make_key(p, depth, key);
        e = &tt[hash3(key) & tt_mask];
        if (e->k2 == key[2] && e->k0 == key[0] && e->k1 == key[1])
            return e->count;
    }
#endif

    uint64_t total = 0;
    int b0 = p->target == ANY ? 0 : p->target;
    int b1 = p->target == ANY ? 8 : p->target;
    for (int b = b0; b <= b1; b++) {
        int occ = p->m[0][b] | p->m[1][b];
        for (int c = 0; c < 9; c++) {
            if (occ & (1 << c))
                continue;
            Pos q = *p;
            q.m[p->side][b] |= (uint16_t)(1 << c);
            q.empty = p->empty - 1;
            q.over = is_win[q.m[p->side][b]] || q.empty == 0;
            q.side = 1 - p->side;
            q.target = c;
            resolve_target(&q);
            total += perft(&q, depth - 1);
        }
    }

#ifndef NO_TT
    if (e) {
        e->k0 = key[0];
        e->k1 = key[1];
        e->k2 = key[2];
        e->count = total;
    }
#endif
    return total;
}

/* ---------------- input ---------------- */

static void die(const char *msg)
{
    fprintf(stderr, "nine_board: %s\n", msg);
    exit(2);
}

static void parse_position(const char *s, Pos *p)
{
    int n = 0;
    memset(p, 0, sizeof *p);
    /* board */
    while (*s && *s != ' ') {
        char ch = *s++;
        if (ch == '/')
            continue;
        if (n >= 81)
            die("board has more than 81 cells");
        int r = 8 - n / 9; /* rank index, rank 9 first */
        int f = n % 9;     /* file index */
        int b = (r / 3) * 3 + f / 3, c = (r % 3) * 3 + f % 3;
        if (ch == 'x' || ch == 'X')
            p->m[0][b] |= (uint16_t)(1 << c);
        else if (ch == 'o' || ch == 'O')
            p->m[1][b] |= (uint16_t)(1 << c);
        else if (ch != '.')
            die("board characters must be '.', 'x' or 'o'");
        n++;
    }
    if (n != 81)
        die("board must have exactly 81 cells");
    if (*s++ != ' ')
        die("expected ' SIDE LAST' after the board");
    if (*s == 'x' || *s == 'X')
        p->side = 0;
    else if (*s == 'o' || *s == 'O')
        p->side = 1;
    else
        die("side to move must be 'x' or 'o'");
    s++;
    if (*s++ != ' ')
        die("expected ' LAST' after the side to move");
    if (s[0] == '-' && s[1] == 0) {
        p->target = ANY;
    } else {
        if (!(s[0] >= 'a' && s[0] <= 'i' && s[1] >= '1' && s[1] <= '9' && s[2] == 0))
            die("last move must be a cell name a1..i9 or '-'");
        int f = s[0] - 'a', r = s[1] - '1';
        int b = (r / 3) * 3 + f / 3, c = (r % 3) * 3 + f % 3;
        if (!(p->m[1 - p->side][b] & (1 << c)))
            die("last-move cell must hold the mark of the player not to move");
        p->target = c;
    }
    resolve_target(p);
    p->empty = count_empty(p);
    p->over = p->empty == 0;
    for (int b = 0; b < 9; b++)
        if (is_win[p->m[0][b]] || is_win[p->m[1][b]])
            p->over = 1;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s DEPTH [\"BOARD81 SIDE LAST\"]\n", argv[0]);
        return 2;
    }
    int depth = atoi(argv[1]);
    if (depth < 1 || depth > 81)
        die("DEPTH must be 1..81");
    init_tables();

    Pos root;
    if (argc == 3) {
        parse_position(argv[2], &root);
    } else {
        memset(&root, 0, sizeof root);
        root.target = ANY;
        root.empty = 81;
    }

#ifndef NO_TT
    tt = calloc((size_t)1 << TTBITS, sizeof(Entry));
    if (!tt)
        die("cannot allocate transposition table");
#endif

    for (int d = 1; d <= depth; d++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        uint64_t n = perft(&root, d);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        printf("depth %d: %llu\n", d, (unsigned long long)n);
        fflush(stdout);
        fprintf(stderr, "  (%.3f s)\n",
                (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9);
    }
    return 0;
}
