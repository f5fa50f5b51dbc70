"""Damaged records of every input format through POST /v1/games and POST /v1/convert (both targets): an answer or
a problem, never a 500.

Each body is a real or hand-made record (tests/cases, tests/mjai_logs, tests/mjsoul_samples and, where
../shared sits beside the checkout, the samples of ../shared/data/formats) with one to three edits: a list
entry deleted, repeated or swapped, a key deleted, a number moved, a value replaced by an odd one (the XML log:
a tag deleted, repeated or replaced, an attribute's value replaced; the mjai JSON lines: a line deleted, repeated
or cut). The draws are seeded, so every run sends the same bodies; a long run (HYPOTHESIS_PROFILE=long,
tests/budget.py) sends ten times as many. Every non-200 answer must be a problem+json whose errors each name a
pointer, a code and a detail. The bodies the fuzz found a 500 for are kept below as regression cases.
"""
from __future__ import annotations

import copy
import json
import os
import random
import re

import pytest

from tests.api.test_games_api import MJLOG, OUTCOMES, TENHOU6
from tests.budget import examples
from tests.mjai_logs import dealer_tsumo, exhaustive, riichi_ron, ron_without_yaku, sanma_kita_tsumo
from tests.mjsoul_samples import RANKED, hand_made, three_player
from tests.paths import CASES, SHARED

FORMATS = os.path.join(SHARED, "data", "formats")
TARGETS = ("tenhou.6", "mjai")
BODIES = examples(30)        # per input shape: six shapes, three requests each


def _shared(name: str):
    """A sample of ../shared/data/formats (None where ../shared is absent: the shape keeps its other samples)."""
    path = os.path.join(FORMATS, name)
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return f.read() if name.endswith(".jsonl") else json.load(f)


