"""Rules from the record (POST /v1/games with "infer_rules": true): the rules a game was played under.

Input: a GameRecord, the candidate presets as (name, Rules) in GET /v1/presets order, the options the record
states itself (`facts`: Tenhou's GO flags, an outcomes record's length; they hold for every candidate and are
never inferred) and whether the hands decide the game's length (calculator.records.games.replay_game's
`infer_length`). Output: an Inference: the candidate kept, its changes from its preset, whether it explains
every recorded hand and the recorded final, how many candidates were replayed, each other preset with the
first hand (or the final) that contradicts it, and the game replayed under the candidate kept.

The search (API.md "Rules from the record"):
1. Presets for another player count or family than the record's are ruled out unreplayed (a record of Japanese
   mahjong is never scored by Taiwanese or European tables). Every other preset is replayed up to its first
   contradiction only (calculator.records.games.replay_steps); the first one (in preset order) that reaches the
   end without one is kept.
2. When none explains everything, the presets' replays go on to count the hands each explains (the best one's
   replay also tells which features the record has), and single option changes are tried, from each preset in
   turn (preset order: fewest changes, then the preset listed first), each again up to its first
   contradiction, the first that explains everything being kept. Only the options that can change some hand of
   this record are tried (relevance.toml maps each option to the record features it depends on, record_features
   finds them), with the other values the option registry allows (the other choices, the other truth value)
   or, for numbers, the values the other candidate presets give it.
3. When no single change explains everything either, the candidate that explains the most hands is kept
   (among presets, then the one whose final agrees, then the one listed first; a change replaces its preset
   only by explaining more hands), `explains` false; a candidate is replayed only as long as it can still beat
   the best so far.
A replay that stops on an InvalidHand (a win the candidate cannot score) is a contradiction at that hand.
"""
from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

from calculator.core.errors import InvalidHand, Issue, UnsupportedRules
from calculator.records.compare import Difference
from calculator.records.games import GameResult, HandResult, replay_steps, with_options
from calculator.records.model import RECORD, Call, Discard, Draw, GameRecord, Kita
from calculator.rules import OPTION_FIELDS, PRESET_NAMES, PRESETS, Rules
from calculator.table.audit import alternatives

RELEVANCE = Path(__file__).resolve().parent / "relevance.toml"
FAMILY = "japanese"          # every record format read here is of Japanese mahjong (han, fu, riichi sticks)
KAN = ("open_kan", "closed_kan", "added_kan")
OPEN = ("chi", "pon", "open_kan", "added_kan")


def _relevance() -> tuple[dict, dict]:
    with open(RELEVANCE, "rb") as fh:
        data = tomllib.load(fh)
    listed = {k: tuple(v) for k, v in data["options"].items()}
    for option in OPTION_FIELDS:
        prefix = next((p for p in data["prefixes"] if option.startswith(p)), None)
        if option not in listed and prefix is not None:
            listed[option] = tuple(data["prefixes"][prefix])
    return data["features"], listed


FEATURES, OPTION_FEATURES = _relevance()
PRESET_RULES = tuple((name, PRESETS[name].rules) for name in PRESET_NAMES)   # the candidates, in GET /v1/presets order


class Contradiction(NamedTuple):
    """A candidate's first disagreement with the record: `hand` its index (None: the final or the whole game)."""
    preset: str
    options: dict
    hand: int | None
    field: str
    recorded: object
    computed: object
    why: str


class Inference(NamedTuple):
    preset: str
    options: dict                 # the changes from the preset
    from_record: dict             # the options the record states (applied to every candidate)
    explains: bool
    tried: int                    # candidates replayed
    ruled_out: tuple              # Contradiction, one per other preset (and the preset kept, unchanged, if changed)
    equally: tuple                # (preset, options) of the other candidates that explain everything too
    rules: Rules                  # the rules the answer is computed under
    result: GameResult


