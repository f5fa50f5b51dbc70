import json
import logging

import pytest

import calculator
from app import MAX_DEPTH, nested_deeper
from calculator.rules import PRESETS, Rules
from tools.openapi import ROUTES

PROBLEM = "application/problem+json"
HAND = "123m456p789s2345s"


def assert_problem(resp, status):
    assert resp.status_code == status, resp.get_data(as_text=True)
    assert resp.mimetype == PROBLEM
    body = resp.get_json()
    assert body["status"] == status
    assert isinstance(body["title"], str) and body["title"]
    assert isinstance(body["detail"], str) and body["detail"]
    return body


def plain_problem(resp, status):
    body = assert_problem(resp, status)
    assert set(body) == {"title", "status", "detail"}  # no type: about:blank (STYLE.md 5.4)
    return body


def test_bad_json_is_400_and_says_where_the_parser_stopped(client):
    body = plain_problem(client.post("/v1/ready", data='{"hand": "123m', content_type="application/json"), 400)
    assert body["detail"] == "The request body is not valid JSON: unterminated string starting at: line 1 column 10 (char 9)."
    body = plain_problem(client.post("/v1/ready", data="{hand: 1}", content_type="application/json"), 400)
    assert body["detail"].startswith("The request body is not valid JSON: expecting property name enclosed in double "
                                     "quotes: line 1 column 2")


def test_an_xml_body_is_told_how_a_game_log_is_sent(client):
    body = plain_problem(client.post("/v1/games", data='<mjloggm ver="2.3"></mjloggm>',
                                     content_type="application/json"), 400)
    assert body["detail"].endswith('as {"record": {"format": "tenhou.mjlog", "data": "<the XML as one JSON string>"}}.')


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None],
                         ids=["text", "form", "none"])
def test_non_json_body_is_415(client, content_type):
    resp = client.post("/v1/ready", data=f'{{"hand": "{HAND}"}}', content_type=content_type)
    body = plain_problem(resp, 415)
    assert "application/json" in body["detail"]


def test_body_over_the_limit_is_413(app, client):
    limit = app.config["MAX_CONTENT_LENGTH"]
    assert limit == 64 * 1024
    padding = " " * (limit + 1 - len(HAND) - 12)
    resp = client.post("/v1/ready", data=f'{{"hand": "{HAND}"{padding}}}', content_type="application/json")
    body = plain_problem(resp, 413)
    assert str(limit) in body["detail"]


def test_body_just_under_the_limit_is_accepted(app, client):
    data = f'{{"hand": "{HAND}"}}'
    data = data[:-1] + " " * (app.config["MAX_CONTENT_LENGTH"] - len(data)) + "}"
    resp = client.post("/v1/ready", data=data, content_type="application/json")
    assert resp.status_code == 200


def test_unknown_path_is_404_naming_the_nearest_route(client):
    body = plain_problem(client.post("/v1/scroe", json={}), 404)
    assert body["detail"] == "No endpoint at /v1/scroe. Did you mean '/v1/score'? Every route is listed at /docs."
    body = plain_problem(client.get("/nothing/here"), 404)
    assert body["detail"] == "No endpoint at /nothing/here. Every route is listed at /docs."


def test_wrong_method_is_405_with_allow_header(client):
    resp = client.get("/v1/ready")
    body = plain_problem(resp, 405)
    assert body["detail"] == "GET is not allowed on /v1/ready: use POST."
    assert "POST" in resp.headers["Allow"]
    assert plain_problem(client.post("/v1/presets"), 405)["detail"] == "POST is not allowed on /v1/presets: use GET."


def test_unknown_preset_path_names_the_valid_ones(client):
    body = plain_problem(client.get("/v1/presets/no_such_preset"), 404)
    assert all(name in body["detail"] for name in PRESETS)
    assert "Did you mean 'tenhou'?" in plain_problem(client.get("/v1/presets/tenho"), 404)["detail"]


def invalid(resp):
    body = assert_problem(resp, 422)
    assert body["type"] == "/problems/invalid-request"
    for e in body["errors"]:
        assert set(e) == {"pointer", "code", "detail"} and e["pointer"].startswith("#") and e["detail"]
    return body, {(e["pointer"], e["code"]) for e in body["errors"]}


