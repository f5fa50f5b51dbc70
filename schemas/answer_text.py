"""The hot answers (/v1/ready, /v1/furiten, /v1/score and /v1/evaluate) written straight as JSON text.

The service writes every answer compact with its keys sorted (web/answer_json.py: Flask's settings). For
these two answers (an /v1/evaluate answer holds four /v1/score answers) building the dict and then
encoding it cost more than the calculator itself: here each one is written as that very text, key by
key in sorted order, with the small repeated parts (a yaku list, a fu receipt, the payments, a list of
tile names) written once and kept in bounded tables keyed by those values (never by a request).
tests/api/test_answer_text.py checks, on random positions under every preset, that the text is byte for
byte what the encoder writes for the dict of schemas/answers.py.

An answer with notes, or with a score from another family's table (Taiwanese, European), is not written
here (None): the route builds its dict as before.
"""
from __future__ import annotations

import json
from json.encoder import encode_basestring_ascii as _esc

from calculator.core.tiles import NUM_KINDS, name
from calculator.scoring.japanese import ScoreResult
from calculator.scoring.limits import YAKUMAN

from .answers import reading_out

TEXTS_LIMIT = 1 << 11   # entries per table below; a full table is emptied (a few hundred values occur in practice)
_ENCODE = json.JSONEncoder(sort_keys=True, separators=(",", ":")).encode   # the app's settings, for the rare parts


class JSONText(str):
    """An answer already written as JSON text: compact, keys sorted (what the app's encoder writes for it)."""


class _Texts(dict):
    """The JSON text (or layout) of small answer values, by the value (`write(value)` on a miss): at most
    TEXTS_LIMIT entries."""

    def __init__(self, write):
        super().__init__()
        self.write = write

    def __missing__(self, key):
        if len(self) >= TEXTS_LIMIT:
            self.clear()
        text = self[key] = self.write(key)
        return text


def _value(x) -> str:
    """One scalar as the encoder writes it."""
    if x is None:
        return "null"
    if x is True:
        return "true"
    if x is False:
        return "false"
    if type(x) is int:
        return int.__repr__(x)
    if type(x) is str:
        return _esc(x)
    return _ENCODE(x)


def _strings(values: tuple) -> str:
    return "[" + ",".join(map(_esc, values)) + "]"


_STRINGS = _Texts(_strings)                                                       # reasons, forms, ...
_TILES = _Texts(lambda tiles: _strings(tuple(map(name, tiles))))                  # tile kinds as names
_YAKU = _Texts(lambda yaku: "[" + ",".join(f'{{"han":{_value(h)},"id":{_esc(i)}}}' for i, h in yaku) + "]")
_YAKUMAN = _Texts(lambda found: "[" + ",".join(f'{{"id":{_esc(i)},"multiplier":{_value(m)}}}'
                                               for i, m in found) + "]")
_FU = _Texts(lambda items: "[" + ",".join(f'{{"fu":{_value(x.fu)},"reason":{_esc(x.reason)}}}'
                                          for x in items) + "]")
_PAYMENTS = _Texts(lambda payments: "[" + ",".join(
    f'{{"amount":{_value(p.amount)},"from":{_value(p.from_seat)},"honba":{_value(p.honba)},'
    f'"honba_points":{_value(p.honba)}}}' for p in payments) + "]")
_DELTAS = _Texts(lambda items: _ENCODE(dict(items)))
# a small object of scalar values, from its (key, value) pairs: ron_blocked's flags, shanten_by_form's numbers
# (their key names differ, so a flag and an equal number, False and 0, never meet in one entry)
_SCALARS = _Texts(lambda pairs: "{" + ",".join(f"{_esc(k)}:{_value(v)}" for k, v in sorted(pairs)) + "}")
_KIND_TEXT = tuple(_esc(name(k)) for k in range(NUM_KINDS))   # a kind's name as a JSON string
_NAME_TEXT = _Texts(_value)      # a name or None as JSON: a preset, a limit, a variant, an outcome (never 0/1/bool)
_NUMBER = _Texts(int.__repr__)   # an int (never a bool) as JSON: a look-up costs less than writing its digits
_FLAG = {True: "true", False: "false"}   # a bool (never 0 or 1) as JSON
_YAKUMAN_LIMITS = ("yakuman", "kazoe_yakuman")
_MULTIPLE = _Texts(lambda m: f',"yakuman_multiple_paid":{_value(m)}')


