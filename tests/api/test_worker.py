"""The worker class of gunicorn.conf.py (web/worker.py, issue 25 "Slow clients"): a request is read whole by the
worker's event loop before a thread gets it, under a deadline and a memory budget.

RequestReader is checked on its own (a table of requests, whole and cut); then a gunicorn started here with
gunicorn.conf.py (loopback only, a 2 s deadline and a 1 MiB budget so that every case ends within seconds) is
given forty trickling clients, a silent one, Expect: 100-continue, pipelined and kept-alive requests, a chunked
body in pieces, a declared body past every limit and more unfinished bodies than the budget holds."""
import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time

import pytest

from web.worker import CONTINUE, HEAD_TOO_LARGE, MORE, WHOLE, RequestReader

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CONF = os.path.join(ROOT, "gunicorn.conf.py")
GUNICORN = os.path.join(os.path.dirname(sys.executable), "gunicorn")
HOST = "127.0.0.1"
HAND = b'{"hand": "123m456p789s2345s"}'
DEADLINE = 2.0
# the module's gunicorn (a fixture per module and worker) starts once: every test of the file on one xdist worker
pytestmark = pytest.mark.xdist_group("worker")


def post(body: bytes = HAND, extra: bytes = b"", path: bytes = b"/v1/ready") -> bytes:
    return (b"POST " + path + b" HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" + extra +
            b"Content-Length: %d\r\n\r\n" % len(body) + body)


def chunked(body: bytes, size: int, trailer: bytes = b"") -> bytes:
    parts = b"".join(b"%x\r\n%s\r\n" % (len(body[i:i + size]), body[i:i + size]) for i in range(0, len(body), size))
    return (b"POST /v1/ready HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
            b"\r\n" + parts + b"0\r\n" + trailer + b"\r\n")


# --- RequestReader: how much of a request a buffer holds ---

