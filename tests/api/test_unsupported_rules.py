"""UnsupportedRules names the option that decides it (issue 24); the web layer answers it at the request's rules."""
from __future__ import annotations

import pytest

from app import create_app
from calculator.core.errors import UnsupportedRules


@pytest.fixture(scope="module")
def raising_client():
    app = create_app()

    @app.post("/test/unsupported/<option>")
    def unsupported(option):
        raise UnsupportedRules("scoring_not_defined", "Not defined here.", "" if option == "none" else option)

    return app.test_client()


@pytest.mark.parametrize("option,pointer", [
    pytest.param("hand_size", "#/rules/hand_size", id="at-the-option"),
    pytest.param("none", "#/rules", id="at-the-rules-object"),
])
def test_unsupported_rules_answer_at_the_option(raising_client, option, pointer):
    resp = raising_client.post(f"/test/unsupported/{option}", json={})
    assert resp.status_code == 422
    assert [(e["pointer"], e["code"]) for e in resp.get_json()["errors"]] == [(pointer, "scoring_not_defined")]
