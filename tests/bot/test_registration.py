"""The command tree as ``tree.sync()`` sends it, against the limits Discord enforces when it registers commands
(SimCord takes what it is given): names, descriptions, options, choices, lengths, and where each is offered."""

from __future__ import annotations

import importlib
import re

from discord import AppCommandOptionType

NAME = re.compile(r"^[-_\w]{1,32}$")
"""A chat input command's or option's name (Discord: lower case, at most 32 characters)."""
DESCRIPTION_LENGTH = 100
OPTIONS = 25
"""Options of a command, and subcommands of a group."""
CHOICES = 25
CHOICE_LENGTH = 100
COMMAND_CHARACTERS = 4_000
"""All names, descriptions and choice names and values of one top-level command together."""
GLOBAL_COMMANDS = 100
GROUPS = (AppCommandOptionType.subcommand.value, AppCommandOptionType.subcommand_group.value)
OFFERED_IN_DIRECT_MESSAGES = {"help"}
"""The only command that works in a direct message: every other one needs a server's channel."""


def payloads(tree) -> list[dict]:
    """What ``tree.sync()`` would send: each top-level command as Discord receives it."""
    return [command.to_dict(tree) for command in tree.get_commands()]


def problems_of(payload: dict, path: str = "") -> list[str]:
    """Every registration limit a command (or subcommand, or option) breaks, named by its path."""
    path = f"{path} {payload['name']}".strip()
    problems = []
    if not NAME.match(payload["name"]) or payload["name"] != payload["name"].lower():
        problems.append(f"{path}: name {payload['name']!r} is not 1-32 lower case letters, digits, - or _")
    description = payload.get("description", "")
    if not 1 <= len(description) <= DESCRIPTION_LENGTH:
        problems.append(f"{path}: description of {len(description)} characters (1-{DESCRIPTION_LENGTH})")
    if description.endswith("…"):
        problems.append(f"{path}: description {description!r} is cut or missing")
    options = payload.get("options", [])
    if len(options) > OPTIONS:
        problems.append(f"{path}: {len(options)} options or subcommands (at most {OPTIONS})")
    choices = payload.get("choices", [])
    if len(choices) > CHOICES:
        problems.append(f"{path}: {len(choices)} choices (at most {CHOICES})")
    for choice in choices:
        if not 1 <= len(choice["name"]) <= CHOICE_LENGTH or len(str(choice["value"])) > CHOICE_LENGTH:
            problems.append(f"{path}: choice {choice['name']!r} longer than {CHOICE_LENGTH} characters")
    required_seen_after_optional = False
    for before, after in zip(options, options[1:]):
        required_seen_after_optional |= not before.get("required") and after.get("required", False)
    if required_seen_after_optional:
        problems.append(f"{path}: a required option comes after an optional one")
    for option in options:
        problems += problems_of(option, path)
    return problems


def characters(payload: dict) -> int:
    """What counts towards a command's 4,000 characters: names, descriptions, choice names and values."""
    count = len(payload["name"]) + len(payload.get("description", ""))
    count += sum(len(c["name"]) + len(str(c["value"])) for c in payload.get("choices", []))
    return count + sum(characters(option) for option in payload.get("options", []))


async def test_every_command_fits_discords_registration_limits(scene):
    tree = scene.env.bot.tree
    sent = payloads(tree)
    problems = [problem for payload in sent for problem in problems_of(payload)]
    problems += [f"{p['name']}: {characters(p)} characters (at most {COMMAND_CHARACTERS})"
                 for p in sent if characters(p) > COMMAND_CHARACTERS]
    assert problems == []
    assert 0 < len([p for p in sent if p.get("type", 1) == 1]) <= GLOBAL_COMMANDS
    assert len({p["name"] for p in sent}) == len(sent), "two top-level commands share a name"


async def test_the_limits_are_checked():
    """The check itself finds each kind of breach (so the test above cannot pass by checking nothing)."""
    breaches = {"name": "Shoot", "description": "x" * 101,
                "options": [{"name": "o" * 33, "description": "…", "type": 3,
                             "choices": [{"name": "c" * 101, "value": "v"}] * 26}] * 26}
    found = "\n".join(problems_of(breaches))
    for words in ("name 'Shoot'", "description of 101", "26 options", "26 choices", "choice 'ccc",
                  "is cut or missing", f"name '{'o' * 33}'"):
        assert words in found
    assert characters(breaches) > COMMAND_CHARACTERS


