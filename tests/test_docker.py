"""The Docker files: compose passes every documented setting, the image installs the bot alone at pinned
versions and checks its health. (Building the image needs Docker Hub's python image: not in CI.)"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def documented_settings() -> list[str]:
    """The variables the README's Configuration table names."""
    table = (ROOT / "README.md").read_text().split("### Configuration", 1)[1].split("\n#", 1)[0]
    return [name for row in table.splitlines() if row.startswith("| `") for name in
            re.findall(r"`([A-Z_]+)`", row.split("|")[1])]


def test_compose_passes_every_documented_setting_to_the_bot():
    compose = (ROOT / "docker-compose.yml").read_text()
    bot = compose.split("\n  bot:\n", 1)[1].split("\n    depends_on:", 1)[0]
    passed = re.findall(r"^      ([A-Z_]+): ", bot, re.M)
    assert len(documented_settings()) >= 8
    assert sorted(passed) == sorted(documented_settings())


def test_the_image_installs_the_bot_alone_at_the_pinned_versions_and_checks_its_health():
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "RUN pip install -c constraints.txt . " in dockerfile            # no extra: no simulator, no tests
    assert re.search(r"^HEALTHCHECK .* CMD \[\"python\", \"-m\", \"bot\", \"health\"\]$", dockerfile, re.M)
    assert "COPY pyproject.toml README.md constraints.txt ./" in dockerfile
