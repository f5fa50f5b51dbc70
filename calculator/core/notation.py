"""MPSZ notation: parse tile strings into tile codes and format codes back.

Input: strings such as "123m406p789s11z" (digits then a suit letter, groups in any order,
0 = red five). Output: tuples of tile codes (see calculator.tiles). Parsing collects every
problem as an Issue (unknown_tile, dangling_digits, bad_character) instead of stopping at the
first, so a request can be answered with all of them.
"""
from __future__ import annotations

from calculator.core.errors import Issue
from calculator.core.tiles import NUM_KINDS, SUITS, kind

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}

HONOURS = "the winds east, south, west, north 1z-4z, the dragons white, green, red 5z-7z"


def parse_tiles(text: str, field: str = "") -> tuple[tuple[int, ...], list[Issue]]:
    """Parse an MPSZ string; return the codes in input order and the problems found.

    >>> parse_tiles("12m0p")[0]
    (0, 1, 35)
    >>> [i.code for i in parse_tiles("8z9x1")[1]]
    ['unknown_tile', 'bad_character', 'dangling_digits']
    """
    codes: list[int] = []
    issues: list[Issue] = []
    pending: list[str] = []
    for ch in text:
        if ch.isdigit() and ch.isascii():
            pending.append(ch)
        elif ch in _SUIT_INDEX:
            s = _SUIT_INDEX[ch]
            if not pending:
                issues.append(Issue("dangling_suit", f"Suit letter '{ch}' has no digits before it: write the digits first, as in '123m'.", field))
            for d in pending:
                n = int(d)
                if s == 3 and not 1 <= n <= 7:
                    issues.append(Issue("unknown_tile", f"'{d}z' is not a tile: honours are 1z-7z: {HONOURS}.", field))
                elif s < 3 and n == 0:
                    codes.append(NUM_KINDS + s)
                elif s < 3:
                    codes.append(9 * s + n - 1)
                else:
                    codes.append(27 + n - 1)
            pending = []
        elif ch in " ,":
            continue
        else:
            upper = ch.lower() in _SUIT_INDEX   # a suit letter in upper case
            issues.append(Issue("bad_character", f"'{ch}' is not MPSZ notation: suit letters are lower case, as in "
                                f"'123{ch.lower()}'." if upper else f"'{ch}' is not MPSZ notation: write digits then a "
                                f"suit letter, m, p or s, as in '123m'; honours are 1z-7z: {HONOURS}.", field))
    if pending:
        issues.append(Issue("dangling_digits", f"Digits '{''.join(pending)}' are not followed by a suit letter: write a suit after the digits, as in '123m'.", field))
    return tuple(codes), issues


def sort_key(code: int) -> tuple[int, int]:
    """Tile order: by kind, a red five just before its plain fives (as Tenhou sorts)."""
    return (kind(code), 0 if code >= NUM_KINDS else 1)


def format_tiles(codes) -> str:
    """Canonical MPSZ: sorted, one group per suit, suits in m p s z order.

    >>> format_tiles((35, 0, 1, 13, 27, 27))
    '12m05p11z'
    """
    groups: list[list[str]] = [[], [], [], []]
    for c in sorted(codes, key=sort_key):
        k = kind(c)
        s = k // 9 if k < 27 else 3
        groups[s].append("0" if c >= NUM_KINDS else str(k % 9 + 1 if k < 27 else k - 26))
    return "".join("".join(g) + SUITS[i] for i, g in enumerate(groups) if g)


def format_tile(code: int) -> str:
    return format_tiles((code,))
