/*
 * brazilian.c - independent brute-force move counter (perft) for Brazilian
 * draughts (international draughts rules on the 8x8 board).
 *
 * Written from the rules below only; it shares no code with the engine it is
 * meant to cross-check.
 *
 * RULES (as implemented here)
 *   Board: the 32 dark squares of an 8x8 board, numbered 1-32 row by row
 *   from White's far side:
 *
 *        8   .  1  .  2  .  3  .  4        square 1 = b8, 4 = h8,
 *        7   5  .  6  .  7  .  8  .               5 = a7, 8 = g7,
 *        6   .  9  . 10  . 11  . 12               ...
 *        5  13  . 14  . 15  . 16  .              29 = a1, 32 = g1
 *        4   . 17  . 18  . 19  . 20
 *        3  21  . 22  . 23  . 24  .
 *        2   . 25  . 26  . 27  . 28
 *        1  29  . 30  . 31  . 32  .
 *            a  b  c  d  e  f  g  h
 *
 *   White starts on 21-32 and moves up (towards rank 8), Black on 1-12 and
 *   moves down.  White moves first.
 *
 *   Men move one square diagonally forward to an empty square.  Men capture
 *   forwards AND backwards: jump a diagonally adjacent enemy piece (man or
 *   king) to the empty square right behind it.
 *
 *   Kings ("flying kings") move any number of empty squares along a
 *   diagonal.  A king captures along a diagonal: any number of empty
 *   squares, exactly one enemy piece, then it lands on ANY empty square
 *   beyond it on the same line (each landing square is a separate choice),
 *   and may go on capturing from there in any direction.
 *
 *   A capture sequence goes on while a further capture is possible.  During
 *   the sequence the captured pieces stay on the board: they block (can be
 *   neither jumped again nor passed over; the "Turkish strike" rule) and
 *   are removed only when the move is over.  The moving piece's start
 *   square counts as empty, and a piece may pass over or land on the same
 *   empty square more than once (its start square included).
 *
 *   Capturing is compulsory, and only the sequences that capture the
 *   largest number of pieces are legal (kings and men count one each).
 *
 *   A man that ENDS its move on the far row (rank 8 for White, rank 1 for
 *   Black) becomes a king.  A man that reaches the far row in the middle of
 *   a capture and goes on capturing (backwards) stays a man.
 *
 *   A side with no legal move has lost: the position has no moves.
 *
 * COUNTING
 *   perft(0) = 1; perft(d) = sum over the moves m of perft(d-1, after m)
 *   for d > 0 (so 0 for a position without moves).  Two counts:
 *     (a) "all":   every capture sequence is a separate move: sequences that
 *                  capture the same pieces in another order, or that land on
 *                  another intermediate square, are all counted;
 *     (b) "dedup": moves with the same start square, end square and set of
 *                  captured pieces count once, at every ply.
 *   Such sequences lead to the same position, so one walk of the
 *   deduplicated tree gives both: (a) adds mult * (a) of the child, where
 *   mult is the number of sequences merged into that move.  The "naive" mode
 *   recomputes (a) by recursing into every sequence, to check that.
 *
 * BUILD
 *   gcc -O2 -o /tmp/brazilian tests/data/bruteforce/brazilian.c
 *
 * USAGE
 *   brazilian FEN DEPTH          prints "depth N: a=COUNT b=COUNT", N=1..DEPTH
 *   brazilian divide FEN DEPTH   per root move (deduplicated): its (b) and
 *                                (a) counts at DEPTH and how many sequences
 *                                it stands for; "21-17" is a quiet move,
 *                                "22x13 [x17,18]" a capture with the
 *                                squares of the captured pieces
 *   brazilian moves FEN          the board, every capture sequence with its
 *                                path of landing squares, the distinct moves
 *                                and the FEN after each
 *   brazilian naive FEN DEPTH    (a) only, recursing into every sequence
 *   brazilian random SEED PLIES  the FEN reached from the start position
 *                                after PLIES moves chosen uniformly among the
 *                                distinct moves (xorshift64*, fixed seed)
 *
 *   FEN is the PDN form "W:W21,22,K30:B1,2,K12": side to move, then each
 *   colour's squares (either order), K marking a king; ranges such as
 *   "W21-32" are accepted too.  "start" stands for the start position
 *   W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12
 *   Elapsed (cumulative) time per depth goes to stderr.
 *
 * METHOD
 *   Mailbox of 32 squares with a table of diagonal neighbours; captures by
 *   depth-first search over (current square, set of captured pieces) with
 *   the mover lifted off its start square, keeping only the sequences with
 *   the highest capture count found so far.  No transposition table.
 *
 * RESULTS
 *   Start position (about 1.5 s for depth 10):
 *     depth   (a) all      (b) dedup
 *      1            7            7
 *      2           49           49
 *      3          302          302
 *      4         1469         1469
 *      5         7473         7473
 *      6        37628        37628
 *      7       187302       187302
 *      8       907836       907830
 *      9      4431847      4431766
 *     10     21566622     21560022
 *     11    105535090    105491257
 *   (a) at depths 1-7 equals the published counts (Rein Halbersma, "Perft
 *   for all recognized draughts variants", damforum.nl, 2010, which keep
 *   duplicate captures).  The first duplicate captures appear at depth 8.
 *
 *   Test positions, (a) and (b) at depths 1..8.  P1-P10 are built by hand
 *   to exercise one rule each; R1-R7 come from "brazilian random SEED
 *   PLIES".  Each runs to depth 8 in under 2 s (most in milliseconds).
 *
 *   P1  W:WK29,27:B22,10,16,3
 *       flying king with several landing squares, only some continue:
 *       K29 takes 22 and may land on 18, 15, 11, 8 or 4; only from 15 (x10,
 *       landing 6 or 1) and 11 (x16, landing 20) does it go on, so the
 *       legal moves are 29x6, 29x1, 29x20 (2 pieces each).
 *       a: 3 12 86 275 1730 4418 25962 62472
 *       b: 3 12 86 275 1730 4418 25962 62472
 *   P2  W:WK4,22,30:B18,11,5,12
 *       majority, man beats king: the king takes one (4x15, x11), the man
 *       takes two (22x15x8, x18,11); only 22x8 is legal.
 *       a: 1 1 9 25 171 505 3570 10499
 *       b: 1 1 9 25 171 505 3570 10499
 *   P3  W:WK29,31:B22,10,27,1
 *       majority, king beats man: the man has 31x24 (x27, one piece), the
 *       king has 29x6 (x22,10) and 29x32 (x22,27); only the king's moves.
 *       a: 2 5 29 80 365 984 5316 13400
 *       b: 2 5 29 80 365 984 5304 13400
 *   P4  W:W11,30:B7,6,3,12
 *       man passes through the far row: 11x2x9 (x7 to d8, then x6 back to
 *       b6) ends as a man on 9 (it has 2 forward moves afterwards, not the
 *       king's 4+).
 *       a: 1 3 12 36 132 462 1778 5110
 *       b: 1 3 12 36 132 462 1778 5110
 *   P5  W:W10,27:B6,5,20
 *       man crowned by a capture ending on the far row: 10x1 (x6), the new
 *       king on 1 then slides along 1-6-10-15-19-24-28.
 *       a: 1 2 11 24 168 343 2072 4974
 *       b: 1 2 11 24 168 343 2071 4974
 *   P6  B:W27,21:B23,4
 *       the same for Black: 23x32 (x27) crowns on g1.
 *       a: 1 1 8 15 94 86 370 552
 *       b: 1 1 8 15 94 86 370 552
 *   P7  W:W22,31:B18,10,9,17,1,3,4
 *       circular capture back to the start square, in both orders:
 *       22x15x6x13x22 and 22x13x6x15x22 take 18,10,9,17; (a) counts two
 *       sequences, (b) one move 22x22.
 *       a: 2 10 40 184 690 3100 11314 46856
 *       b: 1 5 20 92 345 1550 5657 23428
 *   P8  W:WK29,32:B22,11,3,5
 *       same pieces, different intermediate landing: K29 takes 22, lands on
 *       18 or 15, takes 11, lands on 8 or 4: 4 sequences, 2 distinct moves.
 *       a: 4 8 52 136 994 2852 20754 57952
 *       b: 2 4 26 68 497 1426 10377 28976
 *   P9  W:WK5,30:B14,19,11,10,4
 *       Turkish strike: K5 x14 (land 23) x19 (land 16) x11 (land 7 or 2);
 *       from 7 the man on 10 cannot be taken because the captured man on 14,
 *       still on the board, fills the square behind it.  2 moves, 3 pieces
 *       (4 pieces, via x10, if captured men were lifted at once).
 *       a: 2 4 29 83 611 1846 12413 34749
 *       b: 2 4 29 83 611 1846 12409 34749
 *   P10 W:W5,13,14:B1,6,7,9,10
 *       White has no legal move (all steps blocked, every jump lands on an
 *       occupied square or off the board): 0 at every depth.
 *       a: 0 0 0 0 0 0 0 0
 *       b: 0 0 0 0 0 0 0 0
 *   R1  W:WK2,17,20,21,28,32:B3,4,5,6,9,12,K16     (random 73 30)
 *       a: 1 7 19 60 220 705 3645 13511
 *       b: 1 7 19 60 220 705 3645 13511
 *   R2  W:WK11,21,29:B1,5,9,10,20,K32              (random 135 40)
 *       a: 11 81 589 4603 31826 246650 1639868 12389883
 *       b: 11 81 589 4603 31812 246535 1638272 12378307
 *   R3  W:WK1,K3,29,30:B4,5,8,12,K16               (random 4 30)
 *       a: 14 104 1117 8151 87444 635780 6608089 47772864
 *       b: 14 104 1117 8149 87411 635511 6604350 47744899
 *   R4  B:WK2,5,17,22,25:B8,12,15,K32              (random 88 45)
 *       a: 10 66 497 2492 16165 88971 539914 3309641
 *       b: 10 66 497 2492 16162 88959 539699 3308326
 *   R5  W:WK3,18,22,25,27,28:BK1,6,11              (random 36 40)
 *       a: 14 54 428 1755 12143 53106 336413 1593503
 *       b: 14 54 428 1738 12007 51950 328301 1533540
 *   R6  W:WK3,19,22,23,25,29,31,32:B4,5,6,14       (random 1 30)
 *       a: 2 8 91 330 3144 10910 91234 275337
 *       b: 2 8 91 330 3144 10910 91234 275305
 *   R7  W:W17,21,22,23,26,27,28,29,31:B1,4,5,6,9,10,12,18   (random 49 30)
 *       a: 1 5 31 143 861 3737 22503 90200
 *       b: 1 5 31 143 861 3737 22503 90200
 *
 *   Checks: the depth-1 moves of P1, P2, P4, P7 and P9 were verified by hand
 *   against the rules (as described above).  A separate throwaway script
 *   (Python, file/rank coordinates, its own capture search) agrees with
 *   every count above up to depth 6 and with the start position up to
 *   depth 9.  The "naive" mode agrees with (a) up to depth 7 everywhere.
 *   (a) and (b) can be equal at depth d+1 after differing at depth d (P3,
 *   P5, P9): the duplicate captures at ply d leave positions with no moves
 *   (the opponent's last pieces were taken), which add 0 at depth d+1.
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;
typedef uint32_t u32;

/* ---------- board geometry ---------- */

