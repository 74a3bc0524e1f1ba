"""The Docker files: compose passes every documented setting, the image installs the bot alone and once, from a
pinned base and backend at pinned versions, and checks its health; the README says how to push the commands. (Building
the image needs Docker Hub's python image: not in CI, so the files are read.)"""

import re
import tomllib
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
    assert "RUN pip install -c /src/constraints.txt /src " in dockerfile    # no extra: no simulator, no tests
    assert re.search(r"^HEALTHCHECK .* CMD \[\"python\", \"-m\", \"bot\", \"health\"\]$", dockerfile, re.M)
    assert "COPY pyproject.toml README.md constraints.txt /src/" in dockerfile


def instructions(dockerfile: str) -> list[tuple[str, str]]:
    """The Dockerfile's instructions, (keyword, arguments), continuation lines joined and comments left out."""
    joined = re.sub(r"\\\n\s*", " ", "\n".join(line for line in dockerfile.splitlines() if not line.startswith("#")))
    return [(line.split(" ", 1)[0], line.split(" ", 1)[1]) for line in joined.splitlines() if line.strip()]


def test_the_image_holds_the_package_once_in_site_packages():
    """The sources are copied to a folder of their own and removed in the step that installs them: none is left in
    the working folder, where `python -m bot` would import it before the installed package."""
    steps = instructions((ROOT / "Dockerfile").read_text())
    copies = [args.split()[-1] for keyword, args in steps if keyword == "COPY"]
    assert copies and all(target.startswith("/src/") for target in copies), copies
    [install] = [args for keyword, args in steps if keyword == "RUN" and "pip install" in args]
    assert "rm -rf /src" in install
    workdir = [args for keyword, args in steps if keyword == "WORKDIR"]
    assert workdir == ["/app"]


def test_the_base_image_and_the_build_backend_are_pinned():
    [base] = [args for keyword, args in instructions((ROOT / "Dockerfile").read_text()) if keyword == "FROM"]
    assert re.fullmatch(r"python:3\.11\.\d+-slim-bookworm@sha256:[0-9a-f]{64}", base), base
    [backend] = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    assert re.fullmatch(r"setuptools==\d+\.\d+\.\d+", backend), backend


def test_the_readme_tells_how_to_push_the_commands_from_docker():
    docker = (ROOT / "README.md").read_text().split("### Docker", 1)[1].split("\n#", 1)[0]
    assert "docker compose run --rm bot python -m bot sync --guild YOUR_SERVER_ID" in docker
