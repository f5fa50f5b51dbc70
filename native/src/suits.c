/* The per-suit arithmetic of the compiled tile efficiency (widen.c).
 *
 * Per suit: the fewest-tiles vector (index groups m = 0..g, without and with the pair), by a dynamic programme
 * over the suit that also keeps, per entry, the kinds some cheapest completion adds: one more tile of such a kind
 * lowers that entry by one and any other leaves it, so one programme gives the suit plus each of its kinds.
 * Vectors are memoised per (counts, caps, g, exact) in a two-way cache (65,536 entries, 3 MB); the improvements
 * use vectors bounded at 2 tiles (only costs up to s + 1 decide there, and the programme then visits few states),
 * the discard table exact ones. Suits are joined by a min-plus product; the kinds of a suit whose draw brings the
 * hand below s follow from its vector, its added-kinds masks and the other three suits' join.
 */
#include <string.h>

#include "suits.h"

/* ---- the per-suit fewest-tiles vector -------------------------------------------------------------------- */

#define SUIT_CACHE (1 << 16)   /* 3 MB */
static Suit suit_cache[SUIT_CACHE];

static uint64_t mix(uint64_t x) {
    x ^= x >> 31; x *= 0x7fb5d329728ea185ULL; x ^= x >> 27; x *= 0x81dadef4bc2dd44dULL; x ^= x >> 33;
    return x;
}

/* key: counts (3 bits each), caps (3 bits each, 7 = unlimited), suited, g; the top bit marks a used slot */
static uint64_t suit_key(const int *b, const int *cp, int n, int suited, int g) {
    uint64_t key = 0;
    for (int i = 0; i < n; i++) key = (key << 6) | ((uint64_t)b[i] << 3) | (uint64_t)(cp[i] >= UNLIMITED ? 7 : cp[i]);
    return (key << 4 | (uint64_t)suited << 3 | (uint64_t)g) | (1ULL << 63);
}

/* distance.block_distance bounded at `limit` (an entry above it: `above`), keeping per state the union of the kinds
 * its cheapest paths add: states (sequences started one kind back, two back, groups, pair) */
void block_distance(const int *b, const int *cp, int n, int suited, int most, int limit, int above, Suit *out) {
    uint8_t st[MAXG + 1][MAXG + 1][MAXG + 1][2], nx[MAXG + 1][MAXG + 1][MAXG + 1][2];
    uint16_t sm[MAXG + 1][MAXG + 1][MAXG + 1][2], nm[MAXG + 1][MAXG + 1][MAXG + 1][2];
    int span = 0;   /* sequences running through a kind: never more than the largest cap, nor `most` */
    for (int i = 0; i < n; i++) if (cp[i] > span) span = cp[i];
    if (span > most) span = most;
    memset(st, BIG, sizeof st);
    st[0][0][0][0] = 0;
    sm[0][0][0][0] = 0;
    for (int i = 0; i < n; i++) {
        int have = b[i], cap = cp[i], can_start = suited && i <= n - 3;
        uint16_t bit = (uint16_t)(1u << i);
        memset(nx, BIG, sizeof nx);
        for (int a = 0; a <= span; a++)
            for (int bb = 0; a + bb <= span; bb++)
                for (int m = 0; m <= most; m++)
                    for (int h = 0; h < 2; h++) {
                        int cost = st[a][bb][m][h];
                        if (cost >= BIG) continue;
                        int through = a + bb;
                        if (through > cap) continue;
                        uint16_t mask = sm[a][bb][m][h];
                        for (int trip = 0; trip <= (m < most); trip++) {
                            int m2 = m + trip;
                            for (int p = 0; p <= !h; p++) {
                                int fixed = through + 3 * trip + 2 * p;
                                if (fixed > cap) break;
                                int h2 = h + p, top = 0;
                                if (can_start) {
                                    top = cap - fixed;
                                    if (most - m2 < top) top = most - m2;
                                    if (span - a < top) top = span - a;
                                }
                                for (int c = 0; c <= top; c++) {
                                    int need = fixed + c, v = cost;
                                    if (v > limit) break;
                                    uint16_t mk = mask;
                                    if (need > have) {
                                        v += need - have;
                                        if (v > limit) break;   /* more copies only cost more */
                                        mk |= bit;
                                    }
                                    uint8_t *slot = &nx[c][a][m2 + c][h2];
                                    if (v < *slot) { *slot = (uint8_t)v; nm[c][a][m2 + c][h2] = mk; }
                                    else if (v == *slot) nm[c][a][m2 + c][h2] |= mk;
                                }
                            }
                        }
                    }
        memcpy(st, nx, sizeof st);
        memcpy(sm, nm, sizeof sm);
    }
    memset(&out->vec, above, sizeof out->vec);
    memset(out->adds, 0, sizeof out->adds);
    for (int a = 0; a <= span; a++)
        for (int bb = 0; a + bb <= span; bb++)
            for (int m = 0; m <= most; m++)
                for (int h = 0; h < 2; h++) {
                    int v = st[a][bb][m][h];
                    if (v >= BIG) continue;
                    if (v < out->vec.v[h][m]) { out->vec.v[h][m] = (uint8_t)v; out->adds[h][m] = sm[a][bb][m][h]; }
                    else if (v == out->vec.v[h][m]) out->adds[h][m] |= sm[a][bb][m][h];
                }
}

