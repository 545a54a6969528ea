"""What the focused decision would do, before it is chosen: the tiles it names, described.

Game-agnostic: a decision names its tiles by id in its arguments, or by name in its label (a
tile taken from a stack is named only in the words); both are looked up in the game's tile set
(``by_id``) and described with the game's own ``describe_tile``, as the inspector shows them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from rich.markup import escape
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from nfgalaxy.core.decision import Decision

_NAME_PATTERNS: dict[int, tuple[Any, re.Pattern[str] | None, dict[str, Any]]] = {}


def _names(tiles: Any) -> tuple[re.Pattern[str] | None, dict[str, Any]]:
    """One pattern of every tile name, longest first so "Alien Robot Scout Ship" wins over a
    shorter name inside it; cached per tile set (a game keeps one for its whole life)."""
    cached = _NAME_PATTERNS.get(id(tiles))
    if cached is not None and cached[0] is tiles:
        return cached[1], cached[2]
    by_name: dict[str, Any] = {}
    for tile in getattr(tiles, "by_id", {}).values():
        name = getattr(tile, "name", "")
        if name and name not in by_name:
            by_name[name] = tile
    names = sorted(by_name, key=len, reverse=True)
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b") if names else None
    _NAME_PATTERNS[id(tiles)] = (tiles, pattern, by_name)
    return pattern, by_name


def tiles_of_decision(decision: Decision, tiles: Any) -> list[Any]:
    """The tiles a decision is about, in the order it names them, each once."""
    by_id = getattr(tiles, "by_id", {})
    found: list[Any] = [by_id[a] for a in decision.args if isinstance(a, str) and a in by_id]
    pattern, by_name = _names(tiles)
    if pattern is not None and decision.label:
        found += [by_name[m.group(1)] for m in pattern.finditer(decision.label)]
    unique: list[Any] = []
    for tile in found:
        if all(tile is not seen for seen in unique):
            unique.append(tile)
    return unique


def preview_markup(
    decision: Decision,
    tiles: Any,
    describe: Callable[[Any], str],
    explained: str | None = None,
) -> str:
    """Each tile the decision names, as the inspector describes it; a decision that names no
    tile (a die to a phase, a pass) is shown as the game ``explained`` it (what it would do),
    else in its own words, whole."""
    parts = [describe(tile) for tile in tiles_of_decision(decision, tiles)]
    if parts:
        return "\n\n".join(parts)
    return explained if explained else escape(str(decision))


class DecisionPreview(VerticalScroll):
    """Beside the decision list (below it when the terminal is narrow); scrolls (Tab to it)
    when a tile's text is longer than the room it has."""

    def compose(self) -> ComposeResult:
        yield Static(id="preview-text")

    def on_mount(self) -> None:
        self.border_title = "What it does"

    def show(
        self,
        decision: Decision | None,
        tiles: Any,
        describe: Callable[[Any], str],
        explained: str | None = None,
    ) -> None:
        """Preview ``decision`` (``explained``: the game's words for what it would do); the
        class ``-no-tile`` marks a decision that names no tile, so a cramped layout may give
        its room back to the decision list."""
        named = decision is not None and bool(tiles_of_decision(decision, tiles))
        text = "" if decision is None else preview_markup(decision, tiles, describe, explained)
        self.set_class(not named, "-no-tile")
        self.query_one("#preview-text", Static).update(text)
        self.scroll_home(animate=False)