/* Squares are stored as index s = number - 1 (0..31). */
enum { EMPTY = 0, WMAN, WKING, BMAN, BKING };
#define WHITE 0
#define BLACK 1

static int sq_file[32], sq_rank[32]; /* file 0..7 = a..h, rank 1..8 */
static int nb[32][4];                /* diagonal neighbour or -1 */
/* directions: 0 up-left, 1 up-right (towards rank 8), 2 down-left, 3 down-right */
static const int dfile[4] = {-1, +1, -1, +1};
static const int drank[4] = {+1, +1, -1, -1};

static int square_at(int file, int rank)
{
    if (file < 0 || file > 7 || rank < 1 || rank > 8) return -1;
    if ((file + rank) % 2 == 0) return -1; /* light square (a1 is dark) */
    return (8 - rank) * 4 + file / 2;
}

static void init_tables(void)
{
    for (int s = 0; s < 32; s++) {
        int row = s / 4; /* 0 = rank 8 */
        sq_rank[s] = 8 - row;
        sq_file[s] = 2 * (s % 4) + (row % 2 == 0 ? 1 : 0);
        if (square_at(sq_file[s], sq_rank[s]) != s) {
            fprintf(stderr, "internal: square table\n");
            exit(2);
        }
    }
    for (int s = 0; s < 32; s++)
        for (int d = 0; d < 4; d++)
            nb[s][d] = square_at(sq_file[s] + dfile[d], sq_rank[s] + drank[d]);
}

