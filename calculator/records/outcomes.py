"""The `outcomes` record format (what a live table writes down, no tiles) read into a GameRecord.

Input: the JSON object `{"players": [...], "hands": [...], "recorded_final": {...}}` of API.md
("POST /v1/games"), and a reader for the full /v1/score bodies a win may carry (supplied by the
schema layer, which owns /v1/score's request schema). Output: a GameRecord whose hands carry a
ShortResult, or InvalidHand listing every problem found, each at its place in the record (`hands/3/wins/0/han`;
"" for the record as a whole): the request's reader puts them under the record's pointer.
"""
from __future__ import annotations

from calculator.core.errors import InvalidHand, Issue
from calculator.records.model import GameRecord, HandRecord, RecordFlags, ShortResult, ShortWin

KINDS = ("ron", "tsumo", "exhaustive_draw", "abortive_draw", "chombo")
ABORTIVE = ("kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou")
MAX_HANDS = 200
KEYS = {"ron": {"from", "wins"}, "tsumo": {"wins"}, "exhaustive_draw": {"ready", "nagashi"},
        "abortive_draw": {"reason"}, "chombo": {"offender"}}
COMMON = {"result", "riichi", "recorded_deltas", "kita"}
MAX_KITA = 4            # a set has four norths
LENGTHS = ("east_only", "east_south")


class _Issues(list):
    def add(self, at: str, code: str, detail: str):
        self.append(Issue(code, detail, at))


def _int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def read_outcomes(data, read_score) -> GameRecord:
    """`read_score(body, at)` returns a ScoreRequest for a win's `score` body (`at`: its place in the record) or
    raises InvalidHand."""
    issues = _Issues()
    if not isinstance(data, dict):
        raise InvalidHand([Issue("invalid_record", "An outcomes record must be an object {players, hands}.", "")])
    for key in data:
        if key not in ("players", "hands", "recorded_final", "length"):
            issues.add(f"{key}", "unknown_field", "An outcomes record has players, hands, recorded_final and "
                       "optionally length.")
    players = data.get("players")
    if not isinstance(players, list) or len(players) not in (3, 4) or not all(
            isinstance(p, str) and 0 < len(p) <= 100 for p in players) or len(set(players or ())) != len(players or ()):
        issues.add("players", "invalid_players", "players: three or four different names (1-100 "
                   "characters), seat 0 first.")
        raise InvalidHand(issues)
    n = len(players)
    hands = data.get("hands")
    if not isinstance(hands, list) or not 1 <= len(hands) <= MAX_HANDS:
        issues.add("hands", "invalid_hands", f"hands: a list of 1-{MAX_HANDS} hands.")
        raise InvalidHand(issues)
    length = data.get("length")
    if length is not None and length not in LENGTHS:
        issues.add("length", "invalid_length", "length: east_only or east_south.")
    out = [_hand(h, f"hands/{i}", n, issues, read_score) for i, h in enumerate(hands)]
    final = _final(data.get("recorded_final"), "recorded_final", n, issues)
    if issues:
        raise InvalidHand(issues)
    return GameRecord("outcomes", tuple(players), RecordFlags(length=length, players=n), tuple(out), final)


def _seats(value, at: str, n: int, issues: _Issues, name: str) -> tuple:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(_int(s) and 0 <= s < n for s in value) or len(set(value)) != len(value):
        issues.add(at, "invalid_seats", f"{name}: a list of different seats 0-{n - 1}.")
        return ()
    return tuple(value)


def _seat(value, at: str, n: int, issues: _Issues) -> int | None:
    if not (_int(value) and 0 <= value < n):
        issues.add(at, "no_such_seat", f"A seat is 0-{n - 1}; got {value!r}.")
        return None
    return value


def _points_list(value, at: str, n: int, issues: _Issues, name: str, numbers=(int,)):
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != n or not all(
            isinstance(x, numbers) and not isinstance(x, bool) and abs(x) <= 10**9 for x in value):
        got = len(value) if isinstance(value, list) else type(value).__name__
        issues.add(at, "wrong_player_count" if isinstance(value, list) else "invalid_list",
                   f"{name}: {n} numbers, one per seat (got {got}).")
        return None
    return tuple(value)