/* The suit's vector, exact (`exact`) or bounded at LIMIT (the improvements: much fewer states to search). */
const Suit *suit_of(const int *b, const int *cp, int n, int suited, int g, int exact) {
    uint64_t key = suit_key(b, cp, n, suited, g) | (uint64_t)exact << 58;
    Suit *set = &suit_cache[mix(key) & (SUIT_CACHE - 2)];   /* two ways: the newer in front */
    if (set[0].key == key) return &set[0];
    if (set[1].key != key) {
        set[1] = set[0];
        if (exact) block_distance(b, cp, n, suited, g, BIG - 1, BIG, &set[0]);
        else block_distance(b, cp, n, suited, g, LIMIT, LIMIT + 1, &set[0]);
        set[0].key = key;
        return &set[0];
    }
    return &set[1];
}

void join(const Vec *x, const Vec *y, int g, Vec *out, int top) {   /* entries above `top` kept as top */
    for (int m = 0; m <= g; m++) {
        int best0 = BIG, best1 = BIG;
        for (int i = 0; i <= m; i++) {
            int v = x->v[0][i] + y->v[0][m - i];
            if (v < best0) best0 = v;
            v = x->v[0][i] + y->v[1][m - i];
            if (v < best1) best1 = v;
            v = x->v[1][i] + y->v[0][m - i];
            if (v < best1) best1 = v;
        }
        out->v[0][m] = (uint8_t)(best0 < top ? best0 : top);
        out->v[1][m] = (uint8_t)(best1 < top ? best1 : top);
    }
}

/* fewest tiles for g groups and the pair, of a suit vector joined with the rest's */
int whole(const Vec *x, const Vec *rest, int g) {
    int best = BIG;
    for (int i = 0; i <= g; i++) {
        int v = x->v[0][i] + rest->v[1][g - i];
        if (v < best) best = v;
        v = x->v[1][i] + rest->v[0][g - i];
        if (v < best) best = v;
    }
    return best;
}

/* The local kinds j of a suit whose draw brings the whole hand's shanten below s (fewest tiles at most s), the
 * other suits joined in `rest`; kinds held four times are left out (the room excludes them anyway). */
uint32_t gain(const Suit *x, const int *b, int n, const Vec *rest, int g, int s) {
    uint32_t mask = 0;
    for (int h = 0; h < 2; h++)
        for (int i = 0; i <= g; i++) {
            int v = x->vec.v[h][i] + rest->v[1 - h][g - i];
            if (v <= s) mask = (1u << n) - 1;
            else if (v == s + 1) mask |= x->adds[h][i];
        }
    for (int j = 0; j < n; j++) if (b[j] >= 4) mask &= ~(1u << j);
    return mask;
}
