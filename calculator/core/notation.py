"""MPSZ notation: parse tile strings into tile codes and format codes back.

Input: strings such as "123m406p789s11z" (digits then a suit letter, groups in any order,
0 = red five). Output: tuples of tile codes (see calculator.tiles). Parsing collects every
problem as an Issue (unknown_tile, dangling_digits, bad_character) instead of stopping at the
first, so a request can be answered with all of them. The Issues concern the string as a whole (no field): the
reader of a request places them at the string's pointer (schemas.fields.ParsedTiles.at).
"""
from __future__ import annotations

from calculator.core.errors import Issue
from calculator.core.tiles import NUM_KINDS, SUITS, kind

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}

HONOURS = "the winds east, south, west, north 1z-4z, the dragons white, green, red 5z-7z"


# The Unicode Mahjong Tiles block (U+1F000-U+1F02B) in MPSZ: winds, dragons (red, green, white), characters (m),
# bamboos (s), circles (p). Flowers, seasons, the joker and the back have no MPSZ tile.
_UNICODE = {**{0x1F000 + i: f"{i + 1}z" for i in range(4)}, 0x1F004: "7z", 0x1F005: "6z", 0x1F006: "5z",
            **{0x1F007 + i: f"{i + 1}m" for i in range(9)}, **{0x1F010 + i: f"{i + 1}s" for i in range(9)},
            **{0x1F019 + i: f"{i + 1}p" for i in range(9)}}
_NO_MPSZ = {**{0x1F022 + i: "a flower" for i in range(4)}, **{0x1F026 + i: "a season" for i in range(4)},
            0x1F02A: "the joker", 0x1F02B: "a tile back"}
_SELECTORS = ("\ufe0e", "\ufe0f")   # text / emoji presentation after a tile (🀄️)


def _compact(tokens: list[str]) -> str:
    """'1m', '2m', '5z' -> '12m5z': runs of one suit share their letter, the order as sent."""
    out = []
    for i, t in enumerate(tokens):
        out.append(t[0] if i + 1 < len(tokens) and tokens[i + 1][1] == t[1] else t)
    return "".join(out)


def _respelled(text: str) -> tuple[str, Issue] | None:
    """One problem for a string written in Unicode mahjong tiles or with upper-case suit letters, with its MPSZ
    spelling, and the text to read on (so a wrong spelling is one problem, not one per tile)."""
    if any(ord(ch) in _UNICODE or ord(ch) in _NO_MPSZ for ch in text):
        tokens = [_UNICODE[ord(ch)] for ch in text if ord(ch) in _UNICODE]
        others = sorted({ch for ch in text if ord(ch) in _NO_MPSZ}, key=ord)
        rest = "".join(ch for ch in text if ord(ch) not in _UNICODE and ord(ch) not in _NO_MPSZ
                       and ch not in _SELECTORS)
        spelled = _compact(tokens)
        detail = ("Tiles are MPSZ text (digits then a suit letter m, p, s or z), not Unicode mahjong tiles"
                  + (f": send '{spelled}' for the {len(tokens)} tile{'s' * (len(tokens) != 1)} sent." if tokens
                     else "."))
        if others:
            detail += " " + "; ".join(f"'{ch}' ({_NO_MPSZ[ord(ch)]})" for ch in others) + " has no MPSZ tile" + (
                ": flowers and seasons go in `flowers` / `seasons`, numbered 1-4." if any(
                    _NO_MPSZ[ord(ch)] in ("a flower", "a season") for ch in others) else ".")
        return "".join(tokens) + rest, Issue("bad_character", detail)
    if any(ch in "MPSZ" for ch in text):
        lower = "".join(ch.lower() if ch in "MPSZ" else ch for ch in text)
        return lower, Issue("bad_character", f"Suit letters are lower case in MPSZ: send '{lower}' for '{text}'.")
    return None


def parse_tiles(text: str) -> tuple[tuple[int, ...], list[Issue]]:
    """Parse an MPSZ string; return the codes in input order and the problems found. A string in Unicode
    mahjong tiles or with upper-case suit letters is one problem naming its MPSZ spelling; the codes are then
    those of that spelling (so the tile count is checked as meant).

    >>> parse_tiles("12m0p")[0]
    (0, 1, 35)
    >>> [i.code for i in parse_tiles("8z9x1")[1]]
    ['unknown_tile', 'bad_character', 'dangling_digits']
    >>> parse_tiles("\U0001F007\U0001F008\U0001F000")[1][0].detail.split(": ")[1]
    "send '12m1z' for the 3 tiles sent."
    """
    respelled = _respelled(text)
    if respelled is not None:
        codes, issues = parse_tiles(respelled[0])
        return codes, [respelled[1], *issues]
    codes: list[int] = []
    issues: list[Issue] = []
    pending: list[str] = []
    for ch in text:
        if ch.isdigit() and ch.isascii():
            pending.append(ch)
        elif ch in _SUIT_INDEX:
            s = _SUIT_INDEX[ch]
            if not pending:
                issues.append(Issue("dangling_suit", f"Suit letter '{ch}' has no digits before it: write the digits first, as in '123m'."))
            for d in pending:
                n = int(d)
                if s == 3 and not 1 <= n <= 7:
                    issues.append(Issue("unknown_tile", f"'{d}z' is not a tile: honours are 1z-7z: {HONOURS}."))
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
            issues.append(Issue("bad_character", f"'{ch}' is not MPSZ notation: write digits then a suit letter, "
                                f"m, p or s, as in '123m'; honours are 1z-7z: {HONOURS}."))
    if pending:
        issues.append(Issue("dangling_digits", f"Digits '{''.join(pending)}' are not followed by a suit letter: write a suit after the digits, as in '123m'."))
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
