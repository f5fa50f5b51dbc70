"""Finding the games in what the user names: folders, files, zip archives, JSON-lines files.

Two steps, so that the heavy one runs in the worker processes:

- `split(path)` (in the main process) walks the paths and cuts the inputs into `Piece`s: one per file or
  zip member, and one per line of a JSON-lines file of games. Gzip (any file that starts with gzip's magic
  bytes, whatever its name) and zip (likewise) are opened transparently; zip members and gzip inside zip too.
  Nothing is parsed as a whole here but the first line of a JSON file, which decides whether it is one
  document, an mjai log (lines of events) or one game per line.
- `record(piece)` (in a worker) parses the piece and says which `/v1/games` record it is:
  `(format, data, game_id)`, by `record_of` for a JSON value.

What a file holds (`kind`, `record_of`), the table the README gives:

| input | format |
| --- | --- |
| `.xml` / `.mjlog` file (maybe gzipped), or any text starting with `<` | tenhou.mjlog |
| a JSON object with `format` and `data` | as it says |
| a JSON object with `log` | tenhou.6 |
| a JSON object with `head` and `data` | mahjong_soul |
| a JSON object with `players` and `hands` | outcomes |
| a JSON array, or JSON lines, of mjai events (the first has `"type": "start_game"`) | mjai (one game) |
| JSON lines of game objects (`game_id` with `mjlog` / `tenhou6` / `mjai` / `outcomes`, or a {format, data} record) | one game per line, the format with tiles first |

A line that is a data record of another kind (it has a `schema`, such as `real-hand/1`, and no game) is
skipped and counted, not reported as an error: the shared data's files mix games with hands and draws.
"""
from __future__ import annotations

import gzip
import io
import json
import os
import zipfile
import zlib
from typing import Any, Iterator, NamedTuple

# In a folder (or a zip archive) only these are read; a file named on the command line is always read.
RECORD_SUFFIXES = (".xml", ".mjlog", ".json", ".jsonl", ".ndjson", ".zip")
# The keys of a game line and the format each holds, in the order they are preferred: the formats with
# tiles first (their wins are valued from the tiles), outcomes last.
GAME_KEYS = (("mjlog", "tenhou.mjlog"), ("tenhou6", "tenhou.6"), ("mjai", "mjai"),
             ("mahjong_soul", "mahjong_soul"), ("outcomes", "outcomes"))
GZIP_MAGIC, ZIP_MAGIC, BOM = b"\x1f\x8b", b"PK\x03\x04", b"\xef\xbb\xbf"


class Piece(NamedTuple):
    """One game's worth of input, not parsed yet. `where` names it for the user (a path, `archive.zip:member`,
    `file.jsonl:12` for line 12); `kind` is 'xml', 'mjai' (a whole mjai log as JSON lines) or 'json'."""
    where: str
    kind: str
    raw: bytes


class Unreadable(NamedTuple):
    """An input that holds no game the service can be asked about, and why."""
    where: str
    error: str


class NotAGame(Exception):
    """A JSON-lines line that is another kind of data record (skipped, counted)."""


class BadInput(Exception):
    """An input that cannot be read as a record (its message says why)."""


def split(path: str) -> Iterator[Piece | Unreadable]:
    """Every piece in `path` (a folder is walked in name order, its record files only); an input that cannot be
    opened is an Unreadable."""
    if os.path.isdir(path):
        for folder, dirs, files in os.walk(path):
            dirs.sort()
            for name in sorted(files):
                if _is_record_name(name):
                    yield from _split_file(os.path.join(folder, name))
    else:
        yield from _split_file(path)


def _is_record_name(name: str) -> bool:
    base = name[:-3] if name.lower().endswith(".gz") else name
    return not name.startswith(".") and base.lower().endswith(RECORD_SUFFIXES)


def _split_file(path: str) -> Iterator[Piece | Unreadable]:
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as e:
        yield Unreadable(path, f"cannot be read: {e.strerror or e}")
        return
    yield from split_bytes(path, raw)


