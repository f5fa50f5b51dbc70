"""The presets as data files (calculator/rules/presets/*.toml) and their loader: what it refuses."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from calculator.rules import (DEFAULT_PRESET, OPTION_FIELDS, PRESET_NAMES, PRESETS, PresetError, Rules,
                              load_presets, preset_rules, unread_options, value_source)
from calculator.rules.loader import PRESET_DIR

ROOT = Path(__file__).resolve().parents[2]


def presets_with(tmp_path: Path, name: str, edit) -> Path:
    """A copy of the preset files in which `edit(text)` replaces preset `name`'s file."""
    folder = tmp_path / "presets"
    shutil.copytree(PRESET_DIR, folder)
    path = folder / f"{name}.toml"
    path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    return folder


def test_every_option_is_read_by_the_code():
    assert unread_options([ROOT / "calculator", ROOT / "schemas"]) == []
    assert list(load_presets(readers=[ROOT / "calculator", ROOT / "schemas"])) == list(PRESET_NAMES)


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


@pytest.mark.parametrize("name, edit, problem", [
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
])
def test_the_loader_refuses_a_bad_preset_file(tmp_path, name, edit, problem):
    with pytest.raises(PresetError) as err:
        load_presets(presets_with(tmp_path, name, edit))
    assert problem in str(err.value) and f"preset {name!r}" in str(err.value)


def test_the_loader_refuses_a_file_that_is_no_listed_preset_and_a_missing_one(tmp_path):
    folder = presets_with(tmp_path, "ema", lambda t: t)
    (folder / "ema.toml").rename(folder / "ema2016.toml")
    with pytest.raises(PresetError, match="are not the presets"):
        load_presets(folder)


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
