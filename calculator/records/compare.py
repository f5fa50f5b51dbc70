"""The replay against the record: each difference with the field, both values and why they differ.

Input: a hand's record (calculator.records.model), the replay's counters, deltas and wins, or the final
standings against the record's. Output: Difference values. `why` names the part that differs: the
counters (round, honba, sticks as the hand began), the result kind, a win's yaku, han, fu or points,
the honba or the sticks a winner collected, the ready hands of a draw, the final scores (leftover
sticks) or the end-points rule (final_rounding, final_uma).
"""
from __future__ import annotations

from typing import NamedTuple

FU_LIMIT = ("mangan", "haneman", "baiman", "sanbaiman", "yakuman", "kazoe_yakuman")
# the han a record may lump together: Tenhou's `dora` includes each kita (three players), so they compare as one
DORA_LIKE = {"dora", "aka_dora", "ura_dora", "kita"}


class Difference(NamedTuple):
    field: str
    recorded: object
    computed: object
    why: str


def hand_differences(rec, state, deltas, wins, settled, kind: str, n: int) -> list[Difference]:
    out = []
    if rec.header is not None:
        for field, recorded, computed in zip(("round", "honba", "riichi_sticks"), rec.header,
                                             (state.index, state.honba, state.sticks)):
            if recorded != computed:
                out.append(Difference(field, recorded, computed, f"The record starts this hand with {field} "
                                      f"{recorded}; the replay's counters give {computed} (the dealer rotation, "
                                      "honba or riichi pool differ earlier in the game)."))
    if rec.start_scores is not None and tuple(rec.start_scores) != tuple(state.scores):
        out.append(Difference("scores_before", list(rec.start_scores), list(state.scores),
                              "The record's scores as the hand began differ from the replay's."))
    recorded_kind = recorded_kind_of(rec)
    # three rons on one discard that the rules abort (abort_triple_ron): the record says what happened, the rules
    # what it means; the deltas still compare
    triple = recorded_kind == "ron" and kind == "abortive_draw" and len(rec.end.wins) >= 3
    if recorded_kind is not None and recorded_kind != kind and not triple:
        out.append(Difference("result", recorded_kind, kind, "The result kind differs: "
                              + _kind_why(recorded_kind, kind)))
    if rec.recorded_deltas is not None:
        if len(rec.recorded_deltas) != n:
            out.append(Difference("deltas", list(rec.recorded_deltas), list(deltas), f"The record gives "
                                  f"{len(rec.recorded_deltas)} deltas for {n} players."))
        elif tuple(rec.recorded_deltas) != tuple(deltas):
            out.append(Difference("deltas", list(rec.recorded_deltas), list(deltas),
                                  _deltas_why(rec, deltas, wins, settled)))
    return out


def recorded_kind_of(rec) -> str | None:
    """The result kind the record gives (a win: ron or tsumo by its first winner)."""
    end = rec.end
    if end is None:
        return None
    if end.kind == "win":
        w = end.wins[0]
        return "tsumo" if w.winner == w.from_seat else "ron"
    return end.kind


def _kind_why(recorded: str, computed: str) -> str:
    if "nagashi_mangan" in (recorded, computed):
        return "whether a player's river makes nagashi mangan under these rules."
    if computed == "abortive_draw":
        return "the rules abort this deal (triple ron or no legal win) where the record does not."
    return f"the record has {recorded}, the rules give {computed}."


def _deltas_why(rec, deltas, wins, settled) -> str:
    """Which part of the settlement makes the deltas differ."""
    parts = []
    recorded = {w.winner: w.recorded for w in (rec.end.wins if rec.end else ()) if w.recorded is not None}
    for w in wins:
        r, res = recorded.get(w.winner), w.result
        if r is None or res is None:
            continue
        got_yaku = dict(res.yaku) if res.yakuman == () else {}
        want_yaku = dict(r.yaku)
        missing = sorted(set(want_yaku) - set(got_yaku) - DORA_LIKE)
        extra = sorted(set(got_yaku) - set(want_yaku) - DORA_LIKE)
        if missing or extra:
            parts.append(f"seat {w.winner}'s yaku: the record has {', '.join(missing) or 'nothing'} the replay "
                         f"does not, the replay {', '.join(extra) or 'nothing'} the record does not")
        for name, a, b in (("dora", sum(h for y, h in r.yaku if y in DORA_LIKE),
                            sum(h for y, h in res.yaku if y in DORA_LIKE)),
                           ("han", r.han, res.han), ("fu", r.fu, res.fu), ("points", r.points, w.points)):
            if name == "fu" and (r.limit in FU_LIMIT or res.limit in FU_LIMIT):
                continue
            if a is not None and b is not None and a != b:
                parts.append(f"seat {w.winner}'s {name}: {a} recorded, {b} computed")
    diff = [a - b for a, b in zip(rec.recorded_deltas, deltas)]
    if not parts and wins and not recorded:   # the record (mjai) gives only deltas: name what each winner gets
        parts += [f"seat {w.winner} gains {rec.recorded_deltas[w.winner]:+d} in the record and {deltas[w.winner]:+d} "
                  "here (the record gives no han or fu: the win's value under these rules, in `wins`, or the honba "
                  "and sticks differ)" for w in wins if rec.recorded_deltas[w.winner] != deltas[w.winner]]
    if not parts and wins:
        total = sum(diff)
        if total and total % 1000 == 0:
            parts.append(f"riichi sticks: the winners collect {total:+d} more in the record")
        elif any(d % 300 == 0 or d % 100 == 0 for d in diff if d):
            parts.append("honba: the counters paid differ (honba value, or which winner collects them)")
    if not parts and not wins and rec.end is not None and rec.end.kind == "win":
        parts.append("the recorded win is no legal win under these rules, so nothing is paid")
    elif not parts and not wins:
        parts.append("ready payments or nagashi: the ready hands (from the tiles) or the draw rules differ")
    return "; ".join(parts) or "the payments differ"


def final_differences(final, recorded, rules) -> list[Difference]:
    if recorded is None:
        return []
    scores, points = recorded
    got_scores = [s.points for s in final.standings]
    got_points = [s.final for s in final.standings]
    out = []
    if len(scores) != len(got_scores) or list(scores) != got_scores:
        out.append(Difference("final.scores", list(scores), got_scores, "The final scores differ: the hands' "
                              "deltas, or where leftover riichi sticks go (riichi_pool_game_end)."))
    if len(points) != len(got_points) or any(abs(a - b) > 1e-9 for a, b in zip(points, got_points)):
        why = ("the end-points rule (final_rounding "
               f"{rules.final_rounding}, final_return_points {rules.final_return_points}, final_uma "
               f"{list(rules.final_uma)}, final_oka_to_top, final_tie_mode)")
        out.append(Difference("final.points", list(points), got_points, "The final points differ: " +
                              ("the final scores differ" if out else why) + "."))
    return out
