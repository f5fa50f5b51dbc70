"""A whole game replayed from its record: counters, the riichi pool, every deal settled, the end of the game.

Input: a GameRecord (calculator.records.model, read from any format) and Rules. Output: a GameResult:
per hand the round, dealer, counters as the hand began, the result kind, each win's /v1/score answer,
the deltas and scores after it (from calculator.table.settle, the same settlement as /v1/settle), the
record's deltas and every difference; the final standings (calculator.table.final, as /v1/final) and the
record's. The service tracks dealer, round wind, honba and the pool itself; the record's own counters are
only compared. A hand the record does not show enough of to value (a hidden hand, a riichi win without its ura
indicators: `notes`) is settled as recorded; a recorded abortive draw the rules do not have is settled as one
(nothing paid) and the difference listed. The end of the game follows the rules: game_length, game_extension (rounds played on
while nobody has game_target_points), all_last_dealer_stop and game_end_on_bust. The number of seats is
the record's (its `players`).
"""
from __future__ import annotations

from dataclasses import fields
from functools import lru_cache
from typing import NamedTuple

from calculator.core.errors import InvalidHand, Issue
from calculator.core.tiles import KIND, WINDS, counts_of
from calculator.readings.waits import is_complete
from calculator.records.model import HIDDEN, RECORD, Discard, GameRecord, HandRecord, bad_record
from calculator.scoring.japanese import ScoreResult, score
from calculator.scoring.limits import Limit
from calculator.scoring.payments import win_payments
from calculator.records.compare import Difference, final_differences, hand_differences, recorded_kind_of
from calculator.records.deal import replay_deal
from calculator.table.final import FinalResult, Player, final_scores
from calculator.table.wins import han_fu_issues
from calculator.table.model import Ledger, Outcome, Pao, Settlement, Table, Win, next_honba, stick_points
from calculator.table.settle import settle

ROUNDS = {"east_only": 1, "east_south": 2}
RECORD_PRESETS = {4: "tenhou", 3: "tenhou_sanma"}   # the rules a record without `rules` is read under, by players
PAO_YAKUMAN = ("daisangen", "daisuushii", "suukantsu")   # the yakuman a liable seat can have fed
NOT_IN_RULES = ("abortive_draw_not_in_rules", "not_in_three_player")   # a recorded abortive draw the rules lack


class WinAnswer(NamedTuple):
    winner: int
    from_seat: int
    result: ScoreResult | None        # the /v1/score answer (None for a short-form win)
    han: int
    fu: int
    yakuman: int
    points: int
    limit: str | None
    base_points: int


class HandResult(NamedTuple):
    round: str
    number: int
    honba: int
    riichi_sticks: int
    dealer: int
    result: str
    wins: tuple
    deltas: tuple
    scores: tuple
    recorded_deltas: tuple | None
    differences: tuple
    notes: tuple = ()         # why the hand is settled as recorded (tiles_hidden, ura_dora_unknown)

    @property
    def agrees(self):
        if (self.recorded_deltas is None or self.notes) and not self.differences:
            return None
        return not self.differences


class GameResult(NamedTuple):
    players: tuple
    hands: tuple
    final: FinalResult
    recorded_final: tuple | None
    differences: tuple                # game-level (final standings, the game's length)

    @property
    def agrees(self):
        compared = self.recorded_final is not None or any(h.agrees is not None for h in self.hands)
        if not compared:
            return None
        return not self.differences and all(h.agrees is not False for h in self.hands)


class _State(NamedTuple):
    index: int          # hands played in the game's schedule: round = index // n, dealer = index % n
    honba: int
    sticks: int
    scores: tuple


def with_options(rules, **changes):
    """`rules` with some options changed: dataclasses.replace without running __init__ over every option (a
    replay under inference makes one per candidate); the rules' cached properties are not carried over."""
    new = object.__new__(type(rules))
    values = {f.name: getattr(rules, f.name) for f in fields(rules)}
    values.update(changes)
    new.__dict__.update(values)
    return new


def _winds(dealer: int, n: int) -> tuple:
    return tuple(WINDS[(s - dealer) % n] for s in range(n))


@lru_cache(maxsize=32)
def _with_length(rules, length: str):
    """`rules` for East-only or East-South, kept: a game of unknown length reuses them, their cached values warm."""
    return with_options(rules, game_length=length)


def replay_game(record: GameRecord, rules, infer_length: bool = False, play_on: bool = False) -> GameResult:
    """The game replayed. With `infer_length` (neither the request's rules nor the record say East-only or
    East-South) the game is East-only unless a hand follows its end, then East-South. With `play_on` (the
    request chose the rules) the hands a record plays after the end under those rules are replayed as the
    record has them and the difference is listed; without it such a hand is a 422 (hand_after_game_end)."""
    for step in replay_steps(record, rules, infer_length, play_on):
        pass
    return step


