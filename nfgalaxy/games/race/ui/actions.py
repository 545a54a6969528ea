"""What an action card would do for the player choosing it: the preview beside the decisions.

An action card names no card of the deck, so the preview had only its label to show ("Explore
(+5)"). A new player wants to know what the phase does and what the card's bonus is worth to
them now: how many cards they would draw and keep, what their goods would sell for, how many
windfall worlds the Produce bonus could fill. Everything here is read from the chooser's own
tableau, hand and goods (the screen shows it only to the player to move), through the rules'
own functions, so the numbers are the ones the phase will use.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.words import counted
from nfgalaxy.games.race.components import GoodsMode
from nfgalaxy.games.race.rules.base import RaceBase
from nfgalaxy.games.race.rules.common import ACTION
from nfgalaxy.games.race.rules.consume import good_kind, sale_value
from nfgalaxy.games.race.rules.explore import BONUS, explore_counts
from nfgalaxy.games.race.scoring import total_military
from nfgalaxy.games.race.state import ACTION_LABELS, Action, Player

#: Said under every action card: how phases work (§6.2).
EVERYONE = (
    "Every player takes part in every phase someone chose; only those who chose its card "
    "get its bonus."
)


def explain_action(state: Any, decision: Decision) -> str | None:
    """Rich markup for an action-card decision of the player to move (None for any other
    decision): each card's phase and bonus, in numbers for this player."""
    if decision.kind != ACTION or not isinstance(state, RaceBase):
        return None
    seat = state.to_move()
    if seat is None:
        return None
    p = state.players[seat]
    cards = [Action(card) for card in decision.args]
    parts = [f"[b]{escape(ACTION_LABELS[c])}[/b]: {_card_words(state, p, c, cards)}" for c in cards]
    return "\n\n".join([*parts, EVERYONE])


def _card_words(g: RaceBase, p: Player, card: Action, chosen: list[Action]) -> str:
    if card in BONUS:
        return _explore(g, p, chosen)
    if card is Action.DEVELOP:
        return (
            "phase II, Develop: each player may place one development from hand, paying its "
            "cost in cards. Bonus: your development costs 1 less."
        )
    if card is Action.SETTLE:
        military = total_military(g.cards, p.tableau)
        return (
            "phase III, Settle: each player may place one world, paying its cost in cards, or "
            f"conquering a military world with Military at least its defence (yours: "
            f"{military:+d}). Bonus: draw 1 card after placing a world."
        )
    if card in (Action.DEVELOP_2, Action.SETTLE_2):
        phase = "Develop" if card is Action.DEVELOP_2 else "Settle"
        return (
            f"a second {phase} phase, played in full right after the first; with both "
            "cards you get the bonus in each."
        )
    if card is Action.TRADE:
        sales = [
            f"{good_kind(g, world).label} for {counted(sale_value(g, p, world), 'card')}"
            for world in p.tableau
            if world in p.goods
        ]
        goods = "; your goods would sell: " + ", ".join(sales) if sales else "; you have no good"
        return (
            "phase IV, Consume. Bonus: first sell one good for cards (its trade value and your "
            f"trade powers){goods}. Then everyone uses their consume powers."
        )
    if card is Action.CONSUME_X2:
        return (
            "phase IV, Consume: everyone uses their consume powers on goods (and hand cards). "
            "Bonus: the VP your consume powers give are doubled (not VP for hand cards); you "
            f"hold {counted(len(p.goods), 'good')}."
        )
    windfall = sum(  # the last card: Produce
        1
        for world in p.tableau
        if g.cards[world].goods_mode is GoodsMode.WINDFALL and world not in p.goods
    )
    return (
        "phase V, Produce: every production world without a good gets one. Bonus: a good "
        f"on one of your windfall worlds without one (you have {windfall})."
    )


def _explore(g: RaceBase, p: Player, chosen: list[Action]) -> str:
    """Phase I in numbers: ``explore_counts`` gives the action and the powers (and the bonus
    of a card already chosen); the Explore cards of this decision add theirs (both, in the
    advanced game, §18)."""
    drawn, kept = explore_counts(g, p)
    added = [c for c in chosen if c in BONUS and not p.chose(c)]  # not counted in yet
    drawn += sum(BONUS[c][0] for c in added)
    kept += sum(BONUS[c][1] for c in added)
    return (
        "phase I, Explore: each player draws 2 cards and keeps 1. With this card and your "
        f"Explore powers you would draw {drawn} and keep {kept}."
    )
