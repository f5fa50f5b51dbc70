"""The house, counted (issues 12 and 24): the layers import only downwards (app and web -> intake -> schemas
and calculator), the calculator's stages only from the stages before them, nothing imports in a cycle, no import
hides inside a function, no production module grows past about 450 lines, and the calculator reads no request:
no parameter takes a request, a field name or a pointer, and no string of its code is a request pointer."""
from __future__ import annotations

import ast
import functools
import importlib
import pathlib

import marshmallow
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
# the pipeline order of calculator/__init__.py: a stage may import from itself and the stages before it
STAGES = ("core", "rules", "readings", "furiten", "scoring", "play", "table", "records")
MAX_LINES = 450
# development-only code, never imported by the service, may import the app it documents: it lives in tools/
# (the spec builder), which is no layer of the service and not in its image
DEV_ONLY: set[str] = set()
# the layers, each importing only from itself and the layers it names (issue 24): a request is read by intake/
# (its shape through schemas/, what it means into the calculator's values); schemas/ is the shape of requests and
# answers; web/ is HTTP (the body, errors, headers); app.py wires the views
LAYERS = {"calculator": {"calculator"}, "schemas": {"schemas", "calculator"},
          "intake": {"intake", "schemas", "calculator"}, "web": {"web", "schemas", "calculator"},
          "app": {"app", "web", "intake", "schemas", "calculator"}}


def _modules() -> dict[str, pathlib.Path]:
    found = {}
    for top in ("calculator", "schemas", "intake", "web"):
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    found["app"] = ROOT / "app.py"
    return found


MODULES = _modules()


