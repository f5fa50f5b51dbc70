"""Rewrite rule citations into references a user can follow (development only, run once per change).

The presets and options used to cite a rules file and source tags that are not in the repository
("§3.2", "[SEED-JM §4.3]", "[FW:4wincl04]", "[EXT:9]", "RULES.md", "RULES '?'"). This module maps each
to the project's own rules reference (docs/, anchors `sN-M` keep the old section numbers) or to the
public address of a Four Winds help page. `python tools/citations.py` rewrites the preset files and the
option registry in place; `resolve(text)` is the mapping itself, so a citation written the old way in a
branch that lands later can be converted the same way.
"""
from __future__ import annotations

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = os.path.join(ROOT, "docs")

# RULES.md section -> the docs page that now covers it
PAGES = {0: "tiles", 1: "waits", 2: "furiten", 3: "furiten", 4: "declarations", 5: "declarations",
         20: "declarations", 6: "yaku", 19: "yaku", 7: "fu", 8: "limits", 9: "limits", 15: "limits", 18: "dora",
         10: "counters", 11: "counters", 12: "draws", 13: "draws", 14: "draws", 16: "penalties", 17: "penalties",
         21: "end-of-game", 22: "families", 23: "presets", 24: "sources", 25: "sources"}


def _anchors(page: str) -> set[str]:
    with open(os.path.join(DOCS, page + ".md"), encoding="utf-8") as f:
        return set(re.findall(r'<a id="([\w-]+)"></a>', f.read()))


def _fw_urls() -> dict[str, str]:
    with open(os.path.join(DOCS, "sources.md"), encoding="utf-8") as f:
        return dict(re.findall(r'<a id="fw-([\w-]+)"></a>[\w-]+ \| (\S+) \|', f.read()))


def _section(m) -> str:
    major, minor = int(m.group(1)), m.group(2)
    page = PAGES[major]
    anchor = f"s{major}-{minor}" if minor and f"s{major}-{minor}" in _anchors(page) else f"s{major}"
    return f"docs/{page}.md#{anchor}"


def _seed(m) -> str:
    where = m.group(2)
    return f"docs/sources.md#seed-{m.group(1).lower()}" + (f" section {where.replace('§', '')}" if where else "")


def resolve(text: str) -> str:
    """The citation text with every tag replaced by a docs anchor or a public address."""
    fw = _fw_urls()
    text = re.sub(r"\[SEED-(JM|EU|SD|RI|TW)(?: (§[\d.§-]+))?\]", lambda m: f"[{_seed(m)}]", text)
    text = re.sub(r"\bSEED-(JM|EU|SD|RI|TW)(?: (§[\d.§-]+))?", _seed, text)
    text = re.sub(r"\[FW:([\w-]+)\]", lambda m: f"[{fw[m.group(1)]}]", text)
    text = re.sub(r"\[EXT:(\d+)\]", lambda m: f"[docs/sources.md#ext-{m.group(1)}]", text)
    text = text.replace("[DERIVED]", "[docs/sources.md#derived]")
    text = text.replace("RULES '?'", "an open question ('?', docs/presets.md#open-questions)")
    text = re.sub(r"RULES\.md profile (\w+)", r"docs/presets.md, profile \1", text)
    text = text.replace("RULES.md", "docs/README.md")
    text = re.sub(r"\bRULES\b", "the rules reference (docs/README.md)", text)
    text = text.replace("shared/data", "docs/sources.md#tenhou-games")
    return re.sub(r"§(\d+)(?:\.(\d+))?", _section, text)


def rewrite(path: str) -> bool:
    with open(path, encoding="utf-8") as f:
        old = f.read()
    new = resolve(old)
    if new != old:
        with open(path, "w", encoding="utf-8") as f:
            f.write(new)
    return new != old


if __name__ == "__main__":
    targets = sys.argv[1:] or [os.path.join(ROOT, "calculator", "rules", d, f)
                               for d in ("presets", "options") for f in sorted(os.listdir(os.path.join(ROOT, "calculator", "rules", d)))
                               if f.endswith(".toml")]
    for t in targets:
        if rewrite(t):
            print("rewrote", os.path.relpath(t, ROOT))
