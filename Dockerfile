# The service image: runtime requirements only, gunicorn (gunicorn.conf.py) serving create_app() as a
# non-root user. The base image is pinned to an exact Python and Debian release; pin its digest too
# where you build (`docker buildx imagetools inspect python:3.11.7-slim-bookworm` prints it).
FROM python:3.11.7-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /srv
COPY requirements.txt .
# the calculator's optional compiled build: this image has no C compiler, so pip installs it without its extension
# and the calculator runs on its pure Python (same answers)
COPY native/ native/
RUN pip install --no-cache-dir -r requirements.txt && useradd --system --no-create-home service
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
