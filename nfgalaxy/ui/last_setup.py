"""The new-game screen's last setup, remembered between runs: a player who starts the app again
(or asks for a new game) finds the game, seats and options of the last game they started,
not the first game's defaults.

What is read back is checked against what the app offers now: a game no longer installed, a
seat kind or option value the app does not know, a name too long, each falls back to its
default alone, so a settings file from another version never stops the screen from opening.
The seed is not remembered: a new game is a new deal unless the player asks for one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from nfgalaxy.core.descriptor import GameDescriptor, GameOption, OptionKind
from nfgalaxy.ui.settings import remember, remembered

#: The settings key the setup is remembered under.
KEY = "new_game"


@dataclass
class LastSetup:
    """The game chosen, every seat row of the form (kind and name, in order) and, for each game
    started, its options as the form last held them."""

    game: str
    seats: list[tuple[str, str]]
    options: dict[str, dict[str, Any]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seats": [list(seat) for seat in self.seats],
            "options": self.options,
        }

    def option(self, game: GameDescriptor, option: GameOption) -> Any:
        """The remembered value of one option if it is still a value the option takes, else
        the option's default."""
        value = self.options.get(game.id, {}).get(option.name, option.default)
        return value if _fits(option, value) else option.default


def _fits(option: GameOption, value: Any) -> bool:
    kind = option.kind
    if kind is OptionKind.BOOL:
        return isinstance(value, bool)
    if kind is OptionKind.INT:
        return value is None or (isinstance(value, int) and not isinstance(value, bool))
    if kind is OptionKind.CHOICE:
        return value in option.choices
    return value is None or isinstance(value, str)


def last_setup(
    games: list[str], kinds: set[str], seats: list[tuple[str, str]], name_max: int
) -> LastSetup | None:
    """The remembered setup, each part checked: ``games`` the ids offered, ``kinds`` the seat
    kinds, ``seats`` the default rows (a row not remembered, or not valid, keeps its default)
    and ``name_max`` the longest name. None if nothing (usable) is remembered."""
    data = remembered(KEY)
    if not isinstance(data, dict) or data.get("game") not in games:
        return None
    rows = data.get("seats")
    rows = rows if isinstance(rows, list) else []
    chosen = []
    for index, default in enumerate(seats):
        row = rows[index] if index < len(rows) else None
        if (
            isinstance(row, list)
            and len(row) == 2
            and row[0] in kinds
            and isinstance(row[1], str)
            and len(row[1]) <= name_max
        ):
            chosen.append((row[0], row[1]))
        else:
            chosen.append(default)
    options = data.get("options")
    kept = {
        game: values
        for game, values in (options.items() if isinstance(options, dict) else ())
        if isinstance(values, dict)
    }
    return LastSetup(data["game"], chosen, kept)


def remember_setup(
    game: str,
    seats: list[tuple[str, str]],
    options: dict[str, Any],
    earlier: LastSetup | None,
) -> None:
    """Remember a setup just started (``options``: the started game's), keeping the options
    other games were last started with; raises ``OSError`` if it cannot be written."""
    kept = dict(earlier.options) if earlier is not None else {}
    kept[game] = options
    remember(KEY, LastSetup(game, seats, kept).to_json())