async def test_game_commands_are_offered_in_server_channels_only(scene):
    """Discord offers no game command in a direct message with the bot: each is declared guild-only."""
    drifter = scene.env.create_user("drifter")
    assert set(drifter.available_commands()) == OFFERED_IN_DIRECT_MESSAGES
    offered = scene.pete.available_commands(scene.channel)
    assert {"draw", "shoot", "undo", "status", "game join", "cast add", "log export"} <= set(offered)
    guild_only = {p["name"] for p in payloads(scene.env.bot.tree) if p.get("contexts") == [0]}
    assert guild_only == {p["name"] for p in payloads(scene.env.bot.tree)} - OFFERED_IN_DIRECT_MESSAGES


async def test_every_number_option_is_bounded_within_what_it_is_stored_in(scene):
    """An integer option past a 32-bit column (a log entry's number) would fail on PostgreSQL: each has both
    ends declared, so Discord's client refuses the rest before the bot sees it."""
    unbounded = []
    for payload in payloads(scene.env.bot.tree):
        for path, option in options_of(payload):
            if option["type"] in (AppCommandOptionType.integer.value, AppCommandOptionType.number.value) and (
                    option.get("min_value") is None or option.get("max_value") is None
                    or option["max_value"] > 2**31 - 1):
                unbounded.append(path)
    assert unbounded == []


def options_of(payload: dict, path: str = ""):
    """Every option of a command, with its path, through subcommands and groups."""
    for option in payload.get("options", []):
        where = f"{path or payload['name']} {option['name']}"
        if option["type"] in GROUPS:
            yield from options_of(option, where)
        else:
            yield where, option


async def test_quick_on_the_draws_verbs_leave_the_shared_groups_when_its_extension_is_unloaded(scene):
    """discord.py unloads every extension as the bot closes: Quick on the Draw's takes back the verbs it lent to
    ``/cast`` and ``/campaign``, and leaves theirs."""
    tree = scene.env.bot.tree

    def verbs(group: str) -> set[str]:
        return {command.name for command in tree.get_command(group).commands}

    cast, campaign = verbs("cast"), verbs("campaign")
    await importlib.import_module("cogs.rulesets.qotd").teardown(scene.env.bot)
    assert cast - verbs("cast") == {"aboard", "activate", "add", "armour", "beast", "mount", "skill", "speed",
                                    "vehicle", "weapon"}
    assert verbs("cast") == {"show", "list", "remove"} and campaign - verbs("campaign") == {"learn"}
    assert {"start", "add", "cast", "show", "end"} <= verbs("campaign")


POSTED_BEFORE = {"rr:12:34:keep": "RerollButton", "joker:12:34:1:0": "WindowButton", "hand:12": "HandButton",
                 "handplay:12": "PlayMenu", "join:12:56": "InvitationButton", "end:12:cancel": "EndButton",
                 "learn:34": "TraitMenu", "swap:34:quick_draw": "SwapMenu"}
"""A custom id of each kind of button and menu the bot posted before the rulesets were made equals (0333ab2), as that
code wrote it, and the item that answers it today."""


async def test_every_button_and_menu_posted_before_the_restructuring_is_answered_by_its_item(scene):
    """Discord keeps a message's buttons as they were posted: each custom id the bot wrote before must still find its
    item (the game's and entry's numbers in it read as before), among all those the bot listens for."""
    listening = scene.env.bot._connection._view_store._dynamic_items
    for custom_id, item in POSTED_BEFORE.items():
        found = [(kind.__name__, match) for pattern, kind in listening.items() if (match := pattern.fullmatch(custom_id))]
        assert [name for name, _ in found] == [item], custom_id
        assert all(found[0][1].groupdict().values()), custom_id
    assert len(listening) == len(POSTED_BEFORE)                  # a kind added since gets its own line here