@pytest.mark.parametrize("body,expected", [
    pytest.param({"hand": "11111m456p789s", "melds": [{"kind": "chi", "tiles": "135s"}], "visible": "8z"},
                 {("#/hand", "too_many_copies"), ("#/melds/0/tiles", "bad_meld"), ("#/visible", "unknown_tile")},
                 id="five-copies-bad-chi-unknown-tile"),
    pytest.param({"hand": "123m456p789s2345s67s"}, {("#/hand", "wrong_tile_count")}, id="fifteen-tiles"),
    pytest.param({"hand": "123m9x", "visible": "8p8p"},
                 {("#/hand", "bad_character"), ("#/hand", "dangling_digits"), ("#/hand", "wrong_tile_count")},
                 id="bad-letter-dangling-digit-short-hand"),
    pytest.param({"hand": "123m456p789s55555z", "visible": "0p"},
                 {("#/hand", "too_many_copies")}, id="fifth-honour"),
    pytest.param({"hand": 123, "melds": "pon"}, {("#/hand", "invalid"), ("#/melds", "invalid")},
                 id="wrong-types"),
    pytest.param({"melds": [{"kind": "kong", "tiles": "111m"}]},
                 {("#/hand", "required"), ("#/melds/0/kind", "invalid")}, id="missing-hand-bad-kind"),
    pytest.param({"hand": HAND, "win_tile": "1s"}, {("#/win_tile", "unknown_field")}, id="unknown-field"),
])
def test_422_lists_every_problem(client, body, expected):
    resp_body, found = invalid(client.post("/v1/ready", json=body))
    assert expected <= found
    n = len(resp_body["errors"])
    assert resp_body["detail"].startswith(f"{n} problem")


@pytest.mark.parametrize("body", [[1, 2], "123m", 5, None], ids=["list", "string", "number", "null"])
def test_json_that_is_not_an_object_is_422(client, body):
    resp = client.post("/v1/ready", data=json.dumps(body), content_type="application/json")
    _, found = invalid(resp)
    assert ("#", "invalid") in found


def test_unknown_preset_names_the_valid_ones(client):
    body, found = invalid(client.post("/v1/ready", json={"hand": HAND, "rules": {"preset": "tenhuo"}}))
    assert ("#/rules/preset", "unknown_preset") in found
    detail = body["errors"][0]["detail"]
    assert "tenhuo" in detail and all(name in detail for name in PRESETS)


def test_unknown_option_suggests_the_closest_names_never_all(client):
    body, found = invalid(client.post("/v1/ready", json={"hand": HAND, "rules": {"open_tanyo": True}}))
    assert ("#/rules/open_tanyo", "unknown_option") in found
    detail = body["errors"][0]["detail"]
    assert "open_tanyo" in detail and "'open_tanyao'" in detail and "GET /v1/presets/{name}" in detail
    named = [f.name for f in Rules.__dataclass_fields__.values() if f"'{f.name}'" in detail]
    assert 1 <= len(named) <= 3


def test_rules_and_hand_problems_are_reported_together(client):
    _, found = invalid(client.post("/v1/ready", json={"hand": "1111m1m", "rules": {"preset": "nope", "x": 1}}))
    assert {("#/rules/preset", "unknown_preset"), ("#/hand", "too_many_copies")} <= found


def test_problem_bodies_never_leak_internals(client):
    resp = client.post("/v1/ready", data="{", content_type="application/json")
    text = resp.get_data(as_text=True)
    assert "Traceback" not in text and "Expecting" not in text and "werkzeug" not in text.lower()


POSTS = [(r[0], r[6]["example"]) for r in ROUTES if r[1] == "post"]
POST_IDS = [p for p, _ in POSTS]


def nested(example: dict, where: str, depth: int) -> str:
    """The example as JSON text with an array `depth` levels deep put in `where` (json.dumps itself
    recurses, so the deep part is spliced in as text)."""
    deep = "__deep__"
    if where == "rules":
        body = {**example, "rules": {**example.get("rules", {}), "x": deep}}
    elif where == "field":   # the example's first field, whatever it takes
        body = {**example, next(iter(example)): deep}
    else:
        body = {**example, "not_a_field": deep}
    return json.dumps(body).replace(f'"{deep}"', "[" * depth + '"1m"' + "]" * depth)


