"""The common ready question in one pass: a closed 13-tile hand, every copy of a kind available.

Input: the counts per kind of 13 concealed tiles (no melds), under rules with 13-tile hands, seven pairs and
thirteen orphans, and no wait on a fifth copy. Output: the shanten per form and the wait kinds with the forms
each completes, exactly what calculator.readings.waits.shanten and find_waits answer for it, or None when a
kind is held four times (the four-copies count then decides: the general path answers).

Each suit is looked up once in the shipped table (calculator.readings.suit_table) and that one class answers
everything: its Pareto set for the shanten, and, when the hand is ready, whether it is complete and which
local kinds complete it. The general path slices and looks each suit up again per question.

Where pip could build it (requirements.txt installs ./native, a C extension marked optional), the compiled
`mahjong_rules_native._ready.closed` answers instead, with the same answers; without a C compiler the package
installs without it and this module's Python runs. Nothing outside the calculator knows which one runs:
`COMPILED` says it for the tests.
"""
from __future__ import annotations

from calculator.readings.suit_table import suit_class
from calculator.readings.waits import _SUIT_CACHE, Shanten, _join, _shanten_of, _special_waits, chiitoitsu_shanten, \
    kokushi_shanten

try:
    from mahjong_rules_native import _ready as _native   # the compiled build (native/), where pip built it
except ImportError:
    _native = None
COMPILED = _native is not None

_CACHE = _SUIT_CACHE   # the bound of the other per-suit caches (memory: bench/bench_memory.py)
_new = tuple.__new__   # a named tuple from its full field tuple, without its Python-level __new__
_SUITED: dict = {}
_HONOURS: dict = {}


def _classes(c: tuple) -> tuple | None:
    """Per suit, (its shipped class, its tile count modulo 3): plain dicts in front of the table, emptied past
    _CACHE entries; None when no table is shipped."""
    get = _SUITED.get
    m, p, s, z = c[0:9], c[9:18], c[18:27], c[27:34]
    a, b, d, e = get(m), get(p), get(s), _HONOURS.get(z)
    if a is None or b is None or d is None or e is None:
        if len(_SUITED) >= _CACHE or len(_HONOURS) >= _CACHE:
            _SUITED.clear()
            _HONOURS.clear()
        found = [(suit_class(x, suited), sum(x) % 3) for x, suited in ((m, True), (p, True), (s, True), (z, False))]
        if any(f[0] is None for f in found):   # no table shipped
            return None
        a, b, d, e = found
        _SUITED[m], _SUITED[p], _SUITED[s], _HONOURS[z] = a, b, d, e
    return a, b, d, e


def closed_readings(counts) -> tuple[Shanten, dict | None, tuple] | None:
    """(shanten per form, the waits {kind: forms} when the hand is ready else None, the forms some wait
    completes in the order regular, chiitoitsu, kokushi), or None (see above)."""
    if max(counts) >= 4:
        return None
    if _native is not None:
        regular, chiitoi, kokushi, found, forms = _native.closed(counts)
        return _new(Shanten, (regular, chiitoi, kokushi)), found, forms
    return _python_readings(tuple(counts))


def python_readings(counts) -> tuple[Shanten, dict | None, tuple] | None:
    """closed_readings in Python (the pure build, and the compiled one's reference in the tests)."""
    return None if max(counts) >= 4 else _python_readings(tuple(counts))


def _python_readings(c: tuple):
    classes = _classes(c)
    if classes is None:
        return None
    (a, ra), (b, rb), (d, rd), (e, re) = classes
    regular = _shanten_of(_join(_join(a.set_index, b.set_index), _join(d.set_index, e.set_index)), 4)
    chiitoi, kokushi = chiitoitsu_shanten(c), kokushi_shanten(c)
    per_form = _new(Shanten, (regular, chiitoi, kokushi))
    if regular and chiitoi and kokushi:
        return per_form, None, ()
    found: dict = {}
    if not regular:
        # the regular waits: one suit receives the tile, the others are complete as they stand
        rem = (ra, rb, rd, re)
        suits = (a, b, d, e)
        if rem.count(1) == 1 and not rem.count(2):
            receiver = rem.index(1)
            if all(suits[i].complete[0] for i in range(4) if i != receiver):
                for k in suits[receiver].waits[1]:
                    found[9 * receiver + k] = ["regular"]
        elif rem.count(2) == 2 and not rem.count(1):
            x = rem.index(2)
            y = rem.index(2, x + 1)
            for receiver, pair in ((x, y), (y, x)):
                if suits[pair].complete[1] and all(suits[i].complete[0] for i in range(4) if i != x and i != y):
                    for k in suits[receiver].waits[0]:
                        found[9 * receiver + k] = ["regular"]
    forms = ("regular",) if found else ()
    if not chiitoi or not kokushi:
        for form, kinds in zip(("chiitoitsu", "kokushi"), _special_waits(c)):
            if kinds:
                forms += (form,)
            for k in kinds:
                found.setdefault(k, []).append(form)
    return per_form, {k: found[k] for k in sorted(found)}, forms
