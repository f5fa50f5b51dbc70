"""Safe to run in public (issue 15), in-process: limits at their edges, bounded lists and error
answers, security headers, CORS, chunked bodies, lone surrogates."""
import io
import json
import time

import pytest

from app import LIMITS, create_app
from schemas.problems import MAX_PROBLEMS

HAND = "123m456p789s2345s"
PROBLEM = "application/problem+json"


def compact(body) -> bytes:
    return json.dumps(body, separators=(",", ":")).encode()


# --- request limits at their edges (README "Request limits") ---

def test_uri_at_the_limit_is_answered_and_one_byte_more_is_414(client):
    path = "/v1/presets/"
    at_limit = path + "x" * (LIMITS["uri"] - len(path))
    assert client.get(at_limit).status_code == 404
    resp = client.get(at_limit + "x")
    assert resp.status_code == 414 and resp.mimetype == PROBLEM
    assert str(LIMITS["uri"]) in resp.get_json()["detail"]


def test_headers_at_the_limit_are_answered_and_larger_ones_are_431(client):
    # header bytes as counted on the wire: "Name: value\r\n"; werkzeug's test client adds Host (and User-Agent)
    base = sum(len(k) + len(v) + 4 for k, v in client.get("/healthz").request.headers.items())
    room = LIMITS["headers"] - base - len("X-Pad: \r\n")
    assert client.get("/healthz", headers={"X-Pad": "a" * room}).status_code == 200
    resp = client.get("/healthz", headers={"X-Pad": "a" * (room + 1)})
    assert resp.status_code == 431 and resp.mimetype == PROBLEM


@pytest.mark.parametrize("extra, status", [(0, 200), (1, 413)], ids=["at-limit", "one-byte-over"])
def test_chunked_body_at_the_limit_is_read_and_one_byte_more_is_413(client, extra, status):
    # a chunked body has no Content-Length: the limit is enforced while it is read, never by cutting it short
    data = b'{"hand": "' + HAND.encode() + b'"}'
    data = data[:-1] + b" " * (LIMITS["body"] - len(data) + extra) + b"}"
    resp = client.post("/v1/ready", input_stream=io.BytesIO(data), content_type="application/json",
                       environ_overrides={"wsgi.input_terminated": True})
    assert resp.status_code == status, resp.get_data(as_text=True)


# --- defect 1: lists bounded by what a real position holds, every check linear ---

@pytest.mark.parametrize("path, body", [
    ("/v1/ready", {"hand": HAND, "melds": [1] * 30_000}),
    ("/v1/ready", {"hand": HAND, "melds": [{"kind": "pon", "tiles": "111z"}] * 1_500}),
    ("/v1/furiten", {"hand": HAND, "missed": ["1z"] * 12_000}),
    ("/v1/ready", {"hand": HAND, "rules": {f"option_{i}": 1 for i in range(500)}}),   # past 512 keys: a 400
    ("/v1/final", {"scores": [{}] * 6_000}),
    ("/v1/settle", {"scores": {}, "outcome": {"kind": "exhaustive_draw", "nagashi": ["east"] * 9_000}}),
], ids=["30000-melds", "1500-pons", "12000-missed", "500-rules-keys", "6000-scores", "9000-seats"])
def test_an_oversized_list_is_refused_at_once_in_a_small_answer(client, path, body):
    data = compact(body)
    assert len(data) <= LIMITS["body"]
    t0 = time.perf_counter()
    resp = client.post(path, data=data, content_type="application/json")
    elapsed = time.perf_counter() - t0
    assert resp.status_code == 422
    assert elapsed < 0.5 and len(resp.data) < 4096
    assert "too_many_items" in {e["code"] for e in resp.get_json()["errors"]}


def test_eight_bad_melds_still_get_their_own_problems(client):
    out = client.post("/v1/ready", json={"hand": HAND, "melds": [{"kind": "pon", "tiles": "123m"}] * 8}).get_json()
    assert {e["pointer"] for e in out["errors"]} >= {f"#/melds/{i}/tiles" for i in range(8)}


# --- defect 3: the problems listed are capped, and the detail says so ---

def test_problem_list_is_capped_and_detail_says_how_many(client):
    body = {"hand": HAND, "rules": {f"no_option_{i}": 1 for i in range(100)}}
    out = client.post("/v1/ready", json=body).get_json()
    assert len(out["errors"]) == MAX_PROBLEMS
    assert out["detail"].startswith("100 problems") and f"first {MAX_PROBLEMS}" in out["detail"]


def test_problem_list_under_the_cap_is_whole(client):
    out = client.post("/v1/ready", json={"hand": HAND, "rules": {"a_x": 1, "b_x": 2}}).get_json()
    assert len(out["errors"]) == 2 and out["detail"] == "2 problems in the request body."


# --- defect 8: text that is not Unicode ---

@pytest.mark.parametrize("path, body, pointer", [
    ("/v1/final", {"scores": [{"player": "\ud800", "points": 25000}]}, "#/scores/0/player"),
    ("/v1/final", {"scores": [{"player": "A\udfff", "points": 25000}]}, "#/scores/0/player"),
    ("/v1/settle", {"outcome": {"kind": "chombo", "offence": "x\udc00"}}, "#/outcome/offence"),
    ("/v1/ready", {"hand": HAND, "rules": {"\ud800": 1}}, "#/rules/\ud800"),
], ids=["lone-high", "lone-low", "settle-offence", "object-key"])
def test_a_lone_surrogate_is_422_at_its_pointer(client, path, body, pointer):
    resp = client.post(path, json=body)
    assert resp.status_code == 422
    assert ("invalid_text", pointer) in {(e["code"], e["pointer"]) for e in resp.get_json()["errors"]}


