"""The OpenAPI document, built from the marshmallow schemas with apispec (development only).

`python tools/openapi.py > openapi.yaml` regenerates the committed file; a test fails when the two differ.
tools/ is the one place that imports the app (the paths are the app's, and the examples its own answers); it
is not in the service's image, and apispec is a development dependency. Response examples are not written by
hand: they are the app's own answers to the request examples, computed in-process at build time, so the
document cannot show a stale answer. Every component is named after its schema class.
"""
from __future__ import annotations

import os
import re
import sys
from dataclasses import fields as dc_fields

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from marshmallow import Schema, fields

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from app import create_app  # noqa: E402  (the paths are the app's, and the examples its own answers)
from calculator.rules import DEFAULT_PRESET, PRESETS, Rules, describe_option  # noqa: E402
from schemas.declarations import RiichiIn, RiichiOut  # noqa: E402
from schemas.efficiency import EfficiencyIn, EfficiencyOut  # noqa: E402
from schemas.evaluate import EvaluateIn, EvaluateOut  # noqa: E402
from schemas.furiten import FuritenIn, FuritenOut  # noqa: E402
from schemas.games import ConvertIn, ConvertOut, GamesIn, GamesOut  # noqa: E402
from schemas.final import FinalIn, FinalOut  # noqa: E402
from schemas.fields import RulesField  # noqa: E402
from schemas.kuikae import KuikaeIn, KuikaeOut  # noqa: E402
from schemas.presets import PresetListOut, PresetOut  # noqa: E402
from schemas.problems import PROBLEM_JSON, InvalidRequestOut, ProblemOut  # noqa: E402
from schemas.ready import ReadyIn, ReadyOut, TileName  # noqa: E402
from schemas.score import ScoreIn, ScoreOut  # noqa: E402
from schemas.settle import FullWinIn, SettleIn, SettleOut, WinField  # noqa: E402


class HealthOut(Schema):
    status = fields.String(metadata={"description": "Always \"ok\" when the service answers.", "example": "ok"})


def rules_component() -> dict:
    """The `rules` object of every POST body: a preset and typed overrides, one property per option."""
    props = {"preset": {"type": ["string", "null"], "enum": [*PRESETS, None], "default": DEFAULT_PRESET,
                        "description": "Rule preset (GET /v1/presets); absent or null means the default."}}
    for f in dc_fields(Rules):
        d = describe_option(f)
        prop = {"type": d["type"], "description": f"{d['description']} [{d['source']}]", "default": d["default"]}
        if "choices" in d:
            if d["type"] == "array":
                prop["items"] = {"enum": d["choices"]}
            else:
                prop["enum"] = d["choices"]
        if "minimum" in d:
            prop["minimum"] = d["minimum"]
        if "multiple_of" in d:
            prop["multipleOf"] = d["multiple_of"]
        props[f.name] = prop
    return {"type": "object", "description": "A preset and option overrides; an unknown preset is a 422 naming the "
            "valid ones, an unknown option a 422 suggesting the closest names. GET /v1/presets/{name} gives each "
            "option's value under a preset.", "properties": props, "additionalProperties": False,
            "maxProperties": len(props)}


def rules_ref(self, field, ret, **kw) -> dict:
    """apispec attribute function: a `rules` field points at the Rules component."""
    if not isinstance(field, RulesField):
        return {}
    for key in ("type", "additionalProperties"):
        ret.pop(key, None)
    return {"$ref": "#/components/schemas/Rules"}


def win_forms(self, field, ret, **kw) -> dict:
    """apispec attribute function: a win of /v1/settle (WinField) is one of its forms, each a component."""
    if not isinstance(field, WinField):
        return {}
    for key in ("type", "additionalProperties"):
        ret.pop(key, None)
    return {"oneOf": [self.resolve_nested_schema(form) for form in field.forms]}


