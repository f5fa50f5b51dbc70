/* The compiled build of calculator.readings.widen.improvements: the draws that keep a hand's shanten but widen it.
 *
 * improvements(counts, s, g, rem, room, caps, special, ukeire, total) takes the 34 counts of a hand at shanten s
 * (0 or 1) needing g groups and a pair, and the request's bytes of 34 (copies left, copies the hand may hold,
 * caps: copies a winning hand may hold, 15 where a fifth copy counts), whether seven pairs and thirteen orphans
 * count, the hand's ukeire kinds and their copies left. It returns [(draw, then_ukeire_remaining, then_discard),
 * ...] in draw order, as widen.improvements defines them, or None for what it does not handle (g above 5, a count
 * above 4): the Python path answers those.
 *
 * The definition, worked directly. Shanten of a hand h: the fewest tiles to add for g groups and a pair with no
 * kind above its cap, minus one, and (special) the seven pairs and thirteen orphans counts. Ukeire of h at s: the
 * kinds j below their room whose draw brings h below s. For each draw k not in the ukeire and below its room,
 * each discard e != k held such that h = counts + k - e is still at s, the copies left of h's ukeire (one fewer
 * of k when it is among them); the best discard is the lowest kind with the most, kept when above `total`.
 *
 * Per suit: the fewest-tiles vector (index groups m = 0..g, without and with the pair; a dynamic programme over
 * the suit, memoised per (counts, caps, g) in a direct-mapped cache), joined across suits by a min-plus product.
 * Per suit and rest-of-hand vector (clamped at 3: only costs below 2 decide), the mask of the suit's kinds whose
 * draw brings the hand below s (a second cache). A draw is skipped when no discard can beat `total`: an upper
 * bound counts the kinds that bring the hand plus the draw below s (removing a tile never lowers the count),
 * plus those it holds up to their room; a draw's discards stop once one reaches that bound. When seven pairs or
 * thirteen orphans are within reach of the hand plus the draw (at most s), the bound is not used and their own
 * gains join each ukeire.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define NK 34
#define MAXG 5
#define BIG 99
#define UNLIMITED 15

static const int LO[4] = {0, 9, 18, 27}, N[4] = {9, 9, 9, 7};
static const int ORPHANS[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};

typedef struct { uint8_t v[2][MAXG + 1]; } Vec;   /* fewest tiles to add: [pair][groups] */

/* ---- the per-suit fewest-tiles vector -------------------------------------------------------------------- */

typedef struct { uint64_t key; Vec vec; } VecSlot;
#define VEC_CACHE (1 << 15)
static VecSlot vec_cache[VEC_CACHE];

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

/* distance.block_distance with no bound: states (sequences started one kind back, two back, groups, pair) */
static void block_distance(const int *b, const int *cp, int n, int suited, int most, Vec *out) {
    uint8_t st[MAXG + 1][MAXG + 1][MAXG + 1][2], nx[MAXG + 1][MAXG + 1][MAXG + 1][2];
    memset(st, BIG, sizeof st);
    st[0][0][0][0] = 0;
    for (int i = 0; i < n; i++) {
        int have = b[i], cap = cp[i], can_start = suited && i <= n - 3;
        memset(nx, BIG, sizeof nx);
        for (int a = 0; a <= most; a++)
            for (int bb = 0; bb <= most; bb++)
                for (int m = 0; m <= most; m++)
                    for (int h = 0; h < 2; h++) {
                        int cost = st[a][bb][m][h];
                        if (cost >= BIG) continue;
                        int through = a + bb;
                        if (through > cap) continue;
                        for (int trip = 0; trip <= (m < most); trip++) {
                            int m2 = m + trip;
                            for (int p = 0; p <= !h; p++) {
                                int fixed = through + 3 * trip + 2 * p;
                                if (fixed > cap) break;
                                int h2 = h + p, top = 0;
                                if (can_start) {
                                    top = cap - fixed;
                                    if (most - m2 < top) top = most - m2;
                                }
                                for (int c = 0; c <= top; c++) {
                                    int need = fixed + c, v = need > have ? cost + need - have : cost;
                                    if (v < nx[c][a][m2 + c][h2]) nx[c][a][m2 + c][h2] = (uint8_t)v;
                                }
                            }
                        }
                    }
        memcpy(st, nx, sizeof st);
    }
    memset(out, BIG, sizeof *out);
    for (int a = 0; a <= most; a++)
        for (int bb = 0; bb <= most; bb++)
            for (int m = 0; m <= most; m++)
                for (int h = 0; h < 2; h++)
                    if (st[a][bb][m][h] < out->v[h][m]) out->v[h][m] = st[a][bb][m][h];
}

static const Vec *suit_vec(const int *b, const int *cp, int n, int suited, int g) {
    uint64_t key = suit_key(b, cp, n, suited, g);
    VecSlot *slot = &vec_cache[mix(key) & (VEC_CACHE - 1)];
    if (slot->key != key) {
        block_distance(b, cp, n, suited, g, &slot->vec);
        slot->key = key;
    }
    return &slot->vec;
}

