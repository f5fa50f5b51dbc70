"""Errors that teach (issue 15): every problem the service can report says what would have been valid."""
import ast
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
# words that state the rule or the fix: what is allowed, what to send, set, leave out or choose instead
FIX = re.compile(r"\b(must|needs?|give|send|set|leave|mark|use|takes|accepts|expected|valid|one of|at most|at least|"
                 r"only|goes in|choose|write|lists|has \d|have \d|is \d|are \d|a tile has|digits then|honours are|"
                 r"is one of|equal|include|from \d|whole number|instead|name|either|or left out|not both)\b"
                 r"|\b(has|have|is|are|declares)\s+(\{\}|\d)", re.I)


def issue_details():
    """(code, the static text of its detail, where) for every Issue(...) built in the service's code."""
    out = []
    for path in sorted([*ROOT.glob("calculator/**/*.py"), *ROOT.glob("schemas/*.py"), *ROOT.glob("web/*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            func = getattr(node, "func", None)
            if not (isinstance(node, ast.Call) and getattr(func, "id", getattr(func, "attr", None)) == "Issue"):
                continue
            if not node.args or not isinstance(node.args[0], ast.Constant) or len(node.args) < 2:
                continue
            text = "".join(n.value if isinstance(n, ast.Constant) and isinstance(n.value, str) else " {} "
                           for n in ast.walk(node.args[1]) if isinstance(n, (ast.Constant, ast.FormattedValue)))
            out.append((node.args[0].value, text, f"{path.relative_to(ROOT)}:{node.lineno}"))
    return out


DETAILS = issue_details()


def test_the_scan_finds_the_service_codes():
    codes = {c for c, _, _ in DETAILS}
    assert len(codes) >= 50 and {"too_many_copies", "wrong_tile_count", "unknown_option", "bad_meld"} <= codes


@pytest.mark.parametrize("code, text, where", [d for d in DETAILS if d[1].strip(" {}")],
                         ids=[f"{c}@{w.split('/')[-1]}" for c, t, w in DETAILS if t.strip(" {}")])
def test_every_problem_message_names_what_is_valid(code, text, where):
    assert FIX.search(text), f"{where}: {code}: {text!r} says what is wrong, not what would be valid"


def test_marshmallow_messages_name_what_is_valid():
    from marshmallow import fields

    from schemas.messages import SCHEMA, _class_messages
    for cls in (fields.Field, fields.String, fields.Integer, fields.Boolean, fields.List, fields.Dict, fields.Nested):
        for key, text in _class_messages(cls, ours=True).items():
            if key in ("required", "null", "invalid", "type"):
                assert FIX.search(text), (cls.__name__, key, text)
    assert FIX.search(SCHEMA["type"])


def test_marshmallow_itself_is_not_patched():
    """The rewordings come through the project's base Schema and OneOf (documented hooks), not by changing
    marshmallow's classes: a schema outside schemas/ keeps marshmallow's own messages."""
    from marshmallow import Schema, ValidationError, fields, validate

    import app  # noqa: F401  (the whole service imported)
    plain = type("Plain", (Schema,), {"n": fields.Integer(), "s": fields.String(validate=validate.OneOf(["south"]))})
    with pytest.raises(ValidationError) as err:
        plain().load({"n": "x", "s": "sout", "extra": 1})
    assert err.value.messages == {"n": ["Not a valid integer."], "s": ["Must be one of: south."],
                                  "extra": ["Unknown field."]}


@pytest.mark.parametrize("body, pointer, wanted", [
    ({"riichi": True}, "#/riichi", "none, riichi, double_riichi"),
    ({"dora_indicators": ["3m"]}, "#/dora_indicators", 'a tile string such as "3m" or "3m4p"'),
    ({"win_tile": 3}, "#/win_tile", 'one tile as a string, such as "3m"'),
    ({"seat_wind": 1}, "#/seat_wind", "east, south, west, north"),
    ({"winby": "ron"}, "#/winby", "Did you mean 'win_by'?"),
    ({"melds": [{"kind": "pon", "tiles": "111z", "caled": "1z"}]}, "#/melds/0/caled", "Did you mean 'called'?"),
    ({"rules": {"kiriage": True}}, "#/rules/kiriage", "Did you mean 'kiriage_mangan'?"),
    ({"hand": "123m456p789s23456s"}, "#/hand", "the winning tile goes in `win_tile`, not in `hand`"),
], ids=["riichi-true", "tile-list", "tile-number", "seat-number", "unknown-field", "unknown-nested-field",
        "unknown-option", "fourteen-tile-hand"])
def test_the_issue_examples_teach(client, body, pointer, wanted):
    base = {"hand": "123m456p789s2345s", "win_tile": "2s", "win_by": "ron", "seat_wind": "east", "round_wind": "east"}
    out = client.post("/v1/score", json={**base, **body}).get_json()
    found = {e["pointer"]: e["detail"] for e in out["errors"]}
    assert pointer in found and wanted.lower() in found[pointer].lower(), found


SCORES = {"east": 25000, "south": 25000, "west": 25000, "north": 25000}


@pytest.mark.parametrize("path, body, pointer, wanted", [
    ("/v1/ready", {"hand": "123M456p789s2345s"}, "#/hand", "Suit letters are lower case in MPSZ: send '123m456p789s2345s'"),
    ("/v1/ready", {"hand": "123m456p789s234sE"}, "#/hand", "the winds east, south, west, north 1z-4z"),
    ("/v1/ready", {"hand": "123m456p789s2348z"}, "#/hand", "honours are 1z-7z"),
    ("/v1/ready", {"hand": "123m456p789s2345s", "melds": [{"kind": "pon", "tiles": "111z", "from": "north"}]},
     "#/hand", "with 1 meld the concealed hand has 10 or 11 tiles (13 or 14 less three per meld)"),
    ("/v1/ready", {"hand": "111z456p789s2345s", "melds": [{"kind": "pon", "tiles": "111z", "from": "north"}]},
     "#/hand", "list a meld's tiles in `melds` only"),
    ("/v1/score", {"hand": "234567m234p67s55s", "win_tile": "8s", "tsumo": True, "seat_wind": "east",
                   "round_wind": "east"}, "#/tsumo", "with `win_by`"),
    ("/v1/score", {"hand": "234567m234p67s55s", "win_tile": "8s", "win_by": "tsumo", "seat_wind": "east",
                   "round_wind": "east", "dora": "1m"}, "#/dora", "as `dora_indicators`"),
    ("/v1/score", {"hand": "234567m234p67s55s", "win_tile": "8s", "win_by": "tsumo", "seat_wind": "east",
                   "round_wind": "east", "han": 2}, "#/han", "send it in `claim`"),
    ("/v1/evaluate", {"hand": "234567m234p67s55s", "seat_wind": "east", "round_wind": "east", "ura": "1m"},
     "#/ura", "as `ura_dora_indicators`"),
    ("/v1/evaluate", {"hand": "234567m234p67s55s", "seat_wind": "east", "round_wind": "east", "shape": 1},
     "#/shape", "every field is listed at /docs"),
    ("/v1/settle", {"scores": SCORES, "kind": "tsumo", "wins": [{"winner": "south", "han": 2, "fu": 30}]},
     "#/kind", "it is a field of `outcome`: move it there"),
    ("/v1/settle", {"scores": SCORES, "outcome": {"kind": "ron", "discarder": "west", "winner": "south", "han": 2}},
     "#/outcome/winner", "it is a field of each entry of `wins`"),
    ("/v1/settle", {"scores": SCORES, "outcome": {"kind": "exhaustive_draw", "tenpai": ["east"]}},
     "#/outcome/tenpai", "go in `ready`"),
], ids=["upper-case-suit", "wind-letter", "honour-8z", "one-meld", "meld-tiles-in-hand-too", "tsumo-flag",
        "dora-not-indicators", "han-on-score", "ura", "unknown-among-many", "outcome-at-top-level",
        "win-at-outcome-level", "tenpai"])
def test_common_mistakes_are_told_the_fix(client, path, body, pointer, wanted):
    out = client.post(path, json=body).get_json()
    found = [e["detail"] for e in out["errors"] if e["pointer"] == pointer]
    assert any(wanted.lower() in d.lower() for d in found), out["errors"]


@pytest.mark.parametrize("path, body, pointer, wanted", [
    ("/v1/settle", {"scores": SCORES, "outcome": {"kind": "ron", "discarder": "west", "wins": [
        {"winner": "south", "han": 2, "fu": 30, "hna": 1}]}}, "#/outcome/wins/0/hna", "did you mean 'han'?"),
    ("/v1/settle", {"scores": SCORES, "outcome": {"kind": "tsumo", "wins": [
        {"winner": "south", "yakuman": 1, "pao": {"seat": "east", "reason": "daisangen", "seet": "east"}}]}},
     "#/outcome/wins/0/pao/seet", "did you mean 'seat'?"),
    ("/v1/games", {"record": {"format": "outcomes", "data": {}, "fromat": 1}}, "#/record/fromat",
     "did you mean 'format'?"),
    ("/v1/games", {"recrod": {}}, "#/recrod", "did you mean 'record'?"),
    ("/v1/games", {"record": '<mjloggm ver="2.3"></mjloggm>'}, "#/record", '{"format": "tenhou.mjlog", "data": "'),
    ("/v1/games", {"record": '{"log": []}'}, "#/record", "not as its text"),
    ("/v1/games", {"title": ["x"], "log": []}, "#/log", '{"record": {"format": "tenhou.6", "data": <the record>}}'),
    ("/v1/games", {"players": ["A", "B", "C", "D"], "hands": []}, "#/hands", '"format": "outcomes"'),
    ("/v1/games", {"format": "tenhou.6", "data": {}}, "#/format", "it is a field of `record`"),
], ids=["short-win-field", "pao-field", "record-field", "games-field", "xml-as-record", "tenhou6-text-as-record",
        "tenhou6-as-body", "outcomes-as-body", "record-fields-at-top"])
def test_unknown_fields_everywhere_are_told_the_fix(client, path, body, pointer, wanted):
    out = client.post(path, json=body).get_json()
    found = [e["detail"] for e in out["errors"] if e["pointer"] == pointer]
    assert any(wanted.lower() in d.lower() for d in found), out["errors"]


def test_only_the_listed_unknown_fields_are_compared_with_every_name():
    """Suggesting names compares a key with every field: a body of thousands of unknown keys gets that for as many
    as a 422 lists, and the rest a plain fix, so its cost stays bounded (issue: a check unbounded in a list)."""
    from schemas.base import SUGGESTED, suggest_names
    from schemas.score import ScoreIn
    messages = {f"hnd{i}": ["Unknown field."] for i in range(SUGGESTED + 10)}
    suggest_names(messages, ScoreIn())
    details = [m["detail"] for m in messages.values()]
    assert sum("Did you mean 'hand'?" in d for d in details) == SUGGESTED
    assert sum(d.endswith("leave it out (every field is listed at /docs).") for d in details) == 10
