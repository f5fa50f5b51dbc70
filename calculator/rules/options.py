"""The option registry: every rule option, as one field of the frozen Rules dataclass.

The options are declared by area, one module each (hand shape and furiten, Japanese scoring, ready
declarations and kuikae, settlement and end of game, the other families' scoring tables); Rules joins them. Each field gives its
default (the `japanese_modern` value), its meaning and source (a docs/ page and anchor, such as docs/furiten.md#s3-2,
or a public address; tests/api/test_rule_sources.py checks each resolves) and, where they apply, the allowed values, a minimum and a step.

Adding an option: one field in its area's module (name, type by default, meaning, source, allowed
values), its line in presets/japanese_modern.toml, and a line in every preset file whose value
differs or whose source states the value (presets/README.md). The code that reads it must exist:
tests refuse options that nothing in calculator/ or schemas/ reads.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cached_property

from calculator.core.notation import parse_tiles
from calculator.core.tiles import NUM_KINDS, WINDS, kind

from calculator.rules.options_families import FamilyOptions
from calculator.rules.options_hand import HandOptions
from calculator.rules.options_play import PlayOptions
from calculator.rules.options_scoring import ScoringOptions
from calculator.rules.options_table import TableOptions


# A dataclass takes its bases' fields from the last base to the first, so the options come in the
# order hand, scoring, play, table, families (the order of every preset answer).
@dataclass(frozen=True)
class Rules(FamilyOptions, TableOptions, PlayOptions, ScoringOptions, HandOptions):
    """Every rule option; the defaults are those of the `japanese_modern` preset. The player count and the
    tile set are properties of the rules: every route reads `seats` and `tile_copies` instead of assuming
    four seats and 136 tiles (docs/sanma.md#three-player)."""

    @cached_property
    def seats(self) -> tuple[str, ...]:
        """The seats at the table, in turn order from the dealer."""
        return WINDS[:self.players]

    @cached_property
    def tile_copies(self) -> tuple[int, ...]:
        """Copies of each of the 34 kinds in the set (0 for a removed kind)."""
        removed = {kind(c) for c in parse_tiles(self.removed_tiles)[0]}
        return tuple(0 if k in removed else 4 for k in range(NUM_KINDS))


OPTION_FIELDS = {f.name: f for f in fields(Rules)}
# API.md's "Three-player games" names some options as its table does; each is another name of one option here,
# accepted in a request's `rules` and listed in the preset answers with `alias_of`
ALIASES = {"start_points": "game_start_points", "honba_value": "honba_per_stick_total", "noten_total": "draw_noten_payment_total",
           "return_points": "final_return_points", "oka": "final_oka_to_top", "uma": "final_uma"}
# ... and two of its names cover several options: listed read-only (`derived_from`) with the rules' value
DERIVED = {"nagashi_mangan": ("nagashi_enabled", "nagashi_mode", "nagashi_percent_of_limit"),
           "abortive_draws": ("abort_nine_terminals", "abort_four_same_discards", "abort_four_riichi",
                              "abort_four_kongs", "abort_triple_ron", "players")}
FOUR_PLAYER_ABORTS = ("suufon_renda", "suucha_riichi", "sanchahou")


def derived_value(rules: Rules, name: str):
    """The value of a DERIVED name under `rules`: nagashi_mangan is off, as_mangan_tsumo (a draw bonus paid as a
    mangan self-draw: Tenhou) or as_win (a self-drawn limit win); abortive_draws lists the abortive draws the
    rules have (three players: never the four-player ones)."""
    if name == "nagashi_mangan":
        if not rules.nagashi_enabled:
            return "off"
        return "as_mangan_tsumo" if rules.nagashi_mode == "draw_bonus" else "as_win"
    on = {"kyuushu_kyuuhai": rules.abort_nine_terminals, "suufon_renda": rules.abort_four_same_discards != "off",
          "suucha_riichi": rules.abort_four_riichi,
          "suukaikan": rules.abort_four_kongs not in ("off", "continue_no_more_kongs"),
          "sanchahou": rules.abort_triple_ron == "abort"}
    return [r for r, enabled in on.items() if enabled and (rules.players == 4 or r not in FOUR_PLAYER_ABORTS)]


# the options API.md's "Three-player games" adds (each in its area's module)
THREE_PLAYER_OPTIONS = ("players", "removed_tiles", "chi", "north_bonus", "kita_replacement_is_rinshan", "kita_ron",
                        "kita_ron_is_chankan", "north_triplet_yaku", "tsumo_payment", "kazoe_limit_name", "live_wall")
