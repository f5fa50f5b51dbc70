"""The page in a real browser: tap a hand, ask each question, read the answer in words and tiles.

Each test runs at a phone's width (375 px) and on a desktop (1280 px) and saves a screenshot of the
state it reached (see conftest.py for where).
"""
import os
import re
import urllib.request

import pytest
from tests.browser.live import SHOTS, cold_phone, driver, enter_pon_win, live_server, page, phone, viewport_shot  # noqa: F401 (fixtures)

# one browser for the whole file: under xdist (--dist loadgroup, pytest.ini) every test of the group runs on
# the same worker, so the session's driver starts one Chromium instead of one per worker
pytestmark = pytest.mark.xdist_group("browser")

HERE = os.path.dirname(os.path.abspath(__file__))
GAME = os.path.join(os.path.dirname(HERE), "cases", "tenhou_2022010907gm-00a9-0000-85d38b5d.mjlog")


def text(el):
    return el.get_attribute("textContent")


def route_missing(client, path, body):
    """Why a route the page uses is not there yet (None when it is)."""
    resp = client.post(path, json=body)
    if resp.status_code == 404:
        return f"{path} is not on this branch yet"
    errors = (resp.get_json(silent=True) or {}).get("errors", [])
    if any(e.get("code") == "unknown_field" and e.get("pointer") == "#/claim" for e in errors):
        return f"`claim` on {path} is not on this branch yet"
    return None


WIN = {"hand": "3456789m234s", "win_tile": "3m", "win_by": "ron", "discarder": "east", "seat_wind": "west",
       "round_wind": "east", "dora_indicators": "5m", "melds": [{"kind": "pon", "tiles": "666z", "from": "south"}]}


def enter_win(page, hand=WIN["hand"], dora="5m"):
    """The API's example win: 3456789m234s + a pon of green dragons from south, ron on 3m from east."""
    enter_pon_win(page, hand)
    page.click("#table-box > summary")
    page.type("#dora", dora)


def test_tapping_tiles_builds_the_hand_and_shows_its_waits(page):
    page.tap_tiles("1112345678999m")
    assert page.find("#hand").get_attribute("value") == "1112345678999m"   # picker -> notation
    assert len(page.finds("#hand-tiles .tile")) == 13
    page.ask("ready")
    answer = page.find("#answer-ready")
    assert "Ready: 9 waits" in text(answer)
    assert [w.get_attribute("data-tile") for w in answer.find_elements(page.By.CSS_SELECTOR, ".wait")] == \
        [f"{n}m" for n in range(1, 10)]
    assert "1 left" in text(answer) and "3 left" in text(answer)
    page.screenshot("ready-waits")
    page.type("#hand", "1112345678999m9p")                                   # notation -> tiles
    assert len(page.finds("#hand-tiles .tile")) == 14
    page.click("#hand-tiles .tile[data-tile='9p']")                         # tap a drawn tile to take it away
    assert page.find("#hand").get_attribute("value") == "1112345678999m"
    page.click("#clear")
    assert page.find("#hand").get_attribute("value") == "" and page.find("#answer-ready").text == ""


def test_a_kind_with_four_copies_in_use_cannot_be_tapped_again(phone):
    phone.tap_tiles("1111m")
    assert phone.find("#picker button[data-tile='1m']").get_attribute("disabled") is not None
    assert phone.find("#picker button[data-tile='2m']").get_attribute("disabled") is None


def test_a_called_meld_is_drawn_with_the_called_tile_turned(phone):
    enter_win(phone)
    meld = phone.find("#melds .meld")
    tiles = meld.find_elements(phone.By.CSS_SELECTOR, ".tile")
    turned = [t.get_attribute("data-tile") for t in tiles if "turned" in t.get_attribute("class")]
    assert len(tiles) == 3 and turned == ["6z"]
    # west's pon from south (the player on the left) lies turned on the left
    assert "turned" in tiles[0].get_attribute("class")


def test_scoring_a_hand_shows_its_receipt(page):
    enter_win(page)
    page.ask("score")
    answer = page.find("#answer-score")
    assert page.find("#answer-score").get_attribute("data-state") == "answered"
    words = text(answer)
    assert "2,000 points: 2 han 30 fu" in words
    assert "Green dragon pung" in words and "Dora" in words
    fu = text(page.find("#answer-score .fu-table"))
    assert "Base" in fu and "Rounded up to 10" in fu
    assert re.search(r"East\s*2,000", text(page.find("#answer-score .payments-table")))
    page.screenshot("score-receipt")


def enter_river(page, river, hand="123m789p23456s11z"):
    """A ready hand (waits 1s-4s-7s) with its own river, the table box opened."""
    page.type("#hand", hand)
    page.click("#table-box > summary")
    page.type("#river", river)


def test_furiten_verdict_per_variant_with_reasons(page):
    enter_river(page, "4s")
    page.type("#missed", "7s")
    page.ask("furiten")
    answer = page.find("#answer-furiten")
    words = text(answer)
    assert "Furiten: no ron on any wait." in words
    assert "Absolute" in words and "Traditional" in words and "1-4-7" in words and "Extended" in words
    assert "sacred discard" in words and "temporary furiten" in words
    page.screenshot("furiten-verdict")