# What each view of the app takes and answers, by endpoint: (request schema or None, response schema or
# None, description[, extra]). The paths, methods and summaries come from the app itself (routes()): its
# url_map and each view's docstring, whose first line is the summary. `extra` is an optional dict:
#   "example": request body (POST). Required for POST routes; the 200 example is the app's answer to it.
#   "invalid_example": a request body the route refuses with 422; its answer becomes the 422 example.
#   "more_examples": {name: (summary, request body)}: further valid requests (e.g. three players), each
#       checked at build time to be answered 200.
#   "example_path": for GET, the concrete path whose answer is the 200 example.
#   "tags": list of tag names (default: the first segment after /v1, or "service").
#   "content": media type of a non-JSON 200 answer (the response schema is then None).
#   "parameters": {path parameter: (description, example, allowed values or None)}.
#   "missing_path": for a path with parameters, a concrete path answered 404 (its answer is the example).
DOCS = {
    "ready": (ReadyIn, ReadyOut,
     "Shanten, waits with remaining copies, and for a hand that has just drawn, each discard.",
     {"example": {"hand": "123m456p789s2345s", "visible": "1s5s", "rules": {"preset": "japanese_modern"}},
      "invalid_example": {"hand": "11111m456p789s", "melds": [{"kind": "chi", "tiles": "135s"}], "visible": "8z"}}),
    "efficiency": (EfficiencyIn, EfficiencyOut,
     "Which discard keeps the hand closest to complete with the most tiles to improve it: per discard the shanten "
     "it leaves (regular, seven pairs, thirteen orphans together), the ukeire (the kinds whose draw lowers it, with "
     "the copies left; the waits once ready, marked furiten when the river is sent) and, for a discard leaving the "
     "hand ready or one away, the draws that widen it. A hand that has not drawn is weighed as it stands.",
     {"example": {"hand": "123m456p789s2345s", "visible": "1s5s", "discards": [{"tile": "9m"}, {"tile": "2s"}],
                  "rules": {"preset": "tenhou"}},
      "invalid_example": {"hand": "123m456p789s2345s9m1m", "visible": "5s5s5s5s", "discards": [{"tile": "8z"}]},
      "more_examples": {"three_players": (
          "Three players (tenhou_sanma): no wait on 2m-8m is ever listed",
          {"hand": "19m123p456p789s11z9m", "rules": {"preset": "tenhou_sanma"}})}}),
    "score": (ScoreIn, ScoreOut,
     "Yaku or yakuman, itemised fu, han, limit, base points, payments and deltas of one win; the reading that "
     "scores highest is used. A legal hand that cannot win answers is_win false with reasons.",
     {"example": {"hand": "3456789m234s", "melds": [{"kind": "pon", "tiles": "666z", "called": "6z", "from": "south"}],
                  "win_tile": "3m", "win_by": "ron", "discarder": "east", "seat_wind": "west",
                  "round_wind": "east", "dora_indicators": "0m", "rules": {"preset": "tenhou"}},
      "invalid_example": {"hand": "11111m456p789s", "melds": [{"kind": "chi", "tiles": "135s"}], "win_tile": "8z",
                          "win_by": "tsumo", "seat_wind": "east", "round_wind": "east"},
      "more_examples": {"three_players": (
          "Three players (tenhou_sanma): a riichi ron with one kita, 1m indicating 9m",
          {"hand": "2205588p789s111z", "melds": [], "kita": 1, "win_tile": "8p", "win_by": "ron",
           "discarder": "south", "seat_wind": "east", "round_wind": "east", "riichi": "riichi",
           "dora_indicators": "1m", "ura_dora_indicators": "1m", "honba": 0, "riichi_sticks": 2,
           "rules": {"preset": "tenhou_sanma"}})}}),
    "furiten": (FuritenIn, FuritenOut,
     "All four sacred-discard variants (traditional, extended, one_four_seven with the readings that allow each "
     "wait, absolute), missed-discard and riichi furiten, and the preset's verdict per wait for ron and tsumo.",
     {"example": {"hand": "123m789p23456s11z", "discards": [{"tile": "4s"}], "missed": ["7s"],
                  "rules": {"preset": "japanese_modern"}},
      "invalid_example": {"hand": "123m789p23456s11z", "discards": [{"tile": "8z"}], "sacred_declared_at": 3}}),
    "settle": (SettleIn, SettleOut,
     "Wins (one or several on a discard, self-draw; full hands or han/fu), exhaustive and abortive draws, nagashi, "
     "liability and chombo: itemised payments with reasons, deltas, scores after the deal and the next counters. "
     "The deltas plus pool_change (plus forfeited) always sum to zero.",
     {"example": {"scores": {"east": 25000, "south": 24000, "west": 25000, "north": 25000},
                  "outcome": {"kind": "ron", "discarder": "west", "wins": [{"winner": "south", "han": 4, "fu": 30}]},
                  "claim": {"deltas": {"south": 8000, "west": -8000}}, "rules": {"preset": "tenhou"}},
      "invalid_example": {"scores": {"east": 25000, "south": 25000, "west": 25000},
                          "outcome": {"kind": "ron", "wins": [{"winner": "south"}]}},
      "more_examples": {"three_players": (
          "Three players (tenhou_sanma): an exhaustive draw with one seat ready, 2,000 of noten money in all",
          {"scores": {"east": 35000, "south": 34000, "west": 35000}, "honba": 1, "riichi_sticks": 1,
           "outcome": {"kind": "exhaustive_draw", "ready": ["south"]}, "rules": {"preset": "tenhou_sanma"}})}}),
    "final": (FinalIn, FinalOut,
     "Rank, points after leftover sticks, the end-points result (oka to the top) and prizes, tied players sharing "
     "their places' prizes (or ranked by starting seat), in points or thousands.",
     {"example": {"scores": [{"player": "A", "points": 30000, "seat": "east"},
                             {"player": "B", "points": 30000, "seat": "south"},
                             {"player": "C", "points": 20000, "seat": "west"},
                             {"player": "D", "points": 20000, "seat": "north"}],
                  "rules": {"preset": "japanese_modern", "final_uma": [15000, 5000, -5000, -15000]}},
      "invalid_example": {"scores": [{"player": "A", "points": 1}]}}),
    "games": (GamesIn, GamesOut,
     "Replays a game record (tenhou.mjlog, tenhou.6 or outcomes) hand by hand: dealer, round wind, honba and the "
     "riichi pool tracked by the service, every win scored from its tiles where the record has them, every hand "
     "settled as /v1/settle, the end of the game as the rules say (bust, all-last dealer stop, extension round) "
     "and the final standings as /v1/final; each hand's deltas and the final standings compared with the "
     "record's, every difference with field, recorded, computed and why. Bodies up to 1 MiB.",
     {"example": {"record": {"format": "outcomes", "data": {
         "players": ["A", "B", "C", "D"], "hands": [
             {"result": "ron", "from": 0, "wins": [{"winner": 2, "han": 2, "fu": 30}], "riichi": [],
              "recorded_deltas": [-2000, 0, 2000, 0]},
             {"result": "ron", "from": 2, "wins": [{"winner": 3, "han": 7, "fu": 80}], "riichi": [1, 3],
              "recorded_deltas": [0, 0, -12000, 14000]},
             {"result": "tsumo", "wins": [{"winner": 2, "han": 2, "fu": 30}], "riichi": [0, 2],
              "recorded_deltas": [-1000, -1000, 5000, -1000]},
             {"result": "tsumo", "wins": [{"winner": 0, "han": 3, "fu": 20}], "riichi": [],
              "recorded_deltas": [3000, -800, -1400, -800]},
             {"result": "exhaustive_draw", "ready": [1, 2], "riichi": [2], "nagashi": [],
              "recorded_deltas": [-1500, 1500, 1500, -1500]}],
         "recorded_final": {"scores": [22500, 23700, 18100, 35700], "points": [-17, 4, -32, 45]}}}},
      "invalid_example": {"record": {"format": "tenhou.mjlog", "data": "<mjloggm ver=\"2.3\"><GO type=\"169\"/>"
                                                                       "<INIT seed=\"0,0,0,1,2,3\""}},
      "more_examples": {"three_players": (
          "Three players: an East-only outcomes record with kita per hand, read under tenhou_sanma",
          {"record": {"format": "outcomes", "data": {
              "players": ["A", "B", "C"], "length": "east_only", "hands": [
                  {"result": "ron", "from": 1, "wins": [{"winner": 0, "han": 3, "fu": 40}], "riichi": [],
                   "kita": [1, 0, 0], "recorded_deltas": [7700, -7700, 0]},
                  {"result": "tsumo", "wins": [{"winner": 1, "han": 4, "fu": 30}], "riichi": [1],
                   "kita": [0, 2, 0], "recorded_deltas": [-4000, 7100, -2100]},
                  {"result": "exhaustive_draw", "ready": [2], "riichi": [2], "nagashi": [], "kita": [0, 0, 1],
                   "recorded_deltas": [-1000, -1000, 2000]},
                  {"result": "tsumo", "wins": [{"winner": 2, "han": 5, "fu": 30}], "riichi": [], "kita": [0, 1, 1],
                   "recorded_deltas": [-4100, -4100, 9200]}],
              "recorded_final": {"scores": [33600, 28300, 43100], "points": [-6, -32, 38]}}}})}}),
    "evaluate": (EvaluateIn, EvaluateOut,
     "Shanten and waits with remaining copies; per wait the four sacred-discard variants (as /v1/furiten), the "
     "preset's furiten verdict, and the /v1/score answer for a ron and for a tsumo on it with the history (honba "
     "and riichi sticks included); and whether a riichi may be declared now (as /v1/riichi).",
     {"example": {"hand": "123m789p23456s11z", "discards": [{"tile": "4s"}], "missed": ["7s"],
                  "seat_wind": "south", "round_wind": "east", "discarder": "west", "dora_indicators": "1m",
                  "honba": 1, "riichi_sticks": 1, "tiles_left": 40, "rules": {"preset": "tenhou"}},
      "invalid_example": {"hand": "123m789p23456s11z5z", "seat_wind": "south", "round_wind": "east",
                          "discarder": "south", "visible": "1111m"}}),
    "riichi": (RiichiIn, RiichiOut,
     "Before a declaration (riichi none): prerequisites (refused) and penalisable rules (cancelled when validated, "
     "otherwise a faulty declaration) of the preset's ready rule: riichi, European obligatory, French or Italian. "
     "After one: the Four Winds after-declaration table (win refused, dead hand, faulty out, faulty-ready penalty), "
     "a kong's verdict, or whether a win may be declared.",
     {"example": {"hand": "22234p777m345s33z", "discards": [{"tile": "9m", "riichi": True}], "riichi": "riichi",
                  "event": {"kind": "kan", "tile": "2p"}, "rules": {"preset": "japanese_modern"}},
      "invalid_example": {"hand": "22234p777m345s33z", "event": {"kind": "kan", "tile": "3p"}}}),
    "kuikae": (KuikaeIn, KuikaeOut,
     "Swap-calling (kuikae) at the preset's level: the forbidden discards, the legal ones, the verdict on a "
     "proposed discard, and what happens when no legal discard is left.",
     {"example": {"hand": "1s456m789p1122z", "call": {"kind": "chi", "tiles": "234s", "called": "4s",
                                                        "from": "north"}, "rules": {"preset": "tenhou"}},
      "invalid_example": {"hand": "1s456m789p11223z", "call": {"kind": "chi", "tiles": "135s", "called": "4s"},
                          "discard": "9s"}}),
    "convert": (ConvertIn, ConvertOut,
     "Writes a game record in another format: tenhou.6 (as Tenhou's own converter writes it: a Tenhou XML log "
     "gives exactly Tenhou's JSON log) or mjai (the event log review tools exchange). The record is read and "
     "replayed as /v1/games reads it (same body, same rules, infer_rules too); the replay supplies only what the "
     "record does not state (the han, fu and yaku of a win an mjai log gives no values for, a win's own deltas). "
     "Sent back to /v1/games under the preset named in the answer, the converted record gives the same hands and "
     "standings as the original (mjai carries no final points, so a recorded final is not compared there). A "
     "record without tiles (outcomes) is 422 no_tiles. Bodies up to 1 MiB.",
     {"tags": ["games"],
      "example": {"record": {"format": "tenhou.6", "data": {"name": ["A", "B", "C", "D"], "rule": {"disp": "般東喰赤", "aka": 1},
                  "log": [[[0, 0, 0], [25000, 25000, 25000, 25000], [36], [],
                           [11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24], [25], [25],
                           [31, 32, 33, 34, 35, 36, 37, 38, 39, 41, 41, 42, 42], [43], [43],
                           [21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 32, 33, 44], [45], [45],
                           [11, 11, 12, 12, 13, 13, 14, 14, 15, 15, 16, 16, 17], [46], [46],
                           ["全員不聴"]]]}},
                  "to": "mjai"},
      "invalid_example": {"record": {"format": "outcomes", "data": {"players": ["A", "B", "C", "D"], "hands": [
          {"result": "exhaustive_draw", "ready": [], "riichi": []}]}}, "to": "mjai"}}),
    "presets": (None, PresetListOut, "Names, descriptions and sources.",
     {"example_path": "/v1/presets"}),
    "preset": (None, PresetOut,
     "Each option's meaning, allowed values, default and value under this preset.",
     {"parameters": {"name": ("Preset name.", "tenhou", list(PRESETS))},
      "missing_path": "/v1/presets/no_such_preset"}),
    "page": (None, None,
     "A mobile-first page (plain HTML, CSS and JavaScript, tile pictures included, all served by the service "
     "itself): enter a hand by tapping tiles, then ask whether it is ready, whether it may win (furiten), what "
     "it is worth, how the deal settles, whether an announced score is right, or replay a game record.",
     {"content": "text/html"}),
    "healthz": (None, HealthOut, "Answers 200 while the service can serve requests.",
     {"example_path": "/healthz"}),
    "openapi": (None, None, "The committed OpenAPI document, as YAML.",
     {"content": "application/yaml"}),
    "docs": (None, None,
     "Swagger UI over /openapi.yaml; its assets are served by the service itself (no internet needed).",
     {"content": "text/html"}),
}


