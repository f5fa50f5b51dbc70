/* The compiled build of calculator.readings.closed: shanten per form and waits of a closed 13-tile hand.
 *
 * closed(counts) takes the 34 counts per kind of 13 concealed tiles (no kind held four times: the caller
 * checks) and returns (regular, chiitoitsu, kokushi, waits, forms), waits None when no form is at shanten 0,
 * else {kind: [forms]} in kind order with the forms in the order regular, chiitoitsu, kokushi; forms: the
 * tuple of the forms some wait completes, in that order. The answer is the
 * one the pure-Python module gives (tests/calculator/test_closed_readings.py holds both to the general path).
 *
 * Regular shanten: per suit, the set of reachable (groups, partial groups, pair) triples, groups and partials
 * capped at 4, as a 50-bit mask (an exhaustive search over the suit, memoised per suit pattern in a
 * direct-mapped cache); the four masks are joined (at most one pair) and the shanten is the least
 * 8 - 2m - min(t, 4 - m) - h over the joined triples. Waits: the Python module's rule, one suit receives
 * the tile and the others are complete as they stand.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define BIT(m, t, h) (((m) * 5 + (t)) * 2 + (h))

typedef struct { uint32_t key; uint64_t mask; } Slot;
#define CACHE 65536
static Slot cache[2][CACHE];   /* [suited] */

static uint64_t found_mask;
static uint64_t pareto(uint64_t mask);

static void search(int *c, int n, int suited, int i, int m, int t, int h) {
    while (i < n && !c[i]) i++;
    if (i == n) {
        found_mask |= (uint64_t)1 << BIT(m > 4 ? 4 : m, t > 4 ? 4 : t, h);
        return;
    }
    if (c[i] >= 3) { c[i] -= 3; search(c, n, suited, i, m + 1, t, h); c[i] += 3; }
    if (c[i] >= 2) {
        c[i] -= 2;
        if (!h) search(c, n, suited, i, m, t, 1);
        search(c, n, suited, i, m, t + 1, h);
        c[i] += 2;
    }
    if (suited) {
        if (i <= 6 && c[i + 1] && c[i + 2]) {
            c[i]--; c[i + 1]--; c[i + 2]--;
            search(c, n, suited, i, m + 1, t, h);
            c[i]++; c[i + 1]++; c[i + 2]++;
        }
        if (i <= 7 && c[i + 1]) { c[i]--; c[i + 1]--; search(c, n, suited, i, m, t + 1, h); c[i]++; c[i + 1]++; }
        if (i <= 6 && c[i + 2]) { c[i]--; c[i + 2]--; search(c, n, suited, i, m, t + 1, h); c[i]++; c[i + 2]++; }
    }
    c[i]--; search(c, n, suited, i, m, t, h); c[i]++;
}

static uint64_t suit_mask(const int *counts, int n, int suited) {
    uint32_t key = 1;   /* base 5, with a leading 1 so that the empty key is not 0 */
    for (int i = 0; i < n; i++) key = key * 5 + (uint32_t)counts[i];
    Slot *s = &cache[suited][key % CACHE];
    if (s->key == key) return s->mask;
    int c[9];
    memcpy(c, counts, sizeof(int) * n);
    found_mask = 0;
    search(c, n, suited, 0, 0, 0, 0);
    s->key = key;
    s->mask = pareto(found_mask);
    return s->mask;
}

static uint64_t pareto(uint64_t mask) {
    /* the triples no other reachable triple dominates (the shanten only needs those) */
    uint64_t out = 0;
    for (uint64_t rest = mask; rest; rest &= rest - 1) {
        int x = __builtin_ctzll(rest), m = x / 10, t = x / 2 % 5, h = x & 1, dominated = 0;
        for (uint64_t other = mask; other && !dominated; other &= other - 1) {
            int y = __builtin_ctzll(other);
            dominated = y != x && y / 10 >= m && y / 2 % 5 >= t && (y & 1) >= h;
        }
        if (!dominated) out |= (uint64_t)1 << x;
    }
    return out;
}

