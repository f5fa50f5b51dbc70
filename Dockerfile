# The service image: runtime requirements only, gunicorn (gunicorn.conf.py) serving create_app() as a
# non-root user. The base image is pinned to an exact Python and Debian release; pin its digest too
# where you build (`docker buildx imagetools inspect python:3.11.7-slim-bookworm` prints it).

# Build stage: the calculator's compiled build (native/, a C extension) as a wheel, made with a C compiler that
# the service image does not carry.
FROM python:3.11.7-slim-bookworm AS native
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev && rm -rf /var/lib/apt/lists/*
COPY native/ /build/native/
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /wheels /build/native

FROM python:3.11.7-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /srv
COPY requirements.txt .
# requirements.txt installs ./native from source; this image has no C compiler, so that install has no extension,
# and the wheel built above (the same package with its extensions) replaces it: the calculator runs compiled
# (without the wheel it would run on its pure Python, with the same answers, slower)
COPY native/ native/
COPY --from=native /wheels/ /wheels/
RUN pip install --no-cache-dir -r requirements.txt \
    && pip install --no-cache-dir --no-deps --force-reinstall /wheels/mahjong_rules_native-*.whl && rm -rf /wheels \
    && python -c "import mahjong_rules_native._ready, mahjong_rules_native._widen" \
    && useradd --system --no-create-home service
COPY app.py gunicorn.conf.py openapi.yaml ./
COPY calculator/ calculator/
COPY intake/ intake/
COPY schemas/ schemas/
COPY web/ web/
COPY static/ static/
USER service
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s \
  CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)"
# runs with `docker run --read-only` too: gunicorn keeps its worker files in /dev/shm
CMD ["gunicorn", "-c", "gunicorn.conf.py", "app:create_app()"]
