"""Rules from the record (calculator.records.infer): small outcomes records written under one set of rules are
found to be played under it, a record nothing explains says so, ruled_out names each other preset's first
contradiction, the relevance data covers every option, and a sample of the public games is explained by a
preset with no change (skipped without ../shared)."""
import gzip
import json
import os
from dataclasses import replace

import pytest

from calculator.core.errors import InvalidHand
from calculator.records import infer
from calculator.records.formats import READERS
from calculator.records.compare import Difference
from calculator.records.games import HandResult, replay_game, replay_steps
from calculator.records.infer import FEATURES, OPTION_FEATURES, infer_rules, record_features
from calculator.records.model import HandRecord
from calculator.records.outcomes import read_outcomes
from calculator.rules import OPTION_FIELDS, PRESETS
from tests.paths import SHARED

EAST = {"game_length": "east_only"}
# East-only, 4 hands: a ron, a draw (honba 1), a double ron with that honba (4 han 30 fu: kiriage), a 3 han 60 fu
# tsumo; seat 2 ends on 30,000, so the game ends after the fourth hand under every preset
HANDS = [
    {"result": "ron", "from": 1, "wins": [{"winner": 2, "han": 5, "fu": 30}], "riichi": [2]},
    {"result": "exhaustive_draw", "ready": [0], "riichi": []},
    {"result": "ron", "from": 0, "wins": [{"winner": 1, "han": 2, "fu": 30}, {"winner": 3, "han": 4, "fu": 30}],
     "riichi": []},
    {"result": "tsumo", "wins": [{"winner": 0, "han": 3, "fu": 60}], "riichi": [1]},
]


def outcomes(hands=HANDS, **extra):
    return {"players": ["A", "B", "C", "D"], "length": "east_only", "hands": hands, **extra}


def written_under(preset: str, hands=HANDS, **options) -> dict:
    """An outcomes record whose recorded deltas and final are those of `preset` with `options`."""
    data = outcomes(hands)
    rules = replace(PRESETS[preset].rules, game_length="east_only", **options)
    played = replay_game(read_outcomes(data, None), rules)
    assert played.differences == ()
    return {**data, "hands": [{**h, "recorded_deltas": list(r.deltas)} for h, r in zip(hands, played.hands)],
            "recorded_final": {"scores": [s.points for s in played.final.standings],
                               "points": [s.final for s in played.final.standings]}}


def found(data, facts=EAST, infer_length=False):
    return infer_rules(read_outcomes(data, None), facts=facts, infer_length=infer_length)


@pytest.mark.parametrize("preset, options, want_preset, want_options", [
    pytest.param("tenhou", {}, "tenhou", {}, id="tenhou: its rounding and uma"),
    pytest.param("mahjong_soul", {}, "mahjong_soul", {}, id="mahjong_soul: the same hands, its end points"),
    pytest.param("wrc", {}, "wrc", {}, id="wrc: 30,000 start, no oka"),
    pytest.param("ema", {}, "ema", {}, id="ema: sticks back to the own winner of a double ron"),
    pytest.param("japanese_transitional", {}, "japanese_modern", {},
                 id="transitional differs only in furiten: the preset listed first"),
    pytest.param("tenhou", {"kiriage_mangan": True}, "tenhou", {"kiriage_mangan": True}, id="tenhou + kiriage"),
    pytest.param("tenhou", {"honba_multi_ron": "each_winner"}, "tenhou", {"honba_multi_ron": "each_winner"},
                 id="tenhou, but honba paid to both winners of the double ron"),
])
def test_a_record_is_found_under_the_rules_it_was_written_under(preset, options, want_preset, want_options):
    got = found(written_under(preset, **options))
    assert (got.preset, got.options, got.explains) == (want_preset, want_options, True)
    assert got.result.agrees is True and all(h.agrees for h in got.result.hands)
    assert got.from_record == EAST
    assert got.tried >= 6 + bool(options)


def test_presets_that_explain_equally_are_listed_not_ruled_out():
    got = found(written_under("japanese_modern"))
    assert got.preset == "japanese_modern" and got.equally == (("japanese_transitional", {}),)
    assert "japanese_transitional" not in [c.preset for c in got.ruled_out]