def test_a_surrogate_pair_is_text(client):
    players = [{"player": n, "points": 25000} for n in ("\U0001F600", "B", "C", "D")]
    resp = client.post("/v1/final", json={"scores": players})
    assert resp.status_code == 200 and resp.get_json()["scores"][0]["player"] == "\U0001F600"


# --- defect 7 (in-process part): security headers ---

@pytest.mark.parametrize("path", ["/", "/docs", "/healthz", "/v1/presets", "/openapi.yaml", "/v1/nothing"])
def test_every_answer_carries_the_security_headers(client, path):
    h = client.get(path).headers
    assert h["X-Content-Type-Options"] == "nosniff" and h["X-Frame-Options"] == "DENY"
    assert "frame-ancestors 'none'" in h["Content-Security-Policy"]


def test_docs_policy_allows_only_its_own_assets(client):
    csp = client.get("/docs").headers["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "object-src 'none'" in csp and "http" not in csp


def test_the_page_policy_is_same_origin_without_inline_code(client):
    with client.get("/") as resp:
        csp = resp.headers["Content-Security-Policy"]
    assert csp.startswith("default-src 'self';") and "unsafe" not in csp and "data:" not in csp


# --- CORS: off by default, on for the listed origins ---

def test_cors_is_off_by_default(client):
    resp = client.post("/v1/ready", json={"hand": HAND}, headers={"Origin": "https://score.example"})
    assert resp.status_code == 200 and "Access-Control-Allow-Origin" not in resp.headers


@pytest.fixture(scope="module")
def cors_client():
    return create_app({"TESTING": True, "CORS_ALLOWED_ORIGINS": "https://score.example, https://b.example/"}).test_client()


def test_cors_answers_a_listed_origin(cors_client):
    resp = cors_client.post("/v1/ready", json={"hand": HAND}, headers={"Origin": "https://b.example"})
    assert resp.headers["Access-Control-Allow-Origin"] == "https://b.example"
    assert "Origin" in resp.headers.get_all("Vary")


def test_cors_preflight_names_methods_and_headers(cors_client):
    resp = cors_client.options("/v1/score", headers={"Origin": "https://score.example",
                                                     "Access-Control-Request-Method": "POST",
                                                     "Access-Control-Request-Headers": "content-type"})
    assert resp.status_code == 200
    assert resp.headers["Access-Control-Allow-Origin"] == "https://score.example"
    assert "POST" in resp.headers["Access-Control-Allow-Methods"]
    assert "Content-Type" in resp.headers["Access-Control-Allow-Headers"]


def test_cors_ignores_an_unlisted_origin(cors_client):
    resp = cors_client.post("/v1/ready", json={"hand": HAND}, headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in resp.headers


def test_cors_origins_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("CORS_ALLOWED_ORIGINS", "https://score.example")
    c = create_app({"TESTING": True}).test_client()
    resp = c.get("/healthz", headers={"Origin": "https://score.example"})
    assert resp.headers["Access-Control-Allow-Origin"] == "https://score.example"


# --- defect 4: one rule for a double riichi's place in the river ---

DOUBLE_LATE = {"hand": HAND, "riichi": "double_riichi",
               "discards": [{"tile": "1z"}, {"tile": "2z"}, {"tile": "3z"}, {"tile": "4z", "riichi": True}]}
DOUBLE_AFTER_CLAIM = {"hand": HAND, "riichi": "double_riichi",
                      "discards": [{"tile": "1z", "called": True}, {"tile": "4z", "riichi": True}]}


@pytest.mark.parametrize("path", ["/v1/furiten", "/v1/riichi", "/v1/evaluate"])
def test_double_riichi_on_the_fourth_discard_is_refused_by_every_route(client, path):
    body = {**DOUBLE_LATE, "seat_wind": "south", "round_wind": "east"} if path == "/v1/evaluate" else DOUBLE_LATE
    resp = client.post(path, json=body)
    assert resp.status_code == 422
    assert ("#/discards/3/riichi", "double_riichi_not_first_discard") in {
        (e["pointer"], e["code"]) for e in resp.get_json()["errors"]}


@pytest.mark.parametrize("path", ["/v1/furiten", "/v1/riichi"])
def test_double_riichi_after_a_claimed_first_discard_is_accepted_by_every_route(client, path):
    assert client.post(path, json=DOUBLE_AFTER_CLAIM).status_code == 200


# --- defect 9: every cache is bounded ---

def test_every_lru_cache_in_the_calculator_is_bounded():
    import importlib
    import pkgutil

    import calculator
    found = []
    for mod in pkgutil.walk_packages(calculator.__path__, "calculator."):
        m = importlib.import_module(mod.name)
        found += [(mod.name, n, f.cache_info().maxsize) for n, f in vars(m).items() if hasattr(f, "cache_info")]
    assert found and all(size is not None and size <= 1 << 17 for _, _, size in found), found
