"""The option registry: every rule option, declared as data in options/<area>.toml and made one field of the
frozen Rules dataclass.

One file per area, read in this order (the order of every preset answer): hand (hand shape, readiness,
furiten), scoring (Japanese scoring), play (ready declarations, kuikae), table (settlement, end of game, whole
games), families (Taiwanese and European scoring). Each option is a table `[<name>]` with its type, its default
(the `japanese_modern` value), its meaning and its source (a docs/ page and anchor, such as
docs/furiten.md#s3-2, or a public address; tests/calculator/rules/test_rule_sources.py checks that each
resolves) and, where they apply, its allowed values, bounds and step (calculator.rules.option.CHECKS). The
files are read once, when calculator.rules is first imported; RegistryError names every problem in them. How to
add an option: options/README.md.
"""
from __future__ import annotations

import tomllib
from dataclasses import Field, fields, make_dataclass
from functools import cached_property
from pathlib import Path

from calculator.core.notation import parse_tiles
from calculator.core.tiles import NUM_KINDS, WINDS, kind

from calculator.rules.option import TYPES, declare_option, option_type

OPTION_DIR = Path(__file__).resolve().parent / "options"
AREAS = ("hand", "scoring", "play", "table", "families")


class RegistryError(ValueError):
    """An option file that the registry refuses (the message names the file and every problem)."""


class RulesProperties:
    """What the rules say beyond their options. The player count and the tile set are properties of the rules:
    every route reads `seats` and `tile_copies` instead of assuming four seats and 136 tiles
    (docs/sanma.md#three-player)."""

    @cached_property
    def seats(self) -> tuple[str, ...]:
        """The seats at the table, in turn order from the dealer."""
        return WINDS[:self.players]

    @cached_property
    def tile_copies(self) -> tuple[int, ...]:
        """Copies of each of the 34 kinds in the set (0 for a removed kind)."""
        removed = {kind(c) for c in parse_tiles(self.removed_tiles)[0]}
        return tuple(0 if k in removed else 4 for k in range(NUM_KINDS))


def read_options(directory: Path = OPTION_DIR, areas=AREAS) -> list[Field]:
    """Every option declared in `directory`/<area>.toml, areas in the order given and options in file order;
    RegistryError on a missing, extra or unreadable file, a bad declaration or a name declared twice or taken."""
    files = {p.stem for p in directory.glob("*.toml")}
    if files != set(areas):
        raise RegistryError(f"option files {sorted(files)} are not the areas {sorted(areas)}.")
    out: dict[str, Field] = {}
    for area in areas:
        try:
            with open(directory / f"{area}.toml", "rb") as fh:
                tables = tomllib.load(fh)
        except tomllib.TOMLDecodeError as e:
            raise RegistryError(f"options {area!r}: {e}.") from None
        problems = []
        for name, table in tables.items():
            if not isinstance(table, dict):
                problems.append(f"'{name}' is not a table of its own")
                continue
            if not name.isidentifier() or name.startswith("_") or hasattr(RulesProperties, name) or name in out:
                problems.append(f"'{name}' is not a free option name (declared twice, taken or no identifier)")
            f, bad = declare_option(name, table)
            problems += [f"{name}: {p}" for p in bad]
            if f is not None:
                out[name] = f
        if problems:
            raise RegistryError(f"options {area!r}: " + "; ".join(problems) + ".")
    return list(out.values())


def make_rules(options: list[Field]) -> type:
    """The frozen dataclass of the rules with these options (attribute access, equality and hashing are a plain
    dataclass's)."""
    rules = make_dataclass("Rules", [(f.name, TYPES[option_type(f)], f) for f in options],
                           bases=(RulesProperties,), frozen=True,
                           namespace={"__module__": __name__, "__qualname__": "Rules"})
    rules.__doc__ = ("Every rule option (options/*.toml); the defaults are those of the `japanese_modern` preset. "
                     + RulesProperties.__doc__)
    return rules


Rules = make_rules(read_options())
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


# the options API.md's "Three-player games" adds (each in its area's file)
THREE_PLAYER_OPTIONS = ("players", "removed_tiles", "chi", "north_bonus", "kita_replacement_is_rinshan", "kita_ron",
                        "kita_ron_is_chankan", "north_triplet_yaku", "tsumo_payment", "kazoe_limit_name", "live_wall")
