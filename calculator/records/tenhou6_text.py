"""The result entry of a tenhou.6 deal as Tenhou's converter writes it: 和了 with each win's deltas and
details (winner, from, liable seat, "30符1000点"-style value, yaku named as Tenhou names them), the
exhaustive draw (流局 with its deltas, 全員聴牌, 全員不聴), nagashi mangan (流し満貫) and the abortive draws.

Input: a HandRecord, the replay's HandResult (or None), the number of players and the dealer. A win's
values are the record's own (RecordedWin) where it has them, else the replay's /v1/score answer.
Output: the entry as a list.
"""
from __future__ import annotations

from calculator.core.tiles import KIND, WINDS
from calculator.records.model import Call, HandRecord, bad_record
from calculator.records.tenhou_common import ID_TO_JA, TABLE_SEATS, TENHOU_YAKU, WIND_JA

LIMIT_JA = {"mangan": "満貫", "haneman": "跳満", "baiman": "倍満", "sanbaiman": "三倍満", "yakuman": "役満",
            "kazoe_yakuman": "役満"}
ABORTIVE_JA = {"kyuushu_kyuuhai": "九種九牌", "suufon_renda": "四風連打", "suucha_riichi": "四家立直",
               "sanchahou": "三家和了", "suukaikan": "四槓散了"}
STICK = 1000
# the order Tenhou lists a win's yaku in (by its numbers; found on every win of the shared games' XML: no two
# yaku there come in both orders but the value honours, which come as the hand holds their sets: see _honour_rank)
_TENHOU_ORDER = (1, 21, 30, 4, 5, 6, 2, 0, 3, 22, 29, 7, 28, 9, 32, 26, 24, 25, 35, 8, 10, 33, 23, 31, 34, 52, 54, 53)
ORDER = {**{y: len(_TENHOU_ORDER) + i for i, y in enumerate(TENHOU_YAKU)},
         **{TENHOU_YAKU[t]: i for i, t in reversed(list(enumerate(_TENHOU_ORDER)))}, "kita": 99,
         **dict.fromkeys(("round_wind", "haku", "hatsu", "chun"), _TENHOU_ORDER.index(10))}
HONOURS = {"haku": 31, "hatsu": 32, "chun": 33}


def round_scores(rec: HandRecord, res, before) -> tuple:
    """The scores as a deal began, for a record that does not state them: the previous deal's after, or the
    replay's after less this deal's deltas and plus its riichi deposits."""
    if before is not None:
        return tuple(before)
    if res is None:
        return ()
    deposits = [e.seat for e in rec.events if type(e).__name__ == "RiichiAccepted"]
    return tuple(s - d + STICK * deposits.count(i) for i, (s, d) in enumerate(zip(res.scores, res.deltas)))


def _pad(values, n: int) -> list:
    return list(values) + [0] * (TABLE_SEATS - n)


def result_entry(rec: HandRecord, res, n: int, dealer: int) -> list:
    end = rec.end
    deltas = rec.recorded_deltas if rec.recorded_deltas is not None else res.deltas if res is not None else None
    if end.kind == "win":
        return _wins(rec, res, n, dealer, deltas)
    if end.kind == "abortive_draw":
        return [ABORTIVE_JA.get(end.reason, end.reason)]
    if end.kind == "nagashi_mangan":
        return ["流し満貫", _pad(deltas, n)]
    shown = end.shown
    if shown is not None and len(shown) == n:
        return ["全員聴牌"]
    if shown == () or (shown is None and deltas is not None and not any(deltas)):
        return ["全員不聴"]
    return ["流局", _pad(deltas, n)]


