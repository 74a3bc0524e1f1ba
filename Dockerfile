# Director, the Quick on the Draw bot. The database is SQLite under the /data volume unless DATABASE_URL
# points elsewhere (see docker-compose.yml for PostgreSQL). The bot migrates the database when it starts.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY assets ./assets
RUN pip install . \
    && useradd --system --uid 10001 --no-create-home --home-dir /app director \
    && mkdir /data \
    && chown director /data

USER director
ENV DATABASE_URL=sqlite+aiosqlite:////data/director.db
VOLUME ["/data"]

CMD ["python", "-m", "bot", "run"]
