"""The OpenAPI document, built from the marshmallow schemas with apispec (development only).

`python -m schemas.openapi > openapi.yaml` regenerates the committed file; a test fails when
the two differ. app.py never imports this module (apispec is a development dependency).
"""
from __future__ import annotations

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from schemas.presets import PresetListOut, PresetOut
from schemas.problems import InvalidRequestOut, ProblemOut
from schemas.ready import ReadyIn, ReadyOut

# (path, method, request schema or None, response schema, summary, description)
ROUTES = [
    ("/v1/ready", "post", ReadyIn, ReadyOut, "Is the hand ready, and on which tiles",
     "Shanten, waits with remaining copies, and for a hand that has just drawn, each discard."),
    ("/v1/presets", "get", None, PresetListOut, "List the rule presets", "Names, descriptions and sources."),
    ("/v1/presets/{name}", "get", None, PresetOut, "One preset with every option",
     "Each option's meaning, allowed values, default and value under this preset."),
]


def build_spec() -> dict:
    spec = APISpec(title="Mahjong rules arithmetic", version="1.0.0", openapi_version="3.1.0",
                   plugins=[MarshmallowPlugin()])
    spec.components.schema("Problem", schema=ProblemOut)
    spec.components.schema("InvalidRequest", schema=InvalidRequestOut)
    for path, method, schema_in, schema_out, summary, description in ROUTES:
        op = {"summary": summary, "description": description,
              "responses": {"200": {"description": "OK", "content": {"application/json": {"schema": schema_out}}}}}
        if schema_in is not None:
            op["requestBody"] = {"required": True, "content": {"application/json": {"schema": schema_in}}}
            op["responses"]["422"] = {"description": "The request cannot describe a real position.",
                                      "content": {"application/problem+json": {"schema": "InvalidRequest"}}}
        spec.path(path=path, operations={method: op})
    return spec.to_dict()


if __name__ == "__main__":
    import yaml

    print(yaml.safe_dump(build_spec(), sort_keys=False, allow_unicode=True), end="")