def replay_steps(record: GameRecord, rules, infer_length: bool = False, play_on: bool = False):
    """replay_game one hand at a time, a generator: each hand's HandResult as soon as it is settled, a Difference
    (field `hands`) just before the first hand the record plays after the end under these rules (play_on), and
    last the GameResult. A consumer may stop at any step (calculator.records.infer stops a candidate's replay at
    its first contradiction). With `infer_length` the hands are replayed East-only until a hand follows that
    end, then East-South from there on: the length decides only when the game ends, never a hand's result."""
    n = len(record.players)
    if n != rules.players:
        raise bad_record(RECORD, "wrong_player_count", f"This record has {n} players and the rules in use "
                         f"are for {rules.players}: send rules for {n} players (players: {n}).")
    if infer_length:
        rules = _with_length(rules, "east_only")
    start = record.start_scores or (record.hands[0].start_scores if record.hands and record.hands[0].start_scores
                                    else (rules.game_start_points,) * n)
    state = _State(0, 0, 0, tuple(start))
    hands, over, ended, last = [], False, None, None
    for i, rec in enumerate(record.hands):
        if over and ended is None and infer_length and rules.game_length == "east_only":
            rules = _with_length(rules, "east_south")
            over = _game_over(*last, n, rules)
        if over and ended is None:
            if not play_on:
                raise bad_record(rec.where, "hand_after_game_end", "The game ended with the previous hand under "
                                 "these rules (bust, the all-last dealer stop or the last round); no further hand "
                                 "is played.")
            ended = len(hands)
            yield _ended_early(len(record.hands), ended)
        result, before, state, keeps = _play(rec, state, n, rules, record.hands[i + 1] if i + 1 < len(record.hands)
                                             else None)
        last = (before, state, keeps, result.result, result.dealer)
        over = keeps is None or _game_over(*last, n, rules)
        hands.append(result)
        yield result
    final = final_scores([Player(name, pts, WINDS[i]) for i, (name, pts) in
                          enumerate(zip(record.players, state.scores))], state.sticks, rules)
    diffs = final_differences(final, record.recorded_final, rules)
    if ended is not None:
        diffs.append(_ended_early(len(hands), ended))
    elif not over:
        diffs.append(Difference("hands", None, len(hands), "The record stops before the game ends under these "
                                "rules: the final standings are those after its last hand."))
    yield GameResult(record.players, tuple(hands), final, record.recorded_final, tuple(diffs))


def _ended_early(played: int, ended: int) -> Difference:
    return Difference("hands", played, ended, f"Under these rules the game ends after hand {ended} (bust, the "
                      "all-last dealer stop or the last round); the record plays on, and its further hands are "
                      "replayed as it has them.")


