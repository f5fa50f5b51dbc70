"""Bad input that used to cost or say too much (issue 25, "Under load and bad input"): an object of thousands of
keys refused while the body is parsed, a URI's query counted once, an integer too long to read answered at its
pointer, `"rules": null` refused on /v1/games as everywhere, and `Vary: Origin` on every answer with CORS on."""
import json
import time

import pytest

from app import LIMITS, create_app
from web.body import MAX_KEYS
from web.edge import Edge

HAND = "123m456p789s2345s"
PROBLEM = "application/problem+json"
OUTCOMES = {"format": "outcomes", "data": {"players": ["A", "B", "C", "D"], "hands": [
    {"result": "ron", "from": 1, "wins": [{"winner": 2, "han": 3, "fu": 30}], "riichi": []}]}}


def cpu_ms(fn) -> float:
    t0 = time.process_time()
    fn()
    return (time.process_time() - t0) * 1000


# --- item 3: a body of thousands of unknown keys is refused cheaply ---

def unknown_keys(n: int, where: str) -> dict:
    keys = {f"k{i}": 1 for i in range(n)}
    if where == "top":
        return {"record": OUTCOMES, **keys}
    if where == "record":
        return {"record": {**OUTCOMES, **keys}}
    if where == "rules":
        return {"record": OUTCOMES, "rules": keys}
    return {"record": {"format": "tenhou.6", "data": {"log": [], **keys}}}   # inside the record's own data


@pytest.mark.parametrize("where", ["top", "record", "rules", "record-data"])
def test_an_object_past_the_key_limit_is_a_400_that_costs_little(client, where):
    body = json.dumps(unknown_keys(80_000, where)).encode()
    assert len(body) < 1 << 20   # within the route's 1 MiB: the size limit is not what refuses it
    client.post("/v1/games", data=body, content_type="application/json")   # warm
    took = min(cpu_ms(lambda: client.post("/v1/games", data=body, content_type="application/json"))
               for _ in range(2))
    resp = client.post("/v1/games", data=body, content_type="application/json")
    assert resp.status_code == 400 and resp.mimetype == PROBLEM
    assert f"more than {MAX_KEYS} keys" in resp.get_json()["detail"]
    assert took < 250, took   # was 570-610 ms of CPU before (the same body, marshmallow listing 80,000 problems)


@pytest.mark.parametrize("n, status", [(MAX_KEYS, 422), (MAX_KEYS + 1, 400)], ids=["at-limit", "one-over"])
def test_the_key_limit_edge(client, n, status):
    body = {"hand": HAND, **{f"k{i}": 1 for i in range(n - 1)}}
    resp = client.post("/v1/ready", json=body)
    assert resp.status_code == status   # at the limit: the unknown keys are the schema's 422, listed 50 at most


def test_the_largest_rules_object_taken_is_within_the_key_limit(client):
    """`rules` takes the preset and one entry per option, 201 in all (its own too_many_items past that)."""
    every = client.get("/v1/presets/tenhou").get_json()["options"]
    rules = {"preset": "tenhou", **{o["name"]: o["value"] for o in every}}
    resp = client.post("/v1/ready", json={"hand": HAND, "rules": rules})
    assert len(rules) <= MAX_KEYS and resp.status_code == 422
    assert [e["code"] for e in resp.get_json()["errors"]] == ["too_many_items"]
    assert "At most 201 entries" in resp.get_json()["errors"][0]["detail"]


def test_a_real_game_record_still_replays(client):
    resp = client.post("/v1/games", json={"record": OUTCOMES})
    assert resp.status_code == 200


# --- item 4: a URI's query is counted once ---

@pytest.mark.parametrize("query_len, status", [(2000, 200), (4096 - len("/healthz?"), 200),
                                               (4097 - len("/healthz?"), 414)], ids=["2KB", "at-limit", "one-over"])
def test_the_uri_limit_counts_the_query_once(client, query_len, status):
    resp = client.get("/healthz?" + "a" * query_len)   # werkzeug's test client sends RAW_URI, as gunicorn does
    assert resp.status_code == status


@pytest.mark.parametrize("raw_uri, status", [
    ("/healthz?" + "a" * 2048, "200 OK"),
    ("/healthz?" + "a" * (4096 - len("/healthz?")), "200 OK"),
    ("/healthz?" + "a" * (4097 - len("/healthz?")), "414 URI Too Long"),
], ids=["2KB", "at-limit", "one-over"])
def test_under_gunicorn_the_raw_uri_alone_is_counted(raw_uri, status):
    """gunicorn's RAW_URI already holds the query: 4,096 bytes in all are taken, one more is not."""
    got = []

    def inner(environ, start_response):
        start_response("200 OK", [("Content-Type", "application/json")])
        return [b"{}"]

    edge = Edge(inner, {"MAX_URI_LENGTH": 4096, "MAX_HEADER_BYTES": 16384})
    path, _, query = raw_uri.partition("?")
    environ = {"RAW_URI": raw_uri, "PATH_INFO": path, "QUERY_STRING": query, "REQUEST_METHOD": "GET"}
    edge(environ, lambda s, h, e=None: got.append(s))
    assert got == [status]