def _imports(path: pathlib.Path, name: str) -> list[tuple[str, int, bool]]:
    """(imported module, line, at module level) for every import of a project module."""
    tree = ast.parse(path.read_text())
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    top_level = {id(node) for node in tree.body}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            targets = [base] + [f"{base}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            continue
        for target in targets:
            if target in MODULES:
                out.append((target, node.lineno, id(node) in top_level))
    return out


@functools.cache
def graph() -> dict[str, list[tuple[str, int, bool]]]:
    """Every project module's imports of project modules, parsed when a test first asks (not at collection, in
    every xdist worker)."""
    return {name: _imports(path, name) for name, path in MODULES.items()}


def _stage(name: str) -> int | None:
    parts = name.split(".")
    if parts[0] != "calculator" or len(parts) < 2 or parts[1] not in STAGES:
        return None
    return STAGES.index(parts[1])


def test_no_import_runs_back_up_the_pipeline():
    upward = [f"{name} imports {target} (line {line})"
              for name, edges in graph().items() for target, line, _ in edges
              if _stage(name) is not None and _stage(target) is not None and _stage(target) > _stage(name)]
    assert upward == []


def test_calculator_never_imports_the_web_layer():
    leaks = [f"{name} imports {target}" for name, edges in graph().items() if name.startswith("calculator")
             for target, _, _ in edges if not target.startswith("calculator")]
    assert leaks == []
    for name, path in MODULES.items():
        if name.startswith("calculator"):
            assert "import flask" not in path.read_text() and "from flask" not in path.read_text(), name


def test_every_layer_imports_only_the_layers_below_it():
    wrong = [f"{name} imports {target}" for name, edges in graph().items() if name not in DEV_ONLY
             for target, _, _ in edges if target.split(".")[0] not in LAYERS[name.split(".")[0]]]
    assert wrong == []


def test_the_calculator_reads_no_request():
    """No calculator function takes a loaded request (a Mapping of its fields) or a pointer prefix: reading a
    request is intake/'s (issue 24)."""
    found = []
    for name, path in MODULES.items():
        if not name.startswith("calculator"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for a in node.args.args + node.args.kwonlyargs:
                    hint = ast.unparse(a.annotation) if a.annotation is not None else ""
                    if "Mapping" in hint or a.arg in ("prefix", "field_prefix"):
                        found.append(f"{name}.{node.name}({a.arg}: {hint})")
    assert [f for f in found if f.split("(")[0] not in NOT_REQUESTS] == []


# Mappings that are no request: the presets' own data files
NOT_REQUESTS = {"calculator.rules.loader.parse_preset"}

# parameter names that carry where in a request something is (issue 24): the calculator's checks name the part of
# their value (an option, a meld's index and part) and intake/ builds the pointer
POINTER_PARAMS = {"field", "field_name", "field_prefix", "pointer", "prefix", "at", "where", "payload", "path"}
# Parameters with such a name that are genuinely domain, by function (or module prefix) and name, each justified:
PLACES = {
    # a game record is a domain document: its readers, replay and writers say where IN THE RECORD a problem is
    # ("log/0/4", "hands/3", "line/7", "" for the whole record); intake.games puts it under record/data (issue 24)
    "calculator.records": {"where", "at"},
    # a settlement problem's field (calculator.table's "outcome/wins/0/honba") turned into its place in the record
    "calculator.records.games._record_field": {"field"},
    # the answer's Difference.field: the name of what differs (deltas, result, honba), no pointer
    "calculator.records.infer._contradict": {"field"},
    # the name of an audited answer's value (tai, points, items), no pointer
    "calculator.table.audit_families._why": {"field"},
}
# strings of calculator code that are request pointers: the record's and the rules' places in a body
POINTER_STARTS = ("record/data", "rules/")
# a string that names the record's pointer in its sentence, each justified:
POINTER_TEXT = {
    # calculator.records.mjai: "The deal that starts at record/data/<place> ..." names the deal's start as the
    # client sent it; its words are kept as they were before places became relative to the record (byte for byte)
    "calculator.records.mjai": 1,
}


def _container_fields() -> set[str]:
    """The names of the request schemas' objects and lists (melds, discards, wins, rules, ...): the start of a
    pointer, which a calculator default must not be."""
    names = set()
    for path in sorted((ROOT / "schemas").glob("*.py")):
        module = importlib.import_module(f"schemas.{path.stem}")
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, marshmallow.Schema) and value is not marshmallow.Schema:
                for name, f in value._declared_fields.items():
                    if isinstance(f, (marshmallow.fields.Nested, marshmallow.fields.List, marshmallow.fields.Dict)):
                        names.add(f.data_key or name)
    return names


def _functions(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node


def _allowed(name: str, function: str, arg: str) -> bool:
    return any(arg in args and (f"{name}.{function}" == key or name == key or name.startswith(key + "."))
               for key, args in PLACES.items())


def test_no_calculator_parameter_is_a_request_pointer():
    """No calculator function takes a field name, a pointer or its prefix, or a loaded payload (issue 24), nor
    has a default that is a pointer: a string with a slash, or the name of a request's object or list."""
    containers = _container_fields()
    assert {"melds", "rules", "discards"} <= containers   # the check below looks for something
    found = []
    for name, path in MODULES.items():
        if not name.startswith("calculator"):
            continue
        for node in _functions(ast.parse(path.read_text())):
            a = node.args
            positional = a.posonlyargs + a.args
            defaults = dict(zip([x.arg for x in positional][::-1], a.defaults[::-1]))
            defaults.update({x.arg: d for x, d in zip(a.kwonlyargs, a.kw_defaults) if d is not None})
            for arg in positional + a.kwonlyargs:
                default = defaults.get(arg.arg)
                text = default.value if isinstance(default, ast.Constant) and isinstance(default.value, str) else ""
                pointer_default = "/" in text or text in containers
                if (arg.arg in POINTER_PARAMS or pointer_default) and not _allowed(name, node.name, arg.arg):
                    found.append(f"{name}.{node.name}({arg.arg}={text!r})" if text else f"{name}.{node.name}({arg.arg})")
    assert found == []


def _strings(tree) -> list[str]:
    """The string constants of the code (docstrings left out), the literal parts of f-strings included."""
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and n.body
            and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    return [n.value for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]


def test_the_calculator_writes_no_request_pointer():
    """No calculator string is a pointer into a request: `record/data...` (the record's place in /v1/games and
    /v1/convert bodies; a reader's places are relative to the record) or `rules/...` (a rules problem names its
    option). A sentence naming record/data is counted against POINTER_TEXT."""
    found, text = [], {}
    for name, path in MODULES.items():
        if not name.startswith("calculator"):
            continue
        for s in _strings(ast.parse(path.read_text())):
            if s.startswith(POINTER_STARTS):
                found.append(f"{name}: {s[:60]!r}")
            elif "record/data" in s:
                text[name] = text.get(name, 0) + 1
    assert found == []
    assert text == POINTER_TEXT


def test_no_import_hides_inside_a_function():
    hidden = [f"{name} line {line} imports {target}" for name, edges in graph().items()
              for target, line, top in edges if not top and name not in DEV_ONLY]
    assert hidden == []


def test_no_import_cycle():
    state: dict[str, int] = {}
    cycles = []

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for target, _, _ in graph().get(node, ()):
            if target == node or target.startswith(node + "."):
                continue   # a package's __init__ re-exporting its own modules
            if state.get(target) == 1:
                cycles.append(" -> ".join(trail[trail.index(target):] + [target]) if target in trail
                              else f"{node} -> {target}")
            elif target not in state:
                visit(target, trail + [target])
        state[node] = 2

    for name in graph():
        if name not in state:
            visit(name, [name])
    assert cycles == []


@pytest.mark.parametrize("name", sorted(MODULES))
def test_module_stays_small(name):
    lines = MODULES[name].read_text().count("\n")
    assert lines <= MAX_LINES, f"{name} has {lines} lines; split it by concern (limit {MAX_LINES})"


MAX_SCHEMAS_LINES = 3000   # issue 24: the shape of requests and answers, and nothing else, fits in this many


def test_schemas_stay_shape_only():
    """schemas/ holds the shape (fields, their documentation, the answers' writers): its lines stay within budget,
    and none of its modules imports the app (the spec builder that does lives in tools/)."""
    files = sorted((ROOT / "schemas").glob("*.py"))
    lines = sum(f.read_text().count("\n") for f in files)
    assert lines <= MAX_SCHEMAS_LINES, f"schemas/ has {lines} lines (limit {MAX_SCHEMAS_LINES}): move what is not shape"
    importing = [f.name for f in files for node in ast.walk(ast.parse(f.read_text()))
                 if isinstance(node, (ast.Import, ast.ImportFrom))
                 and any(n.split(".")[0] == "app" for n in ([a.name for a in node.names] if isinstance(node, ast.Import)
                                                           else [node.module or ""]))]
    assert importing == []
