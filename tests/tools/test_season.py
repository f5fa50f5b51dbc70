"""tools.season (README "A season at once"): which format each input holds, folders / zip / JSON lines of mixed
records replayed as POST /v1/games answers them, unreadable inputs listed without stopping the run, the season
table on a season small enough to add up by hand, and 20 public games on two workers (skipped without
../shared)."""
from __future__ import annotations

import gzip
import io
import json
import os
import re
import zipfile

import pytest

from tests.paths import ROOT, SHARED
from tests.mjsoul_samples import hand_made
from tools.season import cli, replay, sources
from tools.season.table import Season, error_text, number

CASES = os.path.join(ROOT, "tests", "cases", "games")
GAMES_DATA = os.path.join(SHARED, "data", "games.jsonl.gz")
MJAI_EVENTS = [{"type": "start_game", "names": ["A", "B", "C", "D"]}, {"type": "end_game"}]


def _case(name: str) -> bytes:
    with open(os.path.join(CASES, name), "rb") as f:
        return f.read()


def one_hand(players: list[str]) -> dict:
    """An outcomes record of one hand: seat 1 deals into seat 2 for 3,900 (3 han 30 fu), and the record stops
    there, before an East-only game ends: every replay of it disagrees (a game-level difference `hands`)."""
    return {"players": players, "length": "east_only", "hands": [
        {"result": "ron", "from": 1, "wins": [{"winner": 2, "han": 3, "fu": 30}], "riichi": [],
         "recorded_deltas": [0, -3900, 3900, 0]}]}


def _text(path: str) -> str:
    with open(path, encoding="utf-8") as f:
        return f.read()