static int color_of(int piece) { return piece == WMAN || piece == WKING ? WHITE : BLACK; }
static int is_king(int piece) { return piece == WKING || piece == BKING; }

typedef struct {
    signed char board[32];
    int side; /* WHITE or BLACK to move */
} Pos;

/* ---------- moves ---------- */

typedef struct {
    int from, to;     /* square indices 0..31 */
    int ncap;         /* number of pieces captured */
    u32 cap;          /* captured squares, bit s for index s */
    int npath;        /* landing squares of a capture, in order */
    signed char path[16];
    u64 mult;         /* after dedup: how many sequences this move stands for */
} Move;

typedef struct {
    Move *m;
    int n, size;
    int best; /* capture count of the moves kept (0 = quiet moves) */
} MoveList;

static void push_move(MoveList *L, const Move *mv)
{
    if (L->n == L->size) {
        L->size = L->size ? 2 * L->size : 64;
        L->m = realloc(L->m, (size_t)L->size * sizeof(Move));
        if (!L->m) { perror("realloc"); exit(2); }
    }
    L->m[L->n++] = *mv;
}

/* A finished capture sequence: keep it only if it captures the maximum so far. */
static void record_capture(MoveList *L, const Move *mv)
{
    if (mv->ncap < L->best) return;
    if (mv->ncap > L->best) { L->best = mv->ncap; L->n = 0; }
    push_move(L, mv);
}

