"""A worker's memory stays bounded (issue 25, item 7): every cache of the service has a bound, and the bounds are the
ones bench/bench_memory.py measured the worst case with (README "Deployment": about 142 MB per worker with every
cache full). A new unbounded cache, or a bound raised without measuring again, fails here."""
import functools
import sys

import pytest

import app  # noqa: F401  (every module a worker imports)
from calculator.readings import caps, closed, decompose, partials, waits
from calculator.scoring import european, facts, profile, taiwanese, yaku
from calculator.play import declarations, evaluate
from intake import evaluate as evaluate_reader
from schemas import answer_text, fastload

LRU = type(functools.lru_cache(maxsize=1)(lambda: None))
MEASURED_LRU_BOUND = 1 << 13   # the largest lru_cache bound bench_memory.py was run with (README)


def service_lru_caches():
    out = []
    for name, mod in sorted(sys.modules.items()):
        if name.split(".")[0] in ("calculator", "schemas", "web", "app", "intake"):
            out += [(f"{name}.{attr}", obj) for attr, obj in sorted(vars(mod).items())
                    if type(obj) is LRU and obj.__module__ == name]
    return out


def test_the_service_has_lru_caches_to_check():
    assert len(service_lru_caches()) >= 10


@pytest.mark.parametrize("name, fn", service_lru_caches(), ids=lambda x: x if isinstance(x, str) else "")
def test_every_lru_cache_is_bounded_as_measured(name, fn):
    maxsize = fn.cache_info().maxsize
    assert maxsize is not None and maxsize <= MEASURED_LRU_BOUND, (name, maxsize)


@pytest.mark.parametrize("name, value, bound", [
    ("waits._SUIT_CACHE (suit ids, and the per-suit lru_caches)", waits._SUIT_CACHE, 1 << 13),
    ("waits._JOIN_CACHE (pairs of Pareto-set ids)", waits._JOIN_CACHE, 1 << 13),
    ("partials._CACHE", partials._CACHE, 1 << 13),
    ("caps._MATTERS_LIMIT (per-suit verdicts: do the melds' caps change the table)", caps._MATTERS_LIMIT, 1 << 13),
    ("closed._CACHE (suit classes of closed 13-tile hands, two dicts)", closed._CACHE, 1 << 13),
    ("decompose._SPLIT_CACHE (each of four split tables)", decompose._SPLIT_CACHE, 1 << 12),
    ("profile._PROFILES", profile._PROFILES, 16),
    ("declarations._DECLARING (declaration rules per Rules object)", declarations._DECLARING, 16),
    ("profile._CACHE (payments, limits per profile)", profile._CACHE, 1 << 10),
    ("facts._SITUATION_CACHE (per profile)", facts._SITUATION_CACHE, 1 << 12),
    ("yaku._SHORTLIST_CACHE (per profile)", yaku._SHORTLIST_CACHE, 1 << 12),
    ("taiwanese.PAID_CACHE", taiwanese.PAID_CACHE, 1 << 12),
    ("european.PAID_CACHE", european.PAID_CACHE, 1 << 12),
    ("evaluate._SITUATION_CACHE", evaluate._SITUATION_CACHE, 1 << 10),
    ("fastload.SHORT_TILES_CACHE (each of two)", fastload.SHORT_TILES_CACHE, 1 << 10),
    ("intake.evaluate._CHECKED_CACHE (situation checks per values)", evaluate_reader._CHECKED_CACHE, 1 << 10),
    ("answer_text.TEXTS_LIMIT (each table of small values' JSON text)", answer_text.TEXTS_LIMIT, 1 << 11),
], ids=lambda x: x.split(" ")[0] if isinstance(x, str) else "")
def test_every_dict_cache_bound_is_the_measured_one(name, value, bound):
    assert value <= bound, name


def test_a_profile_cache_is_emptied_at_its_bound():
    """The profile caches are plain dicts emptied when full: filling one past its bound never holds more."""
    from calculator.rules.loader import preset_rules
    p = profile.scoring_profile(preset_rules("tenhou"))
    for honba in range(profile._CACHE + 10):
        profile.profile_payments(p, 2000, "east", "ron", "south", honba % 1001, honba // 1001)
        assert len(p.payments) <= profile._CACHE


def test_profiles_are_dropped_past_their_bound():
    import dataclasses
    from calculator.rules.loader import preset_rules
    base = preset_rules("tenhou")
    for i in range(profile._PROFILES + 5):
        profile.scoring_profile(dataclasses.replace(base, riichi_stick_value=2000 + i))
        assert len(profile._BY_VALUE) <= profile._PROFILES and len(profile.PROFILES_BY_ID) <= profile._PROFILES


def test_declaration_tables_are_dropped_past_their_bound():
    import dataclasses
    from calculator.rules.loader import preset_rules
    base = preset_rules("tenhou")
    for i in range(declarations._DECLARING + 5):
        rules = dataclasses.replace(base, riichi_min_points=1000 + i)
        assert declarations.declaring(rules).min_points == 1000 + i
        assert len(declarations._DECLARING_BY_ID) <= declarations._DECLARING


def test_an_answer_text_table_is_emptied_at_its_bound():
    table = answer_text._Texts(int.__repr__)
    for n in range(answer_text.TEXTS_LIMIT + 10):
        assert table[n] == str(n)
        assert len(table) <= answer_text.TEXTS_LIMIT