def _sanma_games() -> list[dict]:
    with open(os.path.join(CASES, "games", "sanma_games.jsonl"), encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def _first_deal_of_mjsoul(record):
    """A Mahjong Soul record cut before its second deal (a whole game is slow to replay hundreds of times)."""
    if record is None:
        return None
    inner = record["data"]["data"] if "name" in record["data"] else record["data"]
    key = "records" if "records" in inner else "actions"
    starts = [i for i, e in enumerate(inner[key]) if "RecordNewRound" in json.dumps(e)[:200]]
    inner[key] = inner[key][:starts[1]] if len(starts) > 1 else inner[key]
    return record


def _first_deals_of_lines(text, deals: int = 2):
    """An mjai JSON-lines log cut after its first deals."""
    if text is None:
        return None
    lines, ends = [], 0
    for line in text.splitlines():
        lines.append(line)
        ends += '"end_kyoku"' in line
        if ends == deals:
            break
    return "\n".join(lines)


def _tenhou6_mjai(client) -> list:
    """The tonpuu game's tenhou.6 log as the service writes it in mjai (a real game, as an mjai log)."""
    resp = client.post("/v1/convert", json={"record": {"format": "tenhou.6", "data": TENHOU6}, "to": "mjai"})
    assert resp.status_code == 200, resp.get_data(as_text=True)[:300]
    return resp.get_json()["data"]


def samples(client) -> dict:
    """Per input shape, (record data, rules or None) pairs; the XML and the JSON-lines logs are strings."""
    sanma = _sanma_games()
    with open(os.path.join(CASES, "tenhou_2022010907gm-00a9-0000-85d38b5d.mjlog"), encoding="utf-8") as f:
        short_xml = f.read()
    tonpuu_mjai = _tenhou6_mjai(client)
    tenhou_rules = {"preset": "tenhou"}
    out = {
        "tenhou.mjlog": [(MJLOG, None), (short_xml, None), (sanma[6]["mjlog"], None)],
        "tenhou.6": [(TENHOU6, None)] + [(_shared(f"sanma_tenhou6_{name}.json"), None) for name in (
            "chankan", "kokushi_peinuki")],
        "mjai": [(tonpuu_mjai, tenhou_rules), (dealer_tsumo(), tenhou_rules), (riichi_ron(), None),
                 (exhaustive(), tenhou_rules), (sanma_kita_tsumo(), {"preset": "tenhou_sanma"}),
                 (ron_without_yaku(), None)],
        "mjai lines": [("\n".join(json.dumps(e) for e in tonpuu_mjai), tenhou_rules),
                       ("\n".join(json.dumps(e) for e in riichi_ron()), None),
                       (_first_deals_of_lines(_shared("riichienv_126_204_0_mjai.jsonl")), tenhou_rules)],
        "mahjong_soul": [(hand_made(), None), (hand_made("actions"), None), (three_player(), None),
                         (_first_deal_of_mjsoul(_shared(os.path.join("mjsoul", RANKED))), None)],
        "outcomes": [(OUTCOMES, None), (sanma[6]["outcomes"], None), (sanma[0]["outcomes"], None)],
    }
    return {shape: [s for s in rows if s[0] is not None] for shape, rows in out.items()}


# ---------------------------------------------------------------- the damage

ODD = (None, True, False, 0, 1, -1, 2, 3, 4, 5, 13, 60, 99, 3.5, 10 ** 12, "", "x", "1", "0", "r60", "p464646",
       "c121314", "11a1111", "f44", "5mr", "?", "N", "1z", "5s", "和了", "流局", "全員聴牌", "九種九牌", "30符1000点",
       "満貫8000点", "1000-2000点", "40符2飜1300点∀", "役満32000点", "3飜3900点", "立直(1飜)", "ドラ(13飜)",
       "国士無双(役満)", [], {}, [0], ["1m"], [1, 2], [0, 0, 0, 0], [25000, 25000, 25000, 25000], {"a": 1},
       float("nan"), float("inf"))   # the test client's encoder writes these as NaN and Infinity, as some do
ATTRIBUTE_VALUES = ('""', '"0"', '"1"', '"-1"', '"x"', '"1,2"', '"0,0,0"', '"999"', '"135"', '"136"', '"0,0,0,0"',
                    '"1,1,1,1,1,1,1,1,1,1,1,1,1,1"', '"30,1000,0"', '"a,b"', '"%ZZ"', '"4,1"')
SOFT_TAGS = ("AGARI", "RYUUKYOKU", "INIT", "GO", "UN", "DORA", "REACH", "N ")     # the XML's own soft parts
LACKED = re.compile(r"(?<![A-Za-z_])None(?![A-Za-z_])")
TAG = re.compile(r"<[^>]*>")
VALUE = re.compile(r'"[^"]*"')


def _places(value, path=()):
    """Every place of a JSON value below its root, parents first."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield path + (k,)
            yield from _places(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield path + (i,)
            yield from _places(v, path + (i,))


# the parts of a record its readers check least (results, counters, scores, indicators): half the JSON edits
# fall there, so that damage reaches the replay and the writers, not only the readers' first checks
SOFT_EVENTS = {"start_game", "start_kyoku", "hora", "ryukyoku", "reach_accepted", "dora", "end_kyoku"}
SOFT_KEYS = {"head", "hules", "delta_scores", "scores", "old_scores", "doras", "li_doras", "fans", "count", "fu",
             "point_rong", "point_zimo_qin", "point_zimo_xian", "liqibang", "ben", "chang", "ju", "zimo", "yiman",
             "name", "rule", "sc", "recorded_final", "recorded_deltas", "wins", "riichi", "ready", "from"}


def _soft(doc, place) -> bool:
    if isinstance(doc, list):       # mjai: the events
        event = doc[place[0]]
        return isinstance(event, dict) and str(event.get("type")) in SOFT_EVENTS
    if place[0] == "log":           # tenhou.6: a deal's header, scores, indicators and result
        return len(place) > 2 and place[2] in (0, 1, 2, 3, 16)
    return any(key in SOFT_KEYS for key in place)


def damaged_json(rnd: random.Random, doc, edits: int):
    """`doc` with `edits` random edits, and what they were (for the failure message)."""
    doc, done = copy.deepcopy(doc), []
    for _ in range(edits):
        places = list(_places(doc))
        soft = [p for p in places if _soft(doc, p)]
        if soft and rnd.random() < 0.5:
            places = soft
        if not places:
            break
        place = rnd.choice(places)
        parent = doc
        for key in place[:-1]:
            parent = parent[key]
        key, roll = place[-1], rnd.random()
        if roll < 0.2:
            del parent[key]
            done.append(("delete", place))
        elif roll < 0.3 and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(rnd.choice(parent)))
            done.append(("repeat", place))
        elif roll < 0.4 and isinstance(parent, list):
            other = rnd.randrange(len(parent))
            parent[key], parent[other] = parent[other], parent[key]
            done.append(("swap", place, other))
        elif roll < 0.55 and type(parent[key]) is int:
            parent[key] += rnd.choice((-1000, -100, -1, 1, 8, 100, 1000))
            done.append(("number", place, parent[key]))
        else:
            parent[key] = copy.deepcopy(rnd.choice(ODD))
            done.append(("set", place, parent[key]))
    return doc, done


def damaged_xml(rnd: random.Random, text: str, edits: int):
    done = []
    for _ in range(edits):
        tags = [m.span() for m in TAG.finditer(text)]
        soft = [(a, b) for a, b in tags if text[a + 1:b].startswith(SOFT_TAGS)]
        a, b = rnd.choice(soft if soft and rnd.random() < 0.5 else tags)
        roll = rnd.random()
        if roll < 0.25:
            text, edit = text[:a] + text[b:], "delete"
        elif roll < 0.4:
            text, edit = text[:b] + text[a:b] + text[b:], "repeat"
        elif roll < 0.5:
            c, d = rnd.choice(tags)
            text, edit = text[:a] + text[c:d] + text[b:], f"replace with {text[c:d][:30]}"
        else:
            tag = text[a:b]
            values = list(VALUE.finditer(tag))
            if values:
                m = rnd.choice(values)
                tag = tag[:m.start()] + rnd.choice(ATTRIBUTE_VALUES) + tag[m.end():]
            elif tag[1:2] in "TUVWDEFG":      # a draw or discard: another tile id
                tag = f"{tag[:2]}{rnd.randrange(140)}/>"
            text, edit = text[:a] + tag + text[b:], f"now {tag[:40]}"
        done.append((a, text[a:b][:30], edit))
    return text, done


def damaged_lines(rnd: random.Random, text: str, edits: int):
    lines, done = text.splitlines(), []
    for _ in range(edits):
        i = rnd.randrange(len(lines))
        roll = rnd.random()
        if roll < 0.4:
            del lines[i]
            done.append(("delete line", i))
        elif roll < 0.7:
            lines.insert(i, rnd.choice(lines))
            done.append(("repeat a line at", i))
        else:
            lines[i] = lines[i][:rnd.randrange(len(lines[i]) + 1)]
            done.append(("cut line", i, lines[i][-20:]))
    return "\n".join(lines), done


def damaged(rnd: random.Random, shape: str, data):
    edits = rnd.choice((1, 1, 1, 2, 3))
    if shape == "tenhou.mjlog":
        return damaged_xml(rnd, data, edits)
    if shape == "mjai lines":
        if rnd.random() < 0.5:
            return damaged_lines(rnd, data, edits)
        events, done = damaged_json(rnd, [json.loads(line) for line in data.splitlines()], edits)
        return "\n".join(json.dumps(e) for e in events), done
    return damaged_json(rnd, data, edits)


# ---------------------------------------------------------------- the checks

def _no_constant(name):
    raise AssertionError(f"{name} is not JSON")


def answered_or_refused(resp, what) -> None:
    """200 with a JSON answer (no NaN or Infinity), or a problem+json whose every error names its pointer, code and
    detail (413: the body's size)."""
    assert resp.status_code in (200, 413, 422), (what, resp.status_code, resp.get_data(as_text=True)[:300])
    if resp.status_code == 200:
        text = resp.get_data(as_text=True)
        json.loads(text, parse_constant=_no_constant)
        lacked = LACKED.search(text)        # a value a writer lacked, written as Python's None
        assert lacked is None, (what, text[lacked.start() - 80:][:160])
        return
    assert resp.mimetype == "application/problem+json", what
    problem = resp.get_json()
    errors = problem.get("errors") if resp.status_code == 422 else [{"pointer": "#", "code": "-", "detail": "-"}]
    assert errors, (what, problem)
    for e in errors:
        assert isinstance(e.get("pointer"), str) and e["pointer"].startswith("#"), (what, e)
        assert e.get("code") and e.get("detail"), (what, e)


def all_routes(client, body: dict, what) -> list[int]:
    """The body through /v1/games and /v1/convert to each target; the statuses."""
    statuses = []
    for path, extra in [("/v1/games", {})] + [("/v1/convert", {"to": to}) for to in TARGETS]:
        resp = client.post(path, json={**body, **extra})
        answered_or_refused(resp, (path, extra, what))
        statuses.append(resp.status_code)
    return statuses


@pytest.fixture(scope="module")
def records(client):
    return samples(client)


PRESETS = ("japanese_modern", "tenhou", "mahjong_soul", "ema", "wrc", "taiwanese_16", "european_classical",
           "tenhou_sanma")
SHAPES = ("tenhou.mjlog", "tenhou.6", "mjai", "mjai lines", "mahjong_soul", "outcomes")


@pytest.mark.parametrize("shape", SHAPES)
def test_damaged_records_are_answered_or_refused_never_a_500(client, records, shape):
    rnd = random.Random(f"records-fuzz {shape}")      # a string seed: the same bodies on every run
    fmt = "mjai" if shape == "mjai lines" else shape
    statuses = set()
    for i in range(BODIES):
        data, rules = rnd.choice(records[shape])
        data, done = damaged(rnd, shape, data)
        body = {"record": {"format": fmt, "data": data}}
        roll = rnd.random()
        if roll < 0.1:
            body["infer_rules"] = True
        elif roll < 0.2:
            body["rules"] = {"preset": rnd.choice(PRESETS)}
        elif rules is not None:
            body["rules"] = rules
        statuses.update(all_routes(client, body, (shape, i, done, body.get("rules"))))
    assert {200, 422} <= statuses      # the damage reaches past the readers, and they refuse some of it


# ---------------------------------------------------------------- what the fuzz found (each once a 500, or a value
# written with "None" or 0 in it)

def _edited(doc, *edits):
    """A copy of `doc` with the values at the given places replaced: (place, value) pairs; value DELETE: the key or
    entry taken away."""
    doc = copy.deepcopy(doc)
    for place, value in edits:
        node = doc
        for key in place[:-1]:
            node = node[key]
        if value is DELETE:
            del node[place[-1]]
        else:
            node[place[-1]] = value
    return doc


DELETE = object()
WIN_VALUE = ("log", 3, 16, 2, 3)      # East 4's tsumo: "20符3飜700-1300点", 門前清自摸和, 平和, 断幺九
TONPUU_EAST_4 = "20符3飜700-1300点"
HULE = ("data", "records", 10, "data", "hules", 0)     # the hand-made Mahjong Soul game's ron: 8,000 (満貫)
TENHOU = {"preset": "tenhou"}


def _east_4_value(data):
    return data["log"][3][16][2][3]


@pytest.mark.parametrize("fmt, data, rules, to, status, found", [
    # /tmp convert500: the points text a number (the reader keeps no points): written from the replay's win
    pytest.param("tenhou.6", _edited(TENHOU6, (WIN_VALUE, 1)), TENHOU, "tenhou.6", 200,
                 lambda out: out["log"] == TENHOU6["log"], id="tenhou6-win-value-a-number-written-from-the-replay"),
    pytest.param("tenhou.6", _edited(TENHOU6, (WIN_VALUE, 1)), TENHOU, "mjai", 200,
                 lambda out: [e for e in out if e["type"] == "hora"][3]["deltas"] == [3000, -800, -1400, -800], id="tenhou6-win-value-a-number-to-mjai"),
    pytest.param("tenhou.6", _edited(TENHOU6, (WIN_VALUE, "3飜700-1300点")), None, "tenhou.6", 200,
                 lambda out: _east_4_value(out) == TONPUU_EAST_4, id="tenhou6-win-value-without-fu"),
    pytest.param("tenhou.6", _edited(TENHOU6, (WIN_VALUE, 1), (("log", 3, 5, 16), 41)), TENHOU, "tenhou.6", 422,
                 ("#/record/data/log/3/16/2/3", "unreadable_win_value"),     # the winning draw an East: no win
                 id="tenhou6-unreadable-value-of-a-win-the-replay-lacks"),
    pytest.param("tenhou.6", _edited(TENHOU6, (("log", 2, 2), [])), None, "mjai", 422,
                 ("#/record/data/log/2/2", "invalid_record"), id="tenhou6-deal-without-dora-indicator"),
    pytest.param("tenhou.6", _edited(TENHOU6, (("sc", 1), float("inf"))), None, "tenhou.6", 422,
                 ("#/record/data/sc/1", "invalid_record"), id="tenhou6-final-points-infinity"),
    pytest.param("tenhou.6", _edited(TENHOU6, (("sc", 0), float("nan"))), None, "tenhou.6", 422,
                 ("#/record/data/sc/0", "invalid_record"), id="tenhou6-final-score-nan"),
    # a long records fuzz run: a null room name was written back as the text "None"
    pytest.param("tenhou.6", _edited(TENHOU6, (("rule", "disp"), None)), None, "tenhou.6", 200,
                 lambda out: out["rule"]["disp"] == "喰赤" and out["log"] == TENHOU6["log"],   # as with no disp:
                 id="tenhou6-room-name-null-as-absent"),                                  # from the red fives
    pytest.param("tenhou.6", _edited(TENHOU6, (("rule", "disp"), 5)), None, "tenhou.6", 422,
                 ("#/record/data/rule/disp", "invalid_record"), id="tenhou6-room-name-a-number"),
    pytest.param("mjai", _edited(riichi_ron(), ((1, "tehais", 3, 3), "?")), None, "tenhou.6", 422,
                 ("#/record/data/1", "hidden_tiles"), id="mjai-hidden-dealt-tile-to-tenhou6"),
    pytest.param("mjai", _edited(riichi_ron(), ((4, "pai"), "?")), None, "tenhou.6", 422,
                 ("#/record/data/4", "hidden_tiles"), id="mjai-hidden-draw-to-tenhou6"),
    pytest.param("mjai", "\n".join(json.dumps(e) for e in _edited(riichi_ron(), ((4, "pai"), "?"))), None,
                 "tenhou.6", 422, ("#/record/data/line/5", "hidden_tiles"), id="mjai-lines-hidden-draw-to-tenhou6"),
    pytest.param("mjai", _edited(riichi_ron(), ((1, "tehais", 3, 3), "?")), None, "mjai", 200,
                 lambda out: out[1]["tehais"][3][3] == "?", id="mjai-hidden-dealt-tile-to-mjai"),
    pytest.param("mahjong_soul", _edited(hand_made(), (HULE + ("point_rong",), DELETE)), None, "tenhou.6", 200,
                 lambda out: out["log"][0][16][2][3] == "満貫8000点", id="mahjong-soul-win-without-points"),
])
def test_records_the_fuzz_found(client, fmt, data, rules, to, status, found):
    body = {"record": {"format": fmt, "data": data}, "to": to}
    if rules is not None:
        body["rules"] = rules
    resp = client.post("/v1/convert", json=body)
    assert resp.status_code == status, resp.get_data(as_text=True)[:400]
    if status == 422:
        errors = resp.get_json()["errors"]
        assert [(e["pointer"], e["code"]) for e in errors] == [found], errors
        assert len(errors[0]["detail"]) > 40      # a sentence: the problem and its fix
        return
    out = resp.get_json()["data"]
    assert found(out), json.dumps(out)[:400]
    assert LACKED.search(json.dumps(out, ensure_ascii=False)) is None
    del body["to"]
    assert client.post("/v1/games", json=body).status_code == 200
