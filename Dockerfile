# Director, the bot that umpires five Wild West skirmish rulesets. The database is SQLite under the /data volume
# unless DATABASE_URL points elsewhere (see docker-compose.yml for PostgreSQL). The bot migrates the database when
# it starts.
# The image holds the bot only, once: the sources are built from /src into site-packages and removed in the same
# step (so `python -m bot` imports the installed package, never a copy in the working folder); the offline
# simulator (the extra [play]) and the tests stay out of it, and every dependency is installed at the version
# constraints.txt pins.
# The base image is pinned by version and by the digest of its multi-architecture index: to move on, pull the
# newer python:3.11.x-slim-bookworm and put its tag and `docker buildx imagetools inspect` digest here.
FROM python:3.11.14-slim-bookworm@sha256:65a93d69fa75478d554f4ad27c85c1e69fa184956261b4301ebaf6dbb0a3543d

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

COPY pyproject.toml README.md constraints.txt /src/
COPY bot /src/bot
COPY cogs /src/cogs
RUN pip install -c /src/constraints.txt /src \
    && rm -rf /src \
    && useradd --system --uid 10001 --no-create-home --home-dir /app director \
    && mkdir /app /data \
    && chown director /data

WORKDIR /app
USER director
ENV DATABASE_URL=sqlite+aiosqlite:////data/director.db
VOLUME ["/data"]

# Healthy while the bot's gateway heartbeat (a file it rewrites every 30 s) is recent and the database answers.
HEALTHCHECK --interval=60s --timeout=20s --start-period=120s --retries=3 CMD ["python", "-m", "bot", "health"]

CMD ["python", "-m", "bot", "run"]
