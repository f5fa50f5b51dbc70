"""The gunicorn worker class of gunicorn.conf.py: gthread, except that a thread only ever gets a whole request.

gunicorn's gthread worker hands a connection to a thread as soon as its first byte arrives, and the thread then
reads the request line, the headers and the body with no deadline: twenty clients sending their headers a byte a
second held twenty threads (five workers' worth) for as long as they liked, and the worker's own 30 s timeout
never fired because the worker's main loop kept running. Here the worker's main loop reads every request itself,
without blocking, into a buffer of the connection's own (RequestReader), and a thread is given the connection only
once the buffer holds the whole request (head and body), which gunicorn's parser then reads from the buffer. So:

- A slow client holds no thread, only a buffer and a socket in the event loop: up to `worker_connections` (1,000)
  connections per worker, idle or trickling, cost the service no throughput, and threads need only be as many as
  the CPU can use.
- Deadline: a request must be complete within REQUEST_TIMEOUT seconds (environment variable
  REQUEST_READ_TIMEOUT, default 10) of its first moment on the connection (its accept, or the first byte after a
  kept-alive answer); past it the client gets a 408 problem+json and the connection is closed. A kept-alive
  connection that sends nothing is closed after gunicorn's `keepalive` seconds, as before.
- Memory: the unfinished requests of one worker hold at most BUFFER_BUDGET bytes together (environment variable
  REQUEST_BUFFER_MB, default 16 MiB: sixteen full-size game records arriving at once); a request that would
  pass it gets a 503 problem+json (Retry-After) and its connection is closed. A head (request line and headers)
  longer than HEAD_LIMIT is a 431 at once; a declared body longer than BODY_LIMIT (the largest any route
  takes) is handed over with its head only, and the app refuses it (413) without reading it.
- `Expect: 100-continue` is answered by the loop itself (the body is then sent and read here like any other) and
  the header is dropped from the bytes handed to the parser, so gunicorn does not answer it a second time.
- Sends: a thread writes the answer with a socket timeout of SEND_TIMEOUT seconds, so a client that never reads
  cannot hold a thread either.
"""
from __future__ import annotations

import json
import os
import selectors
import socket
import time
from functools import partial
from http import HTTPStatus

from gunicorn.workers.gthread import ThreadWorker

REQUEST_TIMEOUT = float(os.environ.get("REQUEST_READ_TIMEOUT", 10))
SEND_TIMEOUT = 10.0
HEAD_LIMIT = 64 * 1024   # past the app's 16 KiB and gunicorn's own limits, so that both still answer theirs
BODY_LIMIT = 1024 * 1024   # the largest body a route takes (POST /v1/games)
BUFFER_BUDGET = int(float(os.environ.get("REQUEST_BUFFER_MB", 16)) * 1024 * 1024)   # per worker, all requests arriving
RECV_SIZE = 64 * 1024
SCAN_EVERY = 0.25   # seconds between two looks for connections past their deadline

MORE, WHOLE, CONTINUE, HEAD_TOO_LARGE = "more", "whole", "continue", "head_too_large"


