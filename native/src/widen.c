/* The compiled build of tile efficiency (calculator.readings.efficiency, .widen, .distance): mahjong_rules_native._widen.
 *
 * choices(counts, g, rem, room, caps, special): a waiting hand's (shanten, ukeire kinds), or a drawn hand's
 *   (complete, [(discard, shanten, ukeire kinds), ...]) in kind order.
 * improvements(counts, s, g, rem, room, caps, special, ukeire, total[, thrown, memo]): the draws that keep a
 *   hand's shanten s (0 or 1) but widen it, [(draw, then_ukeire_remaining, then_discard), ...] in draw order.
 * distance(counts, caps, suited, most, bound): calculator.readings.distance.block_distance's answer.
 * Each returns None for what it does not handle (more than five groups, a count above 4, a suit of more than
 * nine kinds): the Python path answers those. rem, room, caps: the request's bytes of 34 (copies left, copies the
 * hand may hold, copies a winning hand may hold: 15 everywhere when a wait on a fifth copy counts).
 *
 * The definitions are efficiency._Position's. Shanten of a hand h: the regular count, min'd with seven pairs and
 * thirteen orphans where they count; the regular count is the fewest tiles to add for g groups and a pair, minus
 * one, every copy available, or no kind above its cap when h may lean on copies that do not exist (_at_cap: a
 * kind held up to four copies, or up to four less its copies in melds, or a tile held within two kinds of a kind
 * in melds; calculator.readings.caps says why). Ukeire of h at s: the kinds j below their room such that h plus
 * j is below s (so counted: under four copies when h plus j is at a cap). Improvements: for each draw k not in
 * the ukeire and below its room, each discard e != k held such that h = counts + k - e is still at s, the copies
 * left of h's ukeire (one fewer of k when it is among them); the best discard is the lowest kind with the most,
 * kept when above `total`.
 *
 * Per suit (suits.c): fewest-tiles vectors and the kinds each suit's draw gains, joined by a min-plus product.
 * Improvements: a draw is skipped when no discard can beat `total` (the kinds bringing the hand plus the draw below s with every copy
 * available, plus those it holds up to their room: a tile taken away never lowers the count); a draw's discards
 * stop once one reaches that bound; a discard's shanten is one suit look-up against the drawn hand's other
 * suits; a hand less two discards plus a draw is counted once per request (memo). Where seven pairs or thirteen
 * orphans are within reach of the hand plus the draw (at most s), the bound is not used and their own gains join
 * each ukeire.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#include "suits.h"

static const int LO[4] = {0, 9, 18, 27}, N[4] = {9, 9, 9, 7};
static const int ORPHANS[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};

/* ---- one request ------------------------------------------------------------------------------------------- */

typedef struct {
    int g, s, special, capped;   /* capped: a wait on a fifth copy does not count (caps below UNLIMITED) */
    int c[NK], rem[NK], room[NK], caps[NK];
    int near[NK];                /* within two of a kind in melds, same suit (readings.caps.near_capped) */
} Ask;

static int is_orphan[NK], free_caps[NK];

/* min(seven pairs, thirteen orphans) shanten from the kinds held, the kinds paired, and the same of the orphans */
static int special_of(int kinds, int pairs, int held, int paired) {
    int chiitoi = 6 - pairs + (kinds < 7 ? 7 - kinds : 0), kokushi = 13 - held - (paired > 0);
    return chiitoi < kokushi ? chiitoi : kokushi;
}

static void special_counts(const int *c, int *kinds, int *pairs, int *held, int *paired) {
    *kinds = *pairs = *held = *paired = 0;
    for (int k = 0; k < NK; k++) {
        if (!c[k]) continue;
        ++*kinds;
        if (c[k] >= 2) ++*pairs;
        if (is_orphan[k]) { ++*held; if (c[k] >= 2) ++*paired; }
    }
}

/* min(seven pairs, thirteen orphans) shanten of counts c (13 or 14 tiles) */
static int special_shanten(const int *c) {
    int kinds, pairs, held, paired;
    special_counts(c, &kinds, &pairs, &held, &paired);
    return special_of(kinds, pairs, held, paired);
}