def test_a_wait_passed_after_riichi_bars_ron_for_the_hand(phone):
    enter_river(phone, "9m")
    phone.select("#riichi", "riichi")
    phone.click("input[name=target][value=missed_riichi]")
    phone.tap_tiles("1s")
    assert phone.find("#missed-riichi").get_attribute("value") == "1s"
    phone.ask("furiten")
    words = text(phone.find("#answer-furiten"))
    assert "Furiten: no ron on any wait." in words and "after the riichi" in words


def test_the_preset_options_show_meaning_and_source(phone):
    phone.select("#preset", "tenhou")
    assert "Tenhou" in text(phone.find("#preset-about"))
    phone.click("#options > summary")
    option = phone.wait(lambda d: d.find_element(phone.By.CSS_SELECTOR, "#options-list [data-option='red_fives']"))
    assert "red" in text(option).lower()                      # a common house rule: its meaning in plain words
    phone.type("#option-search", "pao")                        # any other option: found by a word, with its source
    found = [e for e in phone.finds("#option-all .option") if e.is_displayed()]
    assert found and all("Source:" in text(e) for e in found)


def test_a_changed_option_is_asked_with_the_preset(phone):
    """Tenhou counts 4 han 30 fu as 7,700; with kiriage mangan switched on it is a mangan, 8,000."""
    phone.select("#preset", "tenhou")
    enter_win(phone, hand="3406789m234s", dora="2m")
    phone.ask("score")
    assert "7,700 points: 4 han 30 fu" in text(phone.find("#answer-score"))
    phone.click("#options > summary")
    phone.click(phone.wait(lambda d: d.find_element(phone.By.CSS_SELECTOR, ".override[data-option='kiriage_mangan']")))
    phone.click("#ask-score")
    phone.wait(lambda d: "8,000 points" in text(d.find_element(phone.By.CSS_SELECTOR, "#answer-score")))
    assert "mangan" in text(phone.find("#answer-score"))


def test_settling_a_win_shows_sticks_and_next_counters(phone):
    enter_win(phone)
    phone.type("#honba", "1")
    phone.type("#sticks", "2")
    phone.ask("settle")
    answer = text(phone.find("#answer-settle"))
    assert "2,000" in answer and "riichi sticks" in answer     # the pool's 2 sticks go to the winner
    assert "Next deal: the deal passes on, 0 honba, 0 riichi sticks" in answer
    phone.screenshot("settle")


def test_a_bad_hand_shows_its_error_next_to_its_field(page):
    page.type("#hand", "123m456p789s11229z")
    page.ask("ready")
    error = page.find("label.field:has(#hand) + .error")
    assert "'9z' is not a tile" in text(error)
    assert page.find("#hand").get_attribute("aria-invalid") == "true"
    assert "Concealed tiles: '9z' is not a tile" in text(page.find("#answer-ready .problems"))   # and by the button
    page.screenshot("error-next-to-field")


def test_auditing_a_wrong_claim_shows_the_difference(page, client):
    """Tenhou, 4 han 30 fu with a red five and two dora: 7,700. Announced 8,000: rounded-up mangan (kiriage)."""
    win = {**WIN, "hand": "3406789m234s", "dora_indicators": "2m", "rules": {"preset": "tenhou"}}
    reason = route_missing(client, "/v1/score", {**win, "claim": {"points": 8000}})
    if reason:
        pytest.skip(reason)
    page.select("#preset", "tenhou")
    enter_win(page, hand=win["hand"], dora=win["dora_indicators"])
    page.click(".tabs button[data-q='audit']")
    page.type("#claim-points", "8000")
    page.ask("audit")
    answer = page.find("#answer-audit")
    assert "not what these rules give" in text(answer)
    diff = text(page.find("#answer-audit .differences"))
    assert "points" in diff and "8,000" in diff and "7,700" in diff
    assert "kiriage mangan = true" in text(page.find("#answer-audit .explained"))
    page.screenshot("audit-difference")


def test_replaying_a_public_game_shows_tenhous_final_standings(page, client):
    with open(GAME, encoding="utf-8") as f:
        mjlog = f.read()
    reason = route_missing(client, "/v1/games", {"record": {"format": "tenhou.mjlog", "data": mjlog}})
    if reason:
        pytest.skip(reason)
    page.click(".tabs button[data-q='replay']")
    page.find("#record-file").send_keys(GAME)                       # upload the file: it fills the field
    page.wait(lambda d: d.find_element(page.By.ID, "record").get_attribute("value") == mjlog)
    page.ask("replay")
    assert page.find("#answer-replay").get_attribute("data-state") == "answered"
    final = text(page.find("#answer-replay .final-table"))
    # Tenhou's own result, from the record's owari attribute: scores in hundreds, then final points
    owari = re.search(r'owari="([^"]+)"', mjlog).group(1).split(",")
    for score, points in zip(owari[::2], owari[1::2]):
        assert f"{int(score) * 100:,}" in final
        assert f"{round(float(points)):+d}".replace("+0", "0") in final
    assert len(page.finds("#answer-replay .hands-table tr.hand-head")) == mjlog.count("<AGARI") + mjlog.count("<RYUUKYOKU")
    page.screenshot("replay-standings")