def _zip(members: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in members.items():
            z.writestr(name, data)
    return buf.getvalue()


def _lines(*values) -> bytes:
    return "".join(json.dumps(v) + "\n" for v in values).encode()


def formats(name: str, raw: bytes) -> list[tuple[str, str | None, str | None]]:
    """(where, format, game_id) of every piece, read as a worker reads it; format None: not a game."""
    out = []
    for piece in sources.split_bytes(name, raw):
        assert isinstance(piece, sources.Piece), piece
        try:
            fmt, _, game_id = sources.record(piece)
        except sources.NotAGame:
            fmt, game_id = None, None
        out.append((piece.where, fmt, game_id))
    return out


OUTCOMES = one_hand(["A", "B", "C", "D"])
GAME_LINE = {"game_id": "g1", "mjlog": "<mjloggm/>", "tenhou6": {"log": []}, "outcomes": OUTCOMES, "expect": {}}


@pytest.mark.parametrize("name, raw, want", [
    pytest.param("a.xml", b"<mjloggm ver='2.3'></mjloggm>", [("a.xml", "tenhou.mjlog", None)], id="xml"),
    pytest.param("a.mjlog", gzip.compress(b"<mjloggm/>"), [("a.mjlog", "tenhou.mjlog", None)], id="gzipped-mjlog"),
    pytest.param("a.log", b"  <mjloggm/>", [("a.log", "tenhou.mjlog", None)], id="xml-by-content"),
    pytest.param("t.json", json.dumps({"title": ["x"], "log": []}).encode(), [("t.json", "tenhou.6", None)],
                 id="tenhou6-object"),
    pytest.param("t.json", json.dumps({"log": []}, indent=2).encode(), [("t.json", "tenhou.6", None)],
                 id="tenhou6-pretty-printed"),
    pytest.param("m.json", json.dumps({"head": {}, "data": {}}).encode(), [("m.json", "mahjong_soul", None)],
                 id="mahjong-soul"),
    pytest.param("o.json", json.dumps(OUTCOMES).encode(), [("o.json", "outcomes", None)], id="outcomes"),
    pytest.param("r.json", json.dumps({"format": "tenhou.6", "data": {}}).encode(), [("r.json", "tenhou.6", None)],
                 id="format-and-data"),
    pytest.param("b.json", json.dumps({"record": {"format": "outcomes", "data": {}}}).encode(),
                 [("b.json", "outcomes", None)], id="a-whole-request-body"),
    pytest.param("g.jsonl", _lines(*MJAI_EVENTS), [("g.jsonl", "mjai", None)], id="mjai-lines-one-game"),
    pytest.param("g.json", json.dumps(MJAI_EVENTS).encode(), [("g.json", "mjai", None)], id="mjai-array"),
    pytest.param("s.jsonl", _lines(GAME_LINE, {**GAME_LINE, "game_id": "g2", "mjlog": None},
                                   {"game_id": "g3", "outcomes": OUTCOMES}, {"game_id": "g4", "mjai": MJAI_EVENTS}),
                 [("s.jsonl:1", "tenhou.mjlog", "g1"), ("s.jsonl:2", "tenhou.6", "g2"),
                  ("s.jsonl:3", "outcomes", "g3"), ("s.jsonl:4", "mjai", "g4")], id="game-lines-tiles-first"),
    pytest.param("r.jsonl.gz", gzip.compress(_lines({"format": "outcomes", "data": OUTCOMES}, {"log": []})),
                 [("r.jsonl.gz:1", "outcomes", None), ("r.jsonl.gz:2", "tenhou.6", None)], id="record-lines-gzipped"),
    pytest.param("mix.jsonl", _lines({"schema": "real-hand/1", "type": "x"}, GAME_LINE) + b"\n\n",
                 [("mix.jsonl:1", None, None), ("mix.jsonl:2", "tenhou.mjlog", "g1")], id="other-records-skipped"),
    pytest.param("a.zip", _zip({"x/a.xml": b"<mjloggm/>", "x/o.json.gz": gzip.compress(json.dumps(OUTCOMES).encode()),
                                "x/README.md": b"# not a record", "x/in.zip": _zip({"t.json": b'{"log": []}'})}),
                 [("a.zip:x/a.xml", "tenhou.mjlog", None), ("a.zip:x/in.zip:t.json", "tenhou.6", None),
                  ("a.zip:x/o.json.gz", "outcomes", None)], id="zip-members-by-name"),
])
def test_format_detection(name, raw, want):
    assert formats(name, raw) == want


@pytest.mark.parametrize("name, raw, words", [
    pytest.param("x.json", b"{not json", "not JSON", id="not-json"),
    pytest.param("x.json", b"[1, 2]", "not an mjai log", id="array-of-no-events"),
    pytest.param("x.json", b'"text"', "a JSON str", id="a-string"),
    pytest.param("x.json", b'{"game_id": "g", "expect": {}}', "keys: game_id, expect", id="unknown-object"),
    pytest.param("x.xml", b"<mjloggm \xff/>", "not UTF-8", id="not-utf8"),
    pytest.param("x.json", b"[" * 100_000 + b"]" * 100_000, "nested too deeply", id="nested-too-deeply"),
])
def test_a_piece_that_is_no_record_says_why(name, raw, words):
    [piece] = sources.split_bytes(name, raw)
    with pytest.raises(sources.BadInput, match=re.escape(words)):
        sources.record(piece)


@pytest.mark.parametrize("raw, words", [
    pytest.param(gzip.compress(b"<mjloggm/>")[:15], "damaged gzip", id="truncated-gzip"),
    pytest.param(_zip({"a.xml": b"<x/>"})[:30], "damaged zip", id="truncated-zip"),
])
def test_a_damaged_archive_is_unreadable(raw, words):
    [piece] = sources.split_bytes("f.gz", raw)
    assert isinstance(piece, sources.Unreadable) and words in piece.error


def test_a_folder_is_walked_in_order_and_only_its_record_files(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "g.xml").write_text("<mjloggm/>")
    (tmp_path / "a.json").write_text('{"log": []}')
    (tmp_path / "notes.md").write_text("not a record")
    (tmp_path / ".hidden.json").write_text("{}")
    assert [p.where for p in sources.split(str(tmp_path))] == [str(tmp_path / "a.json"), str(tmp_path / "b" / "g.xml")]
    [missing] = sources.split(str(tmp_path / "nothing.json"))
    assert isinstance(missing, sources.Unreadable) and "cannot be read" in missing.error


def test_the_request_carries_the_users_rules_and_infer_rules():
    assert replay.request_extra(None, False) == {}
    assert replay.request_extra({"preset": "tenhou"}, True) == {"rules": {"preset": "tenhou"}, "infer_rules": True}


def run(capsys, *argv) -> tuple[int, list[dict], str]:
    """The command's exit status, its output lines and what it printed."""
    out = argv[argv.index("--out") + 1]
    status = cli.main([*argv, "--quiet"])
    with open(out, encoding="utf-8") as f:
        lines = [json.loads(line) for line in f]
    return status, lines, capsys.readouterr().out


def test_a_tiny_season_adds_up_as_by_hand(tmp_path, capsys):
    # game 1: Ann, Bo, Cy, Di; Bo deals into Cy for 3,900: Cy 28,900 (1st, 19 + 20 uma = +39), Ann 25,000 (2nd,
    # tie with Di to the lower seat: -5 + 10 = +5), Di 25,000 (3rd, -5 - 10 = -15), Bo 21,100 (4th, -9 - 20 = -29).
    # game 2: seats Cy, Ann, Bo, Di: Bo 1st +39, Cy 2nd +5, Di 3rd -15, Ann 4th -29. Both stop early: disagree.
    (tmp_path / "g1.json").write_text(json.dumps(one_hand(["Ann", "Bo", "Cy", "Di"])))
    (tmp_path / "g2.json").write_text(json.dumps({"format": "outcomes", "data": one_hand(["Cy", "Ann", "Bo", "Di"])}))
    status, lines, printed = run(capsys, str(tmp_path), "--out", str(tmp_path / "season.jsonl"), "--jobs", "1")
    assert status == 0
    assert [(line["id"], line["agrees"], [d["field"] for d in line["differences"]]) for line in lines] == [
        (str(tmp_path / "g1.json"), False, ["hands"]), (str(tmp_path / "g2.json"), False, ["hands"])]
    table = [line.split() for line in printed.splitlines()[:5]]
    assert table == [["player", "games", "avg", "place", "total", "points", "disagree"],
                     ["Cy", "2", "1.50", "+44", "2"], ["Bo", "2", "2.50", "+10", "2"],
                     ["Ann", "2", "3.00", "-24", "2"], ["Di", "2", "3.00", "-30", "2"]]
    assert "2 games: 0 agree with their record, 2 disagree" in printed


def test_a_folder_of_mixed_records_goes_on_past_bad_files(tmp_path, capsys):
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "a_outcomes.json").write_bytes(_case("tonpuu.outcomes.json"))
    (folder / "b_tenhou6.json").write_bytes(_case("tonpuu.tenhou6.json"))
    (folder / "c_mjlog.mjlog").write_bytes(gzip.compress(_case("tonpuu.mjlog.xml")))
    (folder / "c_mjsoul.json").write_text(json.dumps(hand_made("actions")))
    (folder / "d_broken.json").write_text('{"log": ')
    (folder / "e_truncated.xml").write_bytes(_case("tonpuu.mjlog.xml")[:-400])
    status, lines, printed = run(capsys, str(folder), "--out", str(tmp_path / "out.jsonl"), "--jobs", "1")
    assert status == 1   # two inputs unreadable
    by_name = {os.path.basename(line["where"]): line for line in lines}
    expect = json.loads(_case("tonpuu.expect.json"))["expect"]["final"]["points"]
    for name, fmt in (("a_outcomes.json", "outcomes"), ("b_tenhou6.json", "tenhou.6"),
                      ("c_mjlog.mjlog", "tenhou.mjlog")):
        line = by_name[name]
        assert (line["format"], line["agrees"], line["differences"]) == (fmt, True, []), name
        assert [s["final"] for s in line["final"]["scores"]] == expect, name
    mjsoul = by_name["c_mjsoul.json"]   # seat 0 busts in the first deal: Mahjong Soul's points from its head
    assert (mjsoul["format"], mjsoul["preset"], mjsoul["agrees"]) == ("mahjong_soul", "mahjong_soul", True)
    assert [s["final"] for s in mjsoul["final"]["scores"]] == [-43, 13, -5, 35]
    assert "not JSON" in by_name["d_broken.json"]["error"]["detail"]
    assert by_name["e_truncated.xml"]["error"]["status"] == 422
    assert by_name["e_truncated.xml"]["error"]["errors"][0]["code"] == "malformed_xml"
    assert "Unreadable (2):" in printed
    assert re.search(r"e_truncated\.xml: 422 #/record/data malformed_xml: Not well-formed XML", printed)
    assert re.search(r"Dさん\s+3\s+1\.00\s+\+135\s+0", printed)   # 45 in each of the three games
    assert re.search(r"^D\s+1\s+1\.00\s+\+35\s+0$", printed, re.M)   # the Mahjong Soul game's names are A-D


