"""What a game package tells the rest of nfgalaxy about itself: one ``GameDescriptor``.

The app, the command line, the simulator, the server, saves and bots know games only through
this descriptor, found by the ``nfgalaxy.games`` entry-point group (see ``registry``). Everything
that would pull in heavy or optional code (the Textual widgets, the tile report, the heuristics)
is behind a zero-argument loader, so listing the games imports only their descriptors.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from nfgalaxy.core.decision import Decision


class OptionKind(enum.Enum):
    """How an option is entered: a switch, a number, a word, one of a fixed set of words, or a
    path on this machine."""

    BOOL = "bool"
    INT = "int"
    TEXT = "text"
    #: One of the option's ``choices`` (a fixed set of words); anything else is refused.
    CHOICE = "choice"
    #: A file on the machine running nfgalaxy; never offered to a remote player.
    PATH = "path"


@dataclass(frozen=True)
class GameOption:
    """One setup option of a game (the ``options`` dict given to ``new_game``).

    ``flag`` is the command-line switch. For a ``BOOL`` option the switch sets the value to the
    opposite of ``default`` (``--random-sides`` turns ``first_game`` off). A ``CHOICE`` option
    lists its words in ``choices``, its default among them, and may name them for people in
    ``choice_labels``.
    """

    name: str
    label: str
    help: str
    kind: OptionKind = OptionKind.BOOL
    default: Any = False
    flag: str = ""
    choices: tuple[str, ...] = ()
    #: What the new-game screen shows for each of ``choices`` (the words themselves if empty).
    choice_labels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if (self.kind is OptionKind.CHOICE) != bool(self.choices):
            raise ValueError(f"option {self.name}: choices are for a CHOICE option, and needed")
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError(f"option {self.name}: one label per choice")
        if self.choices and self.default not in self.choices:
            raise ValueError(f"option {self.name}: default {self.default!r} is not a choice")

    def check_choice(self, value: Any) -> str | None:
        """Why ``value`` is not one of a ``CHOICE`` option's words, or None if it is."""
        if self.kind is not OptionKind.CHOICE or value in self.choices:
            return None
        return f"{self.cli_flag}: {value!r} is not one of {', '.join(self.choices)}"

    @property
    def cli_flag(self) -> str:
        return self.flag or "--" + self.name.replace("_", "-")


@dataclass(frozen=True)
class Heuristic:
    """A game's knowledge for the greedy bot and the search bot: values and planners.

    ``value(state, seat)`` scores a position for ``seat``; ``plan(state, seat, options)`` makes
    decisions that a one-step lookahead cannot judge and returns None for the others.
    """

    value: Callable[[Any, int], float]
    plan: Callable[[Any, int, list], Any] | None = None
    lookahead: int = 3
    follow_limit: int = 40
    #: How much of ``value`` a lead must be to make a win about three times as likely as a
    #: loss: the search turns the margin over the best other seat into a win estimate with
    #: it. Values in VP want a few points; a game valued in money wants a sum of money.
    margin: float = 5.0
    #: A win estimate the search adds to the decision ``plan`` makes at its root before it
    #: compares: where the planner looks further ahead than the search's horizon (a route over
    #: several turns), a decision the search cannot tell apart from it stays the plan's.
    plan_edge: float = 0.0
    #: Rounds the search plays past its tree before judging, beyond its level's ``rounds``:
    #: where the planner itself judges the end of the round (so a search that stops there
    #: sees no further than the bots it plays), one more round lets it see what its choices
    #: lead to.
    extra_rounds: int = 0
    #: In a game played in whole turns, one player's after another's: the seat whose turn is
    #: under way (None between turns), else None. A search level with ``turns`` judges at the
    #: end of the seat's own turns rather than of the round, which here holds every other
    #: player's whole turn too, and their dice with it (see ``SearchLevel.turns``).
    turn_of: Callable[[Any], int | None] | None = None
    #: Changes to search levels' fields in this game, by level name (``{"expert": {"rounds":
    #: 1}}``): where a level's shape measured weaker here than another's, the one measured
    #: stronger, leaving the level as it is in the other games (``nfgalaxy.bots.levels``).
    levels: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    #: A loader of the game's win-model ``Features`` (``nfgalaxy.core.win_model``), or None:
    #: with fitted weights, the search judges the position at its horizon by each seat's
    #: chance to win as the model puts it, instead of the margin of ``value``.
    win_features: Callable[[], Any] | None = None
    #: A loader of a more detailed model's ``Features`` (a feature per card, say), or None:
    #: the search levels that judge in detail (``SearchLevel.detailed``) use it where its
    #: weights are fitted and it applies, else the compact ``win_features``.
    detailed_win_features: Callable[[], Any] | None = None
    #: A loader of the game's ``ChoiceFeatures`` (``nfgalaxy.core.choice_model``), or None:
    #: with fitted weights for the setup, a search level that models the others
    #: (``SearchLevel.modelled``) samples their secret choices of those kinds from it.
    choice_features: Callable[[], Any] | None = None


