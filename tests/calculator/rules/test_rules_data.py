"""The option registry and the presets as data files (calculator/rules/options/*.toml, calculator/rules/presets/*.toml)
and their loaders: what they refuse."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import FrozenInstanceError, fields, replace
from pathlib import Path

import pytest

from calculator.rules import (DEFAULT_PRESET, OPTION_FIELDS, PRESET_NAMES, PRESETS, PresetError, RegistryError, Rules,
                              load_presets, preset_rules, read_options, unread_options, value_source)
from calculator.rules.loader import PRESET_DIR
from calculator.rules.registry import OPTION_DIR, make_rules
from tests import paths

ROOT = Path(paths.ROOT)


# what each loader reads and refuses with: its folder, its loader, its error
LOADERS = {"preset": (PRESET_DIR, load_presets, PresetError), "options": (OPTION_DIR, read_options, RegistryError)}


def edited_copy(tmp_path: Path, which: str, name: str, edit) -> Path:
    """A copy of the preset or option files in which `edit(text)` replaces file `name`.toml."""
    folder = tmp_path / which
    shutil.copytree(LOADERS[which][0], folder, ignore=shutil.ignore_patterns("*.md"))
    path = folder / f"{name}.toml"
    path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    return folder


def presets_with(tmp_path: Path, name: str, edit) -> Path:
    return edited_copy(tmp_path, "preset", name, edit)


def test_every_option_is_read_by_the_code():
    assert unread_options([ROOT / "calculator", ROOT / "intake", ROOT / "schemas"]) == []
    assert list(load_presets(readers=[ROOT / "calculator", ROOT / "intake", ROOT / "schemas"])) == list(PRESET_NAMES)


def test_the_loader_refuses_an_option_that_nothing_reads(tmp_path):
    # a code base that reads every option but kazoe: the registry's kazoe would be dead, so loading fails
    (tmp_path / "reader.py").write_text("\n".join(f"rules.{o}" for o in OPTION_FIELDS if o != "kazoe") + "\n")
    with pytest.raises(PresetError, match=r"no code reads: kazoe \("):
        load_presets(readers=[tmp_path])


@pytest.mark.parametrize("source, read", [
    pytest.param("rules.kazoe", True, id="attribute-of-rules"),
    pytest.param("deal.rules.kazoe", True, id="attribute-of-a-rules-attribute"),
    pytest.param("r.kazoe", True, id="attribute-of-r"),
    pytest.param("getattr(rules, 'kazoe', 'yakuman')", True, id="getattr-with-a-constant"),
    pytest.param("situation.kazoe", False, id="same-name-on-another-object"),
    pytest.param("rules.kazoe = 1", False, id="assignment-is-no-read"),
    pytest.param("x = 'kazoe'", False, id="a-string-alone-is-no-read"),
])
def test_what_counts_as_reading_an_option(tmp_path, source, read):
    (tmp_path / "reader.py").write_text(source + "\n")
    assert (unread_options([tmp_path], ["kazoe"]) == []) is read


def add_entry(text: str) -> str:
    return text + '\n[values.no_such_option]\nvalue = true\nverified = true\n'


BAD_PRESETS = [
    pytest.param("tenhou", add_entry, "'no_such_option' is no rule option", id="unknown-option"),
    pytest.param("tenhou", lambda t: t.replace('value = [1, 1, 1]', 'value = [1, 1]', 1),
                 "values.red_fives: Option 'red_fives' takes a list of 3 integers", id="value-of-the-wrong-shape"),
    pytest.param("tenhou", lambda t: t.replace('value = "any_ron"', 'value = "sometimes"', 1),
                 "values.missed_discard_mode: Option 'missed_discard_mode' accepts none, ", id="value-not-a-choice"),
    pytest.param("ema", lambda t: t.replace("verified = true\n", "", 1), "needs `value` and `verified`",
                 id="entry-without-verified"),
    pytest.param("ema", lambda t: t.replace("verified = true\n", "verified = true\nnote = 1\n", 1),
                 "and may have `source` (nothing else)", id="entry-with-an-unknown-key"),
    pytest.param("ema", lambda t: t.replace("verified = true\n", 'verified = "yes"\n', 1),
                 "`verified` is true or false", id="verified-not-a-boolean"),
    pytest.param("wrc", lambda t: t.replace("scoring = true", "scoring = 1"), "'scoring' must be a boolean",
                 id="scoring-not-a-boolean"),
    pytest.param("wrc", lambda t: t.replace("covers = ", "coverage = "), "'covers' must be a string",
                 id="missing-covers"),
    pytest.param("wrc", lambda t: "family = \"riichi\"\n" + t, "unknown key 'family'", id="unknown-top-level-key"),
    pytest.param("wrc", lambda t: t.replace('extends = "japanese_modern"', 'extends = "italian"'),
                 "extends 'italian', which is not a preset read before it", id="extends-a-later-preset"),
    pytest.param("wrc", lambda t: t.replace('extends = "japanese_modern"\n', ''),
                 "without `extends` a preset lists every option; missing hand_size", id="no-extends-and-incomplete"),
    pytest.param(DEFAULT_PRESET, lambda t: t.replace("[values.kazoe]\nvalue = \"yakuman\"",
                                                     "[values.kazoe]\nvalue = \"sanbaiman\""),
                 "the default preset's value is the registry default 'yakuman'", id="default-differs-from-registry"),
    pytest.param(DEFAULT_PRESET, lambda t: t.replace("[values.kazoe]\nvalue = \"yakuman\"\nverified = false\n", ""),
                 "missing kazoe", id="default-preset-misses-an-option"),
    pytest.param("french", lambda t: t + "\n[values\n", "preset 'french': ", id="not-toml"),
]
KAZOE = '[kazoe]\ntype = "string"\ndefault = "yakuman"\n'
BAD_OPTIONS = [
    pytest.param("scoring", lambda t: t.replace(KAZOE, KAZOE + "note = 1\n"), "kazoe: unknown key 'note'",
                 id="unknown-key"),
    pytest.param("scoring", lambda t: t.replace(KAZOE, KAZOE.replace('type = "string"\n', "")), "kazoe: 'type' is missing",
                 id="missing-type"),
    pytest.param("scoring", lambda t: t.replace(KAZOE, KAZOE.replace('"string"', '"integer"')),
                 "kazoe: type 'integer' is not the type of the default 'yakuman'", id="type-not-the-default's"),
    pytest.param("scoring", lambda t: t.replace(KAZOE, KAZOE.replace('"yakuman"', '"twice"')),
                 "kazoe: Option 'kazoe' accepts yakuman, sanbaiman, none; got twice", id="default-not-a-choice"),
    pytest.param("scoring", lambda t: t.replace(KAZOE, KAZOE + "minimum = \"0\"\n"), "kazoe: 'minimum' must be an integer",
                 id="check-of-the-wrong-type"),
    pytest.param("families", lambda t: t + "\n" + KAZOE + 'meaning = "m"\nsource = "s"\n',
                 "'kazoe' is not a free option name", id="declared-twice"),
    pytest.param("table", lambda t: t + '\n[seats]\ntype = "integer"\ndefault = 4\nmeaning = "m"\nsource = "s"\n',
                 "'seats' is not a free option name", id="name-of-a-property"),
    pytest.param("hand", lambda t: "loose = 1\n" + t, "'loose' is not a table of its own", id="not-a-table"),
    pytest.param("play", lambda t: t + "\n[broken\n", "options 'play': ", id="not-toml"),
]


@pytest.mark.parametrize("which, name, edit, problem", [
    *[pytest.param("preset", *p.values, id="preset-" + p.id) for p in BAD_PRESETS],
    *[pytest.param("options", *p.values, id="options-" + p.id) for p in BAD_OPTIONS]])
def test_the_loaders_refuse_a_bad_file(tmp_path, which, name, edit, problem):
    _, load, error = LOADERS[which]
    with pytest.raises(error) as err:
        load(edited_copy(tmp_path, which, name, edit))
    assert problem in str(err.value) and f"{which} {name!r}" in str(err.value)


@pytest.mark.parametrize("which, name, problem", [("preset", "ema", "are not the presets"),
                                                  ("options", "hand", "are not the areas")])
def test_the_loaders_refuse_a_file_they_do_not_list_and_a_missing_one(tmp_path, which, name, problem):
    folder = edited_copy(tmp_path, which, name, lambda t: t)
    (folder / f"{name}.toml").rename(folder / f"{name}2.toml")
    with pytest.raises(LOADERS[which][2], match=problem):
        LOADERS[which][1](folder)


def test_a_preset_file_says_everything_the_preset_is():
    # tenhou.toml alone (with japanese_modern.toml for what it does not list) gives tenhou's Rules and sources
    tenhou = PRESETS["tenhou"]
    assert tenhou.extends == DEFAULT_PRESET and "red_fives" in tenhou.listed
    base = PRESETS[DEFAULT_PRESET].entries
    for option, entry in tenhou.entries.items():
        assert entry == (tenhou.entries[option] if option in tenhou.listed else base[option])
        assert getattr(preset_rules("tenhou"), option) == entry.value
        assert value_source("tenhou", option) == (entry.source, entry.verified)
    assert preset_rules(DEFAULT_PRESET) == Rules()


def test_presets_are_found_next_to_the_module_not_in_the_working_directory(tmp_path):
    assert PRESET_DIR.is_absolute() and PRESET_DIR.parent == Path(sys.modules["calculator.rules.loader"].__file__).parent
    code = "from calculator.rules import PRESETS; print(len(PRESETS))"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == str(len(PRESET_NAMES))


def test_the_preset_files_ship_with_the_image():
    # the Dockerfile copies calculator/ whole, and .dockerignore leaves the TOML files in
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "COPY calculator/ calculator/" in dockerfile
    ignored = [line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()]
    assert not [p for p in ignored if "toml" in p or p.startswith("calculator")]



def test_the_registry_is_the_option_files_in_area_order():
    # the files, read again, give the same options in the same order, and Rules is a plain frozen dataclass of them
    again = read_options()
    assert [f.name for f in again] == list(OPTION_FIELDS) and len(OPTION_FIELDS) >= 199
    assert [(f.default, dict(f.metadata)) for f in again] == [(f.default, dict(f.metadata)) for f in OPTION_FIELDS.values()]
    assert list(OPTION_FIELDS)[:2] == ["hand_size", "special_forms"] and Rules.__module__ == "calculator.rules.registry"
    other = make_rules(again)
    assert [f.name for f in fields(other)] == list(OPTION_FIELDS) and other().seats == Rules().seats
    rules = Rules()
    with pytest.raises(FrozenInstanceError):
        rules.kazoe = "none"
    assert hash(rules) == hash(Rules()) and replace(rules, kazoe="none") != rules
