"""Hand scoring by rule family: the preset's `scoring_family` chooses the table.

Input: a ScoreRequest. Output: a japanese ScoreResult (han and fu), a taiwanese TaiResult (tai) or a
european EuropeanResult (basic points and doubles), each the body of POST /v1/score for its family.
"""
from __future__ import annotations

from calculator.furiten.permission import win_permission
from calculator.scoring.european import EuropeanResult, score_european
from calculator.scoring.japanese import score
from calculator.scoring.taiwanese import TaiResult, score_taiwanese

SCORERS = {"japanese": score, "taiwanese": score_taiwanese, "european": score_european}
HAND_SIZE = {"japanese": 13, "taiwanese": 16, "european": 13}


REFUSED = {"taiwanese": TaiResult, "european": EuropeanResult}


def scores_hands(preset_scores: bool, rules) -> bool:
    """Whether the rules score a win (/v1/evaluate's ron and tsumo answers): a preset with scoring whose hand size
    is its family's."""
    return preset_scores and rules.hand_size == HAND_SIZE[rules.scoring_family]


def score_hand(req):
    """Score a win with the table of the rules' family. The other families check furiten first, as Japanese
    scoring does: with a `history`, a win the rules forbid (the Taiwanese missed discard) is no win."""
    family = req.rules.scoring_family
    if family != "japanese" and req.history is not None and not req.robbed_bonus:
        sit = req.situation
        perm = win_permission(req.hand, req.win_tile, req.history, req.rules,
                              "chankan" if sit.chankan else sit.win_by, req.furiten_context)
        if not perm.allowed:
            return REFUSED[family](False, ("furiten",) + tuple(r for r in perm.reasons if r != "furiten"))
    return SCORERS[family](req)