def routes(app) -> list[tuple]:
    """(path, method, request schema, response schema, summary, description[, extra]) for every route of the
    app, in the app's order; a route DOCS does not describe is an error, so the document cannot miss one."""
    out = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        if rule.endpoint not in DOCS:
            raise ValueError(f"{rule.rule} ({rule.endpoint}): describe it in tools/openapi.py DOCS")
        schema_in, schema_out, description, *extra = DOCS[rule.endpoint]
        summary = (app.view_functions[rule.endpoint].__doc__ or "").strip().splitlines()[0].rstrip(".")
        path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            out.append((path, method.lower(), schema_in, schema_out, summary, description, *extra))
    return out


ROUTES = routes(create_app({"TESTING": True}))

TAGS = {
    "ready": "Shanten and waits of a hand (RULES.md §3).",
    "efficiency": "Which discard, and which tiles help: shanten, ukeire and improvements.",
    "furiten": "Whether each wait may be won on, under each sacred-discard variant.",
    "score": "Value of one win: yaku, fu, han, limit and payments.",
    "evaluate": "Readiness, furiten and the score of every wait, at once.",
    "settle": "What one deal does to the table: deltas, scores and counters.",
    "final": "End of game: return points, oka and uma.",
    "games": "A whole game from its record: replay, settlement, end of game, comparison with the record.",
    "riichi": "Ready declarations: riichi, European obligatory, French and Italian (RULES.md §4-§5).",
    "kuikae": "Swap-calling: discards forbidden right after a chi or pon (RULES.md §20).",
    "presets": "Rule presets and their options.",
    "service": "Health, this document and its interactive page.",
}