/* The four suits of a.c under `caps`, and for each the join of the other three's vectors. */
static void vectors(Ask *a, const int *caps, Suit *v, Vec *rest, int exact) {   /* copies: a later look-up may */
    int top = exact ? BIG : LIMIT + 1;                                          /* take an earlier one's slot */
    for (int x = 0; x < 4; x++) v[x] = *suit_of(a->c + LO[x], caps + LO[x], N[x], x < 3, a->g, exact);
    Vec p01, p23;
    join(&v[0].vec, &v[1].vec, a->g, &p01, top);
    join(&v[2].vec, &v[3].vec, a->g, &p23, top);
    join(&v[1].vec, &p23, a->g, &rest[0], top);
    join(&v[0].vec, &p23, a->g, &rest[1], top);
    join(&p01, &v[3].vec, a->g, &rest[2], top);
    join(&p01, &v[2].vec, a->g, &rest[3], top);
}

/* efficiency._Position._at_cap: some kind held up to its cap (four, or four less its copies in melds), or a tile
 * held within two of a kind in melds. As there, only then does the four-copies count decide; otherwise every copy
 * counts as available. */
static int at_cap(const Ask *a) {
    if (!a->capped) return 0;
    for (int k = 0; k < NK; k++)
        if (a->c[k] && (a->c[k] >= 4 || a->c[k] >= a->caps[k] || a->near[k])) return 1;
    return 0;
}

/* The kinds whose draw would bring a.c to at_cap (the hand plus it then counts four copies). */
static uint64_t tight_mask(const Ask *a) {
    uint64_t mask = 0;
    if (!a->capped) return 0;
    for (int j = 0; j < NK; j++) if (a->c[j] + 1 >= 4 || a->c[j] + 1 >= a->caps[j] || a->near[j]) mask |= 1ULL << j;
    return mask;
}

/* The kinds (bit per kind) whose draw brings a.c below s by the regular form, its suits and rests given. */
static uint64_t regular_gains(Ask *a, const Suit *v, const Vec *rest) {
    uint64_t mask = 0;
    for (int x = 0; x < 4; x++) mask |= (uint64_t)gain(&v[x], a->c + LO[x], N[x], &rest[x], a->g, a->s) << LO[x];
    return mask;
}

/* A hand's regular count: its vectors (four copies when at its cap, else every copy) and the regular shanten. */
typedef struct { Suit v[4]; Vec rest[4]; int capped, exact; } Reading;

static void r_fill(Ask *a, Reading *r, int capped) {   /* bounded vectors of a.c under one cap setting */
    r->capped = capped;
    r->exact = 0;
    vectors(a, capped ? a->caps : free_caps, r->v, r->rest, 0);
}

static int regular(Ask *a, Reading *r, int exact) {
    r->capped = at_cap(a);
    r->exact = exact;
    vectors(a, r->capped ? a->caps : free_caps, r->v, r->rest, exact);
    return whole(&r->v[0].vec, &r->rest[0], a->g) - 1;
}

/* The regular gains at a.s: each kind under the count the hand plus it takes (four copies when that is at a cap). */
static uint64_t gains(Ask *a, Reading *r) {
    uint64_t mask = regular_gains(a, r->v, r->rest), tight;
    if (!r->capped && (tight = tight_mask(a)) != 0) {
        Reading four;
        vectors(a, a->caps, four.v, four.rest, r->exact);
        mask = (mask & ~tight) | (regular_gains(a, four.v, four.rest) & tight);
    }
    return mask;
}