class _Run:
    """One candidate's replay, advanced only as far as the search needs it."""

    def __init__(self, preset: str, options: dict, rules, record: GameRecord, infer_length: bool):
        self.preset, self.options, self.rules, self.total = preset, options, rules, len(record.hands)
        self.steps = replay_steps(_bound(record, rules), rules, infer_length, True)
        self.hands = self.explained = 0
        self.ended = False                       # the rules ended the game before a hand the record plays
        self.first: Contradiction | None = None
        self.result: GameResult | None = None
        self.error: InvalidHand | None = None

    @property
    def done(self) -> bool:
        return self.result is not None or self.error is not None or self.steps is None

    @property
    def key(self) -> tuple:
        """What `explains the most` compares: hands explained, then the final agreeing."""
        return self.explained, self.result is not None and not self.result.differences

    def step(self) -> None:
        try:
            item = next(self.steps)
        except InvalidHand as err:
            self.error = err
            issue = err.issues[0]
            self._contradict(self.hands if self.hands < self.total else None, issue.code, None, None, issue.detail)
            return
        except (UnsupportedRules, KeyError, ValueError) as err:   # an option value the replay cannot use
            self.error = InvalidHand([Issue("rules_not_replayable", f"These rules cannot replay the record ({err}): choose another "
                                            "preset or option value.",
                                            RECORD)])
            self._contradict(self.hands if self.hands < self.total else None, "rules", None, None, str(err))
            return
        if isinstance(item, HandResult):
            self.hands += 1
            if item.agrees is False:
                d = item.differences[0]
                self._contradict(self.hands - 1, d.field, d.recorded, d.computed, d.why)
            elif not self.ended:
                self.explained += 1
        elif isinstance(item, Difference):
            self.ended = True
            self._contradict(self.hands, item.field, item.recorded, item.computed, item.why)
        else:
            self.result = item
            if item.differences:
                d = item.differences[0]
                self._contradict(None, d.field, d.recorded, d.computed, d.why)

    def _contradict(self, hand, field, recorded, computed, why) -> None:
        if self.first is None:
            self.first = Contradiction(self.preset, self.options, hand, field, recorded, computed, why)

    def to_contradiction(self) -> "_Run":
        while not self.done and self.first is None:
            self.step()
        return self

    def finish(self, best: tuple | None = None) -> None:
        """Replay to the end, or stop once this run cannot beat `best` (a key)."""
        while not self.done:
            if best is not None:
                most = self.explained + (0 if self.ended else self.total - self.hands)
                if most < best[0] or (most == best[0] and best[1]):
                    self.steps = None
                    return
            self.step()

    @property
    def explains(self) -> bool:
        return self.result is not None and self.first is None


def infer_rules(record: GameRecord, candidates=PRESET_RULES, facts: dict | None = None,
                infer_length: bool = False) -> Inference:
    """The rules `record` was played under, among `candidates` ((preset name, Rules), in preset order)."""
    facts = {k: tuple(v) if isinstance(v, list) else v for k, v in (facts or {}).items()}
    ruled_out, runs = [], []
    for name, rules in candidates:
        misfit = _misfit(record, name, rules)
        if misfit is not None:
            ruled_out.append(misfit)
        else:
            runs.append(_Run(name, {}, with_options(rules, **facts), record, infer_length).to_contradiction())
    if not runs:
        raise InvalidHand([])   # never with the service's presets: each player count has one
    tried = len(runs)
    explaining = [r for r in runs if r.explains]
    chosen = explaining[0] if explaining else None
    if chosen is None:
        best = runs[0]
        for r in runs:
            r.finish(None if r is best else best.key)
            if r.key > best.key:
                best = r
        features = record_features(record, best.result)
        others = [r.rules for r in runs]
        options_runs = []
        for base in runs:
            for option, value in _changes(base.rules, features, others, facts, infer_length):
                tried += 1
                run = _Run(base.preset, {option: _json(value)}, with_options(base.rules, **{option: value}), record,
                           infer_length).to_contradiction()
                if run.explains:
                    chosen = run
                    break
                options_runs.append(run)
            if chosen is not None:
                break
        if chosen is None:
            chosen = best   # a change replaces it only by explaining more hands (fewest changes first)
            for r in options_runs:
                r.finish((chosen.explained, True))
                if r.result is not None and r.explained > chosen.explained:
                    chosen = r
    if chosen.result is None:
        raise chosen.error
    for r in runs:
        if r is not chosen and (r.preset != chosen.preset or r.options != chosen.options) and not r.explains:
            ruled_out.append(r.first)
    order = {name: i for i, (name, _) in enumerate(candidates)}
    ruled_out.sort(key=lambda c: order[c.preset])
    equally = tuple((r.preset, r.options) for r in runs if r.explains and r is not chosen)
    return Inference(chosen.preset, chosen.options, {k: _json(v) for k, v in facts.items()}, chosen.explains, tried,
                     tuple(ruled_out), equally, chosen.rules, chosen.result)


def _misfit(record: GameRecord, name: str, rules) -> Contradiction | None:
    n = len(record.players)
    if rules.players != n:
        return Contradiction(name, {}, None, "players", n, rules.players, f"The record is a {n}-player game; "
                             f"preset {name} is for {rules.players} players.")
    if rules.scoring_family != FAMILY:
        return Contradiction(name, {}, None, "scoring_family", FAMILY, rules.scoring_family, "The record is a game "
                             f"of Japanese mahjong (han and fu, riichi sticks); preset {name} scores "
                             f"{rules.scoring_family} mahjong.")
    return None


def _bound(record: GameRecord, rules) -> GameRecord:
    """The record with its outcomes score bodies (read under the record's default preset) under `rules`."""
    if not any(rec.result is not None and any(w.score_request is not None for w in rec.result.wins)
               for rec in record.hands):
        return record
    hands = []
    for rec in record.hands:
        if rec.result is not None:
            wins = tuple(w if w.score_request is None else w._replace(score_request=replace(w.score_request,
                                                                                            rules=rules))
                         for w in rec.result.wins)
            rec = rec._replace(result=rec.result._replace(wins=wins))
        hands.append(rec)
    return record._replace(hands=tuple(hands))