def test_a_screenshot_is_a_whole_png(phone, monkeypatch, tmp_path):
    """The review screenshots (off in the everyday run, PAGE_SCREENSHOTS=1 takes them): the whole page and the
    viewport are written as PNG files, the whole page taller than the viewport."""
    monkeypatch.setitem(SHOTS, "on", True)
    monkeypatch.setattr("tests.browser.live.ARTIFACTS", str(tmp_path))
    enter_win(phone)
    phone.ask("score")
    paths = [phone.screenshot("whole"), viewport_shot(phone, "viewport")]
    sizes = []
    for path in paths:
        with open(path, "rb") as f:
            head = f.read(24)
        assert head[:8] == b"\x89PNG\r\n\x1a\n", path
        sizes += [int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")]   # width, height
    assert sizes[0] == sizes[2] == 375 and sizes[1] > sizes[3], sizes


def test_the_page_fits_a_phone(phone):
    """At 375 px nothing runs off the side: no horizontal scrolling, every control inside the screen."""
    enter_win(phone)
    phone.ask("score")
    for q in ("furiten", "settle"):
        phone.ask(q)
    phone.click("#options > summary")                     # every option of the preset, long names included
    phone.wait(lambda d: d.find_element(phone.By.CSS_SELECTOR, "#options-list .option"))
    assert phone.d.execute_script("return document.documentElement.scrollWidth") <= 375
    outside = phone.d.execute_script("""
        return [...document.querySelectorAll('input, select, button, textarea, .card')]
          .filter(e => e.offsetParent !== null && e.getBoundingClientRect().right > 375.5)
          .map(e => e.id || e.className);""")
    assert outside == []
    assert phone.violations() == []
    phone.screenshot("phone-width")


def test_first_load_weight_and_its_content_security_policy(cold_phone):
    """Everything the page loads on a cold cache, tiles included, is well under 1 MB and from this origin."""
    page = cold_phone
    page.wait(lambda d: d.execute_script("return [...document.images].every(i => i.complete && i.naturalWidth)"))
    entries = page.d.execute_script("""
        return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
          .map(e => [e.name, e.transferSize, e.encodedBodySize]);""")
    total = sum(size for _, size, _ in entries)
    assert all(name.startswith(page.base) for name, _, _ in entries)
    assert len([n for n, _, _ in entries if n.endswith(".svg")]) >= 37
    print(f"first load: {total} bytes transferred in {len(entries)} requests")
    assert 0 < total < 1_000_000
    with urllib.request.urlopen(page.base + "/") as resp:    # the policy the service itself sends
        policy = resp.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "unsafe" not in policy
    assert page.violations() == []


def test_which_discard_shows_the_table_best_first_in_tiles(page):
    """Fourteen tiles: every discard, best first, each with the tiles that help drawn as tiles; a wait already in
    the river is marked furiten; the page stays inside a phone's width."""
    enter_river(page, "5s", hand="123m456p789s2345s9m")   # the river counts as seen: one 5s fewer left
    page.ask("efficiency")
    answer = page.find("#answer-efficiency")
    assert answer.get_attribute("data-state") == "answered"
    assert "Best: discard 9m, ready, 5 tiles help." in text(answer)
    rows = answer.find_elements(page.By.CSS_SELECTOR, "table.efficiency tbody tr")
    discards = [r.find_element(page.By.CSS_SELECTOR, ".discard").get_attribute("data-tile") for r in rows]
    assert discards[:3] == ["9m", "2s", "5s"] and len(discards) == 14
    left = [int(r.find_elements(page.By.CSS_SELECTOR, "td")[-1].text) for r in rows]
    leaves = [r.find_elements(page.By.CSS_SELECTOR, "td")[1].text for r in rows]
    assert leaves[:3] == ["ready"] * 3 and all(x == "1 from ready" for x in leaves[3:])
    assert left[3:] == sorted(left[3:], reverse=True)
    first = rows[0].find_elements(page.By.CSS_SELECTOR, ".waits .wait")
    assert [w.get_attribute("data-tile") for w in first] == ["2s", "5s"]
    assert all("furiten" in w.get_attribute("class") for w in first)               # Tenhou's rule: both blocked
    assert all(w.find_element(page.By.CSS_SELECTOR, ".tile img") for w in first)    # drawn as tiles
    assert "Draws that widen it" in text(rows[0])
    assert page.d.execute_script("return document.documentElement.scrollWidth") <= page.width
    page.screenshot("which-discard")


def test_which_discard_for_thirteen_tiles(phone):
    phone.type("#hand", "123m456p789s2345s")
    phone.ask("efficiency")
    words = text(phone.find("#answer-efficiency"))
    assert "Ready: 6 tiles win." in words
    tiles = phone.finds("#answer-efficiency .waits .wait")
    assert [t.get_attribute("data-tile") for t in tiles] == ["2s", "5s"]