/*
 * Depth-first search of capture sequences of the piece that started on
 * cur->from and now stands on `sq`.  The board b has the moving piece taken
 * off its start square (so that square is empty) and every captured piece
 * still in place; captured pieces are marked in cur->cap and may be neither
 * jumped again nor passed over.  A sequence is recorded when no further
 * capture is possible from where it stands.
 */
static void capture_search(const signed char *b, int sq, int king, int me, Move *cur, MoveList *L)
{
    int extended = 0;
    for (int d = 0; d < 4; d++) {
        int victim, land;
        if (!king) {
            victim = nb[sq][d];
            if (victim < 0) continue;
        } else {
            victim = nb[sq][d];
            while (victim >= 0 && b[victim] == EMPTY) victim = nb[victim][d];
            if (victim < 0) continue;
        }
        if (b[victim] == EMPTY || color_of(b[victim]) == me) continue;
        if (cur->cap >> victim & 1) continue; /* already captured: blocks */
        land = nb[victim][d];
        while (land >= 0 && b[land] == EMPTY) {
            extended = 1;
            cur->cap |= 1u << victim;
            cur->ncap++;
            cur->path[cur->npath++] = (signed char)land;
            capture_search(b, land, king, me, cur, L);
            cur->npath--;
            cur->ncap--;
            cur->cap &= ~(1u << victim);
            if (!king) break; /* a man lands right behind the victim only */
            land = nb[land][d];
        }
    }
    if (!extended && cur->ncap > 0) {
        cur->to = sq;
        record_capture(L, cur);
    }
}

/* All legal moves, one entry per capture sequence (not deduplicated). */
static void gen_moves(const Pos *p, MoveList *L)
{
    L->n = 0;
    L->best = 0;
    signed char b[32];
    memcpy(b, p->board, sizeof b);
    int me = p->side;

    /* captures (compulsory, majority rule) */
    for (int s = 0; s < 32; s++) {
        if (b[s] == EMPTY || color_of(b[s]) != me) continue;
        int piece = b[s];
        b[s] = EMPTY; /* the moving piece has left its start square */
        Move cur;
        memset(&cur, 0, sizeof cur);
        cur.from = s;
        capture_search(b, s, is_king(piece), me, &cur, L);
        b[s] = (signed char)piece;
    }
    if (L->best > 0) return;

    /* quiet moves */
    for (int s = 0; s < 32; s++) {
        if (b[s] == EMPTY || color_of(b[s]) != me) continue;
        for (int d = 0; d < 4; d++) {
            if (!is_king(b[s])) {
                int forward = me == WHITE ? (d < 2) : (d >= 2);
                if (!forward) continue;
            }
            int t = nb[s][d];
            while (t >= 0 && b[t] == EMPTY) {
                Move mv;
                memset(&mv, 0, sizeof mv);
                mv.from = s;
                mv.to = t;
                push_move(L, &mv);
                if (!is_king(b[s])) break;
                t = nb[t][d];
            }
        }
    }
}