def score_text(r, preset: str | None) -> JSONText | None:
    """A Japanese ScoreResult's answer (schemas.answers.score_answer), as text; None for another family's."""
    text = _score_text(r, preset)
    return None if text is None else JSONText(text)


def _score_text(r, preset: str | None) -> str | None:
    """score_text's text as a plain str (evaluate_text writes four of them into its own)."""
    if type(r) is not ScoreResult:
        return None
    if r.is_win is True and preset is not None:
        # the common answer, a counted win, in one piece (its numbers plain ints: written as the encoder does)
        _, reasons, han, fu, yaku, yakuman, items, limit, base, points, payments, sticks, deltas = r
        if (type(han) is int and type(fu) is int and type(base) is int and type(points) is int
                and type(sticks) is int):
            moved = ',"deltas":' + _DELTAS[tuple(deltas.items())] if deltas else ""
            sticks = _NUMBER[sticks]
            return (
                f'{{"base_points":{_NUMBER[base]}{moved},"fu":{_NUMBER[fu]},"fu_breakdown":{_FU[items]},'
                f'"han":{_NUMBER[han]},"is_win":true,"limit":{_NAME_TEXT[limit]},"payments":{_PAYMENTS[payments]},'
                f'"points":{_NUMBER[points]},"preset":{_NAME_TEXT[preset]},'
                f'"reasons":{_STRINGS[reasons]},"riichi_stick_points":{sticks},"riichi_sticks_collected":{sticks},'
                f'"yaku":{_YAKU[yaku]},"yakuman":{_YAKUMAN[yakuman]}'
                f'{_MULTIPLE[base // YAKUMAN] if limit in _YAKUMAN_LIMITS else ""}}}')
    win, counted = r.is_win, r.han is not None
    out = []
    if win:
        out.append(f'"base_points":{_value(r.base_points)}')
        if r.deltas:
            out.append(f'"deltas":{_DELTAS[tuple(r.deltas.items())]}')
    if counted:
        out.append(f'"fu":{_value(r.fu)},"fu_breakdown":{_FU[r.fu_breakdown]},"han":{_value(r.han)}')
    out.append(f'"is_win":{_value(win)}')
    if win:
        out.append(f'"limit":{_value(r.limit)},"payments":{_PAYMENTS[r.payments]},"points":{_value(r.points)}')
    if preset is not None:
        out.append(f'"preset":{_esc(preset)}')
    out.append(f'"reasons":{_STRINGS[r.reasons]}')
    if win:
        sticks = _value(r.riichi_sticks_collected)
        out.append(f'"riichi_stick_points":{sticks},"riichi_sticks_collected":{sticks}')
    if counted:
        out.append(f'"yaku":{_YAKU[r.yaku]},"yakuman":{_YAKUMAN[r.yakuman]}')
    if win and r.limit in ("yakuman", "kazoe_yakuman"):
        out.append(f'"yakuman_multiple_paid":{_value(r.base_points // YAKUMAN)}')
    return "{" + ",".join(out) + "}"


def _wait_list(waits) -> str:
    """A list of Waits (ready.Wait: a kind and its remaining copies) as the encoder writes their dicts."""
    return "[" + ",".join([f'{{"remaining":{int.__repr__(w.remaining)},"tile":{_KIND_TEXT[w.tile]}}}'
                           for w in waits]) + "]"


def ready_text(preset: str, r, notes=()) -> JSONText | None:
    """The /v1/ready answer of a ReadyResult (schemas.answers.ready_answer), or None when it has notes."""
    if notes:
        return None
    discards = ""
    if r.discards is not None:
        discards = ',"discards":[' + ",".join([
            f'{{"ready":{_value(d.ready)},"shanten":{int.__repr__(d.shanten)},"tile":{_KIND_TEXT[d.tile]},'
            f'"waits":{_wait_list(d.waits)}}}' for d in r.discards]) + "]"
    return JSONText(
        f'{{"complete":{_value(r.complete)}{discards},"forms":{_STRINGS[r.forms]},"preset":{_esc(preset)},'
        f'"ready":{_value(r.ready)},"shanten":{int.__repr__(r.shanten)},'
        f'"shanten_by_form":{_SCALARS[tuple(r.shanten_by_form.items())]},"waits":{_wait_list(r.waits)}}}')


NOT_SCORED_TEXT = '{"is_win":false,"reasons":["scoring_not_defined"]}'   # schemas.answers.NOT_SCORED
_VERDICT = _Texts(lambda v: f'{{"reasons":{_STRINGS[v.reasons]},"ron":{_value(v.ron)},"tsumo":{_value(v.tsumo)}}}')