# --- item 5: an integer too long to read ---

@pytest.mark.parametrize("route, body, pointer", [
    ("/v1/score", '{"hand": "234567m234p67s55s", "win_tile": "8s", "win_by": "ron", "discarder": "west", '
                  '"seat_wind": "south", "round_wind": "east", "honba": 1%s}', "#/honba"),
    ("/v1/ready", '{"hand": "123m456p789s2345s", "melds": [{"x/y": -1%s}]}', "#/melds/0/x~1y"),
    ("/v1/final", '{"scores": [{"player": "A", "points": 1%s, "seat": "east"}]}', "#/scores/0/points"),
], ids=["score-honba", "nested-negative", "in-a-list"])
def test_an_integer_of_more_than_4300_digits_is_a_422_at_its_pointer(client, route, body, pointer):
    resp = client.post(route, data=body % ("0" * 4400), content_type="application/json")
    assert resp.status_code == 422 and resp.mimetype == PROBLEM
    errors = resp.get_json()["errors"]
    assert [e["pointer"] for e in errors] == [pointer] and errors[0]["code"] == "invalid"
    assert "4,300 digits" in errors[0]["detail"] and "UTF-8" not in resp.get_data(as_text=True)


def test_a_long_integer_python_can_read_is_the_fields_own_problem(client):
    resp = client.post("/v1/score", data='{"hand": "234567m234p67s55s", "win_tile": "8s", "win_by": "ron", '
                       '"discarder": "west", "seat_wind": "south", "round_wind": "east", "honba": 1%s}' % ("0" * 4000),
                       content_type="application/json")
    assert resp.status_code == 422 and resp.get_json()["errors"][0]["pointer"] == "#/honba"


def test_bytes_that_are_no_text_still_say_so(client):
    resp = client.post("/v1/ready", data=b'{"hand": "\xff\xfe"}', content_type="application/json")
    assert resp.status_code == 400 and "UTF-8" in resp.get_json()["detail"]


# --- item 6: "rules": null ---

@pytest.mark.parametrize("route, body", [
    ("/v1/games", {"record": OUTCOMES}),
    ("/v1/ready", {"hand": HAND}),
    ("/v1/final", {"scores": [{"player": p, "points": 25000, "seat": s} for p, s in
                              zip("ABCD", ("east", "south", "west", "north"))]}),
], ids=["games", "ready", "final"])
def test_rules_null_is_refused_on_every_route_alike(client, route, body):
    resp = client.post(route, json={**body, "rules": None})
    assert resp.status_code == 422
    errors = resp.get_json()["errors"]
    assert [(e["pointer"], e["code"]) for e in errors] == [("#/rules", "invalid")]
    assert "may not be null" in errors[0]["detail"]
    assert client.post(route, json=body).status_code == 200   # without it: the default rules


# --- item 8: Vary: Origin on every answer when CORS is on ---

@pytest.fixture(scope="module")
def cors_client():
    return create_app({"TESTING": True, "CORS_ALLOWED_ORIGINS": "https://score.example"}).test_client()


@pytest.mark.parametrize("method, path, origin", [
    ("post", "/v1/ready", "https://score.example"),
    ("post", "/v1/ready", "https://evil.example"),
    ("post", "/v1/ready", None),
    ("get", "/healthz", None),
    ("get", "/", "https://evil.example"),
    ("get", "/" + "a" * 5000, None),   # refused by the edge (414)
    ("options", "/v1/score", "https://evil.example"),
], ids=["listed", "unlisted", "no-origin", "get-no-origin", "page-unlisted", "edge-refusal", "preflight-unlisted"])
def test_every_answer_varies_on_origin_when_cors_is_on(cors_client, method, path, origin):
    headers = {"Origin": origin} if origin else {}
    kw = {"json": {"hand": HAND}} if method == "post" else {}
    resp = getattr(cors_client, method)(path, headers=headers, **kw)
    assert "Origin" in resp.headers.get_all("Vary"), (resp.status_code, dict(resp.headers))
    listed = origin == "https://score.example"
    assert ("Access-Control-Allow-Origin" in resp.headers) == listed


def test_without_cors_no_vary_is_added(client):
    resp = client.post("/v1/ready", json={"hand": HAND}, headers={"Origin": "https://score.example"})
    assert "Origin" not in resp.headers.get_all("Vary")