/* Merge moves with the same start, end and captured set; mult counts them. */
static void dedup_moves(MoveList *L)
{
    int n = 0;
    for (int i = 0; i < L->n; i++) {
        int j;
        for (j = 0; j < n; j++)
            if (L->m[j].from == L->m[i].from && L->m[j].to == L->m[i].to &&
                L->m[j].cap == L->m[i].cap)
                break;
        if (j < n) {
            L->m[j].mult++;
        } else {
            L->m[n] = L->m[i];
            L->m[n].mult = 1;
            n++;
        }
    }
    L->n = n;
}

static void make_move(const Pos *p, const Move *mv, Pos *q)
{
    *q = *p;
    int piece = q->board[mv->from];
    q->board[mv->from] = EMPTY;
    for (int s = 0; s < 32; s++)
        if (mv->cap >> s & 1) q->board[s] = EMPTY;
    if (piece == WMAN && sq_rank[mv->to] == 8) piece = WKING;
    if (piece == BMAN && sq_rank[mv->to] == 1) piece = BKING;
    q->board[mv->to] = (signed char)piece;
    q->side = !p->side;
}

/* ---------- perft ---------- */

static MoveList *levels; /* one move list per remaining depth */

/*
 * Walks the deduplicated tree once and returns both counts:
 *   *all   = (a), every capture sequence counted separately,
 *   *dedup = (b), moves with equal start, end and captured set counted once.
 * Sequences that merge into one move lead to the same position, so
 * (a) = sum over distinct moves of mult * (a) of the child.
 */
static void perft(const Pos *p, int depth, u64 *all, u64 *dedup)
{
    if (depth == 0) { *all = *dedup = 1; return; }
    MoveList *L = &levels[depth];
    gen_moves(p, L);
    dedup_moves(L);
    u64 a = 0, b = 0;
    for (int i = 0; i < L->n; i++) {
        if (depth == 1) {
            a += L->m[i].mult;
            b += 1;
        } else {
            Pos q;
            u64 ca, cb;
            make_move(p, &L->m[i], &q);
            perft(&q, depth - 1, &ca, &cb);
            a += L->m[i].mult * ca;
            b += cb;
        }
    }
    *all = a;
    *dedup = b;
}

/* (a) the slow way: recurse into every capture sequence, no merging at all. */
static u64 perft_naive(const Pos *p, int depth)
{
    if (depth == 0) return 1;
    MoveList *L = &levels[depth];
    gen_moves(p, L);
    if (depth == 1) return (u64)L->n;
    int n = L->n;
    Move *copy = malloc((size_t)(n ? n : 1) * sizeof(Move));
    if (!copy) { perror("malloc"); exit(2); }
    memcpy(copy, L->m, (size_t)n * sizeof(Move));
    u64 total = 0;
    for (int i = 0; i < n; i++) {
        Pos q;
        make_move(p, &copy[i], &q);
        total += perft_naive(&q, depth - 1);
    }
    free(copy);
    return total;
}

/* ---------- input / output ---------- */

static const char *START_FEN =
    "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

/*
 * Parses "W:W21,22,K30:B1,2,K12" (side to move, then the pieces of each
 * colour in either order; K marks a king; ranges like 21-32 are accepted;
 * spaces and a final '.' are ignored).  Returns 1 on success.
 */