def test_ruled_out_names_each_other_preset_and_its_first_contradiction():
    got = found(written_under("tenhou"))
    by = {c.preset: c for c in got.ruled_out}
    assert list(by) == ["japanese_modern", "japanese_transitional", "mahjong_soul", "ema", "wrc", "taiwanese_16",
                        "european_classical", "french", "italian", "tenhou_sanma"]
    # the double ron with a counter: japanese_modern pays the honba to both winners, Tenhou to the nearest
    assert (by["japanese_modern"].hand, by["japanese_modern"].field) == (2, "deltas")
    assert by["japanese_modern"].recorded != by["japanese_modern"].computed
    # mahjong_soul agrees on every hand and differs only in the final points (no rounding, its uma)
    assert (by["mahjong_soul"].hand, by["mahjong_soul"].field) == (None, "final.points")
    assert by["mahjong_soul"].recorded == [-13, -35, 40, 8]
    assert (by["taiwanese_16"].field, by["taiwanese_16"].recorded, by["taiwanese_16"].computed) == \
        ("scoring_family", "japanese", "taiwanese")
    assert (by["tenhou_sanma"].field, by["tenhou_sanma"].recorded, by["tenhou_sanma"].computed) == ("players", 4, 3)
    assert got.tried == 6   # the Japanese four-player presets only: no option change is needed


def test_a_preset_kept_with_a_change_is_ruled_out_unchanged():
    got = found(written_under("tenhou", kiriage_mangan=True))
    tenhou = [c for c in got.ruled_out if c.preset == "tenhou"]
    assert len(tenhou) == 1 and tenhou[0].options == {} and tenhou[0].hand == 2   # the 4 han 30 fu win


@pytest.mark.parametrize("edit, want_hands", [
    pytest.param({3: [1, 2, 3, -6]}, 3, id="last hand's deltas nobody pays"),
    pytest.param({0: [0, 0, 0, 0], 3: [1, 2, 3, -6]}, 2, id="two hands nobody explains"),
])
def test_a_record_no_candidate_explains(edit, want_hands):
    data = written_under("tenhou")
    for i, deltas in edit.items():
        data["hands"][i]["recorded_deltas"] = deltas
    got = found(data)
    assert got.explains is False
    assert sum(h.agrees is not False for h in got.result.hands) == want_hands
    assert got.tried > 6   # single option changes were tried
    assert got.preset == "tenhou" and got.options == {}   # the one that explains the most (and the final)


def test_a_game_played_past_the_end_is_a_contradiction_of_where_it_ends():
    """Eight draws nobody is ready at: Tenhou plays an East-only game on into South until someone has 30,000 (at
    most four more hands); japanese_modern ends it after East 4, and the fifth hand contradicts it."""
    data = written_under("tenhou", [{"result": "exhaustive_draw", "ready": [], "riichi": []}] * 8)
    got = found(data)
    assert (got.preset, got.options, got.explains) == ("tenhou", {}, True)
    modern = next(c for c in got.ruled_out if c.preset == "japanese_modern")
    assert (modern.hand, modern.field, modern.recorded, modern.computed) == (4, "hands", 8, 4)


def test_the_length_follows_the_hands_when_the_record_does_not_say():
    data = written_under("tenhou")
    data.pop("length")
    got = found(data, facts={}, infer_length=True)
    assert (got.preset, got.options, got.from_record, got.explains) == ("tenhou", {}, {}, True)


def test_an_option_no_hand_can_show_is_not_tried():
    """No kan, no red five, no abortive draw: the options about them are never candidates."""
    features = record_features(read_outcomes(written_under("tenhou"), None))
    others = [PRESETS[p].rules for p in ("japanese_modern", "tenhou", "mahjong_soul", "wrc")]
    changes = {o for o, _ in infer._changes(PRESETS["tenhou"].rules, features, others, {}, False)}
    assert not changes & {"kan_dora", "kan_ura_dora", "red_fives", "abort_four_kongs", "abort_nine_terminals",
                          "nagashi_mode", "penalty_chombo", "game_length"}
    assert {"kiriage_mangan", "honba_multi_ron", "riichi_pool_multi_ron", "final_uma"} <= changes


