"""Choices of several cards, composed in the hand and sent as the engine's own decisions.

Some steps ask for several cards at once: the start discards (2 of 6, 3 with Ancient Race),
the cards kept of those explored, the discards of Explore mix and of the hand limit, the cards
that pay for a development or a world (or go for Military), and the advanced 2-player game's
two action cards. The engine keeps its atomic decisions, which bots and the search use: one
decision per combination for the start discards and the action pair, one decision per card
for the rest. The player instead toggles cards in the hand and confirms; this module says,
for the step waiting, which cards may be chosen and how many, the live line, and the engine
decisions a chosen set stands for. Nothing is decided here: a set that matches no offered
decision is still sent, and the engine refuses it with its rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.words import counted
from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.rules import levels as race_levels
from nfgalaxy.games.race.rules.common import ACTION
from nfgalaxy.games.race.rules.rounds import hand_limit
from nfgalaxy.games.race.rules.setup import start_discards
from nfgalaxy.games.race.state import ACTION_LABELS, ADVANCED_ACTIONS, PHASES, Action
from nfgalaxy.games.race.ui.guide import for_military, paying_for

#: A grid cell for an action card is named by this prefix and the card's value.
ACTION_CELL = "action:"
#: Where the cards of a composed choice lie in the hand grid.
HAND, EXPLORED, ACTIONS = "hand", "explored", "actions"
#: Steps whose decisions are one per combination (the chosen set is one decision).
WHOLE = frozenset({Step.START_DISCARD, Step.CHOOSE_ACTION})
#: Where to choose, said when a card elsewhere is toggled.
WHERE = {
    HAND: "from your hand",
    EXPLORED: "among the cards you explored",
    ACTIONS: "among the action cards",
}


def action_cells() -> list[str]:
    """The grid cells of the advanced game's nine action cards, by phase (a second Develop or
    Settle card beside its first)."""
    cards = sorted(ADVANCED_ACTIONS, key=lambda card: PHASES.index(card.phase))
    return [ACTION_CELL + card.value for card in cards]


def choosing_actions(state: RaceGame, viewer: int | None) -> bool:
    """Whether ``viewer`` chooses the advanced game's two action cards now (§18): the cards are
    then laid out in the hand grid to be picked."""
    return (
        viewer is not None
        and state.to_move() == viewer
        and state.step_name() == Step.CHOOSE_ACTION
        and bool(state.options.get("advanced"))
    )


@dataclass(frozen=True)
class Composition:
    """One composed choice: ``count`` cards of ``pool`` (``HAND``, ``EXPLORED``, ``ACTIONS``)
    that the player ``verb``s, with the decisions the engine offers for the step now."""

    step: str
    title: str
    verb: str
    count: int
    pool: str
    offered: tuple[Decision, ...]
    hand: int
    #: Cards in the pool that may not be chosen, with the reason (the scenario's side card).
    barred: tuple[tuple[str, str], ...] = ()
    #: Paying: the cost after reductions and how many cards were paid already (one by one).
    cost: int | None = None
    paid: int = 0
    explored: int = 0

    @property
    def noun(self) -> str:
        return "action card" if self.pool == ACTIONS else "card"

    def why_not(self, pool: str, card: str) -> str | None:
        """Why this cell cannot be chosen, or None if it can."""
        if pool != self.pool:
            return f"choose {WHERE[self.pool]}"
        return dict(self.barred).get(card)

    def refusal(self, chosen: Sequence[str]) -> str | None:
        """What is wrong with the count, in the words of the choice, or None."""
        if len(chosen) == self.count:
            return None
        to = f" to {self.verb}" if self.verb else ""
        return f"choose {counted(self.count, self.noun)}{to}, {len(chosen)} chosen"

    def line(self, chosen: Sequence[str], name: dict[str, str]) -> str:
        """The live line: how many are chosen of how many, and what is left after."""
        n = len(chosen)
        parts = [f"{n} of {self.count} chosen"]
        if n > self.count:
            parts[0] += f" ({n - self.count} too many)"
        if self.cost is not None:
            parts.append(f"cost after reductions {self.cost}")
            if self.paid:
                parts.append(f"{self.paid} paid already")
        if self.pool == EXPLORED:
            parts.append(f"the other {self.explored - self.count} discarded")
        if self.pool == HAND:
            parts.append(f"left in hand {self.hand - n}")
        text = f"{self.title}: " + " · ".join(parts)
        if chosen:
            text += "\nChosen: " + ", ".join(name.get(c, c) for c in chosen)
        return text

    def decisions(self, chosen: Sequence[str]) -> list[Decision]:
        """The engine's decisions for the chosen cards, in order: the one offered decision
        whose cards are the chosen set, or one per card, as the step takes them. A set the
        engine does not offer is built all the same, for the engine to refuse with its rule."""
        if self.pool == ACTIONS:
            wanted = tuple(c.removeprefix(ACTION_CELL) for c in chosen)
            match = [d for d in self.offered if sorted(d.args) == sorted(wanted)]
            return match[:1] or [Decision(ACTION, wanted)]
        if self.step in WHOLE:
            wanted = tuple(sorted(chosen))
            match = [d for d in self.offered if tuple(d.args) == wanted]
            return match[:1] or [Decision(self.offered[0].kind, wanted)]
        by_card = {tuple(d.args): d for d in self.offered}
        kind = self.offered[0].kind
        return [by_card.get((card,), Decision(kind, (card,))) for card in chosen]


def composition(state: RaceGame, viewer: int | None) -> Composition | None:
    """The composed choice ``viewer`` makes now, or None (another decision, or nobody's)."""
    if viewer is None or state.to_move() != viewer:
        return None
    offered = tuple(state.legal_decisions())
    if not offered:
        return None
    step = state.step_name()
    p = state.players[viewer]
    hand = len(p.hand)
    if step == Step.START_DISCARD:
        count = start_discards(state, viewer)
        barred = ()
        if state.options.get("scenario"):
            why = "it joins your hand after the initial discard"
            barred = tuple((c, why) for c in p.hand if c in race_levels.SCENARIO_CARDS)
        title = f"Discard {count} of your {hand} cards"
        return Composition(step, title, "discard", count, HAND, offered, hand, barred)
    if step == Step.EXPLORE_KEEP:
        title = f"Keep {p.keep} of the {counted(len(p.explored), 'card')} explored"
        return Composition(
            step, title, "keep", p.keep, EXPLORED, offered, hand, explored=len(p.explored)
        )
    if step == Step.EXPLORE_DISCARD:
        left = int(state.queue[0][2])
        title = f"Explore mix: discard {left} from your hand"
        return Composition(step, title, "discard", left, HAND, offered, hand)
    if step == Step.HAND_LIMIT:
        limit = hand_limit(state, p)
        title = f"Discard down to the hand limit of {limit}"
        return Composition(step, title, "discard", hand - limit, HAND, offered, hand)
    if step == Step.PAY:
        return _paying(state, viewer, offered)
    if choosing_actions(state, viewer):
        return Composition(step, "Choose 2 action cards", "", 2, ACTIONS, offered, hand)
    return None


def _paying(state: RaceGame, viewer: int, offered: tuple[Decision, ...]) -> Composition:
    p = state.players[viewer]
    hand = len(p.hand)
    if for_military(state):
        title = "Discard for Military"
        return Composition(Step.PAY, title, "discard", p.owed, HAND, offered, hand)
    found = paying_for(state, viewer)
    card, cost = found if found is not None else ("", p.owed)
    title = f"Pay for {state.card_name(card)}" if card else "Pay"
    return Composition(
        Step.PAY, title, "pay with", p.owed, HAND, offered, hand, cost=cost, paid=cost - p.owed
    )


def action_of(cell: str) -> Action:
    """The action card of a grid cell (``ACTION_CELL`` and its value)."""
    return Action(cell.removeprefix(ACTION_CELL))


def action_name(cell: str) -> str:
    """An action card's cell in words ("Develop (second card)")."""
    return ACTION_LABELS[action_of(cell)]
