"""Recorded request bodies and their answers, replayed byte for byte (issue 24: reading a request moved into
intake/ while every answer stayed as it was; tools/record_snapshots.py describes the cases and re-records them
when a change is meant to change answers)."""
from __future__ import annotations

import pytest

from tools.record_snapshots import answer, load_cases, same_answer

ROUTES = ["/v1/ready", "/v1/furiten", "/v1/score", "/v1/evaluate", "/v1/riichi", "/v1/kuikae", "/v1/settle",
          "/v1/final", "/v1/games"]


def test_every_recorded_answer_unchanged(client):
    """One test over every case (each is milliseconds: a test each would cost more than the replay); a failure
    lists every case that changed."""
    cases = load_cases()
    changed = []
    for i, c in enumerate(cases):
        got = answer(client, c)
        if not same_answer(got, c):
            changed.append(f"case {i} {c['path']} {c['body'][:120]!r}: {c['status']} -> {got[0]}: {got[2][:300]!r}")
    assert not changed, f"{len(changed)} of {len(cases)} answers changed:\n" + "\n".join(changed[:40])


@pytest.mark.parametrize("route", ROUTES)
def test_every_route_recorded_with_answers_and_problems(route):
    statuses = {c["status"] for c in load_cases() if c["path"] == route}
    assert {200, 422} <= statuses, statuses


@pytest.mark.parametrize("case, recorded, same", [
    pytest.param({"status": 200, "answer_type": "application/json", "answer": '{"a":1}'},
                 (200, "application/json", '{"a":1}'), True, id="identical"),
    pytest.param({"status": 200, "answer_type": "application/json", "answer": '{"a":1}'},
                 (200, "application/json", '{"a":2}'), False, id="other-answer"),
    pytest.param({"status": 422, "answer_type": "application/problem+json",
                  "answer": '{"detail": "2", "errors": [{"code": "unknown_field", "pointer": "#/a"}, '
                            '{"code": "unknown_field", "pointer": "#/b"}]}'},
                 (422, "application/problem+json", '{"detail": "2", "errors": [{"code": "unknown_field", "pointer": '
                  '"#/b"}, {"code": "unknown_field", "pointer": "#/a"}]}'), True, id="unknown-fields-reordered"),
    pytest.param({"status": 422, "answer_type": "application/problem+json",
                  "answer": '{"detail": "2", "errors": [{"code": "invalid", "pointer": "#/a"}, '
                            '{"code": "invalid", "pointer": "#/b"}]}'},
                 (422, "application/problem+json", '{"detail": "2", "errors": [{"code": "invalid", "pointer": '
                  '"#/b"}, {"code": "invalid", "pointer": "#/a"}]}'), False, id="other-problems-reordered"),
])
def test_only_unknown_field_order_may_differ(case, recorded, same):
    assert same_answer(recorded, case) is same