def _wins(rec: HandRecord, res, n: int, dealer: int, deltas) -> list:
    kyoku = rec.header[0] if rec.header is not None else None
    round_wind = WIND_JA[kyoku // n % 4] if kyoku is not None else WIND_JA[WINDS.index(res.round)]
    entry = ["和了"]
    wins = rec.end.wins
    if all(w.recorded is not None for w in wins):
        answers = {a.winner: a for a in (res.wins if res is not None else ())}
        for w in wins:
            r = w.recorded
            text = _recorded_value(rec, w, answers.get(w.winner), dealer, n)
            yaku = _yaku(r.yaku, r.yakuman, w.winner, dealer, n, round_wind)
            own = w.deltas if w.deltas is not None else deltas
            entry += [_pad(own, n), [w.winner, w.from_seat, w.pao if w.pao is not None else w.winner, text] + yaku]
        return entry
    ends = {w.winner: w for w in wins}
    answers = res.wins if res is not None else ()
    if not answers or {a.winner for a in answers} != set(ends):
        raise bad_record(rec.where, "no_win_details", "tenhou.6 writes each win's value and yaku; this record "
                         "does not carry them and the replay under the rules in use finds "
                         + ("no legal win" if res is not None else "nothing (no replay given)")
                         + " for every recorded winner: send the record with rules under which its wins are wins.")
    for a in answers:
        s = a.result
        tsumo = a.winner == a.from_seat
        text = _value(a.han, a.fu, a.limit, _payments(a.base_points, tsumo, a.winner == dealer))
        yakuman = tuple(y for y, _ in s.yakuman) if s is not None else ()
        rank = _honour_rank(rec, a.winner)
        kinds = {"round_wind": 27 + WINDS.index(res.round) % 4, "seat_wind": 27 + (a.winner - dealer) % n, **HONOURS}
        listed = sorted(_kita_as_dora(s.yaku if s is not None else ()), key=lambda y: (
            ORDER.get(y[0], 100), rank.get(kinds.get(y[0]), 0), y[0] == "seat_wind"))
        yaku = _yaku(listed, yakuman, a.winner, dealer, n, round_wind)
        w = ends[a.winner]
        own = w.deltas if w.deltas is not None else deltas if len(answers) == 1 else _own_deltas(s, dealer, n)
        entry += [_pad(own, n), [a.winner, a.from_seat, w.pao if w.pao is not None else a.winner, text] + yaku]
    return entry


def _recorded_value(rec: HandRecord, w, answer, dealer: int, n: int) -> str:
    """A recorded win's value text ("30符2飜2000点"): the record's own where it gives the points and the fu or a
    limit; else (a value the reader could not read, or one left out: Mahjong Soul's missing fields read as 0) the
    replay's value of the same winner's win."""
    r = w.recorded
    if r.points and r.points > 0 and r.han is not None and (r.limit in LIMIT_JA or (r.fu or 0) > 0):
        return _value(r.han, r.fu, r.limit, _split(r.points, w.winner == w.from_seat, w.winner == dealer, n))
    if answer is None:
        at = r.place or (rec.places[-1] if rec.places else rec.where)     # the value's place, else the end's
        raise bad_record(at, "unreadable_win_value", f"Seat {w.winner}'s win has no value "
                         "tenhou.6 can write (its points, with the fu or a limit: \"30符2飜2000点\", \"満貫8000点\", "
                         "\"1000-2000点\"), and the replay under the rules in use finds no win of that seat to take "
                         "it from: write the value as Tenhou does, or send rules under which the win is a win.")
    return _value(answer.han, answer.fu, answer.limit,
                  _payments(answer.base_points, answer.winner == answer.from_seat, answer.winner == dealer))


def _kita_as_dora(yaku) -> tuple:
    """Tenhou counts each north set aside in its dora (three players), as its XML does: one ドラ entry."""
    kita = sum(h for y, h in yaku if y == "kita")
    if not kita:
        return tuple(yaku)
    rest = [(y, h) for y, h in yaku if y != "kita"]
    dora = sum(h for y, h in rest if y == "dora") + kita
    return tuple(y for y in rest if y[0] != "dora") + (("dora", dora),)


def _honour_rank(rec: HandRecord, winner: int) -> dict:
    """Tenhou lists the value honours (winds, dragons) as the hand holds their sets: the concealed ones by tile,
    then the melds in the order they were called; one set worth two (the double wind) gives the round wind
    first."""
    melds = [KIND[e.tiles[0]] for e in rec.events if type(e) is Call and e.seat == winner
             and e.kind in ("pon", "open_kan", "closed_kan")]
    return {**{k: k for k in range(27, 34)}, **{k: 100 + i for i, k in enumerate(melds)}}


def _own_deltas(s, dealer: int, n: int) -> tuple:
    """One win's deltas of a multiple ron, from its /v1/score answer (by wind)."""
    d = s.deltas if s is not None and isinstance(s.deltas, dict) else {}
    return tuple(d.get(WINDS[(i - dealer) % n], 0) for i in range(n))


def _value(han, fu, limit, payments: str) -> str:
    if limit in LIMIT_JA:
        return LIMIT_JA[limit] + payments
    return f"{fu}符{han}飜" + payments


def _split(total: int, tsumo: bool, dealer_wins: bool, n: int) -> str:
    """What each payer pays of a recorded total (honba and sticks not included): a ron's total; a dealer's
    tsumo, "a点∀", each paying a; a non-dealer's, "a-b点": each non-dealer a, the dealer b (2a or 2a-100)."""
    if not tsumo:
        return f"{total}点"
    if dealer_wins:
        return f"{total // (n - 1)}点∀"
    share = n - 1   # the non-dealers' shares plus the dealer's double one, less 100 if it rounded down
    a = total // (share + 1) if total % (100 * (share + 1)) == 0 else (total + 100) // (share + 1)
    return f"{a}-{total - (n - 2) * a}点"


def _payments(base: int, tsumo: bool, dealer_wins: bool) -> str:
    def up(x):
        return -(-x // 100) * 100
    if not tsumo:
        return f"{up(base * (6 if dealer_wins else 4))}点"
    if dealer_wins:
        return f"{up(2 * base)}点∀"
    return f"{up(base)}-{up(2 * base)}点"


def _yaku(yaku, yakuman, winner: int, dealer: int, n: int, round_wind: str) -> list:
    if yakuman:
        return [f"{_name(y, winner, dealer, n, round_wind)}(役満)" for y in yakuman]
    return [f"{_name(y, winner, dealer, n, round_wind)}({h}飜)" for y, h in yaku if h]


def _name(ident: str, winner: int, dealer: int, n: int, round_wind: str) -> str:
    if ident == "seat_wind":
        return "自風 " + WIND_JA[(winner - dealer) % n]
    if ident == "round_wind":
        return "場風 " + round_wind
    if ident == "kita":
        return "抜きドラ"
    return ID_TO_JA.get(ident, ident)
