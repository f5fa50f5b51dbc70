"""POST /v1/efficiency as API.md says: the answer's shape, furiten marks, the 16-tile and three-player sets, and
every refusal naming its field. The arithmetic itself is tested at the calculator
(tests/calculator/readings/test_efficiency.py)."""
import pytest

from schemas.efficiency import EfficiencyOut

PROBLEM = "application/problem+json"


def answer(client, body):
    resp = client.post("/v1/efficiency", json=body)
    assert resp.status_code == 200, resp.get_data(as_text=True)
    return resp.get_json()


def refusal(client, body):
    resp = client.post("/v1/efficiency", json=body)
    assert resp.status_code == 422, resp.get_data(as_text=True)
    assert resp.mimetype == PROBLEM
    out = resp.get_json()
    for e in out["errors"]:
        assert set(e) == {"pointer", "code", "detail"} and e["detail"]
    return out["errors"]


def by_tile(body):
    return {d["tile"]: d for d in body["discards"]}


def test_drawn_hand_lists_each_discard_best_first(client):
    body = answer(client, {"hand": "1239m4578p1336s1z5z", "rules": {"preset": "tenhou"}})
    assert set(body) == {"preset", "shanten", "discards"} and body["preset"] == "tenhou"
    keys = [(d["shanten"], -d["ukeire_remaining"]) for d in body["discards"]]
    assert keys == sorted(keys) and body["shanten"] == keys[0][0] == 3
    assert len(body["discards"]) == len({d["tile"] for d in body["discards"]}) == 13
    for d in body["discards"]:
        assert d["ukeire_remaining"] == sum(w["remaining"] for w in d["ukeire"])
        assert "improvements" not in d   # shanten 3: none asked
        assert all("furiten" not in w for w in d["ukeire"])


def test_waiting_hand_answers_at_the_top_level(client):
    body = answer(client, {"hand": "123m456p789s2345s", "visible": "2s5s5s"})
    assert body["shanten"] == 0 and "discards" not in body
    assert body["ukeire"] == [{"tile": "2s", "remaining": 2}, {"tile": "5s", "remaining": 1}]
    assert body["ukeire_remaining"] == 3
    assert {i["tile"] for i in body["improvements"]} >= {"1m", "4m"}


def test_ready_discard_shows_waits_and_improvements(client):
    d = by_tile(answer(client, {"hand": "123m456p789s2345s9m"}))["9m"]
    assert d["shanten"] == 0 and d["ukeire"] == [{"tile": "2s", "remaining": 3}, {"tile": "5s", "remaining": 3}]
    assert d["improvements"] == [{"tile": "6s", "remaining": 4, "then_ukeire_remaining": 9, "then_discard": "2s"}]


@pytest.mark.parametrize("rules, flags", [
    pytest.param({"preset": "tenhou"}, {"2s": True, "5s": True}, id="absolute-variant-blocks-every-wait"),
    pytest.param({"preset": "tenhou", "sacred_discard_variant": "extended"}, {"2s": False, "5s": True},
                 id="extended-variant-blocks-the-discarded-wait"),
    pytest.param({"preset": "tenhou", "sacred_discard_variant": "traditional"}, {"2s": False, "5s": False},
                 id="traditional-variant-only-the-last-discard"),
])
def test_furiten_marks_with_the_river(client, rules, flags):
    body = answer(client, {"hand": "123m456p789s2345s9m", "discards": [{"tile": "5s"}, {"tile": "1z"}],
                           "rules": rules})
    assert {w["tile"]: w["furiten"] for w in by_tile(body)["9m"]["ukeire"]} == flags


def test_no_furiten_marks_without_sacred_discard(client):
    body = answer(client, {"hand": "123m456p789s2345s9m", "discards": [{"tile": "5s"}],
                           "rules": {"preset": "european_classical"}})
    assert {w["tile"]: w["furiten"] for w in by_tile(body)["9m"]["ukeire"]} == {"2s": False, "5s": False}


def test_wait_on_the_tile_just_discarded(client):
    body = answer(client, {"hand": "123m789s11z465p", "melds": [{"kind": "pon", "tiles": "555p"}], "discards": []})
    assert by_tile(body)["5p"]["ukeire"] == [{"tile": "5p", "remaining": 0, "furiten": True}]


def test_improvements_can_be_left_out(client):
    full = answer(client, {"hand": "123m456p789s2345s9m"})
    short = answer(client, {"hand": "123m456p789s2345s9m", "improvements": False})
    assert all("improvements" not in d for d in short["discards"])
    assert [{k: v for k, v in d.items() if k != "improvements"} for d in full["discards"]] == short["discards"]
    assert refusal(client, {"hand": "123m456p789s2345s9m", "improvements": "yes"})[0]["pointer"] == "#/improvements"