@pytest.mark.parametrize("hand, feature", [
    pytest.param({"result": "abortive_draw", "reason": "suukaikan", "riichi": []}, "suukaikan", id="four kans"),
    pytest.param({"result": "abortive_draw", "reason": "sanchahou", "riichi": []}, "triple_ron", id="triple ron"),
    pytest.param({"result": "exhaustive_draw", "ready": [], "nagashi": [1], "riichi": []}, "nagashi", id="nagashi"),
    pytest.param({"result": "chombo", "offender": 1}, "chombo", id="chombo"),
    pytest.param({"result": "tsumo", "wins": [{"winner": 0, "han": 13, "fu": 40}], "riichi": []}, "kazoe",
                 id="13 han"),
    pytest.param({"result": "tsumo", "wins": [{"winner": 0, "yakuman": 1}], "riichi": []}, "yakuman", id="yakuman"),
    pytest.param({"result": "ron", "from": 1, "wins": [{"winner": 0, "yakuman": 1, "pao": 2}], "riichi": []},
                 "pao", id="a liable seat"),
])
def test_record_features(hand, feature):
    assert feature in record_features(read_outcomes(outcomes([hand]), None))


def test_every_option_is_mapped_to_features_that_exist():
    assert set(OPTION_FIELDS) <= set(OPTION_FEATURES), sorted(set(OPTION_FIELDS) - set(OPTION_FEATURES))
    assert not set(OPTION_FEATURES) - set(OPTION_FIELDS), "relevance.toml names options the registry has not"
    used = {f for fs in OPTION_FEATURES.values() for f in fs}
    assert used <= set(FEATURES), sorted(used - set(FEATURES))
    assert set(FEATURES) <= used, f"features no option depends on: {sorted(set(FEATURES) - used)}"


def test_replay_steps_stop_where_asked():
    """The replay is a generator: a consumer that stops after the first hand replays no further."""
    record = read_outcomes(outcomes(), None)
    seen = []
    for step in replay_steps(record._replace(hands=record.hands[:1] + (HandRecord("x"),)),
                             replace(PRESETS["tenhou"].rules, game_length="east_only")):
        seen.append(step)
        break   # the second hand, which cannot be replayed, is never reached
    assert len(seen) == 1 and seen[0].result == "ron"


# ---------------------------------------------------------------- the public games (../shared)

DATA = os.path.join(SHARED, "data", "games.jsonl.gz")
SANMA = os.path.join(SHARED, "data", "sanma.jsonl.gz")


def _sample(path, n, keep=lambda g: True):
    if not os.path.exists(path):
        pytest.skip("../shared/data is not present")
    out = []
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            g = json.loads(line)
            if keep(g):
                out.append(g)
                if len(out) == n:
                    break
    return out


def _read(fmt, data):
    return read_outcomes(data, None) if fmt == "outcomes" else READERS[fmt][0](data)


@pytest.mark.parametrize("path, formats, n, want", [
    pytest.param(DATA, (("tenhou.mjlog", "mjlog"), ("tenhou.6", "tenhou6"), ("outcomes", "outcomes")), 20, "tenhou",
                 id="four players"),
    pytest.param(SANMA, (("tenhou.mjlog", "mjlog"), ("outcomes", "outcomes")), 10, "tenhou_sanma",
                 id="three players"),
])
def test_public_games_are_explained_by_tenhou(path, formats, n, want):
    games = _sample(path, n, lambda g: g.get("schema", "sanma-game/1") == "sanma-game/1")
    for g in games:
        for fmt, key in formats:
            record = _read(fmt, g[key])
            facts, infer_length = record.flags.options(), record.flags.length is None
            got = infer_rules(record, facts=facts, infer_length=infer_length)
            assert (got.preset, got.options, got.explains) == (want, {}, True), (g["game_id"], fmt, got.ruled_out)
            assert all(h.agrees is not False for h in got.result.hands) and got.result.agrees is not False
            # each preset is ruled out where its own full replay first disagrees (or stops)
            for c in got.ruled_out:
                if c.field not in ("players", "scoring_family"):
                    rules = replace(PRESETS[c.preset].rules, **{k: tuple(v) if isinstance(v, list) else v
                                                               for k, v in facts.items()})
                    assert _first_contradiction(record, rules, infer_length) == c.hand, (g["game_id"], fmt, c)


def _first_contradiction(record, rules, infer_length):
    """The index of the first hand the replay under `rules` disagrees on or cannot replay (None: the final)."""
    i = 0
    try:
        for step in replay_steps(record, rules, infer_length, True):
            if isinstance(step, HandResult):
                if step.agrees is False:
                    return i
                i += 1
            elif isinstance(step, Difference):
                return i
            else:
                assert step.differences, "a preset ruled out agrees everywhere"
                return None
    except InvalidHand:
        return i
