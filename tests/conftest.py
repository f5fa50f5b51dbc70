import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared"))

from app import create_app  # noqa: E402


@pytest.fixture(scope="session")
def app():
    return create_app({"TESTING": True})


@pytest.fixture(scope="session")
def client(app):
    return app.test_client()


@pytest.fixture
def post_json(client):
    def post(path, body):
        resp = client.post(path, json=body)
        return resp.status_code, resp.get_json(silent=True)
    return post


@pytest.fixture
def refused(post_json):
    """POST a body that must be refused: the (pointer, code) of every problem its 422 lists."""
    def post(path, body):
        status, problem = post_json(path, body)
        assert status == 422, problem
        return {(e["pointer"], e["code"]) for e in problem["errors"]}
    return post
