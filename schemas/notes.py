"""Notes: remarks on how a request was read, with a sentence saying what to send instead.

A note never refuses a request: it says that part of the body was read in a way the sender may
not expect (a red five read as a plain five, an indicator the rules do not count). Answers carry
the codes in `notes` and, for each code listed here, a sentence in `note_details`.
"""
from __future__ import annotations

from marshmallow import fields

from .messages import Schema

from calculator.core.hand import SUIT_NAMES
from calculator.rules import Rules

RED_PRESETS = "tenhou or mahjong_soul"


def _red_fives(preset: str, rules: Rules, out: dict) -> str:
    plain = [SUIT_NAMES[s] for s, n in enumerate(rules.red_fives) if n == 0]
    which = "red fives" if len(plain) == 3 else "red fives in " + " or ".join(plain)
    return (f"Red fives (0m, 0p, 0s) were read as plain fives: the preset {preset} with these options has no "
            f"{which}, so they are worth nothing more. To count them as aka dora, choose a preset that has them "
            f"({RED_PRESETS}) or set the option red_fives, e.g. \"rules\": {{\"preset\": \"{preset}\", "
            "\"red_fives\": [1, 1, 1]}.")


def _ura(preset: str, rules: Rules, out: dict) -> str:
    return (f"ura_dora_indicators were not counted: the preset {preset} has no ura dora. Choose a preset that "
            "counts them (tenhou, mahjong_soul, ema, wrc) or set the option \"ura_dora\": true.")


def _kan_ura(preset: str, rules: Rules, out: dict) -> str:
    return ("Only the first of the ura_dora_indicators was counted: the rules have no kan ura dora. Set the option "
            "\"kan_ura_dora\": true to count the others.")


def _ura_riichi(preset: str, rules: Rules, out: dict) -> str:
    return ("ura_dora_indicators count only for a winner who declared riichi (`riichi`: riichi or double_riichi); "
            "they were not counted.")


def _kan_dora(preset: str, rules: Rules, out: dict) -> str:
    return (f"Only the first of the dora_indicators was counted: the preset {preset} has no kan dora. Choose a "
            "preset that counts them (tenhou, mahjong_soul, ema, wrc) or set the option kan_dora (e.g. "
            "\"kan_dora\": \"immediate\").")


def _no_dora(preset: str, rules: Rules, out: dict) -> str:
    return "The first dora indicator was not counted: the option dora_indicator is false."


def _total(preset: str, rules: Rules, out: dict) -> str:
    gap = out["table_total"] - out["start_total"]
    return (f"The scores plus the leftover sticks total {out['table_total']:,} points, {abs(gap):,} "
            f"{'more' if gap > 0 else 'less'} than the {len(out['scores'])} players' starting total of "
            f"{out['start_total']:,} (start_points {rules.game_start_points:,}). The results are worked from the scores as "
            "sent" + (", and the top player's oka absorbs the difference" if rules.final_oka_to_top else "") +
            ". If no points left the game (a penalty paid to nobody), check the scores, the riichi_sticks count "
            "or the option start_points.")


DETAILS = {
    "red_fives_read_as_plain": _red_fives,
    "ura_dora_not_used": _ura,
    "kan_ura_dora_not_used": _kan_ura,
    "ura_dora_without_riichi": _ura_riichi,
    "kan_dora_not_used": _kan_dora,
    "dora_indicator_not_used": _no_dora,
    "total_differs_from_start": _total,
}


def indicator_notes(dora: tuple, ura: tuple, riichi, rules: Rules) -> list[str]:
    """The notes for indicators the rules do not count (`riichi`: the winner's riichi state, None if unknown)."""
    notes = []
    if dora and not rules.dora_indicator:
        notes.append("dora_indicator_not_used")
    if len(dora) > 1 and rules.kan_dora == "off":
        notes.append("kan_dora_not_used")
    if ura and not rules.ura_dora:
        notes.append("ura_dora_not_used")
    elif ura and riichi == "none":
        notes.append("ura_dora_without_riichi")
    elif len(ura) > 1 and not rules.kan_ura_dora:
        notes.append("kan_ura_dora_not_used")
    return notes


def with_notes(out: dict, notes, preset: str, rules: Rules) -> dict:
    """`out` with the request's notes put first in `notes` (after them, any the answer has of its own) and a
    `note_details` sentence for each note code that has one. Both are left out when there is nothing to say
    (an answer with notes of its own keeps its `notes`, empty or not)."""
    merged = list(dict.fromkeys([*notes, *out.get("notes", ())]))
    if merged or "notes" in out:
        out["notes"] = merged
    details = {code: DETAILS[code](preset, rules, out) for code in merged if code in DETAILS}
    if details:
        out["note_details"] = details
    return out


NOTE_CODES = ", ".join(DETAILS)
NOTES_DESCRIPTION = ("Codes of remarks that never refuse the request (left out when there are none). On how the "
                     "request was read: " + NOTE_CODES + " (each explained in note_details).")


class NotesOut(Schema):
    """Base of every answer to a request with tiles: the `notes` and `note_details` fields."""
    notes = fields.List(fields.String(), metadata={"description": NOTES_DESCRIPTION})
    note_details = fields.Dict(keys=fields.String(), values=fields.String(), metadata={"description": (
        "Only with such notes: for each note on how the request was read, a sentence saying what was done and what to send (or which "
        "preset or option to choose) to have it read otherwise.")})
