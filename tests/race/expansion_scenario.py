"""Positions for the tests of the expansion powers (TGS, RvI), on top of ``race_scenario``.

``level_table`` starts a real game at a level, without goals or takeovers (their own tests
cover them), and makes every setup decision: the game waits for round 1's action choice.
``stack_deck`` puts named cards on top of the deck, so an example's reveal is exact.
"""

from __future__ import annotations

from race_scenario import CARDS, offered, pick, take

from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.rules.common import USE


def level_table(level: str, players: int = 2, seed: int = 1) -> RaceGame:
    """A game at ``level`` (``tgs``, ``rvi``) waiting for the first action choice."""
    options: dict[str, object] = {"expansion": level, "goals": False}
    if level == "rvi":
        options["takeovers"] = False
    g = RaceGame.new(CARDS, players, seed, options)
    while g.queue[0][0] != Step.CHOOSE_ACTION:
        g.apply(g.legal_decisions()[0])
    return g


def conserved(g: RaceGame) -> bool:
    """Every card of the game's level is in exactly one place."""
    return g.card_count() == g.cards.copies()


def stack_deck(g: RaceGame, top: list[str]) -> None:
    """Put these cards on top of the deck: ``top[0]`` is drawn first."""
    for card in top:
        take(g, card)
    g.deck.extend(reversed(top))


def use(g: RaceGame, card: str) -> None:
    """Use the consume power of ``card`` that is offered now."""
    key = next(args[0] for args in offered(g, USE) if str(args[0]).startswith(card + "#"))
    pick(g, USE, key)


def finish_round(g: RaceGame) -> None:
    """Play the first offered decisions to the next action choice (or the game's end)."""
    while not g.is_over() and g.queue[0][0] != Step.CHOOSE_ACTION:
        g.apply(g.legal_decisions()[0])