def _hand(h, at: str, n: int, issues: _Issues, read_score) -> HandRecord:
    if not isinstance(h, dict) or h.get("result") not in KINDS:
        issues.add(f"{at}/result", "invalid_result", f"Each hand has a result: {', '.join(KINDS)}.")
        return HandRecord(at)
    kind = h["result"]
    for key in h:
        if key not in KEYS[kind] | COMMON:
            issues.add(f"{at}/{key}", "unknown_field", f"A {kind} hand has {', '.join(sorted(KEYS[kind] | COMMON))}.")
    riichi = _seats(h.get("riichi", []), f"{at}/riichi", n, issues, "riichi")
    deltas = _points_list(h.get("recorded_deltas"), f"{at}/recorded_deltas", n, issues, "recorded_deltas")
    kita = _kita(h.get("kita"), f"{at}/kita", n, issues)
    wins, src = [], None
    if kind in ("ron", "tsumo"):
        if kind == "ron":
            src = _seat(h.get("from"), f"{at}/from", n, issues)
        raw = h.get("wins")
        most = 1 if kind == "tsumo" else n - 1
        if not isinstance(raw, list) or not 1 <= len(raw) <= most:
            issues.add(f"{at}/wins", "invalid_wins", f"A {kind} has 1{'' if most == 1 else f'-{most}'} wins.")
            raw = []
        for j, w in enumerate(raw):
            win = _win(w, f"{at}/wins/{j}", n, issues, read_score)
            if win is not None:
                if (src is not None and win.winner == src) or any(x.winner == win.winner for x in wins):
                    issues.add(f"{at}/wins/{j}/winner", "invalid_winner", "Each winner once, never the discarder.")
                wins.append(win)
    result = ShortResult(kind, tuple(wins), src,
                         ready=_seats(h.get("ready", []), f"{at}/ready", n, issues, "ready"),
                         nagashi=_seats(h.get("nagashi", []), f"{at}/nagashi", n, issues, "nagashi"),
                         reason=h.get("reason"), offender=None)
    if kind == "abortive_draw" and h.get("reason") not in ABORTIVE:
        issues.add(f"{at}/reason", "invalid_reason", f"reason: {', '.join(ABORTIVE)}.")
    if kind == "chombo":
        result = result._replace(offender=_seat(h.get("offender"), f"{at}/offender", n, issues))
    return HandRecord(at, riichi=riichi, result=result, recorded_deltas=deltas, kita=kita)


def _kita(value, at: str, n: int, issues: _Issues) -> tuple:
    """Three players: the norths each seat set aside this deal ([n0, n1, n2], 0-4 each, four in all at most)."""
    if value is None:
        return ()
    if n != 3:
        issues.add(at, "kita_not_in_rules", "kita (norths set aside) belongs to three-player games; this record has "
                   f"{n} players.")
    elif not isinstance(value, list) or len(value) != n or not all(_int(k) and 0 <= k <= MAX_KITA for k in value) \
            or sum(value) > MAX_KITA:
        issues.add(at, "invalid_kita", f"kita: {n} counts, one per seat, 0-{MAX_KITA} each and {MAX_KITA} in all "
                   "(a set has four norths).")
    else:
        return tuple(value)
    return ()


def _win(w, at: str, n: int, issues: _Issues, read_score) -> ShortWin | None:
    if not isinstance(w, dict):
        issues.add(at, "invalid_win", "A win is {winner, han, fu}, {winner, yakuman} or {winner, score}.")
        return None
    for key in w:
        if key not in ("winner", "han", "fu", "yakuman", "score", "pao"):
            issues.add(f"{at}/{key}", "unknown_field", "A win has winner, han, fu, yakuman, score and pao.")
    winner = _seat(w.get("winner"), f"{at}/winner", n, issues)
    pao = _seat(w["pao"], f"{at}/pao", n, issues) if w.get("pao") is not None else None
    for key, top in (("han", 200), ("fu", 200), ("yakuman", 10)):
        if key in w and not (_int(w[key]) and 0 <= w[key] <= top):
            issues.add(f"{at}/{key}", "invalid_value", f"{key}: an integer 0-{top}.")
            return None
    if winner is None:
        return None
    if "score" in w:
        try:
            req, claimed = read_score(w["score"], f"{at}/score")
        except InvalidHand as err:
            issues.extend(err.issues)
            return None
        return ShortWin(winner, score_request=req, claimed=claimed, pao=pao)
    if not w.get("han") and not w.get("yakuman"):
        issues.add(at, "no_value", "A win needs han (with fu), a yakuman count or a score body.")
        return None
    return ShortWin(winner, w.get("han", 0), w.get("fu", 0), w.get("yakuman", 0), pao=pao)


def _final(value, at: str, n: int, issues: _Issues):
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"scores", "points"}:
        issues.add(at, "invalid_final", "recorded_final: {\"scores\": [...], \"points\": [...]} by seat.")
        return None
    scores = _points_list(value["scores"], f"{at}/scores", n, issues, "scores")
    points = _points_list(value["points"], f"{at}/points", n, issues, "points", (int, float))
    return None if scores is None or points is None else (scores, points)