static void join(const Vec *x, const Vec *y, int g, Vec *out) {
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
        out->v[0][m] = (uint8_t)(best0 < BIG ? best0 : BIG);
        out->v[1][m] = (uint8_t)(best1 < BIG ? best1 : BIG);
    }
}

/* fewest tiles for g groups and the pair, of a suit vector joined with the rest's */
static int whole(const Vec *x, const Vec *rest, int g) {
    int best = BIG;
    for (int i = 0; i <= g; i++) {
        int v = x->v[0][i] + rest->v[1][g - i];
        if (v < best) best = v;
        v = x->v[1][i] + rest->v[0][g - i];
        if (v < best) best = v;
    }
    return best;
}

/* ---- the per-(suit, rest) gain masks ---------------------------------------------------------------------- */

typedef struct { uint64_t key, rest; uint32_t mask; } GainSlot;
#define GAIN_CACHE (1 << 16)
static GainSlot gain_cache[GAIN_CACHE];

/* The local kinds j of suit x (counts b) whose draw brings the whole hand's shanten below s: fewest tiles below
 * s + 1, the other suits joined in `rest`. Kinds held four times are left out (the room excludes them anyway). */
static uint32_t gain(int *b, const int *cp, int n, int suited, int g, const Vec *rest, int s) {
    uint64_t key = suit_key(b, cp, n, suited, g), packed = (uint64_t)s << 40 | 1ULL << 63;
    for (int h = 0; h < 2; h++)
        for (int m = 0; m <= g; m++) packed = packed << 2 | (uint64_t)(rest->v[h][m] > 3 ? 3 : rest->v[h][m]);
    GainSlot *slot = &gain_cache[mix(key ^ mix(packed)) & (GAIN_CACHE - 1)];
    if (slot->key == key && slot->rest == packed) return slot->mask;
    uint32_t mask = 0;
    for (int j = 0; j < n; j++) {
        if (b[j] >= 4) continue;
        b[j]++;
        if (whole(suit_vec(b, cp, n, suited, g), rest, g) <= s) mask |= 1u << j;
        b[j]--;
    }
    slot->key = key;
    slot->rest = packed;
    slot->mask = mask;
    return mask;
}

/* ---- one request ------------------------------------------------------------------------------------------- */

typedef struct {
    int g, s, special;
    int c[NK], rem[NK], room[NK], caps[NK];
} Ask;

static int is_orphan[NK];

/* min(seven pairs, thirteen orphans) shanten of counts c (13 or 14 tiles) */
static int special_shanten(const int *c) {
    int kinds = 0, pairs = 0, held = 0, paired = 0;
    for (int k = 0; k < NK; k++) {
        if (!c[k]) continue;
        kinds++;
        if (c[k] >= 2) pairs++;
        if (is_orphan[k]) { held++; if (c[k] >= 2) paired++; }
    }
    int chiitoi = 6 - pairs + (kinds < 7 ? 7 - kinds : 0), kokushi = 13 - held - (paired > 0);
    return chiitoi < kokushi ? chiitoi : kokushi;
}

/* The four suit vectors of a.c, and for each suit the join of the other three. */
static void vectors(Ask *a, const Vec **v, Vec *rest) {
    for (int x = 0; x < 4; x++) v[x] = suit_vec(a->c + LO[x], a->caps + LO[x], N[x], x < 3, a->g);
    Vec p01, p23;
    join(v[0], v[1], a->g, &p01);
    join(v[2], v[3], a->g, &p23);
    join(v[1], &p23, a->g, &rest[0]);
    join(v[0], &p23, a->g, &rest[1]);
    join(&p01, v[3], a->g, &rest[2]);
    join(&p01, v[2], a->g, &rest[3]);
}

/* The kinds (bit per kind) whose draw brings a.c below s by the regular form, the rest vectors given. */
static uint64_t regular_gains(Ask *a, const Vec *rest) {
    uint64_t mask = 0;
    for (int x = 0; x < 4; x++)
        mask |= (uint64_t)gain(a->c + LO[x], a->caps + LO[x], N[x], x < 3, a->g, &rest[x], a->s) << LO[x];
    return mask;
}

/* Seven pairs and thirteen orphans gains of a.c (13 tiles) at s. */
static uint64_t special_gains(Ask *a) {
    uint64_t mask = 0;
    for (int j = 0; j < NK; j++) {
        if (a->c[j] >= a->room[j]) continue;
        a->c[j]++;
        if (special_shanten(a->c) < a->s) mask |= 1ULL << j;
        a->c[j]--;
    }
    return mask;
}

static int copies(Ask *a, uint64_t mask, int drawn) {
    int t = 0;
    for (int j = 0; j < NK; j++) if (mask >> j & 1) t += a->rem[j];
    if (drawn >= 0 && (mask >> drawn & 1) && a->rem[drawn]) t--;
    return t;
}