def test_a_zip_and_a_json_lines_file_on_two_workers(tmp_path, capsys):
    (tmp_path / "games.zip").write_bytes(_zip({"t6.json": _case("tonpuu.tenhou6.json"),
                                               "bad.json": b"[]"}))
    records = [{"game_id": "first", "outcomes": json.loads(_case("tonpuu.outcomes.json"))},
               {"schema": "real-draw/1", "type": "exhaustive"},
               {"game_id": "second", "mjlog": _case("tonpuu.mjlog.xml").decode(), "outcomes": {}}]
    (tmp_path / "games.jsonl").write_bytes(_lines(*records))
    status, lines, printed = run(capsys, str(tmp_path / "games.zip"), str(tmp_path / "games.jsonl"),
                                 "--out", str(tmp_path / "out.jsonl"), "--jobs", "2")
    assert status == 1
    zip_path, jsonl = str(tmp_path / "games.zip"), str(tmp_path / "games.jsonl")
    assert [(line["id"], line["where"], line.get("format"), line.get("agrees")) for line in lines] == [
        (f"{zip_path}:bad.json", f"{zip_path}:bad.json", None, None),
        (f"{zip_path}:t6.json", f"{zip_path}:t6.json", "tenhou.6", True),
        ("first", f"{jsonl}:1", "outcomes", True),
        ("second", f"{jsonl}:3", "tenhou.mjlog", True)]
    assert "1 lines skipped" in printed and "3 games: 3 agree" in printed