@pytest.mark.parametrize("path", POST_IDS)
@pytest.mark.parametrize("raw", ["[" * 1000 + "]" * 1000, '{"a":' * 5000 + "1" + "}" * 5000, "[" * 20000],
                         ids=["arrays", "objects", "unclosed"])
def test_deeply_nested_json_is_400(client, path, raw):
    # json.loads gives up with RecursionError long before the size limit; that is a bad body, not a crash
    body = plain_problem(client.post(path, data=raw, content_type="application/json"), 400)
    assert "deep" in body["detail"]


@pytest.mark.parametrize("path,example", POSTS, ids=POST_IDS)
@pytest.mark.parametrize("where", ["rules", "field", "unknown"])
def test_deep_values_inside_a_valid_body_are_4xx(client, path, example, where):
    # within the limit, the usual problems; beyond it, the body is refused before any schema sees it
    # (marshmallow, the rules check and repr() would all recurse on it)
    shallow = client.post(path, data=nested(example, where, MAX_DEPTH - 2), content_type="application/json")
    assert shallow.status_code == 422 and shallow.mimetype == PROBLEM, shallow.get_data(as_text=True)
    for depth in (MAX_DEPTH, 900, 990):
        plain_problem(client.post(path, data=nested(example, where, depth), content_type="application/json"), 400)


def test_the_nesting_limit_leaves_room_for_every_documented_body():
    assert all(not nested_deeper(example, 8) for _, example in POSTS)