def _state(s) -> str:
    return f'{{"furiten":{_value(s.furiten)},"tiles":{_TILES[s.tiles]}}}'


_STATE = _Texts(_state)   # a FuritenState (a flag, always a bool, and tiles) as JSON: most are the one clear state


def evaluate_text(preset: str, e, notes=()) -> JSONText | None:
    """The /v1/evaluate answer of an Evaluation (schemas.answers.evaluate_answer with the request's notes, as
    schemas.evaluate.evaluate_notes adds them), or None when it has notes or a score of another family."""
    if notes:
        return None
    waits = []
    for w in e.waits:
        ron = NOT_SCORED_TEXT if w.ron is None else _score_text(w.ron, preset)
        tsumo = NOT_SCORED_TEXT if w.tsumo is None else _score_text(w.tsumo, preset)
        if ron is None or tsumo is None:
            return None
        waits.append(f'{{"furiten":{_VERDICT[w.verdict]},"remaining":{_NUMBER[w.remaining]},'
                     f'"ron":{ron},"ron_blocked":{_SCALARS[w.ron_blocked]},"tile":{_KIND_TEXT[w.tile]},'
                     f'"tsumo":{tsumo}}}')
    f, d, ready = e.furiten, e.riichi, e.ready
    return JSONText(
        f'{{"forms":{_STRINGS[ready.forms]},"furiten":{{"riichi_furiten":{_STATE[f.riichi_furiten]},'
        f'"temporary":{_STATE[f.temporary]},"variant":{_NAME_TEXT[f.verdict.variant]}}},"preset":{_NAME_TEXT[preset]},'
        f'"ready":{_FLAG[ready.ready]},"riichi":{{"allowed":{_FLAG[d.allowed]},"outcome":{_NAME_TEXT[d.outcome]},'
        f'"reasons":{_STRINGS[d.reasons]},"unchecked":{_STRINGS[d.unchecked]}}},"shanten":{_NUMBER[ready.shanten]},'
        f'"waits":[{",".join(waits)}]}}')


# the tiles of a tile-keyed object in the encoder's key order (their names sorted): (index, name as JSON) pairs
_NAME_ORDER = _Texts(lambda tiles: tuple(sorted(((i, _esc(name(t))) for i, t in enumerate(tiles)),
                                                key=lambda pair: pair[1])))


def _by_name(pairs) -> str:
    """A tile-keyed object: (kind, text of its value) pairs, keys sorted as names."""
    return "{" + ",".join(f"{_esc(k)}:{v}" for k, v in sorted((name(t), v) for t, v in pairs)) + "}"


_READINGS = _Texts(lambda wait: _ENCODE([reading_out(wait[0], p) for p in wait[1]]))   # a wait's 1-4-7 readings


def furiten_text(preset: str, r, notes=()) -> JSONText | None:
    """The /v1/furiten answer of a FuritenResult (schemas.answers.furiten_answer), or None when it has notes."""
    if notes:
        return None
    variants = []
    for v in sorted(r.variants):
        readings = ""
        if v.name == "one_four_seven":
            readings = ',"readings":' + _by_name((t, _READINGS[t, ps]) for t, ps in v.partials)
        variants.append(f'{_esc(v.name)}:{{"furiten":{_value(v.furiten)}{readings},'
                        f'"ron_allowed":{_TILES[v.ron_allowed]},"ron_blocked":{_TILES[v.ron_blocked]}}}')
    t = r.verdict.tiles
    order = _NAME_ORDER[tuple([v.tile for v in t])]
    return JSONText(
        f'{{"preset":{_esc(preset)},"ready":{_value(r.ready)},"riichi_furiten":{_state(r.riichi_furiten)},'
        f'"temporary":{_state(r.temporary)},"variants":{{{",".join(variants)}}},'
        f'"verdict":{{"reasons":{{{",".join([f"{n}:{_STRINGS[t[i].reasons]}" for i, n in order])}}},'
        f'"ron":{{{",".join([f"{n}:{_FLAG[t[i].ron]}" for i, n in order])}}},'
        f'"tsumo":{{{",".join([f"{n}:{_FLAG[t[i].tsumo]}" for i, n in order])}}},'
        f'"variant":{_value(r.verdict.variant)}}},"waits":{_TILES[r.waits]}}}')