def _changes(rules, features: frozenset, others, facts: dict, infer_length: bool) -> list[tuple[str, object]]:
    """The single option changes worth trying: relevant options (registry order), each value once."""
    out = []
    for option in OPTION_FIELDS:
        if option in facts or not set(OPTION_FEATURES.get(option, ())) & features:
            continue
        if option == "game_length" and infer_length:
            continue
        now = getattr(rules, option)
        values = alternatives(option, now)
        values += [getattr(o, option) for o in others]
        seen = {now}
        for v in values:
            if v not in seen:
                seen.add(v)
                out.append((option, v))
    return out


def record_features(record: GameRecord, result: GameResult | None = None) -> frozenset:
    """The features of relevance.toml that this record has: from its hands, and from `result` (the replay under
    some candidate) where they need counters or values."""
    f = {"game_end"} if record.hands else set()
    if record.recorded_final is not None:
        f.add("final")
    if record.start_scores is None and not (record.hands and record.hands[0].start_scores):
        f.add("start_unstated")
    for rec in record.hands:
        if rec.result is not None:
            _short_features(rec, f)
        else:
            _tile_features(rec, f)
    if result is not None:
        _replay_features(result, f)
    return frozenset(f)


def _win_kinds(f: set, winners: int, tsumo: bool) -> None:
    f.update(("win", "tsumo") if tsumo else ("win",))
    if winners >= 2:
        f.add("double_ron")
    if winners >= 3:
        f.add("triple_ron")


def _tile_features(rec, f: set) -> None:
    called, riichi = set(), set()
    if any(t >= 34 for d in rec.dealt for t in d):
        f.add("red_five")
    for ev in rec.events:
        t = type(ev)
        if t is Call:
            f.update(("kan",) if ev.kind in KAN else ())
            if ev.kind in OPEN:
                called.add(ev.seat)
        elif t is Discard and ev.riichi:
            riichi.add(ev.seat)
            f.add("riichi")
        elif t is Kita:
            f.add("kita")
        if t in (Draw, Discard) and ev.tile >= 34:
            f.add("red_five")
    end = rec.end
    if end is None:
        return
    if end.kind == "win":
        _win_kinds(f, len(end.wins), end.wins[0].winner == end.wins[0].from_seat)
        f.add("scored_win")
        for w in end.wins:
            f.update(x for x, on in (("open_win", w.winner in called), ("riichi_win", w.winner in riichi),
                                     ("pao", w.pao is not None)) if on)
    elif end.kind in ("exhaustive_draw", "nagashi_mangan"):
        f.add("exhaustive_draw")
        if end.kind == "nagashi_mangan":
            f.add("nagashi")
    elif end.reason:
        f.add("triple_ron" if end.reason == "sanchahou" else end.reason)


def _short_features(rec, f: set) -> None:
    r = rec.result
    if rec.riichi:
        f.add("riichi")
    if any(rec.kita):
        f.add("kita")
    if r.kind in ("ron", "tsumo"):
        _win_kinds(f, len(r.wins), r.kind == "tsumo")
    elif r.kind == "exhaustive_draw":
        f.add("exhaustive_draw")
        if r.nagashi:
            f.add("nagashi")
    elif r.kind == "abortive_draw" and r.reason:
        f.add("triple_ron" if r.reason == "sanchahou" else r.reason)
    elif r.kind == "chombo":
        f.add("chombo")
    for w in r.wins:
        if w.winner in rec.riichi:
            f.add("riichi_win")
        if w.pao is not None:
            f.add("pao")
        req = w.score_request
        if req is not None:
            f.add("scored_win")
            codes = tuple(req.hand.all_codes()) + (req.win_tile,)
            f.update(x for x, on in (("open_win", not req.hand.is_closed), ("red_five", any(t >= 34 for t in codes)),
                                     ("kan", any(len(m.tiles) == 4 for m in req.hand.melds)),
                                     ("riichi_win", req.situation.riichi != "none"),
                                     ("kita", bool(req.situation.kita))) if on)
        elif w.yakuman:
            f.add("yakuman")
        else:
            _value_features(w.han, w.fu, f)


def _value_features(han: int, fu: int, f: set) -> None:
    if han >= 13:
        f.add("kazoe")
    if (han, fu) in ((4, 30), (3, 60)):
        f.add("kiriage")


def _replay_features(result: GameResult, f: set) -> None:
    for h in result.hands:
        win = h.result in ("ron", "tsumo")
        if h.honba:
            f.add("honba")
            if win:
                f.add("honba_win")
        if h.result == "nagashi_mangan":
            f.add("nagashi")
        if min(h.scores) < 0:
            f.add("bust")
        for w in h.wins:
            if w.yakuman:
                f.add("yakuman")
            else:
                _value_features(w.han, w.fu, f)
    last = result.hands[-1] if result.hands else None
    if result.final.leftover_sticks or (last is not None and last.result not in ("ron", "tsumo")
                                        and (last.riichi_sticks or "riichi" in f)):
        f.add("sticks_at_end")


def _json(value):
    return list(value) if isinstance(value, tuple) else value
