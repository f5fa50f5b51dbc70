"""References a user can follow: every source a preset gives (the preset's own, and each option's value source)
points at a place in the repository's rules reference (docs/<page>.md#<anchor> that exists) or at a public
http(s) address, and no citation is left in a form that points nowhere (a bare section sign, a source tag)."""
import functools
import os
import re

import pytest

from calculator.rules import OPTION_FIELDS, PRESETS, value_source
from tests.paths import ROOT

DOCS = os.path.join(ROOT, "docs")
REF = re.compile(r"docs/([\w-]+\.md)(?:#(s\d+(?:-\d+)?(?!\d)|[a-z][a-z0-9-]*[a-z0-9]))?")
URL = re.compile(r"https?://[^\s\])]+")
DANGLING = re.compile(r"§|\bSEED-|\[FW:|\[EXT:|\[DERIVED\]|RULES\.md|\bRULES\b")


@functools.lru_cache(maxsize=None)
def anchors(page: str) -> frozenset[str]:
    with open(os.path.join(DOCS, page), encoding="utf-8") as f:
        return frozenset(re.findall(r'<a id="([\w-]+)"></a>', f.read()))


def problems(text: str) -> list[str]:
    """What in a citation does not resolve (empty when every reference does)."""
    found = []
    refs = REF.findall(text)
    if not refs and not URL.search(text):
        found.append(f"no docs/ reference or address in {text!r}")
    for page, anchor in refs:
        if not os.path.exists(os.path.join(DOCS, page)):
            found.append(f"docs/{page} does not exist")
        elif anchor and anchor not in anchors(page):
            found.append(f"docs/{page} has no anchor #{anchor}")
    if DANGLING.search(text):
        found.append(f"unresolved citation {DANGLING.search(text).group(0)!r} in {text!r}")
    return found


def citations():
    """(where, text) for every source a preset gives: its own, and each option's value source."""
    for name, p in PRESETS.items():
        yield name, p.source
        for option in OPTION_FIELDS:
            yield f"{name}.{option}", value_source(name, option)[0]


def test_every_preset_source_resolves():
    # one test over every citation (presets x options, about 2,200), listing each one that does not resolve
    cited = list(citations())
    assert len(cited) == len(PRESETS) * (1 + len(OPTION_FIELDS))
    assert [(where, problem) for where, text in cited for problem in problems(text)] == []


def test_every_option_source_resolves():
    for name, f in OPTION_FIELDS.items():
        assert problems(f.metadata["source"]) == [], name


@pytest.mark.parametrize("text, ok", [
    ("docs/furiten.md#s3-2 sacred_discard.variant [docs/sources.md#seed-sd]", True),
    ("docs/declarations.md#s4-9-4: the fourth example", True),
    ("see https://4windsmj.com/kb/help/4wincl04.htm", True),
    ("§3.2 sacred_discard.variant", False),
    ("docs/furiten.md#s99-1", False),
    ("docs/nowhere.md#s1", False),
    ("docs/furiten.md#s3-2 [EXT:9]", False),
    ("the seed says so", False),
])
def test_the_checker_itself(text, ok):
    assert (problems(text) == []) is ok


def test_every_docs_link_between_pages_resolves():
    for page in os.listdir(DOCS):
        with open(os.path.join(DOCS, page), encoding="utf-8") as f:
            text = f.read()
        for target, anchor in re.findall(r"\]\(([\w-]+\.md)(?:#([\w-]+))?\)", text):
            assert os.path.exists(os.path.join(DOCS, target)), (page, target)
            assert not anchor or anchor in anchors(target), (page, target, anchor)


def test_the_old_citations_map_onto_the_docs():
    import sys
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    from citations import resolve
    for old in ("§3.2 x [SEED-SD][SEED-JM §4.3]", "§21.2 y [EXT:9]", "§1.2 z [FW:4wfaqready]", "RULES '?'",
                "RULES.md profile tenhou [EXT:9]; shared/data", "SEED-TW §4 names none", "§23.22 w [DERIVED]"):
        assert problems(resolve(old)) == [], resolve(old)


def test_the_readme_cites_nothing_outside_the_repository():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        text = f.read()
    assert not DANGLING.search(text), DANGLING.search(text).group(0)


@pytest.mark.parametrize("page", ["tiles", "waits", "furiten", "declarations", "yaku", "fu", "limits", "dora",
                                  "counters", "draws", "penalties", "end-of-game", "families", "sanma", "presets",
                                  "sources"])
def test_a_page_per_rule_area_naming_its_sources(page):
    with open(os.path.join(DOCS, page + ".md"), encoding="utf-8") as f:
        text = f.read()
    assert text.startswith("# ") and ("sources.md#" in text or page == "sources")