def _play(rec: HandRecord, state: _State, n: int, rules, following: HandRecord | None):
    """One hand: its HandResult, the state before and after it, and whether the dealer keeps the deal (None: the
    record's last hand, settled as recorded, and the game ends there)."""
    dealer = state.index % n
    round_wind = WINDS[(state.index // n) % 4]
    winds = _winds(dealer, n)
    if rec.result is not None:
        deposits, facts = rec.riichi, None
        outcome, answers = _short_outcome(rec, winds, round_wind, rules)
    else:
        facts = replay_deal(rec, dealer, round_wind, n, rules)
        deposits, outcome, answers = facts.deposits, None, []
        notes = _unvalued(rec, facts, rules)
        if notes:
            return _as_recorded(rec, state, facts.deposits, n, rules, notes, following)
    stick = stick_points(rules)
    after_deposits = tuple(s - stick * deposits.count(i) for i, s in enumerate(state.scores))
    table = Table({winds[i]: after_deposits[i] for i in range(n)}, state.honba, state.sticks + len(deposits),
                  tuple(winds[i] for i in deposits))
    if outcome is None:
        outcome, answers = _tile_outcome(rec, facts, winds, round_wind, deposits, rules)
    unruled = None      # the record's abortive draw, which these rules do not have
    try:
        no_win = outcome.kind in ("ron", "tsumo") and not outcome.wins
        settled = _no_win(table, rules) if no_win else settle(table, outcome, rules)
    except InvalidHand as err:
        if facts is None or outcome.kind != "abortive_draw" or any(i.code not in NOT_IN_RULES for i in err.issues):
            raise InvalidHand([Issue(i.code, i.detail, _record_field(rec, i.field)) for i in err.issues]) from None
        settled, unruled = _no_win(table, rules), err.issues[0].detail
    deltas = tuple(settled.deltas[w] for w in winds)
    scores = tuple(settled.scores[w] for w in winds)
    kind = _result_kind(outcome, settled)
    wins = _win_answers(outcome, settled, answers, winds, rules)
    diffs = hand_differences(rec, state, deltas, wins, settled, kind, n)
    if facts is not None:
        diffs += [Difference("wins", w.end.winner, None, f"Seat {w.end.winner}'s hand is no legal win under these "
                             f"rules ({', '.join(a.reasons)}): nobody is paid and the deal is replayed.")
                  for w, a in zip(facts.wins, answers) if not a.is_win]
    if unruled:
        diffs.append(Difference("result", f"abortive_draw ({outcome.reason})", None, f"The record aborts the deal; "
                                f"{unruled[0].lower()}{unruled[1:]} It is settled as the record has it: nothing "
                                "paid, the deal replayed."))
    result = HandResult(round_wind, state.index % n + 1, state.honba, state.sticks,
                        dealer, kind, tuple(wins), deltas, scores, rec.recorded_deltas, tuple(diffs))
    nxt = settled.next
    index = state.index if nxt.dealer_keeps else state.index + 1
    return result, state, _State(index, nxt.honba, nxt.riichi_sticks, scores), nxt.dealer_keeps


def _unvalued(rec: HandRecord, facts, rules) -> tuple:
    """Why this hand cannot be valued from its tiles: a hand the result depends on is hidden (an mjai log written
    from one player's view: `?` tiles), or a riichi win whose ura indicators the record does not show."""
    notes = []
    if rec.end.kind == "win":
        if any(HIDDEN in w.request.hand.concealed or w.request.win_tile == HIDDEN for w in facts.wins):
            notes.append("tiles_hidden")
        if rules.ura_dora and not all(w.end.ura_known for w in facts.wins):
            notes.append("ura_dora_unknown")
    elif rec.end.kind in ("exhaustive_draw", "nagashi_mangan") and any(HIDDEN in h.concealed for h in facts.hands):
        notes.append("tiles_hidden")
    return tuple(notes)


def _as_recorded(rec: HandRecord, state: _State, deposits, n: int, rules, notes: tuple, following):
    """A hand settled as its record says (it cannot be valued: `notes`): the recorded deltas, and the counters the
    record's next deal starts with (after the last deal: a win takes the pool, a draw leaves it)."""
    if rec.recorded_deltas is None or len(rec.recorded_deltas) != n:
        raise bad_record(rec.where, "result_not_recorded", f"This hand cannot be valued from the record "
                         f"({', '.join(notes)}) and the record gives no deltas for its {n} players to settle it as "
                         "recorded: send the deltas, or the hidden tiles.")
    stick = stick_points(rules)
    deltas = tuple(rec.recorded_deltas)
    scores = tuple(s - stick * deposits.count(i) + d for i, (s, d) in enumerate(zip(state.scores, deltas)))
    kind = recorded_kind_of(rec) or "abortive_draw"
    diffs = hand_differences(rec, state, deltas, [], None, kind, n)
    dealer = state.index % n
    result = HandResult(WINDS[(state.index // n) % 4], dealer + 1, state.honba, state.sticks, dealer, kind, (), deltas,
                        scores, rec.recorded_deltas, tuple(diffs), notes)
    if following is None or following.header is None:
        sticks = 0 if kind in ("ron", "tsumo") else state.sticks + len(deposits)
        return result, state, _State(state.index, state.honba, sticks, scores), None
    new = _State(*following.header, scores)
    return result, state, new, new.index == state.index


def _record_field(rec: HandRecord, field: str) -> str:
    """A settlement problem's field ("outcome/wins/0/honba") at its place in the record: an outcomes win's
    counters are those of its score body. A record that points at its events (HandRecord.places) is pointed at
    its end entry."""
    if rec.places:
        return rec.places[-1]
    parts = field.split("/")
    if parts[:2] == ["outcome", "wins"] and len(parts) > 3:
        parts = ["wins", parts[2], "score"] + parts[3:]
    elif parts[:1] == ["outcome"]:
        parts = parts[1:]
    return "/".join([rec.where] + [p for p in parts if p])


def _game_over(before: _State, after: _State, keeps: bool, kind: str, dealer: int, n: int, rules) -> bool:
    """The game ends after this hand (rules game_end_on_bust, game_length, game_extension,
    all_last_dealer_stop, game_target_points). The dealer stop follows a win or a ready hand at a draw,
    never an abortive draw or a chombo (the deal is replayed)."""
    scores = after.scores
    if rules.game_end_on_bust and min(scores) < 0:
        return True
    last = ROUNDS[rules.game_length] * n - 1          # index of the all-last hand
    if before.index < last:
        return False
    extra = n if rules.game_extension == "until_target" else 0
    reached = max(scores) >= rules.game_target_points
    if keeps:
        top = min(range(n), key=lambda i: (-scores[i], i))
        stop = kind in ("ron", "tsumo", "exhaustive_draw", "nagashi_mangan")
        return stop and rules.all_last_dealer_stop == "if_top" and top == dealer and reached
    if after.index > last + extra:
        return True
    return not extra or reached


def _short_outcome(rec: HandRecord, winds: tuple, round_wind: str, rules):
    """An outcomes hand: short-form wins checked as /v1/settle checks them, full /v1/score bodies scored here
    (their answers are the hand's `wins`); a liable seat's yakuman is the one the hand has."""
    r = rec.result
    wins, answers, issues = [], [], []
    for j, w in enumerate(r.wins):
        at = f"{rec.where}/wins/{j}"
        req, res, values = w.score_request, None, {}
        if req is not None:
            _check_body(req, w, rec, winds, round_wind, f"{at}/score")
            res = score(req)
            if not res.is_win:
                issues.append(Issue("not_a_win", f"This hand is not a legal win ({', '.join(res.reasons)}): send the "
                                    "winning hand as played, or give the win as han and fu instead.",
                                    f"{at}/score"))
                continue
            ids = tuple(res.yakuman)
            values = dict(han=res.han, fu=res.fu or 0, yakuman=sum(m for _, m in ids), yakuman_ids=ids,
                          limit=Limit(res.base_points, res.limit))
        else:
            issues += [Issue(i.code, i.detail, f"{at}/{i.field}".rstrip("/"))
                       for i in han_fu_issues(w.han, w.fu, w.yakuman, r.kind, rules)]
            values = dict(han=w.han, fu=w.fu, yakuman=w.yakuman)
        pao = None
        if w.pao is not None:
            held = [i for i, _ in values.get("yakuman_ids", ())]
            pao = Pao(winds[w.pao], next((y for y in PAO_YAKUMAN if y in held), PAO_YAKUMAN[0]))
        wins.append(Win(winds[w.winner], riichi=w.winner in rec.riichi, pao=pao, claimed=w.claimed, **values))
        answers.append(res)
    if issues:
        raise InvalidHand(issues)
    outcome = Outcome(r.kind, discarder=None if r.from_seat is None else winds[r.from_seat], wins=tuple(wins),
                      ready=tuple(winds[s] for s in r.ready), nagashi=tuple(winds[s] for s in r.nagashi),
                      reason=r.reason, offender=None if r.offender is None else winds[r.offender])
    return outcome, answers


def _check_body(req, w, rec: HandRecord, winds, round_wind, at):
    """A full score body against its hand: the winds, how it was won, from whom and (three players, when the hand
    says) the winner's kita."""
    sit, issues, r = req.situation, [], rec.result
    kita = rec.kita[w.winner] if rec.kita else sit.kita
    for field, given, want in (("seat_wind", sit.seat_wind, winds[w.winner]), ("round_wind", sit.round_wind,
                                                                              round_wind),
                               ("win_by", sit.win_by, "ron" if r.kind == "ron" else "tsumo"),
                               ("discarder", req.discarder, None if r.from_seat is None else winds[r.from_seat]),
                               ("kita", sit.kita, kita)):
        if given != want and not (field == "discarder" and given is None):
            issues.append(Issue(f"{field}_mismatch", f"The replay has {field} {want!r} for this win; the body says "
                                f"{given!r}.", f"{at}/{field}"))
    if issues:
        raise InvalidHand(issues)


def _tile_outcome(rec: HandRecord, facts, winds, round_wind, deposits, rules):
    end = rec.end
    if end.kind == "win":
        wins, answers = [], []
        first = facts.wins[0].end
        tsumo = first.winner == first.from_seat
        for dw in facts.wins:
            res = score(dw.request)
            if dw.on_kita and not rules.kita_ron:
                res = ScoreResult(False, ("a ron on a kita, which these rules do not allow (kita_ron false)",))
            answers.append(res)
            if res.is_win:
                ids = tuple(res.yakuman)
                wins.append(Win(winds[dw.end.winner], res.han, res.fu or 0, sum(m for _, m in ids),
                                riichi=dw.end.winner in deposits, pao=dw.pao, yakuman_ids=ids,
                                limit=Limit(res.base_points, res.limit)))
        if not wins:   # no legal win under these rules: nothing is paid (_no_win)
            return Outcome("tsumo" if tsumo else "ron"), answers
        return Outcome("tsumo" if tsumo else "ron", discarder=None if tsumo else winds[first.from_seat],
                       wins=tuple(wins)), answers
    if end.kind in ("exhaustive_draw", "nagashi_mangan"):
        seats = range(len(winds))
        return Outcome("exhaustive_draw", hands=tuple((winds[i], facts.hands[i]) for i in seats),
                       nagashi=tuple(winds[i] for i in seats if facts.rivers[i]),
                       discards=tuple((winds[i], facts.rivers[i]) for i in seats),
                       melded=tuple(winds[i] for i in facts.melded), round_wind=round_wind), []
    last = facts.last
    extra = {}
    if end.reason == "suufon_renda" and last is not None and hasattr(last, "tile"):
        extra["tile"] = KIND[last.tile]
    elif end.reason == "kyuushu_kyuuhai" and last is not None and hasattr(last, "seat"):
        if HIDDEN not in facts.first_tiles[last.seat]:      # a hidden hand's declaration cannot be checked
            extra["first_tiles"] = facts.first_tiles[last.seat]
    elif end.reason == "suukaikan":
        extra["kongs"] = tuple((winds[i], k) for i, k in enumerate(facts.kans) if k)
    elif end.reason == "sanchahou":
        _check_triple_ron(rec, facts)
    return Outcome("abortive_draw", reason=end.reason, **extra), []


def _check_triple_ron(rec: HandRecord, facts) -> None:
    """A triple ron needs three other hands complete with the last discard (a hidden hand may be one)."""
    last = facts.last
    able = [s for s, h in enumerate(facts.hands) if type(last) is Discard and s != last.seat and (
        HIDDEN in h.concealed or is_complete(counts_of(h.concealed + (last.tile,)), 4 - len(h.melds)))]
    if len(able) < 3:
        raise bad_record(rec.places[-1] if rec.places else rec.where, "draw_not_explained", "The deal ends as a "
                         "triple ron (three players winning on one discard), but " + (
                             f"only seats {able} are complete with that discard." if able else "it does not end "
                             "on a discard that completes anyone's hand."))


def _no_win(table: Table, rules) -> Settlement:
    """A recorded win that is no legal win under the rules in use: nobody pays, and the deal is replayed as
    after an abortive draw (the difference is listed with the hand)."""
    return Ledger(table, rules).close(next_honba(table, rules, "abortive_draw", True), table.riichi_sticks, True)


def _result_kind(outcome: Outcome, settled: Settlement) -> str:
    if outcome.kind == "exhaustive_draw" and any(p.reason == "nagashi" for p in settled.payments):
        return "nagashi_mangan"
    if outcome.kind == "ron" and "triple_ron_aborted" in settled.notes:
        return "abortive_draw"
    return outcome.kind


def _win_answers(outcome: Outcome, settled: Settlement, answers, winds, rules) -> list[WinAnswer]:
    """Each paid win with the /v1/score answer for the counters and sticks it collected in the settlement."""
    if outcome.kind not in ("ron", "tsumo") or not settled.wins:
        return []
    seat = {w: i for i, w in enumerate(winds)}
    scored = {a_win: a for a_win, a in zip((w.winner for w in outcome.wins), answers) if a is not None}
    out = []
    per_honba = rules.honba_per_stick_total or 1
    stick = stick_points(rules) or 1
    for wr in settled.wins:
        src = seat[outcome.discarder] if outcome.discarder else seat[wr.winner]
        res = scored.get(wr.winner)
        if res is not None and res.is_win:
            pay = win_payments(res.base_points, wr.winner, outcome.kind, outcome.discarder, wr.honba // per_honba,
                               wr.riichi_sticks // stick, rules)
            res = res._replace(points=pay.points, payments=pay.payments, riichi_sticks_collected=pay.riichi_sticks_collected,
                               deltas=pay.deltas or None)
        out.append(WinAnswer(seat[wr.winner], src, res, wr.han, wr.fu, wr.yakuman, wr.points, wr.limit, wr.base_points))
    return out


def record_rules_issues(record: GameRecord, preset: str, rules) -> list[Issue]:
    """A record is replayed under rules for as many players as it has (three or four): `wrong_player_count` at the
    rules' `preset`."""
    players = record.flags.players
    if rules.players == players:
        return []
    return [Issue("wrong_player_count", f"This record is a {players}-player game and preset {preset} is for "
                  f"{rules.players} players: send it with a {players}-player preset (e.g. {RECORD_PRESETS[players]}), "
                  "or without rules to let the record choose.", "preset")]
