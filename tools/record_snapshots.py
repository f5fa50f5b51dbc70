"""The recorded answers of tests/cases/snapshots.jsonl.gz (replayed by tests/api/test_snapshots.py): reading
them, comparing an answer with its record, and re-recording them.

Each line is a POST body (README and openapi.yaml examples, bodies the API tests send, real game records and
mutations of valid bodies mixing shape and domain problems) with the status, content type and exact answer text
recorded. A change meant to change answers re-records them and names the changed cases in its commit:

    python tools/record_snapshots.py            # print every changed case and write the new answers
    python tools/record_snapshots.py --check    # print only
"""
from __future__ import annotations

import gzip
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = os.path.join(ROOT, "tests", "cases", "snapshots.jsonl.gz")


def load_cases() -> list[dict]:
    with gzip.open(CASES, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def answer(client, case: dict) -> tuple[int, str | None, str]:
    """(status, content type, answer text) of the case's body posted with `client` (a Flask test client)."""
    r = client.post(case["path"], data=case["body"].encode("utf-8", "surrogateescape"),
                    content_type=case["content_type"])
    return r.status_code, r.headers.get("Content-Type"), r.get_data(as_text=True)


def same_answer(got: tuple, case: dict) -> bool:
    """The answer as recorded, byte for byte; only the order of a 422's unknown-field problems may differ
    (marshmallow lists a body's unknown keys in set order, which varies from process to process)."""
    if got == (case["status"], case["answer_type"], case["answer"]):
        return True
    if got[:2] != (case["status"], case["answer_type"]) or got[0] != 422:
        return False
    mine, theirs = json.loads(got[2]), json.loads(case["answer"])
    if {k: v for k, v in mine.items() if k != "errors"} != {k: v for k, v in theirs.items() if k != "errors"}:
        return False
    known = [[e for e in errors if e.get("code") != "unknown_field"] for errors in (mine["errors"], theirs["errors"])]
    return known[0] == known[1] and sorted(map(json.dumps, mine["errors"])) == sorted(map(json.dumps,
                                                                                          theirs["errors"]))


def main(argv: list[str]) -> int:
    sys.path.insert(0, ROOT)
    from app import create_app
    client = create_app({"TESTING": True}).test_client()
    cases = load_cases()
    changed = 0
    for i, c in enumerate(cases):
        got = answer(client, c)
        if not same_answer(got, c):
            changed += 1
            print(f"case {i} {c['path']} {c['body'][:200]}\n  was {c['status']} {c['answer'][:600]}\n  now "
                  f"{got[0]} {got[2][:600]}")
            c.update(status=got[0], answer_type=got[1], answer=got[2])
    print(f"{changed} of {len(cases)} answers changed")
    if "--check" not in argv and changed:
        text = "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cases)
        with open(CASES, "wb") as f:
            f.write(gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
