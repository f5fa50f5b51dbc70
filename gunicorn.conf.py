"""gunicorn settings for running the service in public: `gunicorn -c gunicorn.conf.py "app:create_app()"`.

Every value can be overridden on the command line; the environment variables below are read here.
- Workers: WEB_CONCURRENCY, else 2 x CPUs + 1 (at most 8). gthread workers with THREADS threads
  each (default 4): a thread waits for a request's first bytes without blocking the others, so a
  few slow clients (trickling a request line) hold at most a thread each, never the worker. For a
  public address put a buffering proxy (nginx, a cloud load balancer) in front as well: it reads
  whole requests before passing them on, which no number of threads can do.
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
workers = int(os.environ.get("WEB_CONCURRENCY", 0)) or min(2 * (os.cpu_count() or 1) + 1, 8)
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