/* Seven pairs and thirteen orphans gains of a.c (13 tiles) at s: one more of kind j changes the counts by one. */
static uint64_t special_gains(Ask *a) {
    uint64_t mask = 0;
    int kinds, pairs, held, paired;
    special_counts(a->c, &kinds, &pairs, &held, &paired);
    for (int j = 0; j < NK; j++) {
        int n = a->c[j], o = is_orphan[j];
        if (n >= a->room[j]) continue;
        if (special_of(kinds + (n == 0), pairs + (n == 1), held + (o && n == 0), paired + (o && n == 1)) < a->s)
            mask |= 1ULL << j;
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

/* Reads a request into a: 1, or 0 for a case left to the Python path, -1 on an error. */
static int read_ask(Ask *a, PyObject *counts, int g, PyObject *rem, PyObject *room, PyObject *caps, int special) {
    a->g = g;
    a->special = special;
    if (read_bytes(rem, a->rem) < 0 || read_bytes(room, a->room) < 0 || read_bytes(caps, a->caps) < 0) return -1;
    PyObject *seq = PySequence_Fast(counts, "counts must be a sequence");
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != NK) { Py_DECREF(seq); PyErr_SetString(PyExc_ValueError, "34 counts"); return -1; }
    int ok = g >= 1 && g <= MAXG;
    a->capped = 0;
    for (int k = 0; k < NK; k++) {
        a->near[k] = 0;
        if (a->caps[k] < UNLIMITED) a->capped = 1;
    }
    for (int k = 0; k < NK; k++) {
        if (a->caps[k] >= 4) continue;
        int lo = k < 27 ? k - k % 9 : k, hi = k < 27 ? lo + 8 : k;
        for (int j = k - 2; j <= k + 2; j++) if (j >= lo && j <= hi) a->near[j] = 1;
    }
    for (int k = 0; k < NK; k++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, k));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(seq); return -1; }
        if (v < 0 || v > 4 || a->room[k] > 4) ok = 0;
        a->c[k] = (int)v;
    }
    Py_DECREF(seq);
    return ok;
}

/* at_cap of a.c less one tile of kind e */
static int at_cap_less(Ask *a, int e) {
    a->c[e]--;
    int out = at_cap(a);
    a->c[e]++;
    return out;
}

/* The bounded count of a.c (drawn k, less e) from `base`, the count of a.c with e under the same cap setting:
 * only suit x changed. */
static void derive(Ask *a, const Reading *base, int x, Reading *out) {
    *out = *base;
    out->v[x] = *suit_of(a->c + LO[x], (base->capped ? a->caps : free_caps) + LO[x], N[x], x < 3, a->g, 0);
    Vec p01, p23;
    int top = LIMIT + 1;
    join(&out->v[0].vec, &out->v[1].vec, a->g, &p01, top);
    join(&out->v[2].vec, &out->v[3].vec, a->g, &p23, top);
    join(&out->v[1].vec, &p23, a->g, &out->rest[0], top);
    join(&out->v[0].vec, &p23, a->g, &out->rest[1], top);
    join(&p01, &out->v[3].vec, a->g, &out->rest[2], top);
    join(&p01, &out->v[2].vec, a->g, &out->rest[3], top);
}

/* The count of a.c less e (drawn k, shanten s asked): the then-ukeire copies, or -1 when not at s. `base`: the
 * regular count of a.c itself under each cap setting (filled on demand, `have`), whose rests give the shanten of
 * the hand less e from one suit look-up. */
static int after_discard(Ask *a, int k, int e, int slow, Reading *base, int *have) {
    int capped = at_cap_less(a, e), x = e < 27 ? e / 9 : 3;
    if (!have[capped]) {
        r_fill(a, &base[capped], capped);
        have[capped] = 1;
    }
    a->c[e]--;
    const Suit *changed = suit_of(a->c + LO[x], (capped ? a->caps : free_caps) + LO[x], N[x], x < 3, a->g, 0);
    int left = whole(&changed->vec, &base[capped].rest[x], a->g) - 1, t = -1;
    if (slow) {
        int sp = special_shanten(a->c);
        if (sp < left) left = sp;
    }
    if (left == a->s) {
        Reading r;
        derive(a, &base[capped], x, &r);
        uint64_t mask = regular_gains(a, r.v, r.rest), tight;
        if (!capped && (tight = tight_mask(a)) != 0) {   /* those kinds under four copies (as gains) */
            if (!have[1]) {
                a->c[e]++;
                r_fill(a, &base[1], 1);
                a->c[e]--;
                have[1] = 1;
            }
            Reading four;
            derive(a, &base[1], x, &four);
            mask = (mask & ~tight) | (regular_gains(a, four.v, four.rest) & tight);
        }
        if (slow) mask |= special_gains(a);
        t = copies(a, mask & room_mask(a), k);
    }
    a->c[e]++;
    return t;
}

