"""A game's setup options as form rows, and the options read back from them.

The new-game screen and the online table form both ask for a game's options the same way: each
option of the chosen game (from the registry) gets a row, mounted when its game is chosen
(``ChosenGameOptions``), and is read back as the ``options`` dict ``new_game`` takes. Nothing
here names a game.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from textual.containers import Horizontal
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Label, Switch

from nfgalaxy.core.descriptor import GameDescriptor, GameOption, OptionKind
from nfgalaxy.core.registry import descriptor
from nfgalaxy.ui.widgets.cycle import Cycle


def served() -> bool:
    """True when the app runs for a remote player under ``nfgalaxy serve``."""
    return os.environ.get("NFGALAXY_SERVED") == "1"


def switch_word(on: bool) -> str:
    return "on" if on else "off"


def option_id(game: GameDescriptor, option: GameOption) -> str:
    """The id of an option's input widget: ``opt-<game id>-<option name>``."""
    return f"opt-{game.id}-{option.name.replace('_', '-')}"


def option_row(game: GameDescriptor, option: GameOption, value: Any) -> Horizontal:
    """The row of one option, holding ``value``; a path is never offered over SSH."""
    widget_id = option_id(game, option)
    if option.kind is OptionKind.BOOL:
        field: Switch | Input | Cycle[str] = Switch(bool(value), id=widget_id)
        # A switch's look alone does not say which way is on: its word says it.
        word = Label(switch_word(bool(value)), id=f"{widget_id}-word", classes="switch-word")
        return _row(game, option, Label(option.label), field, word)
    elif option.kind is OptionKind.CHOICE:
        labels = option.choice_labels or option.choices
        words = list(zip(labels, option.choices, strict=True))
        field = Cycle(words, value=value, id=widget_id)
        field.tooltip = option.help
    else:
        text = "" if value is None else str(value)
        kind = "integer" if option.kind is OptionKind.INT else "text"
        field = Input(text, placeholder=option.help, id=widget_id, type=kind)
    return _row(game, option, Label(option.label), field)


def _row(game: GameDescriptor, option: GameOption, *parts: Any) -> Horizontal:
    classes = f"option game-option for-{game.id}"
    if option.kind is OptionKind.PATH:
        classes += " path-option"
    row = Horizontal(*parts, classes=classes)
    # Over SSH a remote player must not make the server read files by path.
    row.display = not (option.kind is OptionKind.PATH and served())
    return row


#: The value an option's row opens on when nothing was set in it on this form.
Initial = Callable[[GameDescriptor, GameOption], Any]


class ChosenGameOptions:
    """The option rows of the chosen game, and only those: every game's rows composed at
    once made a form slow to style (issue 42). Another game chosen, its rows are mounted in
    place of the last one's, which keep what was set in them for when it is chosen again."""

    def __init__(self, initial: Initial) -> None:
        self._initial = initial
        #: The game whose rows are composed now.
        self.game_id = ""
        #: Values set in the rows of a game no longer chosen, by widget id.
        self._values: dict[str, Any] = {}

    def rows(self, game: GameDescriptor) -> list[Horizontal]:
        """The rows of ``game``, now the chosen one (to compose, or to mount)."""
        self.game_id = game.id
        return [option_row(game, option, self._value(game, option)) for option in game.options]

    def _value(self, game: GameDescriptor, option: GameOption) -> Any:
        widget_id = option_id(game, option)
        if widget_id in self._values:  # set on this form before another game was chosen
            return self._values[widget_id]
        return self._initial(game, option)

    async def show(self, screen: Screen[Any], game_id: str, container: Widget, before: str) -> None:
        """Put ``game_id``'s rows in ``container``, before the widget ``before`` names.
        Awaited, so that a row is whole before anything sets it, and a row of the same id
        (back to a game chosen before) is gone before it is mounted again."""
        if game_id == self.game_id:
            return
        old = screen.query(".game-option")
        for row in old:
            for field in row.query("Switch, Input, Cycle"):
                if field.id:
                    self._values[field.id] = getattr(field, "value", None)
        await old.remove()
        rows = self.rows(descriptor(game_id))
        if rows:
            await container.mount(*rows, before=before)


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