static int parse_fen(const char *fen, Pos *p)
{
    char buf[512];
    int n = 0;
    for (const char *c = fen; *c && n < (int)sizeof buf - 1; c++)
        if (*c != ' ' && *c != '.' && *c != '"') buf[n++] = *c;
    buf[n] = 0;
    memset(p, 0, sizeof *p);
    if (buf[0] == 'W' || buf[0] == 'w') p->side = WHITE;
    else if (buf[0] == 'B' || buf[0] == 'b') p->side = BLACK;
    else return 0;
    if (buf[1] != ':') return 0;
    char *c = buf + 2;
    while (*c) {
        int colour;
        if (*c == 'W' || *c == 'w') colour = WHITE;
        else if (*c == 'B' || *c == 'b') colour = BLACK;
        else return 0;
        c++;
        while (*c && *c != ':') {
            int king = 0;
            if (*c == 'K' || *c == 'k') { king = 1; c++; }
            char *e;
            long lo = strtol(c, &e, 10), hi = lo;
            if (e == c) return 0;
            c = e;
            if (*c == '-') {
                c++;
                hi = strtol(c, &e, 10);
                if (e == c) return 0;
                c = e;
            }
            if (lo < 1 || hi > 32 || lo > hi) return 0;
            for (long s = lo; s <= hi; s++) {
                if (p->board[s - 1] != EMPTY) return 0;
                p->board[s - 1] = (signed char)(colour == WHITE ? (king ? WKING : WMAN)
                                                                : (king ? BKING : BMAN));
            }
            if (*c == ',') c++;
            else if (*c && *c != ':') return 0;
        }
        if (*c == ':') c++;
    }
    return 1;
}

static void print_fen(const Pos *p)
{
    printf("%c", p->side == WHITE ? 'W' : 'B');
    for (int colour = WHITE; colour <= BLACK; colour++) {
        printf(":%c", colour == WHITE ? 'W' : 'B');
        int first = 1;
        for (int s = 0; s < 32; s++) {
            if (p->board[s] == EMPTY || color_of(p->board[s]) != colour) continue;
            printf("%s%s%d", first ? "" : ",", is_king(p->board[s]) ? "K" : "", s + 1);
            first = 0;
        }
    }
    printf("\n");
}

static void print_board(const Pos *p)
{
    for (int rank = 8; rank >= 1; rank--) {
        printf("  %d ", rank);
        for (int file = 0; file < 8; file++) {
            int s = square_at(file, rank);
            if (s < 0) { printf("  . "); continue; }
            const char *t = "";
            switch (p->board[s]) {
            case WMAN: t = "w"; break;
            case WKING: t = "W"; break;
            case BMAN: t = "b"; break;
            case BKING: t = "B"; break;
            }
            if (*t) printf("  %s ", t);
            else printf(" %2d ", s + 1);
        }
        printf("\n");
    }
    printf("     a   b   c   d   e   f   g   h     (w/b man, W/B king, numbers = empty)\n");
    printf("  %s to move\n", p->side == WHITE ? "White" : "Black");
}

/* "21-17", or "22x13 [x17,18]" for a capture */
static void format_move(const Move *mv, char *out, size_t size)
{
    int k = snprintf(out, size, "%d%c%d", mv->from + 1, mv->ncap ? 'x' : '-', mv->to + 1);
    if (mv->ncap) {
        k += snprintf(out + k, size - (size_t)k, " [x");
        int first = 1;
        for (int s = 0; s < 32; s++)
            if (mv->cap >> s & 1) {
                k += snprintf(out + k, size - (size_t)k, "%s%d", first ? "" : ",", s + 1);
                first = 0;
            }
        snprintf(out + k, size - (size_t)k, "]");
    }
}

static double elapsed(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) * 1e-9;
}

static void usage(void)
{
    fprintf(stderr,
            "usage: brazilian FEN DEPTH          (a) and (b) for depths 1..DEPTH\n"
            "       brazilian divide FEN DEPTH   counts below each root move\n"
            "       brazilian moves FEN          board, every sequence, distinct moves\n"
            "       brazilian naive FEN DEPTH    (a) without merging sequences (slow check)\n"
            "       brazilian random SEED PLIES  FEN after PLIES random moves from the start\n"
            "  FEN: e.g. \"W:W21,22,K30:B1,2,K12\", or \"start\"\n");
    exit(1);
}

static void need_fen(const char *arg, Pos *p)
{
    if (!strcmp(arg, "start")) arg = START_FEN;
    if (!parse_fen(arg, p)) {
        fprintf(stderr, "bad FEN: %s\n", arg);
        usage();
    }
}

static int need_int(const char *arg, int lo, int hi)
{
    char *end;
    long v = strtol(arg, &end, 10);
    if (*end || end == arg || v < lo || v > hi) usage();
    return (int)v;
}

