"""Deployment files: every runtime dependency pinned (transitive ones included), an exactly pinned base image."""
import os
import re
from importlib.metadata import PackageNotFoundError, distribution

import pytest
from packaging.requirements import Requirement

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def read(name: str) -> str:
    with open(os.path.join(ROOT, name), encoding="utf-8") as f:
        return f.read()


def pins() -> dict[str, str]:
    out = {}
    for line in read("requirements.txt").splitlines():
        line = line.split("#")[0].strip()
        if line.startswith("./"):   # a package of this repository (native/), built from its own files
            continue
        if line:
            name, _, version = line.partition("==")
            assert version, f"not pinned: {line}"
            out[name.lower().replace("_", "-")] = version
    return out


def closure(roots) -> set[str]:
    """The distributions the roots need at run time (no extras), through the installed metadata."""
    seen, todo = set(), list(roots)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        try:
            requires = distribution(name).requires or []
        except PackageNotFoundError:
            continue
        for r in map(Requirement, requires):
            if r.marker is None or r.marker.evaluate({"extra": ""}):
                todo.append(r.name.lower().replace("_", "-"))
    return seen


def test_every_runtime_dependency_is_pinned_to_the_installed_version():
    pinned = pins()
    needed = closure(["flask", "marshmallow", "gunicorn"])
    assert needed <= set(pinned), sorted(needed - set(pinned))
    for name in needed:
        assert distribution(name).version == pinned[name], name


def test_the_local_package_needs_no_compiler():
    """requirements.txt installs ./native; its C extension must be optional, so pip never fails without a compiler
    (the slim image has none), and the image copies the package before installing the requirements."""
    assert "./native" in read("requirements.txt").splitlines()
    assert re.search(r"Extension\([^)]*optional=True", read("native/setup.py"), re.S)
    docker = read("Dockerfile")
    assert docker.index("COPY native/") < docker.index("RUN pip install")


def test_the_image_runs_the_compiled_build():
    """The image has no C compiler: a build stage makes native/ a wheel with one, the service stage installs it over
    the extension-less install of requirements.txt, and the build fails if its extensions do not import."""
    docker = read("Dockerfile")
    stages = re.findall(r"^FROM (\S+)(?: AS (\w+))?", docker, re.M)
    assert [name for _, name in stages] == ["native", ""] and len({base for base, _ in stages}) == 1, stages
    assert "pip wheel --no-cache-dir --no-deps --wheel-dir /wheels" in docker
    service = docker[docker.index("COPY --from=native /wheels/"):]
    assert service.index("-r requirements.txt") < service.index("--force-reinstall /wheels/mahjong_rules_native-")
    assert "import mahjong_rules_native._ready, mahjong_rules_native._widen" in service
    assert re.findall(r"Extension\(\"(mahjong_rules_native\.\w+)\"", read("native/setup.py")) == [
        "mahjong_rules_native._ready", "mahjong_rules_native._widen"]


def test_werkzeug_is_pinned_since_the_service_imports_it():
    assert "werkzeug" in pins()


def test_docker_base_image_is_an_exact_release():
    base = re.search(r"^FROM (\S+)", read("Dockerfile"), re.M).group(1)
    assert re.fullmatch(r"python:\d+\.\d+\.\d+-slim-\w+(@sha256:[0-9a-f]{64})?", base), base


@pytest.mark.parametrize("needed", ["gunicorn.conf.py", "web/", "-c\", \"gunicorn.conf.py"])
def test_image_runs_the_public_configuration(needed):
    assert needed in read("Dockerfile")


def test_image_holds_every_runtime_package_and_no_tool():
    """The service's packages are copied into the image; tools/ (the spec builder, which imports the app) is not."""
    copied = set(re.findall(r"^COPY (\S+)/ ", read("Dockerfile"), re.M))
    assert copied == {"calculator", "intake", "schemas", "web", "static", "native"}   # native: the optional compiled build
