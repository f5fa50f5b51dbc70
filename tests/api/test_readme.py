"""The README's promises: its two commands, its curl examples with their answers, its glossary."""
import json
import os
import re
import shlex

import pytest

from calculator.scoring import yaku, yakuman

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as _f:
    README = _f.read()
BLOCKS = re.findall(r"```(\w+)\n(.*?)```", README, re.S)


def examples():
    """(path, method, body, status, shown answer) for each curl block followed by its answer block."""
    found = []
    for (lang, code), (next_lang, answer) in zip(BLOCKS, BLOCKS[1:]):
        if lang == "sh" and code.startswith("curl ") and next_lang == "json":
            words = shlex.split(code.replace("\\\n", " "))
            path = re.sub(r"^https?://[^/]+", "", next(w for w in words if w.startswith("http")))
            body = json.loads(words[words.index("-d") + 1]) if "-d" in words else None
            at = README.index(answer)
            status = int(re.findall(r"Answer \((\d{3})\)", README[:at])[-1])
            found.append(pytest.param(path, body, status, json.loads(answer), id=path.strip("/").replace("/", "-")
                                      + f"-{status}"))
    return found


def contains(actual, shown):
    """The shown answer is the real one, or a part of it (some keys, the first items of a list)."""
    if isinstance(shown, dict):
        return isinstance(actual, dict) and all(k in actual and contains(actual[k], v) for k, v in shown.items())
    if isinstance(shown, list):
        return isinstance(actual, list) and len(shown) <= len(actual) and all(
            contains(a, s) for a, s in zip(actual, shown))
    return actual == shown


@pytest.mark.parametrize("path, body, status, shown", examples())
def test_readme_example_answers_as_shown(client, path, body, status, shown):
    resp = client.post(path, json=body) if body is not None else client.get(path)
    assert resp.status_code == status
    assert contains(resp.get_json(), shown), json.dumps(resp.get_json(), indent=1)


def test_readme_has_examples_for_every_post_route(client):
    posted = {p.values[0] for p in examples()}
    routes = {r.rule for r in client.application.url_map.iter_rules() if "POST" in r.methods}
    assert routes <= posted


def test_readme_opens_with_the_two_commands_and_ci_runs_the_second():
    first_two = [code.strip() for lang, code in BLOCKS[:2]]
    assert "gunicorn" in first_two[0] and "requirements.txt" in first_two[0]
    assert "pytest" in first_two[1] and "requirements-dev.txt" in first_two[1]
    with open(os.path.join(ROOT, ".ci", "run"), encoding="utf-8") as f:
        assert first_two[1] in f.read().splitlines()


def test_glossary_spells_every_yaku_id():
    ids = {d.id for d in yaku.REGISTRY} | {d.id for d in yakuman.REGISTRY} | {"renhou", "dora", "aka_dora", "ura_dora"}
    listed = set(re.findall(r"^\| `(\w+)` \|", README, re.M))
    assert ids <= listed, sorted(ids - listed)


def _default_preset(body):
    """The body with its preset (and any option override) taken out: the default preset answers it.

    An example written for another rule family (16-tile Taiwanese hands, European bonus tiles) or for three
    players (kita, three seats) cannot be
    asked under the Japanese default: it keeps its preset, and must still be answered as the README shows."""
    from calculator.rules import DEFAULT_PRESET, PRESETS, preset_rules

    preset = (body.get("rules") or {}).get("preset")
    default = preset_rules(DEFAULT_PRESET)
    if preset in PRESETS and (preset_rules(preset).scoring_family != default.scoring_family
                              or preset_rules(preset).players != default.players):
        return body
    return {k: v for k, v in body.items() if k != "rules"}


@pytest.mark.parametrize("path, body, status, shown", [p for p in examples() if p.values[1] is not None])
def test_readme_example_requests_work_under_the_default_preset(client, path, body, status, shown):
    resp = client.post(path, json=_default_preset(body))
    assert resp.status_code == status, resp.get_json()


def test_readme_notation_sample_reads_under_the_default_preset(client):
    sample = re.search(r"tiles are MPSZ strings \(`(\w+)`", README).group(1)
    resp = client.post("/v1/ready", json={"hand": sample + "22z"})   # the sample has 11 tiles
    assert resp.status_code == 200 and "red_fives_read_as_plain" in resp.get_json()["notes"]


def _final_examples():
    from tools.openapi import ROUTES
    docs = [extra["example"] for path, *_, extra in ROUTES if path == "/v1/final"]
    readme = [p.values[1] for p in examples() if p.values[0] == "/v1/final"]
    return [pytest.param(b, id=f"docs-{i}") for i, b in enumerate(docs)] + \
        [pytest.param(b, id=f"readme-{i}") for i, b in enumerate(readme)]


@pytest.mark.parametrize("body", _final_examples())
def test_final_uma_examples_sum_to_zero_and_so_do_their_results(client, body):
    assert sum(body["rules"]["final_uma"]) == 0
    out = client.post("/v1/final", json=body).get_json()
    assert sum(s["final"] for s in out["scores"]) + out["remainder"] == 0 and "notes" not in out