static uint64_t join(uint64_t a, uint64_t b) {
    uint64_t out = 0;
    for (uint64_t ra = a; ra; ra &= ra - 1) {
        int x = __builtin_ctzll(ra), m1 = x / 10, t1 = x / 2 % 5, h1 = x & 1;
        for (uint64_t rb = b; rb; rb &= rb - 1) {
            int y = __builtin_ctzll(rb), h = h1 + (y & 1);
            if (h > 1) continue;
            int m = m1 + y / 10, t = t1 + y / 2 % 5;
            out |= (uint64_t)1 << BIT(m > 4 ? 4 : m, t > 4 ? 4 : t, h);
        }
    }
    return pareto(out);
}

static int shanten_of(uint64_t mask) {
    int best = 8;
    for (; mask; mask &= mask - 1) {
        int x = __builtin_ctzll(mask), m = x / 10, t = x / 2 % 5, h = x & 1;
        int s = 8 - 2 * m - (t < 4 - m ? t : 4 - m) - h;
        if (s < best) best = s;
    }
    return best;
}

/* Whether one suit splits into groups only (pair 0) or groups plus exactly one pair (pair 1). */
static int complete(int *c, int n, int suited, int pair) {
    int i = 0;
    while (i < n && !c[i]) i++;
    if (i == n) return !pair;
    int ok = 0;
    if (c[i] >= 3) { c[i] -= 3; ok = complete(c, n, suited, pair); c[i] += 3; }
    if (!ok && suited && i <= 6 && c[i + 1] && c[i + 2]) {
        c[i]--; c[i + 1]--; c[i + 2]--;
        ok = complete(c, n, suited, pair);
        c[i]++; c[i + 1]++; c[i + 2]++;
    }
    if (!ok && pair && c[i] >= 2) { c[i] -= 2; ok = complete(c, n, suited, 0); c[i] += 2; }
    return ok;
}

