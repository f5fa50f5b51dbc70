"""What a settlement's wins must agree with: the outcome they belong to (its kind and discarder, the request's
rules), the scoring family's short form (han and fu, tai or points), and each other (the full bodies of one
deal share its discard and its table, and all the tiles shown hold at most four copies of a tile).

Pure checks returning Issues; `at` is the win's pointer ("outcome/wins/<i>"), so each problem names the field
of the request it concerns.
"""
from __future__ import annotations

from collections.abc import Mapping

from calculator.core.errors import Issue
from calculator.core.tiles import counts_of, name
from calculator.table.wins import han_fu_issues

SHORT_VALUES = ("han", "fu", "yakuman", "tai")


def short_discarder_issues(given, kind: str, discarder: str | None, at: str) -> list[Issue]:
    """A short win may repeat the outcome's discarder: accepted only when it is the same (none on a self-draw)."""
    if kind == "tsumo" and given is not None:
        return [Issue("unexpected_discarder", "A self-draw has no discarder: leave it out.", at + "/discarder")]
    if kind == "ron" and given != discarder:
        return [Issue("discarder_mismatch", f"The win's discarder must be the outcome's ({discarder}) or left out.",
                      at + "/discarder")]
    return []


def short_value_issues(values: Mapping, kind: str, rules, at: str) -> list[Issue]:
    """The short form's values under the rules' family: European rules score in `points`, Taiwanese in `tai`,
    the others in han and fu (with a yakuman count), and a han and fu no hand can have is refused."""
    if rules.scoring_family == "european":
        issues = []
        if values["points"] is None:
            issues.append(Issue("points_required", "European rules score a win in points: give `points` (the hand's "
                                "total) or the full /v1/score body.", at))
        given = [k for k in SHORT_VALUES if values[k]]
        if given:
            issues.append(Issue("not_in_rules", f"European rules score in points, not {given[0]}: leave it out.",
                                f"{at}/{given[0]}"))
        return issues
    issues = []
    if values["points"] is not None:
        issues.append(Issue("not_in_rules", "`points` is the European short form; these rules score in "
                            + ("tai" if rules.payment_scheme == "taiwanese" else "han and fu")
                            + ": leave it out.", at + "/points"))
    if rules.payment_scheme == "taiwanese":
        if values["tai"] is None:
            issues.append(Issue("tai_required", "Taiwanese rules score a win in tai: give `tai`.", at))
    elif values["tai"] is not None:
        issues.append(Issue("tai_not_in_rules", "These rules score in han and fu, not tai: send han and fu instead.",
                            at + "/tai"))
    else:
        issues += at_win(at, han_fu_issues(values["han"], values["fu"], values["yakuman"], kind, rules))
    return issues


def at_win(at: str, issues) -> list[Issue]:
    """Issues whose field is relative to a win, pointed at it."""
    return [Issue(x.code, x.detail, f"{at}/{x.field}" if x.field else at) for x in issues]


def body_discarder_issues(given, kind: str, discarder: str | None, at: str) -> list[Issue]:
    """A full body's own discarder (a seat or null) is accepted only when it is the outcome's."""
    if kind == "ron" and discarder and given != discarder:
        return [Issue("discarder_mismatch", f"The hand's discarder must be the outcome's ({discarder}) or left out.",
                      at + "/discarder")]
    if kind == "tsumo" and given is not None:
        return [Issue("discarder_mismatch", "A self-draw has no discarder: leave it out.", at + "/discarder")]
    return []


def body_rules_issues(name: str, rules, preset: str, table_rules, at: str) -> list[Issue]:
    """A full body's own rules are accepted only when they are the request's (the same preset and options)."""
    if (name, rules) != (preset, table_rules):
        return [Issue("rules_mismatch", f"The hand's rules ({name}) must be the request's ({preset}, with the same "
                      "options) or left out.", f"{at}/rules")]
    return []


def body_winner_issues(winner, seat_wind, win_by, kind: str, at: str) -> list[Issue]:
    """A full body's `winner` is its seat wind, and it wins as the outcome says (ron or tsumo)."""
    issues = []
    if winner is not None and winner != seat_wind:
        issues.append(Issue("winner_mismatch", "`winner` must equal the hand's `seat_wind`.", at + "/winner"))
    if win_by != kind:
        issues.append(Issue("win_by_mismatch", f"The hand's win_by must be {kind}.", at + "/win_by"))
    return issues


