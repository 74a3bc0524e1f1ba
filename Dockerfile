# Director, the Quick on the Draw bot. The database is SQLite under the /data volume unless DATABASE_URL
# points elsewhere (see docker-compose.yml for PostgreSQL). The bot migrates the database when it starts.
# The image holds the bot only: the offline simulator (the extra [play]) and the tests stay out of it, and
# every dependency is installed at the version constraints.txt pins.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
COPY pyproject.toml README.md constraints.txt ./
COPY bot ./bot
COPY cogs ./cogs
RUN pip install -c constraints.txt . \
    && useradd --system --uid 10001 --no-create-home --home-dir /app director \
    && mkdir /data \
    && chown director /data

USER director
ENV DATABASE_URL=sqlite+aiosqlite:////data/director.db
VOLUME ["/data"]

# Healthy while the bot's gateway heartbeat (a file it rewrites every 30 s) is recent and the database answers.
HEALTHCHECK --interval=60s --timeout=20s --start-period=120s --retries=3 CMD ["python", "-m", "bot", "health"]

CMD ["python", "-m", "bot", "run"]