def test_an_unexpected_error_is_a_logged_500_without_internals(client, monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise RuntimeError("secret internals: /srv/calculator/ready.py line 42")

    monkeypatch.setattr(calculator, "readiness", broken)
    with caplog.at_level(logging.ERROR, logger="app"):
        resp = client.post("/v1/ready", json={"hand": HAND})
    body = plain_problem(resp, 500)
    assert body == {"title": "Internal Server Error", "status": 500, "detail": "Internal error."}
    text = resp.get_data(as_text=True)
    assert "Traceback" not in text and "secret" not in text and "RuntimeError" not in text
    [record] = [r for r in caplog.records if r.name == "app"]
    assert record.levelno == logging.ERROR and record.exc_info and record.exc_info[0] is RuntimeError


@pytest.mark.parametrize("path,body,pointer", [
    ("/v1/furiten", {"hand": "123m789p23456s11z", "discards": [{"tile": "4s", "called": "yes"}]},
     "#/discards/0/called"),
    ("/v1/furiten", {"hand": "123m789p23456s11z", "discards": [{"tile": "4s", "riichi": 1}]}, "#/discards/0/riichi"),
    ("/v1/score", {"hand": "234567m234p67s55s", "win_tile": "8s", "win_by": "tsumo", "seat_wind": "south",
                   "round_wind": "east", "haitei": "true"}, "#/haitei"),
    ("/v1/evaluate", {"hand": "123m789p23456s11z", "seat_wind": "south", "round_wind": "east", "ippatsu": 0},
     "#/ippatsu"),
    ("/v1/settle", {"scores": {"east": 25000, "south": 25000, "west": 25000, "north": 25000},
                    "outcome": {"kind": "tsumo", "wins": [{"winner": "south", "han": 5, "riichi": "on"}]}},
     "#/outcome/wins/0/riichi"),
], ids=["called-yes", "riichi-1", "haitei-string", "ippatsu-0", "short-win-riichi-on"])
def test_booleans_are_json_true_or_false_only(client, path, body, pointer):
    _, found = invalid(client.post(path, json=body))
    assert (pointer, "invalid") in found


@pytest.mark.parametrize("rules,pointer", [
    ({"preset": "taiwanese_16", "special_forms": True}, "#/rules/special_forms"),
    ({"hand_size": 16}, "#/rules/hand_size"),
    ({"hand_size": 16, "special_forms": True}, "#/rules/special_forms"),
], ids=["taiwanese-with-special-forms", "japanese-made-16-tile", "both-set"])
def test_special_forms_with_16_tile_hands_is_422(client, rules, pointer):
    body, found = invalid(client.post("/v1/ready", json={"hand": "123m456p789s12345s11z", "rules": rules}))
    assert found == {(pointer, "incompatible_options")}
    assert "13-tile" in body["errors"][0]["detail"]


@pytest.mark.parametrize("rules", [{"preset": "taiwanese_16"}, {"preset": "taiwanese_16", "special_forms": False},
                                   {"hand_size": 16, "special_forms": False}])
def test_16_tile_rules_without_special_forms_are_fine(client, rules):
    assert client.post("/v1/ready", json={"hand": "123m456p789s12345s11z", "rules": rules}).status_code == 200


def test_map_entries_are_pointed_at_without_key_or_value_segments(post_json):
    # marshmallow files a map entry's problems under "key" and "value"; the pointer names the entry
    status, out = post_json("/v1/settle", {
        "scores": {"east": 25000, "south": 25000, "west": 25000, "north": 25000}, "honba": 0, "riichi_sticks": 0,
        "outcome": {"kind": "exhaustive_draw", "ready": ["south"], "hands": {"west": {"hand": 5}, "up": {}}}})
    assert status == 422
    assert {(e["pointer"], e["code"]) for e in out["errors"]} == {
        ("#/outcome/hands/up", "invalid"), ("#/outcome/hands/up/hand", "required"),
        ("#/outcome/hands/west/hand", "invalid")}


@pytest.mark.parametrize("path,body,pointer,says", [
    pytest.param("/v1/score", {"hand": HAND, "win_tile": "2s", "seat_wind": "east", "round_wind": "east"},
                 "#/win_by", "send one of ron, tsumo.", id="choice-names-its-values"),
    pytest.param("/v1/score", {"hand": HAND, "win_tile": "2s", "win_by": "ron", "round_wind": "east"},
                 "#/seat_wind", "send one of east, south, west, north.", id="seat-names-the-seats"),
    pytest.param("/v1/ready", {}, "#/hand", 'for example "123m456p789s2345s".', id="tiles-give-an-example"),
    pytest.param("/v1/settle", {"outcome": {"kind": "exhaustive_draw"}}, "#/scores", '"east": 25000',
                 id="object-gives-an-example"),
    pytest.param("/v1/games", {}, "#/record", '"format": "outcomes"', id="record-gives-an-example"),
])
def test_a_missing_field_says_what_to_send(client, path, body, pointer, says):
    problems, found = invalid(client.post(path, json=body))
    (detail,) = [e["detail"] for e in problems["errors"] if e["pointer"] == pointer and e["code"] == "required"]
    assert detail.startswith(f"Missing required field {pointer[2:]!r}: ") and says in detail


WIN = {"hand": HAND, "win_tile": "2s", "win_by": "ron", "seat_wind": "east", "round_wind": "east"}


@pytest.mark.parametrize("path,body,pointer,says", [
    pytest.param("/v1/ready", {"hand": HAND, "rules": "tenhou"}, "#/rules", '{"preset": "japanese_modern"}',
                 id="rules-not-an-object"),
    pytest.param("/v1/ready", {"hand": HAND, "melds": ["777z"]}, "#/melds/0", '{"kind": "pon", "tiles": "777z"',
                 id="meld-not-an-object"),
    pytest.param("/v1/furiten", {"hand": HAND, "discards": ["4s"]}, "#/discards/0", '{"tile": "1z"}',
                 id="discard-not-an-object"),
    pytest.param("/v1/furiten", {"hand": HAND, "discards": "4s"}, "#/discards", '[{"tile": "1z"}',
                 id="river-not-an-array"),
    pytest.param("/v1/final", {"scores": [25000, 25000, 25000, 25000]}, "#/scores/0", '"points": 35000',
                 id="standing-not-an-object"),
    pytest.param("/v1/evaluate", {"hand": HAND, "seat_wind": "east", "round_wind": "east", "scores": [25000]},
                 "#/scores", '"east": 25000', id="seat-points-not-an-object"),
    pytest.param("/v1/score", {**WIN, "claim": 3}, "#/claim", '{"han": 2, "fu": 30}', id="claim-not-an-object"),
    pytest.param("/v1/score", {**WIN, "history": ["1z"]}, "#/history", '"discards": [{"tile": "1z"}',
                 id="history-not-an-object"),
    pytest.param("/v1/score", {**WIN, "flowers": 1}, "#/flowers", "[1, 3]", id="flowers-not-an-array"),
    pytest.param("/v1/settle", {"scores": {"east": 25000, "south": 25000, "west": 25000, "north": 25000},
                                "outcome": "ron"}, "#/outcome", '"kind": "ron"', id="outcome-not-an-object"),
])
def test_a_value_of_the_wrong_type_is_shown_an_example(client, path, body, pointer, says):
    problems, found = invalid(client.post(path, json=body))
    (detail,) = [e["detail"] for e in problems["errors"] if e["pointer"] == pointer]
    assert "is expected, for example " in detail and says in detail, detail


@pytest.mark.parametrize("field,sent,near", [
    ("win_by", "Ron", "'ron'"), ("seat_wind", "sout", "'south'"), ("seat_wind", "e", "'east'"),
    ("riichi", "richi", "'riichi'"), ("round_wind", "xyz", None), ("win_by", "", None),
])
def test_a_value_outside_a_fixed_list_names_the_nearest(client, field, sent, near):
    problems, found = invalid(client.post("/v1/score", json={**WIN, field: sent}))
    (detail,) = [e["detail"] for e in problems["errors"] if e["pointer"] == f"#/{field}"]
    assert detail.startswith("Must be one of: ")
    assert (f"Did you mean {near}?" in detail) if near else ("Did you mean" not in detail), detail


def test_a_word_inside_allowed_values_names_them(client):
    scores = {"east": 25000, "south": 25000, "west": 25000, "north": 25000}
    problems, found = invalid(client.post("/v1/settle", json={"scores": scores, "outcome": {"kind": "draw"}}))
    (detail,) = [e["detail"] for e in problems["errors"] if e["pointer"] == "#/outcome/kind"]
    assert detail.endswith("Did you mean 'exhaustive_draw', 'abortive_draw'?"), detail


@pytest.mark.parametrize("rules,pointer,says", [
    ({"sacred_discard_variant": "tradition"}, "#/rules/sacred_discard_variant", "Did you mean 'traditional'?"),
    ({"sacred_discard_variant": 3}, "#/rules/sacred_discard_variant", "takes one of none, traditional,"),
    ({"red_fives": [1, 1]}, "#/rules/red_fives", "takes a list of 3 integers, for example ["),
    ({"uma": "x"}, "#/rules/uma", "Option 'uma' (final_uma) takes a list of 3 or 4 integers, for example ["),
    ({"removed_tiles": 5}, "#/rules/removed_tiles", 'for example "2345678m"'),
    ({"kiriage_mangan": "true"}, "#/rules/kiriage_mangan", "takes true or false."),
], ids=["misspelt-choice", "choice-of-wrong-type", "short-list", "alias-named-as-sent", "tiles-of-wrong-type",
        "boolean-as-string"])
def test_a_bad_option_value_says_what_the_option_takes(client, rules, pointer, says):
    problems, found = invalid(client.post("/v1/ready", json={"hand": HAND, "rules": rules}))
    (detail,) = [e["detail"] for e in problems["errors"] if e["pointer"] == pointer]
    assert says in detail, detail


@pytest.mark.parametrize("sent,near", [("tenho", "'tenhou'"), ("Tenhou", "'tenhou'"), ("ema2", "'ema'"),
                                       ("zzzz", None)])
def test_an_unknown_preset_suggests_the_nearest(client, sent, near):
    problems, found = invalid(client.post("/v1/ready", json={"hand": HAND, "rules": {"preset": sent}}))
    (detail,) = [e["detail"] for e in problems["errors"] if e["code"] == "unknown_preset"]
    assert ("Did you mean" in detail) == (near is not None) and (near is None or near in detail)
    assert all(name in detail for name in PRESETS)