INFO = "\n\n".join([
    "Rules arithmetic for riichi mahjong and related rule sets: readiness, furiten, scoring and "
    "settlement, as pure functions behind a small JSON API. A page for people at a table: /. "
    "Interactive documentation: /docs.",
    "Tiles use MPSZ notation (`123m406p789s11z`, `0` = red five). Every POST body may carry "
    "`rules: {\"preset\": NAME, option: value, ...}`; GET /v1/presets lists the presets and "
    "GET /v1/presets/{name} every option with its meaning, allowed values and default.",
    "Errors are RFC 9457 `application/problem+json`: 400 (body is not valid JSON, or nests arrays and "
    "objects too deeply), 415 (not JSON), "
    "413 (body too large), 404, 405, and 422 with an `errors` list naming every problem found, each "
    "with a JSON pointer into the request and a stable `code`. A legal position whose answer is "
    "\"no\" (not ready, furiten, no yaku) is a 200 with reason codes.",
])

# Plain HTTP problems shared by every route that takes a body, with how to provoke each one.
BODY_PROBLEMS = {
    "400": ("BadJson", "The body is not valid JSON, or nests arrays and objects too deeply.",
            {"data": "{", "content_type": "application/json"}),
    "413": ("TooLarge", "The body is larger than the service accepts.",
            {"data": "[" + "0," * 40000 + "0]", "content_type": "application/json"}),
    "415": ("NotJson", "The body is not sent as JSON.", {"data": "hand=123m", "content_type": "text/plain"}),
}


