"""Kuikae (swap-calling): which discards a claimer may not make right after a chi or pon.

Input: the concealed tiles the player holds after the call (the meld's hand tiles already
removed), the meld just made (chi or pon, with its called tile), an optional proposed discard,
and Rules (`kuikae_mode`, `kuikae_no_legal_discard`; RULES.md §20). Output: a KuikaeResult
with the forbidden tile kinds, the legal discards, the verdict on the proposed discard, and
what the rules do when no legal discard is left (§23.19).
"""
from __future__ import annotations

from dataclasses import dataclass

from calculator.core.errors import Issue
from calculator.core.hand import Meld
from calculator.rules import Rules
from calculator.core.tiles import kind, name


@dataclass(frozen=True)
class KuikaeResult:
    mode: str
    forbidden: tuple[int, ...]        # kinds that may not be discarded this turn
    legal_discards: tuple[int, ...]   # kinds held that may be discarded
    call_allowed: bool                # False when the rules never offer a call without a legal discard
    no_legal_discard: str | None      # the rules' consequence when every held tile is forbidden
    discard: int | None               # the proposed discard's kind, if any
    allowed: bool | None              # verdict on the proposed discard; None without one
    reasons: tuple[str, ...]


def forbidden_discards(call: Meld, mode: str) -> dict[int, str]:
    """Forbidden kinds after `call`, each with its reason code.

    >>> from calculator.core.notation import parse_tiles
    >>> chi = Meld("chi", parse_tiles("234s")[0], called=parse_tiles("4s")[0][0])
    >>> sorted(forbidden_discards(chi, "same_and_other_side_forbidden").values())
    ['kuikae_other_side', 'kuikae_same_tile']
    """
    if mode == "allowed":
        return {}
    claimed = kind(call.called)
    out = {claimed: "kuikae_same_tile"}
    if mode == "same_and_other_side_forbidden" and call.kind == "chi":
        low = call.base
        # A claim on an end of the run also forbids the tile that runs with the same two hand tiles
        # on the other side (claim 4 onto 23: the 1); a middle claim has no other side (§20.3-4).
        other = low + 3 if claimed == low else low - 1 if claimed == low + 2 else None
        if other is not None and 0 <= other < 27 and other // 9 == low // 9:
            out[other] = "kuikae_other_side"
    return out


def check_kuikae(concealed: tuple[int, ...], call: Meld, rules: Rules, discard: int | None = None) -> KuikaeResult:
    """Which discards kuikae forbids right after `call`, and whether `discard` is one of them."""
    forbidden = forbidden_discards(call, rules.kuikae_mode)
    held = sorted({kind(t) for t in concealed})
    legal = tuple(k for k in held if k not in forbidden)
    stuck = bool(held) and not legal
    consequence = rules.kuikae_no_legal_discard if stuck else None
    call_allowed = not (stuck and consequence == "call_not_offered")
    reasons: list[str] = []
    allowed = None
    if discard is not None:
        why = forbidden.get(kind(discard))
        allowed = why is None and call_allowed
        if why:
            reasons.append(why)
    if stuck:
        reasons.append("no_legal_discard")
        reasons.append("call_not_offered" if consequence == "call_not_offered" else "claim_cancelled")
    return KuikaeResult(rules.kuikae_mode, tuple(sorted(forbidden)), legal, call_allowed, consequence,
                        None if discard is None else kind(discard), allowed, tuple(reasons))


def call_issues(call_kind: str, rules: Rules) -> list[Issue]:
    """A chi is a call only where the rules have chi (a pon is one everywhere)."""
    if call_kind == "chi" and not rules.chi:
        return [Issue("chi_not_allowed", "These rules have no chi: kuikae follows a pon only.", "call/kind")]
    return []


def proposed_discard_issues(discard: int, concealed) -> list[Issue]:
    """The proposed discard is one of the tiles held after the call."""
    if discard not in concealed:
        return [Issue("discard_not_in_hand", f"{name(discard)} is not held after the call: propose one of the tiles "
                      "in `hand`.", "discard")]
    return []
