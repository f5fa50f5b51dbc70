"""/v1/ready, /v1/evaluate, /v1/furiten and /v1/score write their answers straight as JSON text
(schemas/answer_text.py): byte for byte what the app's encoder writes for the answer dicts of schemas/answers.py,
for seeded random positions under every preset and sacred-discard variant, and the same through the app (an answer
with notes keeps the dict path)."""
from __future__ import annotations

import json
import os
import random
import sys

import pytest

import app as service
import calculator
from intake.evaluate import read_evaluate
from intake.ready import read_furiten, read_ready
from intake.score import read_score
from calculator.rules.loader import PRESET_NAMES
from schemas.answer_text import JSONText, evaluate_text, furiten_text, ready_text, score_text
from schemas.answers import evaluate_answer, furiten_answer, ready_answer, score_answer
from schemas.evaluate import evaluate_notes
from schemas.notes import with_notes
from calculator.core.errors import InvalidHand
from calculator.core.notation import format_tiles, parse_tiles
from calculator.rules import preset_rules
from tests.calculator.play.test_evaluate_differential import _loads, position_body
from tests.random_hands import WALL, near_ready

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "bench"))
from bench_http import BODIES  # noqa: E402

APP = service.create_app()
CLIENT = APP.test_client()
VARIANTS = ("traditional", "extended", "one_four_seven", "absolute")
FURITEN_KEYS = {"hand", "melds", "discards", "missed", "missed_after_riichi", "riichi", "rules"}


def encoded(answer: dict) -> str:
    with APP.app_context():
        return APP.json.dumps(answer, separators=(",", ":"))


def bodies(preset: str, count: int):
    """Seeded positions that load under `preset`, each also under another sacred-discard variant."""
    for seed in range(count):
        rng = random.Random(seed * 104729 + len(preset))
        for _ in range(50):
            body = position_body(rng, preset, seed)
            if _loads(body):
                break
        else:
            continue
        yield body
        yield {**body, "rules": {**body["rules"], "sacred_discard_variant": VARIANTS[seed % 4]}}


def check_evaluate(body: dict) -> tuple[bool, bool]:
    call = read_evaluate(body)
    preset, req = call
    e = calculator.evaluate(req)
    want = encoded(evaluate_notes(evaluate_answer(preset, e), call.notes, preset, req.rules))
    text = evaluate_text(preset, e, call.notes)
    if text is not None:
        assert type(text) is JSONText and text == want, body
    got = CLIENT.post("/v1/evaluate", json=body)
    assert got.status_code == 200 and got.data == (want + "\n").encode(), body
    return text is not None, any(w.ron is not None and w.ron.is_win for w in e.waits)


def check_text(route: str, schema, calculate, write, build, body: dict) -> bool:
    """The route's answer to `body` is the encoded answer dict, and so is its text when `write` writes one."""
    req = schema(body)
    r = calculate(req)
    want = encoded(with_notes(build(req.preset, r), req.notes, req.preset, req.rules))
    text = write(req.preset, r, req.notes)
    if text is not None:
        assert type(text) is JSONText and text == want, body
    got = CLIENT.post(route, json=body)
    assert got.status_code == 200 and got.data == (want + "\n").encode(), body
    return text is not None


def check_furiten(body: dict) -> bool:
    return check_text("/v1/furiten", read_furiten, lambda q: calculator.furiten_status(q.hand, q.history, q.rules),
                      furiten_text, furiten_answer, {k: v for k, v in body.items() if k in FURITEN_KEYS})


def check_ready(body: dict) -> bool:
    return check_text("/v1/ready", read_ready, lambda q: calculator.readiness(q.hand, q.visible, q.rules),
                      ready_text, ready_answer, body)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_text_is_the_encoded_answer(preset):
    written = wins = furiten = checked = 0
    for body in bodies(preset, 25):
        as_text, won = check_evaluate(body)
        written += as_text
        wins += won
        furiten += check_furiten(body)
        checked += 1
    assert checked >= 20 and furiten >= checked // 2, (checked, furiten)
    if preset in ("tenhou", "japanese_modern", "mahjong_soul", "wrc"):
        assert written >= checked // 2 and wins >= 5, (checked, written, wins)


def test_the_bench_bodies_are_written_as_text():
    assert check_evaluate(BODIES["/v1/evaluate"]) == (True, True)
    assert check_furiten(BODIES["/v1/furiten"])
    assert check_ready(BODIES["/v1/ready"])


