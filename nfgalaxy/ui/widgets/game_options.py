"""A game's setup options as form rows, and the options read back from them.

The new-game screen and the online table form both ask for a game's options the same way:
each option of each installed game (from the registry) gets a row, shown while its game is
chosen, and is read back as the ``options`` dict ``new_game`` takes. Nothing here names a game.
"""

from __future__ import annotations

import os
from typing import Any

from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Input, Label, Select, Switch

from nfgalaxy.core.descriptor import GameDescriptor, GameOption, OptionKind
from nfgalaxy.core.registry import descriptor


def served() -> bool:
    """True when the app runs for a remote player under ``nfgalaxy serve``."""
    return os.environ.get("NFGALAXY_SERVED") == "1"


def switch_word(on: bool) -> str:
    return "on" if on else "off"


def option_id(game: GameDescriptor, option: GameOption) -> str:
    """The id of an option's input widget: ``opt-<game id>-<option name>``."""
    return f"opt-{game.id}-{option.name.replace('_', '-')}"


def option_row(game: GameDescriptor, option: GameOption, shown: bool, value: Any) -> Horizontal:
    """The row of one option, holding ``value``; a path is never offered over SSH."""
    widget_id = option_id(game, option)
    if option.kind is OptionKind.BOOL:
        field: Switch | Input | Select[str] = Switch(bool(value), id=widget_id)
        # A switch's look alone does not say which way is on: its word says it.
        word = Label(switch_word(bool(value)), id=f"{widget_id}-word", classes="switch-word")
        return _row(game, option, shown, Label(option.label), field, word)
    elif option.kind is OptionKind.CHOICE:
        labels = option.choice_labels or option.choices
        words = list(zip(labels, option.choices, strict=True))
        field = Select(words, value=value, allow_blank=False, id=widget_id)
        field.tooltip = option.help
    else:
        text = "" if value is None else str(value)
        kind = "integer" if option.kind is OptionKind.INT else "text"
        field = Input(text, placeholder=option.help, id=widget_id, type=kind)
    return _row(game, option, shown, Label(option.label), field)


def _row(game: GameDescriptor, option: GameOption, shown: bool, *parts: Any) -> Horizontal:
    classes = f"option game-option for-{game.id}"
    if option.kind is OptionKind.PATH:
        classes += " path-option"
    row = Horizontal(*parts, classes=classes)
    # Over SSH a remote player must not make the server read files by path.
    row.display = shown and not (option.kind is OptionKind.PATH and served())
    return row


def show_options_of(screen: Screen[Any], game_id: str) -> None:
    """Show the rows of ``game_id``'s options, and only those."""
    for row in screen.query(".game-option"):
        mine = row.has_class(f"for-{game_id}")
        row.display = mine and not (row.has_class("path-option") and served())


def update_switch_word(screen: Screen[Any], switch: Switch) -> None:
    """The word beside a switch follows it."""
    words = screen.query(f"#{switch.id}-word")
    if words:
        words.first(Label).update(switch_word(switch.value))


def read_options(screen: Screen[Any], game_id: str) -> dict[str, Any] | None:
    """The chosen game's options from the form, or None (with a notice) if one is bad."""
    game = descriptor(game_id)
    options = game.defaults()
    for option in game.options:
        field = screen.query_one(f"#{option_id(game, option)}")
        if option.kind is OptionKind.BOOL:
            options[option.name] = bool(field.value)
            continue
        if option.kind is OptionKind.PATH and served():
            continue
        text = str(field.value).strip()
        if not text:
            continue
        if option.kind is OptionKind.INT:
            try:
                options[option.name] = int(text)
            except ValueError:
                screen.notify(f"{option.label}: a whole number, please.", severity="error")
                return None
        else:
            options[option.name] = text
    return options