@pytest.mark.parametrize("data, state", [
    (b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", WHOLE),
    (b"GET /healthz HTTP/1.1\r\nHost: x\r\n", MORE),
    (b"GET /healthz HTTP/1.1\r\nX-Pad: " + b"a" * 70000, HEAD_TOO_LARGE),
    (post(), WHOLE),
    (post()[:-1], MORE),
    (post()[:post().index(b"\r\n\r\n") + 4], MORE),
    (b"POST /v1/games HTTP/1.1\r\nContent-Length: 2000000\r\n\r\n", WHOLE),   # past every limit: the app says 413
    (b"POST /v1/games HTTP/1.1\r\nContent-Length: 1048576\r\n\r\n{", MORE),   # the largest body taken: read on
    (b"POST / HTTP/1.1\r\nContent-Length: 12x\r\n\r\n", WHOLE),   # gunicorn's parser refuses it
    (b"POST / HTTP/1.1\r\nContent-Length: 9999999999999999999999\r\n\r\n", WHOLE),
    (chunked(HAND, 5), WHOLE),
    (chunked(HAND, 5)[:-2], MORE),
    (chunked(HAND, 5)[:-7], MORE),
    (chunked(HAND, 5, b"X-Sum: 1\r\n"), WHOLE),
    (chunked(HAND, 5, b"X-Sum: 1\r\n")[:-2], MORE),
    (chunked(b"a" * (1 << 20) + b"b", 1 << 16)[:-5], WHOLE),   # past the limit decoded: the app says 413
    (b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", WHOLE),   # a malformed size
    (b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n" + b"1" * 2000, WHOLE),
    (post(extra=b"Expect: 100-continue\r\n")[:-len(HAND)], CONTINUE),
    (post(extra=b"Expect: 100-continue\r\n"), WHOLE),
    (post() + post()[:10], WHOLE),   # pipelined: the first is whole
], ids=["get", "get-cut", "head-too-large", "post", "post-cut", "post-head-only", "length-past-limit",
        "length-at-limit", "length-malformed", "length-huge", "chunked", "chunked-cut-end", "chunked-cut-mid",
        "chunked-trailer", "chunked-trailer-cut", "chunked-past-limit", "chunk-size-malformed", "chunk-size-endless",
        "expect-head", "expect-whole", "pipelined"])
def test_request_reader_states(data, state):
    assert RequestReader().feed(data) == state
    byte_by_byte = RequestReader()
    got = [byte_by_byte.feed(data[i:i + 1]) for i in range(min(len(data), 5000))]
    if len(data) <= 5000:
        assert got[-1] == state   # the same answer however the bytes arrive


def test_the_expect_header_is_not_handed_to_the_parser():
    reader = RequestReader()
    assert reader.feed(post(extra=b"Expect: 100-continue\r\n")) == WHOLE
    assert reader.handed() == post()


# --- a server started here ---

def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def port(tmp_path_factory):
    port = free_port()
    log = tmp_path_factory.mktemp("gunicorn") / "out.log"
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "WEB_CONCURRENCY": "2", "BIND": f"{HOST}:{port}",
           "REQUEST_READ_TIMEOUT": str(DEADLINE), "REQUEST_BUFFER_MB": "1"}
    with open(log, "wb") as out:
        proc = subprocess.Popen([GUNICORN, "-c", CONF, "app:create_app()"], cwd=ROOT, env=env, stdout=out,
                                stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if healthy(port, 1.0):
            break
        assert proc.poll() is None, log.read_text()
        time.sleep(0.1)
    yield port
    proc.terminate()
    proc.wait(timeout=30)
    assert "Traceback" not in log.read_text(), log.read_text()[-3000:]


def healthy(port: int, timeout: float) -> bool:
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        conn.request("GET", "/healthz")
        return conn.getresponse().status == 200
    except OSError:
        return False
    finally:
        conn.close()


def answer(s: socket.socket) -> bytes:
    """Everything the server sends until it closes (or 5 s of silence)."""
    s.settimeout(5)
    chunks = []
    try:
        while chunk := s.recv(65536):
            chunks.append(chunk)
    except (socket.timeout, ConnectionResetError):
        pass
    return b"".join(chunks)


def test_forty_trickling_clients_cost_no_one_anything(port):
    head = post()[:60]
    slow = [socket.create_connection((HOST, port), timeout=5) for _ in range(40)]
    try:
        t0 = time.monotonic()
        for i in range(12):   # 1.8 s of trickling, under the deadline: every probe answered at once
            for s in slow:
                s.sendall(head[i:i + 1])
            t = time.monotonic()
            assert healthy(port, 1.0)
            assert time.monotonic() - t < 1.0
            time.sleep(0.15)
        assert time.monotonic() - t0 < DEADLINE + 1
    finally:
        for s in slow:
            s.close()


def test_a_request_not_whole_by_the_deadline_is_a_408_and_closed(port):
    with socket.create_connection((HOST, port), timeout=5) as s:
        t0 = time.monotonic()
        s.sendall(post()[:20])
        got = answer(s)
        took = time.monotonic() - t0
    assert got.startswith(b"HTTP/1.1 408 ") and b"application/problem+json" in got
    assert json.loads(got.split(b"\r\n\r\n", 1)[1])["status"] == 408
    assert DEADLINE - 0.1 <= took <= DEADLINE + 1.5, took


def test_a_silent_connection_is_closed_at_the_deadline_without_an_answer(port):
    with socket.create_connection((HOST, port), timeout=5) as s:
        t0 = time.monotonic()
        got = answer(s)
        took = time.monotonic() - t0
    assert got == b"" and DEADLINE - 0.1 <= took <= DEADLINE + 1.5, (got, took)


def test_expect_100_continue_is_answered_once(port):
    request = post(extra=b"Expect: 100-continue\r\nConnection: close\r\n")
    head, body = request[:-len(HAND)], HAND
    with socket.create_connection((HOST, port), timeout=5) as s:
        s.sendall(head)
        assert s.recv(100) == b"HTTP/1.1 100 Continue\r\n\r\n"
        s.sendall(body)
        got = answer(s)
    assert got.startswith(b"HTTP/1.1 200 ") and b"100 Continue" not in got


def test_pipelined_and_kept_alive_requests_are_all_answered(port):
    with socket.create_connection((HOST, port), timeout=5) as s:
        s.sendall(post() + post() + post(extra=b"Connection: close\r\n")[:30])
        time.sleep(0.2)
        s.sendall(post(extra=b"Connection: close\r\n")[30:])
        got = answer(s)
    assert got.count(b"HTTP/1.1 200 ") == 3, got[:500]
    conn = http.client.HTTPConnection(HOST, port, timeout=5)
    try:
        for _ in range(3):   # one connection, three requests: each read by the loop again after an answer
            conn.request("POST", "/v1/ready", HAND, {"Content-Type": "application/json"})
            resp = conn.getresponse()
            assert resp.status == 200 and json.loads(resp.read())["ready"] is True
    finally:
        conn.close()


def test_a_chunked_body_in_pieces_is_answered(port):
    data = chunked(HAND, 4)
    with socket.create_connection((HOST, port), timeout=5) as s:
        for i in range(0, len(data), 25):
            s.sendall(data[i:i + 25])
            time.sleep(0.05)
        s.settimeout(5)
        got = s.recv(65536)
    assert got.startswith(b"HTTP/1.1 200 ")


def test_a_declared_body_past_every_limit_is_refused_before_it_is_sent(port):
    with socket.create_connection((HOST, port), timeout=5) as s:
        s.sendall(b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 2000000\r\n\r\n")
        s.settimeout(5)
        got = s.recv(65536)
    assert got.startswith(b"HTTP/1.1 413 ") and b"problem+json" in got


def test_unfinished_bodies_past_the_budget_are_a_503(port):
    """Three 700 KB pieces of 1 MB bodies, two workers with a 1 MiB budget each: one worker holds two, so at least
    one piece is refused (503, Retry-After) while the others wait; a small request is still answered."""
    piece = b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n"
    socks = [socket.create_connection((HOST, port), timeout=5) for _ in range(3)]
    got = []
    try:
        def send(s):
            try:
                s.sendall(piece + b" " * 700_000)
            except OSError:
                pass   # the server closed it after its 503

        senders = [threading.Thread(target=send, args=(s,)) for s in socks]
        for t in senders:
            t.start()
        for t in senders:
            t.join(5)
        for s in socks:
            s.settimeout(0.5)
            try:
                got.append(s.recv(65536))
            except socket.timeout:
                got.append(b"")
            except ConnectionResetError:
                got.append(b"reset")
        assert healthy(port, 2.0)
    finally:
        for s in socks:
            s.close()
    refused = [g for g in got if g.startswith(b"HTTP/1.1 503 ")]
    assert refused and all(b"Retry-After: 5" in g for g in refused), got
    assert got.count(b"") >= 1   # a piece within the budget is simply still being waited for


def test_a_stopping_worker_does_not_wait_for_connections_that_sent_nothing(tmp_path):
    """SIGTERM with an idle connection open: the worker closes it at once instead of at its 10 s deadline."""
    port = free_port()
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "WEB_CONCURRENCY": "1", "BIND": f"{HOST}:{port}"}
    with open(tmp_path / "out.log", "wb") as out:
        proc = subprocess.Popen([GUNICORN, "-c", CONF, "app:create_app()"], cwd=ROOT, env=env, stdout=out,
                                stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while not healthy(port, 1.0):
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.1)
        with socket.create_connection((HOST, port), timeout=5):
            time.sleep(0.3)
            t0 = time.monotonic()
            proc.terminate()
            proc.wait(timeout=15)
            assert time.monotonic() - t0 < 5
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
