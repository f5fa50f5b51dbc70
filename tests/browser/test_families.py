"""The page under every family and under three players: a Taiwanese, a European and a three-player game asked every
question of the page in a real browser, each answer read as its family's own receipt (issue 25, the page, 1-2)."""
import pytest
from tests.browser.live import driver, enter_pon_win, live_server, page, phone  # noqa: F401 (fixtures)

pytestmark = pytest.mark.xdist_group("browser")


def text(el):
    return el.get_attribute("textContent")


def choose_preset(page, name, family, players=4):
    page.select("#preset", name)
    page.wait(lambda d: d.execute_script(
        "return document.body.dataset.family === arguments[0] && document.body.dataset.players === arguments[1]",
        family, str(players)))


def fits(page):
    """Nothing runs off the side at this width (a phone's page never scrolls sideways)."""
    return page.d.execute_script("return document.documentElement.scrollWidth") <= page.width


def answered(page, question):
    answer = page.find(f"#answer-{question}")
    assert answer.get_attribute("data-state") == "answered", text(answer)
    return text(answer)


def ask_if_there(page, question):
    """Ask a question the page may not have on this branch yet (Which discard? lands from another branch)."""
    if not page.finds(f"#ask-{question}"):
        return None
    page.ask(question)
    return answered(page, question)


TAIWANESE_HAND = "123456789m123p45s55z"     # 16 tiles, waiting on 3s and 6s


def test_a_taiwanese_game_through_every_question(page):
    choose_preset(page, "taiwanese_16", "taiwanese")
    assert "Sixteen tiles" in text(page.find("#ready-about")) and "Thirteen" not in text(page.find("#ready-about"))
    page.tap_tiles(TAIWANESE_HAND)
    assert len(page.finds("#hand-tiles .tile")) == 16
    page.ask("ready")
    assert "Ready: 2 waits" in answered(page, "ready")
    page.click("#table-box > summary")
    page.type("#river", "9p")
    page.ask("furiten")
    assert "You may win on every wait" in answered(page, "furiten")
    # the winning tile tapped into the hand as well (17 tiles): the page takes it out again, as for 14 Japanese ones
    page.tap_tiles("6s")
    assert len(page.finds("#hand-tiles .tile")) == 17
    which = ask_if_there(page, "efficiency")          # 17 tiles under 16-tile rules: a discard question
    assert which is None or "already complete" in which
    page.type("#river", "")
    page.type("#win-tile", "6s")
    page.select("#win-by", "tsumo")
    page.select("#seat-wind", "east")
    assert page.find("#bonus-box").is_displayed()
    page.click("#flowers input[value='1']")
    page.ask("score")
    words = answered(page, "score")
    assert "5,100 points: 13 tai" in words and "undefined" not in words
    tai = text(page.find("#answer-score .tai-table"))
    for item in ("Flower or season of the own seat", "Pure straight, self-drawn", "Self-draw", "Concealed hand"):
        assert item in tai
    assert "Dealer's bonus" in text(page.find("#answer-score .bonus-table"))
    assert text(page.find("#honba-label")).strip().startswith("Continued deals")
    pays = text(page.find("#answer-score .payments-table"))
    assert "the hand" in pays and "dealer's bonus" in pays and "1,600" in pays
    page.screenshot("taiwanese-score")
    page.screenshot("taiwanese-score-answer", "#q-score")
    page.click(".tabs button[data-q='settle']")
    assert page.find("#score-east").get_attribute("value") == "0"          # Taiwanese tables start from nothing
    page.ask("settle")
    words = answered(page, "settle")
    assert "East → " not in words and "South → East: 1,600 (for the hand)" in words
    assert "South → East: 100 (dealer's bonus)" in words and "dealer keeps the deal" in words
    page.click(".tabs button[data-q='audit']")
    page.type("#claim-points", "5000")
    page.ask("audit")
    words = answered(page, "audit")
    assert "not what these rules give" in words and "5,100" in words and "13 tai" in words
    assert fits(page)
    page.screenshot("taiwanese-audit")


EUROPEAN_WIN = "3456789m234s"   # + a pon of green dragons from south, ron on 3m from east, west's hand


def enter_european_win(page):
    enter_pon_win(page, EUROPEAN_WIN)


def test_a_european_game_through_every_question(page):
    choose_preset(page, "european_classical", "european")
    enter_european_win(page)
    page.ask("ready")
    assert "Ready" in answered(page, "ready")
    which = ask_if_there(page, "efficiency")
    assert which is None or "Ready: 9 tiles win." in which
    page.ask("furiten")
    answered(page, "furiten")
    page.click("#flowers input[value='3']")
    for season in ("1", "3"):
        page.click(f"#seasons input[value='{season}']")
    page.ask("score")
    words = answered(page, "score")
    assert "80 points: 38 basic points, 1 double" in words and "undefined" not in words
    basic = text(page.find("#answer-score .basic-table"))
    for item in ("Going out", "Melded pung of dragons", "Out on the pair", "Flowers", "Seasons ×2"):
        assert item in basic
    assert "Dragon pung" in text(page.find("#answer-score .doubles-table"))
    page.screenshot("european-score")
    page.screenshot("european-score-answer", "#q-score")
    page.click(".tabs button[data-q='settle']")
    assert page.find("#losers").is_displayed()
    page.type("#loser-east", "123456789m1234p")
    page.type("#loser-south", "1112223334449p")
    page.type("#loser-north", "1112223334449s")
    page.ask("settle")
    words = answered(page, "settle")
    assert "East → West: 160 (for the hand)" in words
    assert "East → South: 40 (between losers)" in words and "East → North: 40 (between losers)" in words
    values = text(page.find("#answer-settle .hands-values"))
    assert "South" in values and "20" in values and "West" in values and "80" in values
    assert fits(page)
    page.screenshot("european-settle")
    page.screenshot("european-settle-answer", "#q-settle")
    page.click(".tabs button[data-q='audit']")
    page.type("#claim-points", "100")
    page.ask("audit")
    words = answered(page, "audit")
    assert "not what these rules give" in words and "basic points" in words


