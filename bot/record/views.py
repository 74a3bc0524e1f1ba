"""What the record shows of a game as it stood after an entry: its status board and, for a game on a map, the map
with everyone on it. Only what the channel sees (the board /status posts, the map /map posts): no hand, no deck
order, no seed."""

from __future__ import annotations

from typing import Any

from ..rules.core.fair import canonical
from ..rules.core.errors import RulesError
from ..rules.core.ruleset import Board, Ruleset, plain, ruleset

Point = tuple[float, float]


def board_view(board: Board) -> dict[str, Any]:
    """The status board: its title, footer, and a row a character (name, kind, words, badges, down, acting)."""
    return {"title": board.title, "footer": board.footer,
            "rows": [[row.name, row.kind, [plain(word) for word in row.words], [list(badge) for badge in row.badges],
                      row.down, row.acting] for row in board.rows]}


def map_view(state: Any) -> dict[str, Any] | None:
    """The map, as the map picture draws it: its size in paces, its areas (ground, x, y, w, h, name) and obstacles
    (barrier, points), everyone on it (x, y, look, name, down) and the last shot and move; None without a map."""
    field = getattr(state, "battlefield", None)
    if field is None:
        return None
    characters = getattr(state, "characters", {})

    def token(key: str, at: Point, kind: str) -> list[Any]:
        character = characters.get(key)
        if character is None:
            return [at[0], at[1], kind, key, False]
        return [at[0], at[1], "character", character.name, bool(character.casualty)]
    shot = field.last_shot
    return {"width": field.width, "height": field.height, "name": field.name,
            "areas": [[a.ground, a.rect.x, a.rect.y, a.rect.w, a.rect.h, a.name] for a in field.areas],
            "obstacles": [[o.barrier, [list(p) for p in o.line]] for o in field.obstacles],
            "tokens": [token(t.key, t.at, t.kind) for t in field.tokens.values()],
            "shot": [list(shot.shooter), list(shot.target)] if shot else None,
            "path": [list(p) for p in field.last_path]}


def view_of(rules: Ruleset, state: Any) -> dict[str, Any]:
    """The board and the map of a game's state."""
    view: dict[str, Any] = {"board": board_view(rules.board(state))}
    if (shown := map_view(state)) is not None:
        view["map"] = shown
    return view


def frames(key: str, states: dict[int, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The views of a game of ruleset ``key`` after some of its entries (the states' JSON, by entry), by entry
    number (as text: JSON's keys); none for a ruleset this process does not play. An entry's view is the first
    kept at or after it, so of views alike one after another only the last is kept."""
    try:
        rules = ruleset(key)
    except RulesError:
        return {}
    kept: dict[str, dict[str, Any]] = {}
    last_key, last = "", b""
    for seq, data in sorted(states.items()):
        try:
            view = view_of(rules, rules.load(data))
        except (AttributeError, KeyError, TypeError, ValueError):      # a state this version cannot read
            continue
        seen = canonical(view)
        if seen == last:
            del kept[last_key]
        kept[str(seq)] = view
        last_key, last = str(seq), seen
    return kept