def test_rules_for_every_game_are_the_requests_rules(tmp_path, capsys):
    """Under rules the record was not played by, the replay reports every difference and the run still succeeds."""
    (tmp_path / "g.xml").write_bytes(_case("tonpuu.mjlog.xml"))
    status, [line], printed = run(capsys, str(tmp_path / "g.xml"), "--out", str(tmp_path / "o.jsonl"), "--jobs", "1",
                                  "--rules", '{"preset": "japanese_modern"}')
    assert (status, line["preset"], line["agrees"]) == (0, "japanese_modern", False)
    assert {d["field"] for d in line["differences"] if d["hand"] is None} >= {"final.scores"}
    assert "disagrees: " in printed


def test_infer_rules_is_asked_of_the_route(tmp_path, capsys, client):
    probe = client.post("/v1/games", json={"record": {"format": "outcomes", "data": {}}, "infer_rules": True})
    if any(e["code"] == "unknown_field" for e in probe.get_json().get("errors", ())):
        pytest.skip("POST /v1/games does not take infer_rules yet")
    (tmp_path / "g.json").write_bytes(_case("tonpuu.tenhou6.json"))
    status, [line], _ = run(capsys, str(tmp_path / "g.json"), "--out", str(tmp_path / "o.jsonl"), "--jobs", "1",
                            "--infer-rules")
    assert status == 0 and line["inferred_rules"]["explains"] is True