def same_discard_issues(wins) -> list[Issue]:
    """The full bodies of one deal's wins share its discard and its table: the same winning tile (one discard is
    one tile, the same code), round wind and dora indicators, and the same ura indicators where both give them."""
    bodies = [(i, w.score_request) for i, w in enumerate(wins) if w is not None and w.score_request is not None]
    if len(bodies) < 2:
        return []
    robbed = [i for i, req in bodies if req.robbed_bonus]
    if robbed:   # the eighth bonus tile is no tile another player can win on
        return [Issue("inconsistent_situation", "A player robbing the eighth flower or season wins alone: send his "
                      "win without the others.", f"outcome/wins/{robbed[0]}/robbed_bonus")]
    issues, (_, first) = [], bodies[0]
    for i, req in bodies[1:]:
        for field, code, mine, theirs in (
                ("win_tile", "win_tile_mismatch", req.win_tile, first.win_tile),
                ("round_wind", "round_wind_mismatch", req.situation.round_wind, first.situation.round_wind),
                ("dora_indicators", "dora_indicators_mismatch", sorted(req.dora_indicators),
                 sorted(first.dora_indicators))):
            if mine != theirs:
                issues.append(Issue(code, f"The winners of one deal share its {field.replace('_', ' ')}: this "
                                    f"hand's differs from outcome/wins/{bodies[0][0]}'s.", f"outcome/wins/{i}/{field}"))
        others = [r.ura_indicators for _, r in bodies if r is not req and r.ura_indicators]
        if req.ura_indicators and others and sorted(req.ura_indicators) != sorted(others[0]):
            issues.append(Issue("ura_dora_indicators_mismatch", "The riichi winners of one deal share its ura dora "
                                "indicators: this hand's differ from another winner's: send the same ones for every "
                                "riichi winner.", f"outcome/wins/{i}/ura_dora_indicators"))
    return issues


def copies_issues(wins) -> list[Issue]:
    """Several full bodies of one deal hold at most four copies of a tile between them: every winner's hand and
    melds, the shared winning tile once, and the (shared) dora and ura indicators once."""
    reqs = [w.score_request for w in wins if w is not None and w.score_request is not None]
    if len(reqs) < 2:
        return []
    codes = [t for r in reqs for t in r.hand.all_codes()] + [r.win_tile for r in reqs[:1] if r.win_tile is not None]
    codes += list(reqs[0].dora_indicators) + list(max((r.ura_indicators for r in reqs), key=len))
    return fifth_copies(codes, "outcome/wins", "the winners' hands and melds, the winning tile and the indicators")


def shown_codes(wins) -> tuple[int, ...]:
    """Every tile the full bodies of the wins show: hands, melds and winning tiles."""
    return tuple(t for w in wins if w is not None and w.score_request is not None
                 for t in w.score_request.hand.all_codes() + (w.score_request.win_tile,) if t is not None)


def draw_copies_issues(hands, rivers) -> list[Issue]:
    """The hands shown at an exhaustive draw ((seat, Hand or None), ...) and the rivers' unclaimed discards
    ((seat, discards), ...) hold at most four copies of a tile (a claimed discard sits in its caller's meld, so
    it is not counted twice)."""
    codes = [t for _, h in hands if h is not None for t in h.all_codes()]
    codes += [d.tile for _, river in rivers for d in river if not d.called]
    at = "outcome/hands" if hands else "outcome/discards"
    return fifth_copies(codes, at, "the shown hands and the rivers")


def fifth_copies(codes, at: str, where: str) -> list[Issue]:
    """too_many_copies at `at` when the tiles (`where`, for the detail) hold a fifth copy of any tile."""
    counts = counts_of(codes)
    over = [k for k, n in enumerate(counts) if n > 4]
    if not over:
        return []
    names = ", ".join(f"{name(k)} ({counts[k]})" for k in over)
    return [Issue("too_many_copies", f"A tile has four copies; {where} hold more: {names}.", at)]
