"""GET /v1/presets and /v1/presets/{name} answer byte for byte as the snapshot taken before the presets became
data files (tests/cases/presets_snapshot, one file per answer, captured from main at the conversion).

Options and presets added since the snapshot are left out before comparing (they are new, so they have no
snapshot); everything the snapshot holds must come back in the same bytes, in the same order. After an
intended change of an existing value, source or flag, rewrite the snapshot:
    .venv/bin/python tests/api/test_presets_snapshot.py --write
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

SNAPSHOT = Path(__file__).resolve().parent.parent / "cases" / "presets_snapshot"
LISTING = "_list.json"


def url(filename: str) -> str:
    return "/v1/presets" if filename == LISTING else f"/v1/presets/{filename.removesuffix('.json')}"


def without_additions(answer: dict, known: dict) -> dict:
    """`answer` less the presets (in the listing) and options (in a detail) that `known` does not have."""
    if "presets" in answer:
        names = {p["name"] for p in known["presets"]}
        return {**answer, "presets": [p for p in answer["presets"] if p["name"] in names]}
    names = {o["name"] for o in known["options"]}
    return {**answer, "options": [o for o in answer["options"] if o["name"] in names]}


@pytest.mark.parametrize("filename", sorted(p.name for p in SNAPSHOT.glob("*.json")))
def test_preset_answer_is_byte_for_byte_the_snapshot(app, client, filename):
    want = (SNAPSHOT / filename).read_bytes()
    resp = client.get(url(filename))
    assert resp.status_code == 200
    got = resp.get_data()
    if got != want:
        # only additions may differ: the answer without them must be the snapshot's bytes
        with app.app_context():
            got = app.json.response(without_additions(json.loads(got), json.loads(want))).get_data()
    assert got == want


def test_an_option_or_preset_added_since_the_snapshot_is_left_out_and_nothing_else(client):
    detail = client.get("/v1/presets/tenhou").get_json()
    older = {**detail, "options": [o for o in detail["options"] if o["name"] != "kazoe"]}
    assert without_additions(detail, older) == older
    listing = client.get("/v1/presets").get_json()
    older = {"presets": listing["presets"][:-1]}
    assert without_additions(listing, older) == older


def test_the_snapshot_covers_every_answer_it_had():
    names = [p.name for p in SNAPSHOT.glob("*.json")]
    assert LISTING in names and len(names) == 11


def write() -> None:
    """Rewrite the snapshot from the current code (after an intended change)."""
    sys.path.insert(0, str(SNAPSHOT.parent.parent.parent))
    from app import create_app
    client = create_app({"TESTING": True}).test_client()
    listing = client.get("/v1/presets")
    (SNAPSHOT / LISTING).write_bytes(listing.get_data())
    for p in listing.get_json()["presets"]:
        (SNAPSHOT / f"{p['name']}.json").write_bytes(client.get(f"/v1/presets/{p['name']}").get_data())


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    write()
