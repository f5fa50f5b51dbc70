"""A README answer shown as complete is complete: one that leaves out keys or list items says so on its
"Answer (...)" line ("trimmed" or "in part"). tests/api/test_readme.py checks that what is shown is right."""
import json
import os
import re
import shlex

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as _f:
    README = _f.read()
BLOCKS = list(re.finditer(r"```(\w+)\n(.*?)```", README, re.S))


def examples():
    found = []
    for block, answer in zip(BLOCKS, BLOCKS[1:]):
        if block[1] == "sh" and block[2].startswith("curl ") and answer[1] == "json":
            words = shlex.split(block[2].replace("\\\n", " "))
            path = re.sub(r"^https?://[^/]+", "", next(w for w in words if w.startswith("http")))
            body = json.loads(words[words.index("-d") + 1]) if "-d" in words else None
            label = re.findall(r"^Answer \(\d{3}\).*$", README[block.end():answer.start()], re.M)[-1]
            line = README.count("\n", 0, answer.start()) + 1
            found.append(pytest.param(path, body, label, json.loads(answer[2]), id=f"line-{line}-{path.strip('/')}"))
    return found


def left_out(actual, shown, at=""):
    """Where the shown answer leaves out a key or the last items of a list."""
    out = []
    if isinstance(shown, dict) and isinstance(actual, dict):
        for key, value in actual.items():
            out += [f"{at}/{key}"] if key not in shown else left_out(value, shown[key], f"{at}/{key}")
    elif isinstance(shown, list) and isinstance(actual, list):
        if len(shown) < len(actual):
            out.append(f"{at} ({len(shown)} of {len(actual)} items)")
        for i, (a, s) in enumerate(zip(actual, shown)):
            out += left_out(a, s, f"{at}/{i}")
    return out


def test_the_examples_are_found():
    assert len(examples()) >= 19


@pytest.mark.parametrize("path, body, label, shown", examples())
def test_an_answer_shown_whole_is_whole(client, path, body, label, shown):
    resp = client.post(path, json=body) if body is not None else client.get(path)
    missing = left_out(resp.get_json(), shown)
    if missing:
        assert "trimmed" in label or "in part" in label, (label, missing)


def test_the_service_command_says_to_use_a_second_terminal():
    start = README[:README.index("```sh")]
    assert "second terminal" in start.split("Start the service")[1]


@pytest.mark.parametrize("python", sorted(set(re.findall(r"(\S*python3?) \.\./shared/tools/conformance\.py", README)))
                         or ["(none)"])
def test_the_conformance_command_runs_in_the_venv(python):
    assert python.lstrip("`") == ".venv/bin/python"