def test_sixteen_tile_hands(client):
    body = answer(client, {"hand": "123m456p789s123s45s11z7z", "rules": {"preset": "taiwanese_16"}})
    assert body["shanten"] == 0
    assert by_tile(body)["7z"]["ukeire"] == [{"tile": "3s", "remaining": 3}, {"tile": "6s", "remaining": 4}]
    waiting = answer(client, {"hand": "123m456p789s123s45s11z", "rules": {"preset": "taiwanese_16"}})
    assert [w["tile"] for w in waiting["ukeire"]] == ["3s", "6s"]


def test_three_player_set_never_lists_2m_to_8m(client):
    body = answer(client, {"hand": "19m123p456p789s11z9m", "rules": {"preset": "tenhou_sanma"}})
    listed = {w["tile"] for d in body["discards"] for w in d["ukeire"]}
    assert not listed & {f"{n}m" for n in range(2, 9)} and "1m" in listed


@pytest.mark.parametrize("body, expected", [
    pytest.param({"hand": "123m456p789s2345s9m1m"}, {("#/hand", "wrong_tile_count")}, id="fifteen-tiles"),
    pytest.param({"hand": "123m456p78s2s", "melds": [{"kind": "pon", "tiles": "777z"}]},
                 {("#/hand", "wrong_tile_count")}, id="wrong-count-with-a-meld"),
    pytest.param({"hand": "123m456p789s2345s", "visible": "5s5s5s5s"}, {("#/visible", "too_many_copies")},
                 id="fifth-copy-across-hand-and-visible"),
    pytest.param({"hand": "123m456p789s2345s", "melds": [], "visible": "1z1z1z1z1z"},
                 {("#/visible", "too_many_copies")}, id="fifth-copy-in-visible"),
    pytest.param({"hand": "123m456p789s34s", "melds": [{"kind": "pon", "tiles": "222s"}], "visible": "2s2s"},
                 {("#/visible", "too_many_copies")}, id="fifth-copy-across-melds-and-visible"),
    pytest.param({"hand": "123m456p789s2345s", "visible": "123456789m123456789p123456789s1234567z" * 4},
                 {("#/visible", "too_many_tiles"), ("#/visible", "too_many_copies")}, id="visible-longer-than-the-set"),
    pytest.param({"hand": "123m456p789s2345s", "discards": [{"tile": "8z"}]}, {("#/discards/0/tile", "unknown_tile")},
                 id="unknown-tile-in-the-river"),
    pytest.param({"hand": "19m123p456p789s11z9m", "visible": "5m", "rules": {"preset": "tenhou_sanma"}},
                 {("#/visible", "tile_not_in_set")}, id="sanma-visible-2m-8m"),
    pytest.param({"hand": "123m456p789s2345s", "rules": {"preset": "nope"}}, {("#/rules/preset", "unknown_preset")},
                 id="unknown-preset"),
])
def test_refusals_name_their_field(client, body, expected):
    found = {(e["pointer"], e["code"]) for e in refusal(client, body)}
    assert expected <= found, found


def test_wrong_tile_count_says_how_many_tiles_the_route_takes(client):
    detail = refusal(client, {"hand": "123m456p789s2345s9m1m"})[0]["detail"]
    assert "13 or 14" in detail and "15" in detail
    detail = refusal(client, {"hand": "123m", "rules": {"preset": "taiwanese_16"}})[0]["detail"]
    assert "16 or 17" in detail


def test_visible_too_long_names_the_room_left(client):
    errors = refusal(client, {"hand": "123m456p789s2345s", "visible": "1m" * 130})
    detail = next(e["detail"] for e in errors if e["code"] == "too_many_tiles")
    assert "130" in detail and "136" in detail and "123" in detail


def undocumented(value, schema, at="") -> list[str]:
    """The keys of an answer that its schema does not declare, nested lists and objects included."""
    out = []
    for key, v in value.items():
        f = schema.fields.get(key)
        if f is None:
            out.append(at + key)
            continue
        inner = getattr(f, "inner", f)
        nested = getattr(inner, "schema", None)
        if nested is not None:
            for item in v if isinstance(v, list) else [v]:
                out += undocumented(item, nested, f"{at}{key}/")
    return out


@pytest.mark.parametrize("body", [
    pytest.param({"hand": "123m456p789s2345s9m", "discards": [{"tile": "5s"}]}, id="drawn-with-river"),
    pytest.param({"hand": "123m456p789s2345s", "discards": []}, id="waiting"),
    pytest.param({"hand": "1239m4578p1336s1z5z"}, id="far"),
])
def test_every_answer_field_is_documented(client, body):
    got = answer(client, body)
    assert undocumented(got, EfficiencyOut()) == []
    assert set(got) - {"preset", "shanten"} in ({"discards"}, {"ukeire", "ukeire_remaining", "improvements"})
