"""The house, counted (issues 12 and 24): the layers import only downwards (app and web -> intake -> schemas
and calculator), the calculator's stages only from the stages before them, nothing imports in a cycle, no import
hides inside a function, and no production module grows past about 450 lines."""
from __future__ import annotations

import ast
import pathlib

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


GRAPH = {name: _imports(path, name) for name, path in MODULES.items()}


def _stage(name: str) -> int | None:
    parts = name.split(".")
    if parts[0] != "calculator" or len(parts) < 2 or parts[1] not in STAGES:
        return None
    return STAGES.index(parts[1])


def test_no_import_runs_back_up_the_pipeline():
    upward = [f"{name} imports {target} (line {line})"
              for name, edges in GRAPH.items() for target, line, _ in edges
              if _stage(name) is not None and _stage(target) is not None and _stage(target) > _stage(name)]
    assert upward == []


def test_calculator_never_imports_the_web_layer():
    leaks = [f"{name} imports {target}" for name, edges in GRAPH.items() if name.startswith("calculator")
             for target, _, _ in edges if not target.startswith("calculator")]
    assert leaks == []
    for name, path in MODULES.items():
        if name.startswith("calculator"):
            assert "import flask" not in path.read_text() and "from flask" not in path.read_text(), name


def test_every_layer_imports_only_the_layers_below_it():
    wrong = [f"{name} imports {target}" for name, edges in GRAPH.items() if name not in DEV_ONLY
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


def test_no_import_hides_inside_a_function():
    hidden = [f"{name} line {line} imports {target}" for name, edges in GRAPH.items()
              for target, line, top in edges if not top and name not in DEV_ONLY]
    assert hidden == []


def test_no_import_cycle():
    state: dict[str, int] = {}
    cycles = []

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for target, _, _ in GRAPH.get(node, ()):
            if target == node or target.startswith(node + "."):
                continue   # a package's __init__ re-exporting its own modules
            if state.get(target) == 1:
                cycles.append(" -> ".join(trail[trail.index(target):] + [target]) if target in trail
                              else f"{node} -> {target}")
            elif target not in state:
                visit(target, trail + [target])
        state[node] = 2

    for name in GRAPH:
        if name not in state:
            visit(name, [name])
    assert cycles == []


@pytest.mark.parametrize("name", sorted(MODULES))
def test_module_stays_small(name):
    lines = MODULES[name].read_text().count("\n")
    assert lines <= MAX_LINES, f"{name} has {lines} lines; split it by concern (limit {MAX_LINES})"