class RequestReader:
    """How much of one HTTP/1.x request a buffer holds: `feed(bytes)` answers MORE (keep reading), CONTINUE (the
    head is in and asks for `100 Continue` before its body), WHOLE (hand the request over: complete, or something
    gunicorn's parser must refuse or the app refuses without reading the body) or HEAD_TOO_LARGE.
    Nothing is parsed twice: the head once, a chunked body chunk by chunk as it arrives."""

    def __init__(self, data: bytes = b"", head_limit: int = HEAD_LIMIT, body_limit: int = BODY_LIMIT):
        self.buf = bytearray(data)
        self.head_limit, self.body_limit = head_limit, body_limit
        self.body_start = None   # offset of the body once the head is in
        self.length = 0   # Content-Length, or None for a chunked body
        self.expect = False
        self.chunk_at = 0   # a chunked body: offset of the next chunk-size line, and the bytes decoded so far
        self.decoded = 0
        self.scanned = 0   # the head's end is looked for from here on (a head trickled in byte by byte stays linear)

    def feed(self, data: bytes = b"") -> str:
        self.buf += data
        if self.body_start is None:
            end = self.buf.find(b"\r\n\r\n", self.scanned, self.head_limit + 4)
            if end < 0:
                self.scanned = max(len(self.buf) - 3, 0)
                return HEAD_TOO_LARGE if len(self.buf) > self.head_limit else MORE
            self.body_start = self.chunk_at = end + 4
            if not self._read_head(bytes(self.buf[:end]).lower()):
                return WHOLE
        if self.length is None:
            state = self._chunks()
        elif self.length > self.body_limit:
            return WHOLE
        else:
            state = WHOLE if len(self.buf) >= self.body_start + self.length else MORE
        return CONTINUE if state == MORE and self.expect else state

    def _read_head(self, head: bytes) -> bool:
        """Content-Length, chunked and Expect from the head; False when it is something for the parser to refuse
        (a malformed length, say)."""
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            name, value = name.strip(), value.strip()
            if name == b"content-length":
                if not value.isdigit() or len(value) > 12:
                    return False
                self.length = int(value) if self.length is not None else self.length
            elif name == b"transfer-encoding" and b"chunked" in value:
                self.length = None
            elif name == b"expect" and value == b"100-continue":
                self.expect = True
        return True

    def _chunks(self) -> str:
        buf = self.buf
        while True:
            eol = buf.find(b"\r\n", self.chunk_at)
            if eol < 0:
                return WHOLE if len(buf) - self.chunk_at > 1024 else MORE   # no size line is that long
            try:
                size = int(bytes(buf[self.chunk_at:eol]).split(b";")[0].strip() or b"x", 16)
            except ValueError:
                return WHOLE   # a malformed chunk: gunicorn's parser refuses it
            if size == 0:   # the last chunk, then trailers up to an empty line
                return WHOLE if buf[eol + 2:eol + 4] == b"\r\n" or buf.find(b"\r\n\r\n", eol) >= 0 else MORE
            end = eol + 2 + size + 2
            if end > len(buf):
                return MORE
            self.chunk_at, self.decoded = end, self.decoded + size
            if self.decoded > self.body_limit:
                return WHOLE   # the app reads one byte past its limit, all of it here, and answers 413

    def handed(self) -> bytes:
        """The bytes for the parser: without the Expect header once the loop has answered it."""
        data = bytes(self.buf)
        if self.expect and self.body_start is not None:
            head = data[:self.body_start].split(b"\r\n")
            kept = [line for line in head if line.split(b":")[0].strip().lower() != b"expect"]
            data = b"\r\n".join(kept) + data[self.body_start:]
        return data


def problem_bytes(status: int, detail: str, extra: str = "") -> bytes:
    title = HTTPStatus(status).phrase
    body = json.dumps({"title": title, "status": status, "detail": detail}).encode()
    return (f"HTTP/1.1 {status} {title}\r\nConnection: close\r\nContent-Type: application/problem+json\r\n"
            f"Content-Length: {len(body)}\r\nX-Content-Type-Options: nosniff\r\n{extra}\r\n").encode() + body


TIMED_OUT = problem_bytes(408, f"The request did not arrive in full within {REQUEST_TIMEOUT:g} seconds.")
BUSY = problem_bytes(503, "The service is holding as many unfinished requests as it can; try again shortly.",
                     "Retry-After: 5\r\n")
HEAD_TOO_LONG = problem_bytes(431, "The request headers are larger than the service accepts.")


class DeadlineSocket:
    """The parser's view of the socket: every read bounded by the request's deadline. The whole request is in
    the buffer before a thread starts, so this only matters if the parser wants more than RequestReader saw."""

    def __init__(self, sock):
        self.sock, self.deadline = sock, time.monotonic() + REQUEST_TIMEOUT

    def recv(self, size):
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise socket.timeout("request read past its deadline")
        self.sock.settimeout(left)
        return self.sock.recv(size)

    def gettimeout(self):
        return self.sock.gettimeout()

    def settimeout(self, value):
        self.sock.settimeout(value)