static PyObject *improvements(PyObject *self, PyObject *args) {
    PyObject *counts, *rem, *room, *caps, *ukeire, *memo = Py_None;
    int s, g, special, total, thrown = -1;
    if (!PyArg_ParseTuple(args, "OiiOOOpOi|iO", &counts, &s, &g, &rem, &room, &caps, &special, &ukeire, &total,
                          &thrown, &memo))
        return NULL;
    Ask a;
    a.s = s;
    int ok = read_ask(&a, counts, g, rem, room, caps, special);
    if (ok < 0) return NULL;
    if (!ok || s < 0 || s > 1) Py_RETURN_NONE;
    uint8_t *shared = NULL;   /* [s][lower discard][higher discard][draw]: 0 unknown, 1 not at s, else count + 2 */
    if (memo != Py_None && thrown >= 0 && thrown < NK) {
        if (!PyByteArray_Check(memo) || PyByteArray_GET_SIZE(memo) != 2 * NK * NK * NK) {
            PyErr_SetString(PyExc_TypeError, "memo: a bytearray of 2 * 34 ** 3");
            return NULL;
        }
        shared = (uint8_t *)PyByteArray_AS_STRING(memo) + s * NK * NK * NK;
    }
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
    Reading base[2];
    for (int k = 0; k < NK; k++) {
        if ((helps >> k & 1) || a.c[k] >= a.room[k]) continue;
        a.c[k]++;
        int slow = a.special && special_shanten(a.c) <= s, bound = 1 << 30, have[2] = {0, 0};
        if (!slow) {   /* no discard leaves more than the draws bringing the hand plus k below s, or not receivable */
            r_fill(&a, &base[0], 0);   /* every copy available: the count is never higher */
            have[0] = 1;
            bound = copies(&a, regular_gains(&a, base[0].v, base[0].rest) | full_mask(&a), k);
            if (bound <= total) { a.c[k]--; continue; }
        }
        int best = total, best_e = -1;
        for (int i = 0; i < nheld; i++) {
            int e = held[i], t;
            if (e == k) continue;
            uint8_t *slot = NULL;
            if (shared) {
                slot = shared + ((thrown < e ? thrown : e) * NK + (thrown < e ? e : thrown)) * NK + k;
                if (*slot) t = *slot - 2;
                else {
                    t = after_discard(&a, k, e, slow, base, have);
                    *slot = (uint8_t)(t + 2);
                }
            } else t = after_discard(&a, k, e, slow, base, have);
            if (t > best) {
                best = t;
                best_e = e;
                if (best >= bound) break;   /* no later discard can beat it (a tie keeps the lower kind) */
            }
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

/* Shanten of a.c (every form the request counts) and its ukeire (bit per kind); exact vectors. */
static int shanten_and_ukeire(Ask *a, uint64_t *ukeire) {
    Reading r;
    int s = regular(a, &r, 1);
    if (a->special) {
        int sp = special_shanten(a->c);
        if (sp < s) s = sp;
    }
    a->s = s;
    uint64_t mask = 0;
    if (s >= 0) {
        mask = gains(a, &r);
        if (a->special) mask |= special_gains(a);
        mask &= room_mask(a);
    }
    *ukeire = mask;
    return s;
}

static PyObject *kinds_of(uint64_t mask) {
    int n = 0, at = 0;
    for (int k = 0; k < NK; k++) n += (int)(mask >> k & 1);
    PyObject *out = PyTuple_New(n);
    if (!out) return NULL;
    for (int k = 0; k < NK; k++) {
        if (!(mask >> k & 1)) continue;
        PyObject *item = PyLong_FromLong(k);
        if (!item) { Py_DECREF(out); return NULL; }
        PyTuple_SET_ITEM(out, at++, item);
    }
    return out;
}

static PyObject *choices(PyObject *self, PyObject *args) {
    PyObject *counts, *rem, *room, *caps;
    int g, special;
    if (!PyArg_ParseTuple(args, "OiOOOp", &counts, &g, &rem, &room, &caps, &special)) return NULL;
    Ask a;
    int ok = read_ask(&a, counts, g, rem, room, caps, special);
    if (ok < 0) return NULL;
    int tiles = 0;
    for (int k = 0; k < NK; k++) tiles += a.c[k];
    if (!ok || (tiles != 3 * g + 1 && tiles != 3 * g + 2) || (special && g != 4)) Py_RETURN_NONE;
    uint64_t mask;
    if (tiles == 3 * g + 1) {
        int s = shanten_and_ukeire(&a, &mask);
        return Py_BuildValue("(iN)", s, kinds_of(mask));
    }
    int complete = shanten_and_ukeire(&a, &mask) == -1;
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    for (int e = 0; e < NK; e++) {
        if (!a.c[e]) continue;
        a.c[e]--;
        int s = shanten_and_ukeire(&a, &mask);
        a.c[e]++;
        PyObject *item = Py_BuildValue("(iiN)", e, s, kinds_of(mask));
        if (!item || PyList_Append(out, item) < 0) { Py_XDECREF(item); Py_DECREF(out); return NULL; }
        Py_DECREF(item);
    }
    return Py_BuildValue("(ON)", complete ? Py_True : Py_False, out);
}

static int read_ints(PyObject *o, int *out, int most, int low, int high) {   /* 1: read; 0: not handled; -1: error */
    PyObject *seq = PySequence_Fast(o, "expected a sequence");
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    int ok = n <= most ? (int)n : 0;
    for (Py_ssize_t i = 0; ok && i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(seq); return -1; }
        if (v < low || v > high) ok = 0;
        else out[i] = (int)v;
    }
    Py_DECREF(seq);
    return ok ? (int)n : 0;
}

static PyObject *distance(PyObject *self, PyObject *args) {
    PyObject *counts, *caps;
    int suited, most, bound, b[9], cp[9];
    if (!PyArg_ParseTuple(args, "OOpii", &counts, &caps, &suited, &most, &bound)) return NULL;
    int n = read_ints(counts, b, 9, 0, 99), nc = read_ints(caps, cp, 9, 0, 99);
    if (n < 0 || nc < 0) return NULL;
    if (!n || nc != n || most < 0 || most > MAXG || bound < 0 || bound > 98) Py_RETURN_NONE;
    Suit out;
    block_distance(b, cp, n, suited, most, bound, BIG, &out);
    PyObject *no_pair = PyTuple_New(most + 1), *with_pair = PyTuple_New(most + 1);
    if (!no_pair || !with_pair) { Py_XDECREF(no_pair); Py_XDECREF(with_pair); return NULL; }
    for (int m = 0; m <= most; m++) {
        PyTuple_SET_ITEM(no_pair, m, PyLong_FromLong(out.vec.v[0][m]));
        PyTuple_SET_ITEM(with_pair, m, PyLong_FromLong(out.vec.v[1][m]));
    }
    return Py_BuildValue("(NN)", no_pair, with_pair);
}

static PyMethodDef METHODS[] = {
    {"choices", choices, METH_VARARGS,
     "choices(counts, g, rem, room, caps, special): a waiting hand's (shanten, ukeire kinds), or a drawn hand's "
     "(complete, [(discard, shanten, ukeire kinds), ...]) in kind order, as calculator.readings.efficiency "
     "counts them; None where the Python path answers."},
    {"distance", distance, METH_VARARGS,
     "distance(counts, caps, suited, most, bound): calculator.readings.distance.block_distance's answer, or None "
     "where the Python path answers (a suit of more than nine kinds, more than five groups)."},
    {"improvements", improvements, METH_VARARGS,
     "improvements(counts, s, g, rem, room, caps, special, ukeire, total[, thrown, memo]): [(draw, "
     "then_ukeire_remaining, then_discard)] of calculator.readings.widen.improvements, or None where the Python "
     "path answers; memo (bytearray(2 * 34 ** 3), one per request) keeps the counts of hands met from both "
     "discards (thrown: the kind the hand has just discarded)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_widen",
                                    "Compiled improvements of /v1/efficiency (calculator.readings.widen).", -1, METHODS};

PyMODINIT_FUNC PyInit__widen(void) {
    for (int j = 0; j < 13; j++) is_orphan[ORPHANS[j]] = 1;
    for (int k = 0; k < NK; k++) free_caps[k] = UNLIMITED;
    PyObject *m = PyModule_Create(&MODULE);
    /* REVISION: the revision of the definitions above that calculator.readings.compiled requires (2: at_cap counts a
     * tile held near a kind in melds); an older build is left unused rather than answer by older rules */
    if (m && PyModule_AddIntConstant(m, "REVISION", 2) < 0) { Py_DECREF(m); return NULL; }
    return m;
}
