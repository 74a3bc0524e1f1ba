"""The rules write no Discord: a user mention, a slash command or Discord markdown is written by the words module
(bot/rules/core/words.py: a name, a player, a command, text to type, bold, as data) and turned into Discord text by the bot.
The strings of every other rules module are read from the source (docstrings aside): none writes Discord."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import discord

from bot.glue.replies import markdown
from bot.rules.core.words import Bold, Code, Command, Name, Player, joined, words

RULES = Path(__file__).resolve().parents[2] / "bot" / "rules"
WORDS = "bot.rules.core.words"
MENTION = re.compile(r"<@")
DISCORD = re.compile(r"<@|(?:^|[\s(`])/[a-z]{3,}|\*\*|`|__")
"""A user mention, a slash command, Discord markdown (bold, code, underline)."""
SPECIAL_NAME = re.compile(r"__[a-z]+__")
"""A Python special name (``"__name__"``), a whole string: no underline."""


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that document a module, class, function or attribute."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            found.add(id(node.value))
    return found


@cache
def strings() -> dict[str, list[str]]:
    """Every rules module's strings (the constant pieces of f-strings too), docstrings aside, by dotted name."""
    found = {}
    for path in sorted(RULES.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = docstrings(tree)
        name = ".".join(path.relative_to(RULES.parents[1]).with_suffix("").parts)
        found[name] = [node.value for node in ast.walk(tree)
                       if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip]
    return found


def writes_discord(text: str) -> bool:
    return bool(DISCORD.search(text)) and not SPECIAL_NAME.fullmatch(text)


def writing_discord() -> dict[str, int]:
    """How many strings of each rules module but the words module write Discord."""
    counts = {name: sum(map(writes_discord, texts)) for name, texts in strings().items() if name != WORDS}
    return {name: count for name, count in counts.items() if count}


def test_the_reading_finds_what_writes_discord():
    assert DISCORD.search("Use `/deal again:True`") and DISCORD.search("**Kid** acts") and DISCORD.search("<@1>")
    assert DISCORD.search("then /draw the next card") and writes_discord("says __no__") and writes_discord("__Kid__")
    assert not writes_discord("__name__")
    assert not DISCORD.search("Phase 2: 5/6 loaded") and not DISCORD.search("hits 2/4")


def test_no_rules_module_mentions_a_user():
    assert {name for name, texts in strings().items() if name != WORDS and any(MENTION.search(t) for t in texts)} \
        == set()


def test_no_rules_module_but_the_words_module_writes_discord():
    assert writing_discord() == {}, "a rules module writes Discord: say it in words (bot.rules.core.words)"


def test_words_become_discord_text_with_names_escaped_and_nobody_pinged_by_a_name():
    said = words(Bold(Name("*Kid* @everyone")), " holds; ", Player(7), ", ", Command("draw"), " the next card.")
    assert markdown(said) == "**\\*Kid\\* @\u200beveryone** holds; <@7>, `/draw` the next card."
    assert str(said) == "*Kid* @everyone holds; player 7, /draw the next card."
    assert joined([("a",), ("b", "c")]) == ("a", ", ", "b", "c") and markdown("as it is") == "as it is"


def test_text_to_type_is_set_apart_as_code_and_read_plainly_as_it_stands():
    said = words("Write it as your hand shows it, ", Code("5♣"), ", or as ", Code("5C"), ".")
    assert markdown(said) == "Write it as your hand shows it, `5♣`, or as `5C`."
    assert str(said) == "Write it as your hand shows it, 5♣, or as 5C."


def test_a_name_in_words_reads_as_discord_escapes_it_whatever_markdown_it_holds():
    for name in ("*Kid*", "Doc_Holliday", "> Ike", "# Sheriff", "- Ann", "[Wyatt](Earp)", "a\\b", "~|`", "Bat"):
        assert markdown(words(Name(name))) == discord.utils.escape_markdown(name), name
