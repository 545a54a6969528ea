"""The mutable, serialisable parts of a Race for the Galaxy game: each player's cards.

Everything is plain data (strings, ints, lists, dicts) so a save is a straight dump and a loaded
state equals the saved one. Cards are named by card id; a design with two copies appears twice
in the lists that hold it, so the game's cards are a multiset that must always add up to the
box (``CardSet.copies``). Component definitions stay in ``components.py``. Rule references (§n)
are to Part A of ``shared/rules/race-for-the-galaxy.md``.
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

VP_PER_PLAYER = 12  # §5.1
HAND_LIMIT = 10  # §12.1
TABLEAU_END = 12  # §16
START_HAND = 6  # §5.5: dealt, then 2 discarded
START_DISCARDS = 2  # Ancient Race's owner discards 3: its ``start_keep`` (§B4.2)


class Action(enum.StrEnum):
    """The seven action cards (§6.1); the value is the word saves use."""

    EXPLORE_5 = "explore_5"
    EXPLORE_1_1 = "explore_1_1"
    DEVELOP = "develop"
    SETTLE = "settle"
    TRADE = "trade"
    CONSUME_X2 = "consume_x2"
    PRODUCE = "produce"
    #: The advanced 2-player game's extra cards (§18).
    DEVELOP_2 = "develop_2"
    SETTLE_2 = "settle_2"

    @property
    def label(self) -> str:
        return ACTION_LABELS[self]

    @property
    def phase(self) -> str:
        """The phase the card selects: both Explore cards select Explore, both Consume cards
        Consume (§6.2)."""
        return ACTION_PHASES[self]


ACTION_LABELS = {
    Action.EXPLORE_5: "Explore (+5)",
    Action.EXPLORE_1_1: "Explore (+1/+1)",
    Action.DEVELOP: "Develop",
    Action.SETTLE: "Settle",
    Action.TRADE: "Consume: Trade",
    Action.CONSUME_X2: "Consume: x2 VP",
    Action.PRODUCE: "Produce",
    Action.DEVELOP_2: "Develop (second card)",
    Action.SETTLE_2: "Settle (second card)",
}
ACTION_PHASES = {
    Action.EXPLORE_5: "explore",
    Action.EXPLORE_1_1: "explore",
    Action.DEVELOP: "develop",
    Action.SETTLE: "settle",
    Action.TRADE: "consume",
    Action.CONSUME_X2: "consume",
    Action.PRODUCE: "produce",
    Action.DEVELOP_2: "develop",
    Action.SETTLE_2: "settle",
}
#: The seven cards of every player (§6.1); the advanced 2-player game adds the last two (§18).
STANDARD_ACTIONS: tuple[Action, ...] = tuple(Action)[:7]
ADVANCED_ACTIONS: tuple[Action, ...] = tuple(Action)
#: The second card of a pair, and the card it may only be chosen with (§18).
SECOND_CARDS = {Action.DEVELOP_2: Action.DEVELOP, Action.SETTLE_2: Action.SETTLE}
#: The phases in the order they are played (§6.2).
PHASES: tuple[str, ...] = ("explore", "develop", "settle", "consume", "produce")
#: The card whose chooser gets the bonus in a Develop or Settle phase. With both cards of a
#: pair a player plays the phase twice, and the second time only that player has a bonus (§18).
PHASE_BONUS = {
    "develop": Action.DEVELOP,
    "develop_2": Action.DEVELOP_2,
    "settle": Action.SETTLE,
    "settle_2": Action.SETTLE_2,
}
PHASE_LABELS = {
    "explore": "Explore",
    "develop": "Develop",
    "develop_2": "Develop (second)",
    "settle": "Settle",
    "settle_2": "Settle (second)",
    "consume": "Consume",
    "produce": "Produce",
}


@dataclass
class Player:
    """One player: hand, tableau and goods, chips, and this round's secret and open choices.

    ``goods`` maps a world in the tableau to the card lying face down on it (§4: nobody sees
    it, not even the owner). ``actions`` (one card, two in the advanced 2-player game) and
    ``placing`` are secret until revealed (§6.1, §8.2,
    §9.1); ``placing`` stays in the hand until the reveal so the hand size (public) says
    nothing about it. ``fresh`` are cards placed in the current phase: their powers work only
    from the next phase (§13.3). ``seen`` are the cards this player put on the discard pile
    since it was last shuffled: the only cards of the pile they know.
    """

    seat: int
    name: str
    start: str = ""
    hand: list[str] = field(default_factory=list)
    tableau: list[str] = field(default_factory=list)
    goods: dict[str, str] = field(default_factory=dict)
    vp: int = 0
    actions: list[str] = field(default_factory=list)  # this round's action cards
    decided: bool = False  # made the current secret choice (action or placement)
    placing: str = ""  # the development or world chosen face down ("" : pass)
    explored: list[str] = field(default_factory=list)  # drawn in Explore, not yet kept
    keep: int = 0  # Explore: how many more of ``explored`` to keep
    owed: int = 0  # cards still to discard as payment
    fresh: list[str] = field(default_factory=list)
    used: list[str] = field(default_factory=list)  # powers used this phase: "card#index"
    produced: list[str] = field(default_factory=list)  # worlds given a good this Produce
    seen: list[str] = field(default_factory=list)
    #: The consume power being carried out: {"power": "card#index", "taken": [kinds…]}.
    consuming: dict[str, Any] = field(default_factory=dict)
    #: Cards revealed face up by an ante (§B7) that won, until one is chosen: public.
    ante: list[str] = field(default_factory=list)
    #: The Settle phase being played (§9, §B6; ``rules/military.py``, ``rules/takeover.py``):
    #: temporary Military gained so far, hand cards used per ``discard_hand_military`` power,
    #: worlds placed (takeovers included), the tableau at the phase's start (with takeovers
    #: on), the takeover declaration (the decision's arguments, secret until revealed) and the
    #: result of each attempt ("won"/"lost").
    military_temp: int = 0
    hand_military: dict[str, int] = field(default_factory=dict)
    settled: int = 0
    settle_start: list[str] = field(default_factory=list)
    declared: list[Any] = field(default_factory=list)
    outcomes: list[str] = field(default_factory=list)
    #: RvI setup (§B4.2): the blue and the red start world dealt face down, then the one kept,
    #: until the start worlds are revealed. Secret: only this player knows them.
    start_worlds: list[str] = field(default_factory=list)

    def chose(self, action: Action) -> bool:
        """Whether this player chose the action card this round."""
        return action in self.actions

    def cards(self) -> Counter[str]:
        """Every card this player holds or has placed, goods included (for conservation)."""
        found = Counter(self.hand) + Counter(self.tableau) + Counter(self.explored)
        found += Counter(self.start_worlds)
        return found + Counter(self.goods.values()) + Counter(self.ante)

    def to_json(self) -> dict[str, Any]:
        data = dict(self.__dict__)
        for key, value in data.items():
            if isinstance(value, list):
                data[key] = list(value)
            elif isinstance(value, dict):
                data[key] = {k: list(v) if isinstance(v, list) else v for k, v in value.items()}
        return data

    @staticmethod
    def from_json(data: dict[str, Any]) -> Player:
        player = Player(seat=int(data["seat"]), name=str(data["name"]))
        for key, value in data.items():
            if not hasattr(player, key):
                raise ValueError(f"unknown player field {key!r}")
            setattr(player, key, value)
        return player

    def copy(self) -> Player:
        """An independent copy, every container copied one level down (bots copy often)."""
        other = Player.__new__(Player)
        d = self.__dict__.copy()
        for key in (
            "hand",
            "tableau",
            "actions",
            "explored",
            "fresh",
            "used",
            "produced",
            "seen",
            "ante",
            "settle_start",
            "declared",
            "outcomes",
        ):
            d[key] = d[key][:]
        d["start_worlds"] = self.start_worlds[:]
        d["goods"] = dict(self.goods)
        d["hand_military"] = dict(self.hand_military)
        d["consuming"] = {k: v[:] if isinstance(v, list) else v for k, v in self.consuming.items()}
        other.__dict__ = d
        return other
