"""Safe to run in public (issue 15), under gunicorn with gunicorn.conf.py: a clean start without $HOME,
one JSON access line per request, no Server banner, gunicorn's own refusals as problem+json, chunked
bodies over the limit, and slow clients that cannot stall the service."""
import http.client
import json
import os
import runpy
import socket
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CONF = os.path.join(ROOT, "gunicorn.conf.py")
GUNICORN = os.path.join(os.path.dirname(sys.executable), "gunicorn")
HOST = "127.0.0.1"
HAND_BODY = b'{"hand": "123m456p789s2345s"}'
# the module's gunicorn (a fixture per module and worker) starts once: every test of the file on one xdist worker
pytestmark = pytest.mark.xdist_group("gunicorn")


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    port = free_port()
    log = tmp_path_factory.mktemp("gunicorn") / "out.log"
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "WEB_CONCURRENCY": "2", "BIND": f"{HOST}:{port}"}
    with open(log, "wb") as out:   # no HOME, no XDG_RUNTIME_DIR: a service account's environment
        proc = subprocess.Popen([GUNICORN, "-c", CONF, "app:create_app()"], cwd="/", env=env, stdout=out,
                                stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if request(port, "GET", "/healthz")[0] == 200:
                break
        except OSError:
            assert proc.poll() is None, log.read_text()
            time.sleep(0.1)
    yield port, log
    proc.terminate()
    proc.wait(timeout=30)


def request(port, method, path, body=None, headers=None):
    conn = http.client.HTTPConnection(HOST, port, timeout=10)
    try:
        conn.request(method, path, body, {"Content-Type": "application/json", **(headers or {})})
        resp = conn.getresponse()
        return resp.status, dict(resp.getheaders()), resp.read()
    finally:
        conn.close()


def raw(port, data: bytes) -> bytes:
    with socket.create_connection((HOST, port), timeout=10) as s:
        s.sendall(data)
        chunks = []
        while chunk := s.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def test_config_keeps_worker_files_in_memory_and_reads_requests_in_the_loop():
    conf = runpy.run_path(CONF)
    assert conf["worker_tmp_dir"] == "/dev/shm"   # `docker run --read-only` has no other writable directory
    assert conf["worker_class"] == "web.worker.BoundedThreadWorker" and conf["threads"] >= 2   # tests/api/test_worker.py
    default = min(os.cpu_count() or 1, 8)   # CPU-bound: one worker per core (README "Deployment")
    assert conf["workers"] == (int(os.environ.get("WEB_CONCURRENCY", 0)) or default)
    assert conf["control_socket_disable"] is True and conf["timeout"] and conf["graceful_timeout"]
    assert conf["forwarded_allow_ips"]


def test_starts_cleanly_without_home(server):
    port, log = server
    text = log.read_text()
    assert "Using worker: web.worker.BoundedThreadWorker" in text
    assert "rror" not in text and "control" not in text.lower(), text


def test_one_json_access_line_per_request_without_the_body(server):
    port, log = server
    status, headers, _ = request(port, "POST", "/v1/ready?secret=1", b'{"hand": "123m456p789s2345s", "x": "PRIVATE"}')
    assert status == 422
    time.sleep(0.3)
    lines = [json.loads(x) for x in log.read_text().splitlines() if x.startswith("{")]
    mine = [x for x in lines if x["path"] == "/v1/ready" and x["status"] == 422]
    assert mine and set(mine[-1]) >= {"method", "path", "status", "duration_ms"}
    assert mine[-1]["method"] == "POST" and mine[-1]["duration_ms"] >= 0
    assert "PRIVATE" not in log.read_text() and "secret" not in log.read_text()


def test_no_server_banner(server):
    _, headers, _ = request(server[0], "GET", "/healthz")
    assert "Server" not in headers and headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize("what, send, status", [
    ("uri-past-gunicorn", lambda: ("GET", "/" + "a" * 9000, None), 414),
    ("uri-past-app", lambda: ("GET", "/" + "a" * 5000, None), 414),
    ("header-past-gunicorn", lambda: ("GET", "/healthz", {"X-Big": "a" * 17000}), 431),
    ("headers-past-app", lambda: ("GET", "/healthz", {"X-A": "a" * 9000, "X-B": "b" * 9000}), 431),
], ids=lambda x: x if isinstance(x, str) else "")
def test_large_uris_and_headers_are_problem_json(server, what, send, status):
    method, path, headers = send()
    got, resp_headers, body = request(server[0], method, path, headers=headers)
    assert got == status and resp_headers["Content-Type"] == "application/problem+json"
    assert json.loads(body)["status"] == status


def test_chunked_body_over_the_limit_is_413(server):
    body = b'{"hand": "123m456p789s2345s"' + b" " * (64 * 1024) + b"}"
    chunks = b"".join(b"%x\r\n%s\r\n" % (len(body[i:i + 8192]), body[i:i + 8192]) for i in range(0, len(body), 8192))
    answer = raw(server[0], b"POST /v1/ready HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + chunks + b"0\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b"application/problem+json" in answer


def test_chunked_body_under_the_limit_is_answered(server):
    answer = raw(server[0], b"POST /v1/ready HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                 + b"%x\r\n%s\r\n0\r\n\r\n" % (len(HAND_BODY), HAND_BODY))
    assert answer.startswith(b"HTTP/1.1 200"), answer[:200]


def test_a_2kb_uri_with_a_query_is_answered(server):
    status, _, _ = request(server[0], "GET", "/healthz?q=" + "a" * 2048)   # was 414: the query counted twice
    assert status == 200


def test_three_trickling_clients_do_not_stall_the_service(server):
    port = server[0]
    slow = []
    for _ in range(3):   # each sends its request line a byte at a time, and never finishes it
        s = socket.create_connection((HOST, port), timeout=10)
        s.sendall(b"P")
        slow.append(s)
    try:
        t0 = time.monotonic()
        for i in range(20):
            for s in slow:
                s.sendall(b"O"[: i % 2] or b"S")
            status, _, _ = request(port, "POST", "/v1/ready", HAND_BODY)
            assert status == 200
        assert time.monotonic() - t0 < 10
    finally:
        for s in slow:
            s.close()