def _answer(client, method: str, path: str, want: int, **kw):
    resp = client.open(path, method=method.upper(), **kw)
    if resp.status_code != want:
        raise ValueError(f"the example for {method.upper()} {path} answered {resp.status_code}, "
                         f"not {want}: {resp.get_data(as_text=True)[:300]}")
    return resp.get_json()


def _content(media: str, schema, example=None) -> dict:
    body = {"schema": schema}
    if example is not None:
        body["example"] = example
    return {media: body}


def _operation(client, route) -> dict:
    path, method, schema_in, schema_out, summary, description, *rest = route
    extra = rest[0] if rest else {}
    tag = path.split("/")[2] if path.startswith("/v1/") else "service"
    op = {"summary": summary, "description": description, "tags": extra.get("tags", [tag]),
          "operationId": (method + path.replace("{", "").replace("}", "")).replace("/", "_").replace(".", "_"),
          "responses": {}}
    for pname, (pdesc, pexample, choices) in extra.get("parameters", {}).items():
        pschema = {"type": "string", **({"enum": choices} if choices else {})}
        op.setdefault("parameters", []).append({"name": pname, "in": "path", "required": True,
                                                "description": pdesc, "schema": pschema, "example": pexample})
    if "content" in extra:
        ok = _content(extra["content"], {"type": "string"})
    elif schema_in is not None:
        example = extra.get("example")
        if example is None:
            raise ValueError(f"POST {path}: give a request example in ROUTES ({{'example': {{...}}}})")
        examples = {"valid": {"summary": "A valid request", "value": example}}
        for name, (summary, body) in extra.get("more_examples", {}).items():
            _answer(client, method, path, 200, json=body)
            examples[name] = {"summary": summary, "value": body}
        if "invalid_example" in extra:
            examples["invalid"] = {"summary": "Refused with 422, every problem listed", "value": extra["invalid_example"]}
        op["requestBody"] = {"required": True, "content": {"application/json": {"schema": schema_in,
                                                                                "examples": examples}}}
        ok = _content("application/json", schema_out, _answer(client, method, path, 200, json=example))
    else:
        answer = _answer(client, method, extra["example_path"], 200) if "example_path" in extra else None
        ok = _content("application/json", schema_out, answer)
    op["responses"]["200"] = {"description": "OK", "content": ok}
    if schema_in is not None:
        for status, (ref, _, _) in BODY_PROBLEMS.items():
            op["responses"][status] = ref
        bad = extra.get("invalid_example")
        op["responses"]["422"] = {
            "description": "The request cannot describe a real position; every problem is listed.",
            "content": _content(PROBLEM_JSON, "InvalidRequest",
                                bad and _answer(client, method, path, 422, json=bad))}
    if "{" in path:
        missing = _answer(client, method, extra["missing_path"], 404) if "missing_path" in extra else None
        op["responses"]["404"] = {"description": "No such resource.",
                                  "content": _content(PROBLEM_JSON, "Problem", missing)}
    return op


