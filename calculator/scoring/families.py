"""Hand scoring by rule family: the preset's `scoring_family` chooses the table.

Input: a ScoreRequest. Output: a japanese ScoreResult (han and fu), a taiwanese TaiResult (tai) or a
european EuropeanResult (basic points and doubles), each the body of POST /v1/score for its family.
"""
from __future__ import annotations

from calculator.scoring.european import score_european
from calculator.scoring.japanese import score
from calculator.scoring.taiwanese import score_taiwanese

SCORERS = {"japanese": score, "taiwanese": score_taiwanese, "european": score_european}
HAND_SIZE = {"japanese": 13, "taiwanese": 16, "european": 13}


def score_hand(req):
    """Score a win with the table of the rules' family."""
    return SCORERS[req.rules.scoring_family](req)