int main(int argc, char **argv)
{
    init_tables();
    levels = calloc(64, sizeof(MoveList));
    if (!levels) { perror("calloc"); return 2; }
    Pos p;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);

    if (argc == 4 && !strcmp(argv[1], "divide")) {
        need_fen(argv[2], &p);
        int depth = need_int(argv[3], 1, 60);
        MoveList root = {0};
        gen_moves(&p, &root);
        dedup_moves(&root);
        u64 ta = 0, tb = 0;
        for (int i = 0; i < root.n; i++) {
            Pos q;
            u64 a, b;
            char name[128];
            make_move(&p, &root.m[i], &q);
            perft(&q, depth - 1, &a, &b);
            a *= root.m[i].mult;
            format_move(&root.m[i], name, sizeof name);
            printf("%-28s b=%llu a=%llu (%llu sequence%s)\n", name, (unsigned long long)b,
                   (unsigned long long)a, (unsigned long long)root.m[i].mult,
                   root.m[i].mult == 1 ? "" : "s");
            ta += a;
            tb += b;
        }
        printf("moves: %d distinct\ntotal: b=%llu a=%llu\n", root.n, (unsigned long long)tb,
               (unsigned long long)ta);
    } else if (argc == 3 && !strcmp(argv[1], "moves")) {
        need_fen(argv[2], &p);
        print_board(&p);
        MoveList L = {0};
        gen_moves(&p, &L);
        printf("%d sequence%s:\n", L.n, L.n == 1 ? "" : "s");
        for (int i = 0; i < L.n; i++) {
            char name[128];
            format_move(&L.m[i], name, sizeof name);
            printf("  %-28s", name);
            if (L.m[i].ncap) {
                printf(" path %d", L.m[i].from + 1);
                for (int k = 0; k < L.m[i].npath; k++) printf("x%d", L.m[i].path[k] + 1);
            }
            printf("\n");
        }
        dedup_moves(&L);
        printf("%d distinct move%s:\n", L.n, L.n == 1 ? "" : "s");
        for (int i = 0; i < L.n; i++) {
            char name[128];
            Pos q;
            format_move(&L.m[i], name, sizeof name);
            make_move(&p, &L.m[i], &q);
            printf("  %-28s x%llu  -> ", name, (unsigned long long)L.m[i].mult);
            print_fen(&q);
        }
    } else if (argc == 4 && !strcmp(argv[1], "naive")) {
        need_fen(argv[2], &p);
        int depth = need_int(argv[3], 1, 60);
        for (int d = 1; d <= depth; d++) {
            printf("depth %d: a=%llu\n", d, (unsigned long long)perft_naive(&p, d));
            fflush(stdout);
            fprintf(stderr, "  (depth %d done, %.3f s elapsed)\n", d, elapsed(&t0));
        }
    } else if (argc == 4 && !strcmp(argv[1], "random")) {
        /* xorshift64*, uniform choice among the distinct moves */
        u64 x = (u64)need_int(argv[2], 0, 1 << 30) * 0x9E3779B97F4A7C15ULL + 1;
        int plies = need_int(argv[3], 0, 10000);
        need_fen(START_FEN, &p);
        MoveList L = {0};
        int played = 0;
        for (; played < plies; played++) {
            gen_moves(&p, &L);
            dedup_moves(&L);
            if (L.n == 0) break;
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            u64 r = x * 0x2545F4914F6CDD1DULL;
            Pos q;
            make_move(&p, &L.m[(r >> 33) % (u64)L.n], &q);
            p = q;
        }
        if (played < plies) fprintf(stderr, "game over after %d plies\n", played);
        print_fen(&p);
    } else if (argc == 3) {
        need_fen(argv[1], &p);
        int depth = need_int(argv[2], 1, 60);
        for (int d = 1; d <= depth; d++) {
            u64 a, b;
            perft(&p, d, &a, &b);
            printf("depth %d: a=%llu b=%llu\n", d, (unsigned long long)a, (unsigned long long)b);
            fflush(stdout);
            fprintf(stderr, "  (depth %d done, %.3f s elapsed)\n", d, elapsed(&t0));
        }
    } else {
        usage();
    }
    return 0;
}