def build_spec() -> dict:
    client = create_app({"TESTING": True}).test_client()
    spec = APISpec(title="Mahjong rules arithmetic", version="1.0.0", openapi_version="3.1.0",
                   info={"description": INFO},
                   plugins=[MarshmallowPlugin()])
    ma = spec.plugins[0]
    ma.map_to_openapi_type(TileName, fields.String)  # custom dump-only fields: say what they write
    ma.converter.add_attribute_function(rules_ref)
    ma.converter.add_attribute_function(win_forms)
    spec.components.schema("Rules", rules_component())
    spec.components.schema("Problem", schema=ProblemOut)
    spec.components.schema("InvalidRequest", schema=InvalidRequestOut)
    spec.components.schema("FullWin", {"description": FullWinIn.summary}, schema=FullWinIn)
    post = next(r[0] for r in ROUTES if r[1] == "post")
    for status, (ref, description, provoke) in BODY_PROBLEMS.items():
        spec.components.response(ref, {"description": description, "content": _content(
            PROBLEM_JSON, "Problem", _answer(client, "post", post, int(status), **provoke))})
    operations: dict[str, dict] = {}
    for route in ROUTES:
        operations.setdefault(route[0], {})[route[1]] = _operation(client, route)
    used = []
    for ops in operations.values():
        used += [t for op in ops.values() for t in op["tags"] if t not in used]
    for t in used:
        spec.tag({"name": t, **({"description": TAGS[t]} if t in TAGS else {})})
    for path, ops in operations.items():
        spec.path(path=path, operations=ops)
    return spec.to_dict()


if __name__ == "__main__":
    import yaml

    class PlainDumper(yaml.SafeDumper):
        def ignore_aliases(self, data):   # every shared example written out where it is used: no &id anchors
            return True

    print(yaml.dump(build_spec(), Dumper=PlainDumper, sort_keys=False, allow_unicode=True), end="")