def ready_bodies(preset: str, count: int):
    """Seeded waiting (13-tile) and drawn (14-tile) hands, some with a meld, some with visible tiles: `count`
    draws, of which the test keeps those the preset takes (three-player presets have no 2m-8m)."""
    rng = random.Random(len(preset) * 7919)
    groups = (preset_rules(preset).hand_size - 1) // 3
    for i in range(count):
        tiles = near_ready(rng, groups)
        if i % 2:   # a drawn hand: one more tile from what is left of the wall
            tiles.append(rng.choice([k for k in WALL if tiles.count(k) < 4]))
        body = {"hand": format_tiles(tiles), "rules": {"preset": preset}}
        if i % 3 == 0:
            body["visible"] = format_tiles(rng.sample([k for k in WALL if tiles.count(k) < 3], 4))
        if i % 5 == 0:   # the hand's first group as a pon or chi when it is one
            first = sorted(tiles)[:3]
            if first[0] == first[2] or (first[1] == first[0] + 1 and first[2] == first[0] + 2 and first[0] < 27):
                for t in first:
                    tiles.remove(t)
                body["hand"] = format_tiles(tiles)
                body["melds"] = [{"kind": "pon" if first[0] == first[2] else "chi", "tiles": format_tiles(first)}]
        yield body


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_ready_text_is_the_encoded_ready_answer(preset):
    written = checked = drawn = melded = 0
    for body in ready_bodies(preset, 1500):
        try:
            read_ready(body)
        except InvalidHand:   # a tile the preset does not play: nothing to compare
            continue
        checked += 1
        written += check_ready(body)
        drawn += len(parse_tiles(body["hand"])[0]) % 3 == 2   # a drawn hand: the answer lists its discards
        melded += "melds" in body
        if checked == 60:
            break
    assert checked >= 30 and drawn >= checked // 3 and melded, (checked, drawn, melded)
    assert written >= checked // 2, (checked, written)
    noted = {"hand": "123m406p789s2345s", "rules": {"preset": "tenhou", "red_fives": [0, 0, 0]}}
    assert "notes" in CLIENT.post("/v1/ready", json=noted).get_json()


@pytest.mark.parametrize("hand, win, extra", [
    ("123m456p789s1357z", "2p", {}),                                           # not a win: no_yaku-free reasons
    ("111z222z333z444z5z", "5z", {}),                                          # a double yakuman
    ("19m19p19s1234567z", "1m", {"honba": 2, "riichi_sticks": 1}),             # kokushi 13-sided, counters
    ("234567m234p67s55s", "8s", {"riichi": "riichi", "dora_indicators": "1m", "ura_dora_indicators": "4s"}),
])
def test_a_score_text_is_the_encoded_score_answer(hand, win, extra):
    for by in ("ron", "tsumo"):
        call = read_score({"hand": hand, "win_tile": win, "win_by": by, "seat_wind": "south",
                                      "round_wind": "east", **extra})
        r = calculator.score(call.request)
        assert score_text(r, call.preset) == encoded(score_answer(r, call.preset))
        assert score_text(r, None) == encoded(score_answer(r))


def test_debug_mode_indents_a_text_answer_as_flask_does():
    debug = service.create_app({"DEBUG": True})
    body = BODIES["/v1/evaluate"]
    call = read_evaluate(body)
    answer = evaluate_answer(call[0], calculator.evaluate(call[1]))
    with debug.app_context():
        want = debug.json.response(answer).get_data()
    assert debug.test_client().post("/v1/evaluate", json=body).data == want
    assert json.loads(want) == answer


def test_score_answers_sent_as_text_are_the_encoded_answers():
    # /v1/score writes a Japanese answer without notes or claim as text: the same bytes as the dict path, on the
    # committed real wins (tenhou and tenhou_sanma) and with a note or a claim (which take the dict path)
    from tests.real_hands import SAMPLE, records, score_body
    sent = 0
    for r in list(records(SAMPLE))[:120]:
        body = score_body(r)
        call = read_score(body)
        result = calculator.score_hand(call.request)
        want = encoded(with_notes(score_answer(result, call.preset), call.notes, call.preset, call.request.rules))
        got = CLIENT.post("/v1/score", json=body)
        assert got.status_code == 200 and got.data == (want + "\n").encode(), body
        sent += not call.notes
    assert sent >= 100
    noted = {"hand": "234567m234p67s05s", "win_tile": "8s", "win_by": "ron", "seat_wind": "south",
             "round_wind": "east", "rules": {"preset": "tenhou", "red_fives": [0, 0, 0]}}
    assert "notes" in CLIENT.post("/v1/score", json=noted).get_json()
    claimed = {**noted, "rules": {"preset": "tenhou"}, "claim": {"han": 2, "fu": 30}}
    assert "audit" in CLIENT.post("/v1/score", json=claimed).get_json()