def split_bytes(where: str, raw: bytes) -> Iterator[Piece | Unreadable]:
    """The pieces of one file's content (`where` names the file)."""
    if raw.startswith(GZIP_MAGIC):
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError, zlib.error) as e:
            yield Unreadable(where, f"a damaged gzip file: {e}")
            return
    if raw.startswith(ZIP_MAGIC):
        yield from _split_zip(where, raw)
        return
    raw = raw[len(BOM):] if raw.startswith(BOM) else raw
    kind = kind_of(where, raw)
    if kind != "lines":
        yield Piece(where, kind, raw)
        return
    for number, line in enumerate(raw.split(b"\n"), 1):
        if line.strip():
            yield Piece(f"{where}:{number}", "json", line)


def _split_zip(where: str, raw: bytes) -> Iterator[Piece | Unreadable]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
        members = sorted(i.filename for i in archive.infolist() if not i.is_dir())
    except (zipfile.BadZipFile, OSError, EOFError) as e:
        yield Unreadable(where, f"a damaged zip archive: {e}")
        return
    for name in members:
        if not _is_record_name(os.path.basename(name)):
            continue
        try:
            data = archive.read(name)
        except (zipfile.BadZipFile, OSError, EOFError, RuntimeError, NotImplementedError, zlib.error) as e:
            yield Unreadable(f"{where}:{name}", f"cannot be read from the archive: {e}")
            continue
        yield from split_bytes(f"{where}:{name}", data)


def kind_of(name: str, raw: bytes) -> str:
    """What a (decompressed) file holds: 'xml' (a Tenhou log), 'mjai' (one mjai log, a JSON line per event),
    'lines' (JSON lines, a game on each) or 'json' (one JSON document; `record_of` reads its keys)."""
    head = raw.lstrip()
    if name.lower().endswith((".xml", ".mjlog", ".xml.gz", ".mjlog.gz")) or head.startswith(b"<"):
        return "xml"
    first, newline, rest = head.partition(b"\n")
    if not newline or not rest.strip():
        return "json"   # one line: a document
    try:
        value = json.loads(first)
    except (ValueError, RecursionError):
        return "json"   # the first line is not a whole value: a document spread over lines
    if isinstance(value, dict) and value.get("type") == "start_game":
        return "mjai"
    return "lines"


def record(piece: Piece) -> tuple[str, Any, str | None]:
    """(format, data, game_id) of a piece; BadInput when it is no record, NotAGame for another kind of data."""
    if piece.kind == "xml":
        return "tenhou.mjlog", _text(piece.raw), None
    if piece.kind == "mjai":
        return "mjai", _text(piece.raw), None
    try:
        value = json.loads(piece.raw)
    except ValueError as e:
        raise BadInput(f"not JSON: {e}") from None
    except RecursionError:
        raise BadInput("not JSON this service reads: nested too deeply") from None
    return record_of(value)


def _text(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BadInput(f"not UTF-8 text: {e}") from None


def record_of(value: Any) -> tuple[str, Any, str | None]:
    """(format, data, game_id) of a JSON value, by its shape (the table in this module's docstring)."""
    if isinstance(value, list):
        if value and isinstance(value[0], dict) and value[0].get("type") == "start_game":
            return "mjai", value, None
        raise BadInput("a JSON array that is not an mjai log (its first event is not a start_game)")
    if not isinstance(value, dict):
        raise BadInput(f"a JSON {type(value).__name__}, not a game record")
    game_id = value.get("game_id") if isinstance(value.get("game_id"), str) else None
    if "format" in value and "data" in value:
        return value["format"], value["data"], game_id
    if isinstance(value.get("record"), dict) and "format" in value["record"]:   # a whole /v1/games body
        return value["record"]["format"], value["record"].get("data"), game_id
    if "log" in value:
        return "tenhou.6", value, game_id
    if "head" in value and "data" in value:
        return "mahjong_soul", value, game_id
    if "players" in value and "hands" in value:
        return "outcomes", value, game_id
    for key, fmt in GAME_KEYS:
        if value.get(key) is not None:
            return fmt, value[key], game_id
    if "schema" in value:
        raise NotAGame(value["schema"])
    keys = ", ".join(list(value)[:8])
    raise BadInput(f"a JSON object that is no game record I know (keys: {keys}); expected tenhou.6 (`log`), "
                   "outcomes (`players`, `hands`), mahjong_soul (`head`, `data`), {`format`, `data`}, or a game "
                   "line with `mjlog` / `tenhou6` / `mjai` / `outcomes`")