def test_a_european_win_without_the_losers_hands_says_so_in_a_sentence(phone):
    choose_preset(phone, "european_classical", "european")
    enter_european_win(phone)
    phone.ask("settle")
    note = text(phone.find("#answer-settle .note[data-note='loser_hands_not_given']"))
    assert "losers' hands were not given" in note and "_" not in note


SANMA = {"hand": "2205588p789s111z", "win_tile": "8p", "dora": "1m"}   # API.md's example: 12,000 + 2 sticks


def test_a_three_player_game_through_every_question(page):
    choose_preset(page, "tenhou_sanma", "japanese", players=3)
    # no 2m-8m and no red 5m to tap, no north to choose, a kita field, Tenhou's 35,000 start
    hidden = page.d.execute_script("return [...document.querySelectorAll('#picker button')].filter(b => b.hidden)"
                                   ".map(b => b.dataset.tile)")
    assert hidden == ["2m", "3m", "4m", "5m", "6m", "7m", "8m", "0m"]
    for select in ("seat-wind", "discarder", "meld-from", "settle-offender"):
        options = page.d.execute_script("return [...document.getElementById(arguments[0]).options]"
                                        ".filter(o => !o.disabled).map(o => o.value)", select)
        assert "north" not in options, select
    assert page.find("#kita-box").is_displayed()
    page.type("#hand", "1112345678999p")
    page.ask("ready")
    assert "Ready: 9 waits" in answered(page, "ready")
    which = ask_if_there(page, "efficiency")          # 1p-9p on a 108-tile set: 1 + 7 x 3 + 1
    assert which is None or "Ready: 23 tiles win." in which
    page.click("#table-box > summary")
    page.type("#river", "1p")
    page.ask("furiten")
    assert "Furiten" in answered(page, "furiten")
    page.type("#river", "")
    page.type("#hand", SANMA["hand"])
    page.type("#win-tile", SANMA["win_tile"])
    page.select("#seat-wind", "east")
    page.select("#discarder", "south")
    page.select("#riichi", "riichi")
    page.type("#dora", SANMA["dora"])
    page.type("#ura", SANMA["dora"])
    page.type("#sticks", "2")
    page.type("#kita", "1")
    page.ask("score")
    words = answered(page, "score")
    assert "12,000 points: 5 han 50 fu" in words and "North set aside (kita)" in words
    assert "North" not in text(page.find("#answer-score .deltas-table"))
    assert len(page.finds("#answer-score .indicators .tile[data-tile='4z']")) == 1     # the kita, drawn
    page.screenshot("sanma-score")
    page.screenshot("sanma-score-answer", "#q-score")
    page.click(".tabs button[data-q='settle']")
    assert [page.find(f"#score-{s}").get_attribute("value") for s in ("east", "south", "west")] == ["35000"] * 3
    assert not page.find("#score-north").is_displayed()
    page.ask("settle")
    words = answered(page, "settle")
    assert "South → East: 12,000" in words and "North" not in words
    page.select("#settle-kind", "exhaustive_draw")
    assert not page.find("#settle-ready [data-seat=north]").is_displayed()
    page.click("#settle-ready input[value=east]")
    page.ask("settle")
    assert "South → East: 1,000 (ready at the draw)" in answered(page, "settle")
    page.select("#settle-kind", "abortive_draw")
    reasons = page.d.execute_script("return [...document.getElementById('settle-reason').options]"
                                    ".filter(o => !o.disabled).map(o => o.value)")
    assert reasons == ["kyuushu_kyuuhai", "suukaikan"]
    page.ask("settle")
    answered(page, "settle")
    page.select("#settle-kind", "win")
    page.click(".tabs button[data-q='audit']")
    page.type("#claim-points", "12000")
    page.ask("audit")
    assert "The announced score is right." in answered(page, "audit")
    assert fits(page)
    page.screenshot("sanma-settle")


def test_a_taiwanese_continued_deal_pays_its_bonus_on_its_own_line(phone):
    """The dealer wins again after one continued deal: 2 bonus tai (continued deal) beside the dealer's 1."""
    choose_preset(phone, "taiwanese_16", "taiwanese")
    phone.type("#hand", TAIWANESE_HAND)
    phone.type("#win-tile", "6s")
    phone.select("#win-by", "tsumo")
    phone.select("#seat-wind", "east")
    phone.click("#flowers input[value='1']")
    phone.type("#honba", "1")
    phone.ask("score")
    assert "5,700 points: 13 tai" in answered(phone, "score")
    bonuses = text(phone.find("#answer-score .bonus-table"))
    assert "Continued-deal bonus" in bonuses and "Dealer's bonus" in bonuses
    assert "continued-deal bonus" in text(phone.find("#answer-score .payments-table"))
