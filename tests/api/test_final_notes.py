"""/v1/final: scores that do not add up to the players' starting total (plus the sticks) are explained."""
import pytest

FOUR = [("A", 35000), ("B", 32000), ("C", 22000), ("D", 19000)]


def body(points, sticks=0, **rules):
    return {"scores": [{"player": p, "points": n} for p, n in points], "riichi_sticks": sticks, "rules": rules}


@pytest.mark.parametrize("points, sticks, rules, noted", [
    pytest.param([("A", 35000), ("B", 25000), ("C", 25000), ("D", 15000)], 0, {}, False, id="adds-up"),
    pytest.param([("A", 35000), ("B", 25000), ("C", 25000), ("D", 14000)], 1, {}, False, id="adds-up-with-a-stick"),
    pytest.param([("A", 35000), ("B", 25000), ("C", 25000), ("D", 14000)], 0, {}, True, id="1000-missing"),
    pytest.param(FOUR, 0, {}, True, id="seed-example-27000-each"),
    pytest.param(FOUR, 0, {"start_points": 27000}, False, id="seed-example-with-its-start"),
])
def test_total_differs_from_start_is_noted(post_json, points, sticks, rules, noted):
    status, out = post_json("/v1/final", body(points, sticks, **rules))
    assert status == 200
    assert ("total_differs_from_start" in out.get("notes", ())) is noted
    assert out["table_total"] == sum(n for _, n in points) + 1000 * sticks
    if noted:
        detail = out["note_details"]["total_differs_from_start"]
        assert f"{out['table_total']:,}" in detail and f"{out['start_total']:,}" in detail and "start_points" in detail


def test_start_points_per_preset(post_json):
    pts = [("A", 40000), ("B", 30000), ("C", 30000), ("D", 20000)]
    _, ema = post_json("/v1/final", body(pts, preset="ema"))
    _, modern = post_json("/v1/final", body(pts))
    assert "notes" not in ema and "total_differs_from_start" in modern["notes"]