static const int ORPHANS[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
static PyObject *REGULAR, *CHIITOITSU, *KOKUSHI;
static PyObject *FORMS[8];   /* [bits]: the tuple of the forms named by bits 0-2, in that order */

static int add_form(PyObject *found, int kind, PyObject *form) {
    PyObject *key = PyLong_FromLong(kind);
    if (!key) return -1;
    PyObject *forms = PyDict_GetItemWithError(found, key);
    int rc;
    if (forms) {
        rc = PyList_Append(forms, form);
    } else if (PyErr_Occurred()) {
        rc = -1;
    } else {
        forms = PyList_New(1);
        if (!forms) { Py_DECREF(key); return -1; }
        Py_INCREF(form);
        PyList_SET_ITEM(forms, 0, form);
        rc = PyDict_SetItem(found, key, forms);
        Py_DECREF(forms);
    }
    Py_DECREF(key);
    return rc;
}

static PyObject *closed(PyObject *self, PyObject *arg) {
    int c[34];
    PyObject *seq = PySequence_Fast(arg, "counts: a sequence of 34 ints");
    if (!seq) return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != 34) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "counts: 34 ints");
        return NULL;
    }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (int k = 0; k < 34; k++) {
        long v = PyLong_AsLong(items[k]);
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(seq); return NULL; }
        if (v < 0 || v > 4) { Py_DECREF(seq); PyErr_SetString(PyExc_ValueError, "counts: 0-4 each"); return NULL; }
        c[k] = (int)v;
    }
    Py_DECREF(seq);
    uint64_t a = suit_mask(c, 9, 1), b = suit_mask(c + 9, 9, 1), d = suit_mask(c + 18, 9, 1);
    uint64_t e = suit_mask(c + 27, 7, 0);
    int regular = shanten_of(join(join(a, b), join(d, e)));
    int zero = 0, ones = 0, distinct = 0, paired = 0;
    for (int k = 0; k < 34; k++) { zero += !c[k]; ones += c[k] == 1; }
    int pairs = 34 - zero - ones;
    int chiitoi = 6 - pairs + (zero - 27 > 0 ? zero - 27 : 0);
    for (int j = 0; j < 13; j++) { distinct += c[ORPHANS[j]] > 0; paired |= c[ORPHANS[j]] >= 2; }
    int kokushi = 13 - distinct - paired;
    if (regular && chiitoi && kokushi)
        return Py_BuildValue("iiiOO", regular, chiitoi, kokushi, Py_None, FORMS[0]);
    PyObject *found = PyDict_New();
    if (!found) return NULL;
    /* per kind, which forms it completes: bit 0 regular, 1 chiitoitsu, 2 kokushi */
    int forms[34] = {0};
    if (!regular) {
        static const int LO[4] = {0, 9, 18, 27}, N[4] = {9, 9, 9, 7};
        int rem[4], n1 = 0, n2 = 0;
        for (int s = 0; s < 4; s++) {
            int sum = 0;
            for (int i = 0; i < N[s]; i++) sum += c[LO[s] + i];
            rem[s] = sum % 3;
            n1 += rem[s] == 1;
            n2 += rem[s] == 2;
        }
        int plans[2][2], nplans = 0;   /* (receiver, the suit holding the pair or -1) */
        if (n1 == 1 && !n2) {
            for (int s = 0; s < 4; s++) if (rem[s] == 1) { plans[0][0] = s; plans[0][1] = -1; }
            nplans = 1;
        } else if (n2 == 2 && !n1) {
            int x = -1, y = -1;
            for (int s = 0; s < 4; s++) if (rem[s] == 2) { if (x < 0) x = s; else y = s; }
            plans[0][0] = x; plans[0][1] = y; plans[1][0] = y; plans[1][1] = x;
            nplans = 2;
        }
        for (int p = 0; p < nplans; p++) {
            int recv = plans[p][0], pair_suit = plans[p][1], ok = 1;
            for (int s = 0; s < 4 && ok; s++) {
                if (s == recv) continue;
                ok = complete(c + LO[s], N[s], s < 3, s == pair_suit);
            }
            if (!ok) continue;
            int *r = c + LO[recv], n = N[recv], suited = recv < 3;
            for (int i = 0; i < n; i++) {
                if (!r[i]) {   /* a kind far from every held tile of its suit can only pair with itself */
                    int near = 0;
                    if (suited) for (int j = i - 2; j <= i + 2; j++) if (j >= 0 && j < n && r[j]) near = 1;
                    if (!near) continue;
                }
                r[i]++;
                if (complete(r, n, suited, pair_suit < 0)) forms[LO[recv] + i] |= 1;
                r[i]--;
            }
        }
    }
    if (!chiitoi) {
        for (int k = 0; k < 34; k++) if (c[k] == 1) forms[k] |= 2;
    }
    if (!kokushi) {
        int missing = -1;
        for (int j = 0; j < 13; j++) if (!c[ORPHANS[j]]) missing = ORPHANS[j];
        if (missing < 0) { for (int j = 0; j < 13; j++) forms[ORPHANS[j]] |= 4; }
        else forms[missing] |= 4;
    }
    int all = 0;
    for (int k = 0; k < 34; k++) {
        if (!forms[k]) continue;
        all |= forms[k];
        if ((forms[k] & 1 && add_form(found, k, REGULAR) < 0) || (forms[k] & 2 && add_form(found, k, CHIITOITSU) < 0)
                || (forms[k] & 4 && add_form(found, k, KOKUSHI) < 0)) {
            Py_DECREF(found);
            return NULL;
        }
    }
    return Py_BuildValue("iiiNO", regular, chiitoi, kokushi, found, FORMS[all]);
}

static PyMethodDef METHODS[] = {
    {"closed", closed, METH_O, "(regular, chiitoitsu, kokushi, waits or None) of a closed 13-tile hand's counts."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_ready", "Compiled readiness of closed 13-tile hands.",
                                    -1, METHODS};

PyMODINIT_FUNC PyInit__ready(void) {
    REGULAR = PyUnicode_InternFromString("regular");
    CHIITOITSU = PyUnicode_InternFromString("chiitoitsu");
    KOKUSHI = PyUnicode_InternFromString("kokushi");
    if (!REGULAR || !CHIITOITSU || !KOKUSHI) return NULL;
    for (int bits = 0; bits < 8; bits++) {
        PyObject *names[3] = {REGULAR, CHIITOITSU, KOKUSHI};
        int n = 0;
        FORMS[bits] = PyTuple_New(__builtin_popcount(bits));
        if (!FORMS[bits]) return NULL;
        for (int f = 0; f < 3; f++) if (bits >> f & 1) { Py_INCREF(names[f]); PyTuple_SET_ITEM(FORMS[bits], n++, names[f]); }
    }
    return PyModule_Create(&MODULE);
}