class BoundedThreadWorker(ThreadWorker):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.reading = {}   # connection -> its RequestReader, for every request still arriving
        self.held = 0   # bytes buffered over all of them
        self.last_scan = 0.0

    def enqueue_req(self, conn):
        """Every path to a thread comes here (a new connection, a kept-alive one readable again, bytes read
        ahead behind an answer): read the request in the loop first. (TLS is read by gunicorn's own way: the
        loop would see only encrypted bytes.)"""
        if self.cfg.is_ssl:
            super().enqueue_req(conn)
            return
        try:
            self._start_reading(conn)
        except Exception:   # noqa: BLE001  (a socket gone bad: that connection closes, the worker goes on)
            self.reading.pop(conn, None)
            self.nr_conns -= 1
            conn.close()

    def _start_reading(self, conn):
        conn.sock.setblocking(False)
        ahead = conn.parser.unreader.take_buffered() if conn.parser is not None else b""
        reader = RequestReader(ahead)
        reader.deadline = time.monotonic() + REQUEST_TIMEOUT
        reader.continued = False
        self.reading[conn] = reader
        self.held += len(ahead)
        if ahead and self._advance(conn, reader, reader.feed()):
            return
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.on_request_bytes, conn))

    def on_request_bytes(self, conn, sock):
        reader = self.reading.get(conn)
        if reader is None:
            return
        try:
            data = sock.recv(RECV_SIZE)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:   # the client went away
            self._close(conn, None)
            return
        self.held += len(data)
        if self.held > BUFFER_BUDGET:
            self._close(conn, BUSY)
            return
        self._advance(conn, reader, reader.feed(data))

    def _advance(self, conn, reader, state) -> bool:
        """Act on a reader's state; True when the connection has left the loop's reading."""
        if state == MORE:
            return False
        if state == CONTINUE:
            if not reader.continued:
                reader.continued = True
                try:
                    conn.sock.send(b"HTTP/1.1 100 Continue\r\n\r\n")
                except OSError:
                    pass
            return False
        if state == HEAD_TOO_LARGE:
            self._close(conn, HEAD_TOO_LONG)
            return True
        self._forget(conn)
        conn.handed = reader.handed()
        conn.data_ready = True
        super().enqueue_req(conn)
        return True

    def _forget(self, conn):
        reader = self.reading.pop(conn)
        self.held -= len(reader.buf)
        try:
            self.poller.unregister(conn.sock)
        except (KeyError, ValueError, OSError):
            pass

    def _close(self, conn, answer: bytes | None):
        self._forget(conn)
        if answer:
            try:
                conn.sock.send(answer)
            except OSError:
                pass
        self.nr_conns -= 1
        conn.close()

    def murder_pending(self):
        """Called by gunicorn's loop after each round of events: also close the connections whose request is
        past its deadline (and, once the worker is stopping, those that have sent nothing)."""
        super().murder_pending()
        now = time.monotonic()
        if now - self.last_scan < SCAN_EVERY and self.alive:
            return
        self.last_scan = now
        for conn in [c for c, r in self.reading.items() if r.deadline <= now or not (self.alive or r.buf)]:
            self._close(conn, TIMED_OUT if self.reading[conn].buf else None)

    def handle(self, conn):
        """In a thread: the parser gets the buffered request (its socket reads bounded by the deadline)."""
        handed = getattr(conn, "handed", None)
        if handed is not None:
            conn.handed = None
            conn.sock.setblocking(True)
            conn.init()
            if conn.parser is not None and not conn.is_http2:
                unreader = conn.parser.unreader
                if hasattr(unreader, "sock"):
                    unreader.sock = DeadlineSocket(conn.sock)
                unreader.unread(handed)
        return super().handle(conn)

    def handle_request(self, req, conn):
        conn.sock.settimeout(SEND_TIMEOUT)   # the answer's writes; the request itself is already read
        return super().handle_request(req, conn)
