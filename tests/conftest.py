import gc
import os
import sys

import pytest
from hypothesis import settings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from app import create_app  # noqa: E402
from tests.budget import PROFILE, examples  # noqa: E402
from tests.paths import SHARED  # noqa: E402,F401  (where ../shared sits; absent in a fresh clone)

# The collector, in the test processes only (the service's own processes keep Python's defaults): a young
# generation of 20,000 objects instead of 700, so far fewer passes, and everything loaded by the end of collection
# frozen out of the passes that remain (pytest_collection_finish). Measured on a fresh clone, the suite without
# its browser tests went from 98 to 84 CPU-seconds; every test still runs as before.
gc.set_threshold(20000, 20, 20)

# HYPOTHESIS_PROFILE=long: properties without their own count draw 1,000 examples instead of hypothesis's 100
# (a property with its own count scales it through tests.budget.examples)
settings.register_profile("long", max_examples=examples(100))
settings.load_profile(PROFILE)


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


def pytest_collection_finish(session):
    """What collection loaded (modules, parameters, the app) stays for the whole run: frozen, the collector no
    longer walks it on every older-generation pass."""
    gc.collect()
    gc.freeze()
