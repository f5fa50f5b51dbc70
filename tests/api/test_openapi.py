import os
import re
from html.parser import HTMLParser

import pytest
import yaml
from marshmallow import Schema
from openapi_spec_validator import validate

from tools.openapi import ROUTES, build_spec

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIX = "run `python tools/openapi.py > openapi.yaml`"
METHODS = {"get", "post", "put", "patch", "delete"}


@pytest.fixture(scope="module")
def committed():
    with open(os.path.join(ROOT, "openapi.yaml"), encoding="utf-8") as f:
        return yaml.load(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))   # libyaml: 10x faster


def operations(spec):
    return [(path, method, op) for path, ops in spec["paths"].items() for method, op in ops.items()
            if method in METHODS]


def test_committed_spec_equals_generated(committed):
    assert build_spec() == committed, f"openapi.yaml is out of date: {FIX}"


def test_committed_spec_is_valid_openapi(committed):
    validate(committed)


def test_every_route_of_the_app_is_documented(app, committed):
    served = set()
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
        served |= {(path, m.lower()) for m in rule.methods - {"HEAD", "OPTIONS"}}
    documented = {(path, method) for path, method, _ in operations(committed)}
    assert served - documented == set(), f"add these routes to DOCS in tools/openapi.py, then {FIX}"
    assert documented - served == set(), "openapi.yaml documents routes the app does not serve"


def test_routes_table_has_no_duplicates():
    keys = [(r[0], r[1]) for r in ROUTES]
    assert len(keys) == len(set(keys))


@pytest.mark.parametrize("path,method", [(r[0], r[1]) for r in ROUTES], ids=lambda v: v)
def test_operation_is_described(committed, path, method):
    op = committed["paths"][path][method]
    assert op["summary"] and op["description"] and op["tags"] and op["operationId"]
    assert "200" in op["responses"]


@pytest.mark.parametrize("path", [r[0] for r in ROUTES if r[1] == "post"])
def test_post_route_has_examples_and_problem_answers(committed, path):
    op = committed["paths"][path]["post"]
    body = op["requestBody"]["content"]["application/json"]
    assert body["examples"]["valid"]["value"], "give ROUTES an 'example' request body"
    assert op["responses"]["200"]["content"]["application/json"]["example"]
    for status in ("400", "413", "415"):
        ref = op["responses"][status]["$ref"].split("/")[-1]
        content = committed["components"]["responses"][ref]["content"]["application/problem+json"]
        assert content["schema"]["$ref"].endswith("/Problem")
        assert content["example"]["status"] == int(status)
    invalid = op["responses"]["422"]["content"]["application/problem+json"]
    assert invalid["schema"]["$ref"].endswith("/InvalidRequest")


def test_response_examples_are_the_apps_answers(client, committed):
    op = committed["paths"]["/v1/ready"]["post"]
    request = op["requestBody"]["content"]["application/json"]["examples"]["valid"]["value"]
    resp = client.post("/v1/ready", json=request)
    assert resp.get_json() == op["responses"]["200"]["content"]["application/json"]["example"]


@pytest.mark.parametrize("path", [r[0] for r in ROUTES if r[1] == "post"])
def test_every_published_example_answers_as_shown(client, committed, path):
    # each request example works as sent (the valid ones under their own preset, the default unless they name
    # one), and the answers the document shows are the app's own, 200 and 422 alike
    op = committed["paths"][path]["post"]
    for name, example in op["requestBody"]["content"]["application/json"]["examples"].items():
        resp = client.post(path, json=example["value"])
        assert resp.status_code == (422 if name == "invalid" else 200), (name, resp.get_json())
        if name in ("valid", "invalid"):
            status, kind = ("200", "application/json") if name == "valid" else ("422", "application/problem+json")
            assert resp.get_json() == op["responses"][status]["content"][kind]["example"], name


def test_every_schema_class_has_its_own_name(committed):
    """Components are named after their schema classes (no resolver renames them): no two schema classes of
    schemas/ share a name, and every component is a class of that name (or one the builder names itself)."""
    import importlib
    import pkgutil
    import schemas
    classes = {}
    for info in pkgutil.iter_modules(schemas.__path__):
        module = importlib.import_module(f"schemas.{info.name}")
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Schema) and value.__module__ == module.__name__:
                classes.setdefault(value.__name__, set()).add(module.__name__)
    assert {name: where for name, where in classes.items() if len(where) > 1} == {}
    named = set(committed["components"]["schemas"]) - {"Rules", "Problem", "InvalidRequest", "FullWin", "HealthOut"}
    assert named <= set(classes), named - set(classes)


def test_app_serves_the_committed_file(client):
    resp = client.get("/openapi.yaml")
    assert resp.status_code == 200 and resp.mimetype == "application/yaml"
    with open(os.path.join(ROOT, "openapi.yaml"), encoding="utf-8") as f:
        assert resp.get_data(as_text=True) == f.read()


class Assets(HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls = []

    def handle_starttag(self, tag, attrs):
        self.urls += [v for k, v in attrs if k in ("src", "href") and v]


def get(client, url):
    with client.get(url) as resp:  # static files are streamed: close them
        return resp.status_code, resp.mimetype, resp.get_data().decode("utf-8", "replace")


def test_docs_page_loads_only_local_assets(client):
    status, mimetype, html = get(client, "/docs")
    assert status == 200 and mimetype == "text/html"
    page = Assets()
    page.feed(html)
    assert any(u.endswith("swagger-ui-bundle.js") for u in page.urls)
    for url in page.urls:
        assert url.startswith("/") and not url.startswith("//"), f"{url} is not served by the service"
        assert get(client, url)[0] == 200, url
    script = get(client, "/static/docs/docs.js")[2]
    assert '"/openapi.yaml"' in script and "http" not in script