@pytest.mark.parametrize("argv", [
    pytest.param(["x", "--rules", "{nope"], id="rules-not-json"),
    pytest.param(["x", "--rules", '["tenhou"]'], id="rules-not-an-object"),
    pytest.param(["x", "--jobs", "0"], id="no-jobs"),
    pytest.param(["x", "--rules", '{"preset": "tenhou"}', "--infer-rules"], id="rules-and-infer-rules"),
])
def test_a_wrong_command_line_exits_2(argv, capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(argv)
    assert e.value.code == 2


def test_nothing_found_exits_1(tmp_path, capsys):
    assert cli.main([str(tmp_path), "--out", str(tmp_path / "o.jsonl"), "--quiet"]) == 1
    assert "No game found" in capsys.readouterr().out


def test_no_progress_bar_when_stderr_is_no_terminal(tmp_path, capsys):
    (tmp_path / "g.json").write_bytes(_case("tonpuu.outcomes.json"))
    assert cli.main([str(tmp_path), "--out", str(tmp_path / "o.jsonl"), "--jobs", "1"]) == 0
    assert capsys.readouterr().err == ""


def test_season_counts_and_numbers():
    season = Season()
    final = {"scores": [{"player": "A", "seat": "east", "rank": 1, "final": 10.5},
                        {"player": "", "seat": "south", "rank": 2, "final": -10.5}]}
    for line in ({"agrees": True, "final": final}, {"agrees": None, "final": final}, {"agrees": False, "final": None},
                 {"skipped": "real-hand/1"}, {"where": "w", "error": {"status": 422, "detail": "d"}}):
        season.add(line)
    assert (season.games, season.agree, season.unchecked, season.disagree, season.skipped) == (3, 1, 1, 1, 1)
    assert season.errors == [("w", "422 d")]
    assert [(name, p.games, p.average_place, p.points) for name, p in season.rows()] == [
        ("A", 2, 1.0, 21.0), ("(no name, seat south)", 2, 2.0, -21.0)]
    assert [number(x) for x in (21.0, -21, 0.1 + 0.2, -4.25)] == ["+21", "-21", "+0.3", "-4.2"]
    assert error_text({"detail": "x", "errors": [{"pointer": "#/a", "code": "c", "detail": "d"}]}) == "#/a c: d"


def test_the_service_never_imports_the_tool():
    runtime = [os.path.join(ROOT, "app.py")] + [os.path.join(folder, name) for top in ("calculator", "schemas", "web")
                                                for folder, _, names in os.walk(os.path.join(ROOT, top))
                                                for name in names if name.endswith(".py")]
    leaks = [path for path in runtime if re.search(r"^\s*(from|import)\s+tools\b", _text(path), re.M)]
    assert leaks == []


@pytest.mark.skipif(not os.path.exists(GAMES_DATA), reason="needs ../shared/data/games.jsonl.gz")
def test_twenty_public_games_on_two_workers_agree(tmp_path, capsys):
    with gzip.open(GAMES_DATA, "rb") as f:
        head = [next(f) for _ in range(20)]
    (tmp_path / "twenty.jsonl.gz").write_bytes(gzip.compress(b"".join(head)))
    status, lines, printed = run(capsys, str(tmp_path / "twenty.jsonl.gz"), "--out", str(tmp_path / "o.jsonl"),
                                 "--jobs", "2")
    assert status == 0 and "20 games: 20 agree with their record" in printed
    games = [json.loads(raw) for raw in head]
    assert [line["id"] for line in lines] == [g["game_id"] for g in games]
    assert [[s["final"] for s in line["final"]["scores"]] for line in lines] == [
        g["expect"]["final"]["points"] for g in games]
    assert {line["format"] for line in lines} == {"tenhou.mjlog"}
