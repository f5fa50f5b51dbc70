# The service image: runtime requirements only, gunicorn serving create_app() as a non-root user.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 WEB_CONCURRENCY=2
WORKDIR /srv
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt && useradd --system --no-create-home service
COPY app.py openapi.yaml ./
COPY calculator/ calculator/
COPY schemas/ schemas/
COPY static/ static/
USER service
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s \
  CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)"
CMD ["gunicorn", "--bind", "0.0.0.0:8000", "--access-logfile", "-", "app:create_app()"]
