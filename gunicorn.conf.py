"""gunicorn settings for running the service in public: `gunicorn -c gunicorn.conf.py "app:create_app()"`.

Every value can be overridden on the command line; the environment variables below are read here.
- Workers: WEB_CONCURRENCY, else one per CPU (at most 8): the service is CPU-bound, so more processes than
  cores only add switching (measured: README "Deployment", bench/bench_workers.py). Each is a
  web.worker.BoundedThreadWorker (WORKER_CLASS to change it) with THREADS threads (default 4): its event loop reads
  every request whole, within REQUEST_READ_TIMEOUT seconds (default 10) of its start and within a budget of
  REQUEST_BUFFER_MB (16) of unfinished requests per worker, before a thread runs it, so slow clients (a request
  trickled a byte at a time, a connection that sends nothing) hold no thread and are cut off at the deadline
  (408). For a public address a buffering proxy (nginx, a cloud load balancer) in front is still the first line.
- Timeouts: a worker silent for 30 s is restarted; a restart (SIGHUP, or a deploy's SIGTERM) lets
  requests in flight finish for up to 20 s; kept-alive connections idle for 5 s are closed.
- FORWARDED_ALLOW_IPS: the proxies whose X-Forwarded-* headers are trusted (default 127.0.0.1).
- BIND: the address (default 0.0.0.0:8000).
- Access log: one JSON line per request (method, path, status, duration_ms, bytes, remote) on
  stdout; never bodies, query strings or header values.
- No control socket (gunicorn 27 would create one under $HOME, which a service account may not
  have), the worker heartbeat files in /dev/shm (so `docker run --read-only` works), no `Server`
  banner, and gunicorn's own errors (request line or headers past its limits) as problem+json.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))   # the project, wherever gunicorn starts

from web.server import JsonAccessLogger, no_server_banner, problem_errors  # noqa: E402

bind = os.environ.get("BIND", "0.0.0.0:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", 0)) or min(os.cpu_count() or 1, 8)
worker_class = os.environ.get("WORKER_CLASS", "web.worker.BoundedThreadWorker")
threads = int(os.environ.get("THREADS", 4))
timeout = 30
graceful_timeout = 20
keepalive = 5
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")

accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info")
logger_class = JsonAccessLogger

control_socket_disable = True
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None

# the app answers request URIs past 4,096 bytes and headers past 16 KiB itself (414 / 431 problem+json,
# README "Request limits"); gunicorn's own limits sit just above, for what is larger still
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 16 * 1024

no_server_banner()
problem_errors()