@dataclass(frozen=True)
class TilesReport:
    """``nfgalaxy tiles``: load the components (a corrected file if given) and print them."""

    #: path or None -> (tile set, why the file was refused or None)
    resolve: Callable[[str | None], tuple[Any, str | None]]
    text: Callable[[Any], str]
    json: Callable[[Any], dict[str, Any]]


@dataclass(frozen=True)
class TextAdapter:
    """Line-by-line play (``nfgalaxy play``): the table and an empire as one seat sees them."""

    table: Callable[[Any, int], str]  # (state, viewer)
    empire: Callable[[Any, int, int], str]  # (state, seat, viewer)


@dataclass(frozen=True)
class GameDescriptor:
    """Everything shared code may know of one game."""

    id: str
    title: str
    summary: str
    min_players: int
    max_players: int
    new_game: Callable[[int, int, dict[str, Any]], Any]  # (players, seed, options)
    load: Callable[[dict[str, Any]], Any]
    heuristics: Callable[[], Heuristic]
    tiles_report: Callable[[], TilesReport]
    text: Callable[[], TextAdapter]
    #: The game's Textual binding (``nfgalaxy.ui.game_ui.GameUi``); imports Textual. None for a
    #: game that is played on the command line only (``nfgalaxy play``): the app leaves it out.
    ui: Callable[[], Any] | None = None
    aliases: tuple[str, ...] = ()
    options: tuple[GameOption, ...] = ()
    default_players: int = 4
    #: The game's invariants (components conserved…): a function of a state returning the
    #: problems found, in words; the conformance tests run it after every decision.
    invariants: Callable[[], Callable[[Any], list[str]]] | None = None
    #: The phase or action card a decision chooses, in the game's words (``Develop``), or
    #: None for a decision that chooses none: what a player's statistics count as their
    #: favourite phases. None for a game without such a choice.
    phase_chosen: Callable[[], Callable[[Decision], str | None]] | None = None
    #: Extra fields of a game's ``scores()`` rows beyond ``total``, for reports.
    score_keys: tuple[str, ...] = field(default_factory=tuple)

    def option(self, name: str) -> GameOption | None:
        return next((o for o in self.options if o.name == name), None)

    def defaults(self) -> dict[str, Any]:
        """Every option at its default."""
        return {o.name: o.default for o in self.options}

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} is for {self.min_players} to {self.max_players} players"
            )


def lazy(target: str) -> Callable[[], Any]:
    """A loader for ``"package.module:NAME"``, imported on its first call: listing the games
    imports only their descriptors, never their widgets, reports or heuristics."""
    module, _, name = target.partition(":")
    if not module or not name:
        raise ValueError(f"a lazy target is 'module:NAME', not {target!r}")

    def load() -> Any:
        return getattr(import_module(module), name)

    load.__qualname__ = f"lazy({target})"
    return load
