"""Copy the CC0 tile pictures into static/tiles, without what only the drawing program needs.

The pictures come from ../shared/assets/tiles (Inkscape files, 868 KB in all). A browser draws the
same picture without the editor's namespaces, metadata, guides, unused definitions and ids, and with
coordinates to two decimals in a 300 x 400 box, which is what the page ships (about a third of the
size). Run from the project root:  .venv/bin/python tools/slim_tiles.py [SOURCE_DIR]

Names: MPSZ, as the page asks for them: 1m..9m, 0m (red five), 1p.., 1s.., 1z..7z. The tile's face and
back are drawn by the page's CSS, so Front.svg, Back.svg and Blank.svg are not copied.
"""
from __future__ import annotations

import os
import re
import shutil
import sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SOURCE = os.path.join(ROOT, "..", "shared", "assets", "tiles")
TARGET = os.path.join(ROOT, "static", "tiles")

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
HONOURS = ["Ton", "Nan", "Shaa", "Pei", "Haku", "Hatsu", "Chun"]
SUITS = {"m": "Man", "p": "Pin", "s": "Sou"}
LEAVES = {"path", "circle", "ellipse", "rect", "line", "polyline", "polygon", "use"}
# Style properties that draw nothing on a leaf shape: editor-only ones, and text ones (no text here)
DROPPED_PROPS = re.compile(r"^(-inkscape-.*|font(-.*)?|line-height|letter-spacing|word-spacing|text-.*"
                           r"|writing-mode|baseline-shift|direction|block-progression|marker|enable-background"
                           r"|color|display|visibility|isolation|mix-blend-mode|color-.*|solid-.*"
                           r"|image-rendering|shape-rendering|overflow)$")
STROKE_PROPS = {"stroke-width", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray",
                "stroke-dashoffset", "stroke-opacity"}
NUMBER = re.compile(r"-?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?")
REFERENCE = re.compile(r"url\(#([^)]+)\)")


def names() -> dict[str, str]:
    """MPSZ name -> source file stem."""
    out = {f"{n}{s}": f"{stem}{n}" for s, stem in SUITS.items() for n in range(1, 10)}
    out.update({f"0{s}": f"{stem}5-Dora" for s, stem in SUITS.items()})
    out.update({f"{i + 1}z": stem for i, stem in enumerate(HONOURS)})
    return out


def short(match: re.Match, decimals: int) -> str:
    text = f"{float(match.group(0)):.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def rounded(value: str, decimals: int) -> str:
    return NUMBER.sub(lambda m: short(m, decimals), value)


def local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def svg_only(parent: ET.Element) -> None:
    """Drop elements outside the SVG namespace (editor data) and metadata, recursively."""
    for child in list(parent):
        if not child.tag.startswith("{" + SVG + "}") or local(child.tag) in ("metadata", "title"):
            parent.remove(child)
        else:
            svg_only(child)


def references(root: ET.Element) -> set[str]:
    found = set()
    for el in root.iter():
        for key, value in el.attrib.items():
            found.update(REFERENCE.findall(value))
            if local(key) == "href" and value.startswith("#"):
                found.add(value[1:])
    return found


def drop_unused_definitions(root: ET.Element) -> None:
    """Remove definitions nothing points at, until none is left (one may have pointed at another)."""
    while True:
        used = references(root)
        removed = False
        for defs in root.iter(f"{{{SVG}}}defs"):
            for child in list(defs):
                if child.get("id") not in used:
                    defs.remove(child)
                    removed = True
        if not removed:
            return


def slim_style(el: ET.Element, style: str) -> str:
    props = dict(p.split(":", 1) for p in style.split(";") if ":" in p)
    props = {k.strip(): v.strip() for k, v in props.items()}
    if local(el.tag) in LEAVES:
        props = {k: v for k, v in props.items() if not DROPPED_PROPS.match(k)}
        if props.get("stroke") == "none":
            props = {k: v for k, v in props.items() if k not in STROKE_PROPS}
    return ";".join(f"{k}:{rounded(v, 3) if NUMBER.fullmatch(v) else v}" for k, v in props.items())


def slim_element(el: ET.Element, used: set[str]) -> None:
    for key in list(el.attrib):
        value = el.attrib[key]
        namespace = key[1:].split("}")[0] if key.startswith("{") else None
        if namespace not in (None, XLINK) or (key == "id" and value not in used):
            del el.attrib[key]
        elif key == "style":
            el.set(key, slim_style(el, value))
        elif key in ("d", "points"):
            el.set(key, re.sub(r"\s*([a-zA-Z,])\s*", r"\1", rounded(value, 2)).strip())
        elif key in ("transform", "gradientTransform", "patternTransform"):
            el.set(key, rounded(value, 5))
        elif NUMBER.fullmatch(value.strip()):
            el.set(key, rounded(value.strip(), 3))
    el.text = el.text.strip() if el.text and el.text.strip() else None
    el.tail = None


def slim(source: str) -> bytes:
    ET.register_namespace("", SVG)
    ET.register_namespace("xlink", XLINK)
    root = ET.parse(source).getroot()
    svg_only(root)
    drop_unused_definitions(root)
    for defs in list(root.iter(f"{{{SVG}}}defs")):
        if not len(defs):
            for parent in root.iter():
                if defs in list(parent):
                    parent.remove(defs)
    used = references(root)
    for el in root.iter():
        slim_element(el, used)
    for key in ("version",):
        root.attrib.pop(key, None)
    return ET.tostring(root, encoding="utf-8", xml_declaration=False)


def main(source: str = SOURCE) -> None:
    os.makedirs(TARGET, exist_ok=True)
    before = after = 0
    for name, stem in names().items():
        path = os.path.join(source, stem + ".svg")
        data = slim(path)
        with open(os.path.join(TARGET, name + ".svg"), "wb") as f:
            f.write(data)
        before += os.path.getsize(path)
        after += len(data)
    shutil.copyfile(os.path.join(source, "LICENSE.md"), os.path.join(TARGET, "LICENSE.md"))
    print(f"{len(names())} pictures: {before} bytes -> {after} bytes")


if __name__ == "__main__":
    main(*sys.argv[1:])
