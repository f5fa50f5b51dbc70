"""GET / : the page and what it loads, all from this service, CSP-friendly, light enough for a phone."""
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STATIC = os.path.join(ROOT, "static")
PAGE_FILES = sorted(os.path.join(STATIC, "page", f) for f in os.listdir(os.path.join(STATIC, "page")))
TILES = [f"{n}{s}" for s in "mps" for n in "1234567890"] + [f"{n}z" for n in "1234567"]
FIRST_LOAD_BUDGET = 500_000   # bytes: well under 1 MB with every tile picture


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def fetch(client, path):
    """(status, mimetype, body) of a GET, the file it sent closed."""
    with client.get(path) as resp:
        return resp.status_code, resp.mimetype, resp.get_data()


def test_the_page_is_served_at_the_root(client):
    status, mimetype, html = fetch(client, "/")
    assert status == 200 and mimetype == "text/html"
    assert b"/docs" in html and b'name="viewport"' in html


@pytest.mark.parametrize("path", [p for p in PAGE_FILES], ids=os.path.basename)
def test_nothing_comes_from_another_host(path):
    assert not re.search(r"(?:src|href)\s*=\s*[\"']?(?:https?:)?//", read(path))
    assert not re.search(r"(?:fetch|import)\s*\(?\s*[\"'`](?:https?:)?//", read(path))
    assert "@import" not in read(path)


def test_the_html_has_no_inline_script_or_style_so_a_strict_csp_holds():
    html = read(os.path.join(STATIC, "page", "index.html"))
    assert all("src=" in tag for tag in re.findall(r"<script\b[^>]*>", html))
    assert "<style" not in html and " style=" not in html
    assert not re.search(r"\son[a-z]+\s*=", html)                 # no onclick= and the like
    scripts = "".join(read(p) for p in PAGE_FILES if p.endswith(".js"))
    assert "innerHTML" not in scripts and "eval(" not in scripts and "setAttribute(\"style\"" not in scripts


@pytest.mark.parametrize("tile", TILES)
def test_every_tile_picture_is_served(client, tile):
    status, mimetype, svg = fetch(client, f"/static/tiles/{tile}.svg")
    assert status == 200 and mimetype == "image/svg+xml"
    assert svg.startswith(b"<svg") and b"inkscape" not in svg


def test_the_tiles_keep_their_licence(client):
    assert b"public domain" in fetch(client, "/static/tiles/LICENSE.md")[2]


def test_first_load_is_well_under_a_megabyte(client):
    """The page, its style and scripts, the presets list and every tile picture the picker shows."""
    html = fetch(client, "/")[2]
    assets = re.findall(r'(?:src|href)="(/static/[^"]+)"', html.decode())
    scripts = [p for p in PAGE_FILES if p.endswith(".js")]   # the module graph: every script is loaded
    total = len(html) + sum(len(fetch(client, a)[2]) for a in assets if not a.endswith(".js"))
    total += sum(os.path.getsize(p) for p in scripts)
    total += sum(len(fetch(client, f"/static/tiles/{t}.svg")[2]) for t in TILES)
    total += len(fetch(client, "/v1/presets")[2])
    print(f"first load: {total} bytes")
    assert total < FIRST_LOAD_BUDGET