static uint64_t room_mask(Ask *a) {   /* kinds a.c may still receive */
    uint64_t mask = 0;
    for (int j = 0; j < NK; j++) if (a->c[j] < a->room[j]) mask |= 1ULL << j;
    return mask;
}

static uint64_t full_mask(Ask *a) {   /* kinds a.c holds up to their room: receivable only after discarding one */
    uint64_t mask = 0;
    for (int j = 0; j < NK; j++) if (a->c[j] && a->c[j] >= a->room[j]) mask |= 1ULL << j;
    return mask;
}

static int read_bytes(PyObject *o, int *out) {
    if (!PyBytes_Check(o) || PyBytes_GET_SIZE(o) != NK) {
        PyErr_SetString(PyExc_TypeError, "expected bytes of 34");
        return -1;
    }
    const unsigned char *p = (const unsigned char *)PyBytes_AS_STRING(o);
    for (int k = 0; k < NK; k++) out[k] = p[k];
    return 0;
}

static PyObject *improvements(PyObject *self, PyObject *args) {
    PyObject *counts, *rem, *room, *caps, *ukeire;
    int s, g, special, total;
    if (!PyArg_ParseTuple(args, "OiiOOOpOi", &counts, &s, &g, &rem, &room, &caps, &special, &ukeire, &total))
        return NULL;
    Ask a;
    a.s = s;
    a.g = g;
    a.special = special;
    if (read_bytes(rem, a.rem) < 0 || read_bytes(room, a.room) < 0 || read_bytes(caps, a.caps) < 0) return NULL;
    PyObject *seq = PySequence_Fast(counts, "counts must be a sequence");
    if (!seq) return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != NK) { Py_DECREF(seq); PyErr_SetString(PyExc_ValueError, "34 counts"); return NULL; }
    int bad = g < 1 || g > MAXG || s < 0 || s > 1;
    for (int k = 0; k < NK; k++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, k));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(seq); return NULL; }
        if (v < 0 || v > 4 || a.room[k] > 4) bad = 1;
        a.c[k] = (int)v;
    }
    Py_DECREF(seq);
    if (bad) Py_RETURN_NONE;
    uint64_t helps = 0;
    PyObject *useq = PySequence_Fast(ukeire, "ukeire must be a sequence");
    if (!useq) return NULL;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(useq); i++) {
        long k = PyLong_AsLong(PySequence_Fast_GET_ITEM(useq, i));
        if (k < 0 || k >= NK) { Py_DECREF(useq); if (!PyErr_Occurred()) Py_RETURN_NONE; return NULL; }
        helps |= 1ULL << k;
    }
    Py_DECREF(useq);

    int held[NK], nheld = 0;
    for (int e = 0; e < NK; e++) if (a.c[e]) held[nheld++] = e;
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    const Vec *v[4];
    Vec rest[4];
    for (int k = 0; k < NK; k++) {
        if ((helps >> k & 1) || a.c[k] >= a.room[k]) continue;
        a.c[k]++;
        int slow = a.special && special_shanten(a.c) <= s, bound = 1 << 30;
        if (!slow) {   /* no discard leaves more than the draws bringing the hand plus k below s, or not receivable */
            vectors(&a, v, rest);
            bound = copies(&a, regular_gains(&a, rest) | full_mask(&a), k);
            if (bound <= total) { a.c[k]--; continue; }
        }
        int best = total, best_e = -1;
        for (int i = 0; i < nheld; i++) {
            int e = held[i];
            if (e == k) continue;
            a.c[e]--;
            vectors(&a, v, rest);
            int left = whole(v[0], &rest[0], g) - 1;
            if (slow) {
                int sp = special_shanten(a.c);
                if (sp < left) left = sp;
            }
            if (left == s) {
                uint64_t mask = regular_gains(&a, rest);
                if (slow) mask |= special_gains(&a);
                int t = copies(&a, mask & room_mask(&a), k);
                if (t > best) { best = t; best_e = e; }
            }
            a.c[e]++;
            if (best >= bound) break;   /* no later discard can beat it (a tie keeps the lower kind) */
        }
        a.c[k]--;
        if (best_e >= 0) {
            PyObject *item = Py_BuildValue("(iii)", k, best, best_e);
            if (!item || PyList_Append(out, item) < 0) { Py_XDECREF(item); Py_DECREF(out); return NULL; }
            Py_DECREF(item);
        }
    }
    return out;
}

static PyMethodDef METHODS[] = {
    {"improvements", improvements, METH_VARARGS,
     "improvements(counts, s, g, rem, room, caps, special, ukeire, total): [(draw, then_ukeire_remaining, "
     "then_discard)] of calculator.readings.widen.improvements, or None where the Python path answers."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_widen",
                                    "Compiled improvements of /v1/efficiency (calculator.readings.widen).", -1, METHODS};

PyMODINIT_FUNC PyInit__widen(void) {
    for (int j = 0; j < 13; j++) is_orphan[ORPHANS[j]] = 1;
    return PyModule_Create(&MODULE);
}
