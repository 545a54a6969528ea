"""The words of Race for the Galaxy's events: one renderer per event kind.

The rules record typed events (``nfgalaxy.core.events.Event``): a kind, the seat, the ids of the
cards involved and the amounts. An event carries only what every player may know (§4): a
secret action or placement is recorded as "chose" without naming it, a discarded, drawn or
kept card is counted, never named, and a good is named by the world it lies on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from nfgalaxy.games.race.rules.common import plural
from nfgalaxy.games.race.rules.goals import GoalKind, goal
from nfgalaxy.games.race.rules.settle_events import SETTLE_RENDERERS
from nfgalaxy.games.race.state import ACTION_LABELS, PHASE_LABELS, Action


class Namer(Protocol):
    """What the words need of a game: the players' names and the cards' names."""

    def name(self, seat: int) -> str: ...

    def card_name(self, card_id: str) -> str: ...


Render = Callable[[Namer, int | None, tuple[str, ...], tuple[int, ...]], str]


def _who(g: Namer, seat: int | None) -> str:
    return g.name(seat) if seat is not None else "The game"


def _start(g: Namer, seat: int | None, c: tuple[str, ...], n: tuple[int, ...]) -> str:
    good = " with a good on it" if n and n[0] else ""
    return f"{_who(g, seat)} starts with {g.card_name(c[0])}{good}."


def _round(_g: Namer, _s: int | None, _c: tuple[str, ...], n: tuple[int, ...]) -> str:
    return f"Round {n[0]}."


def _reveal(g: Namer, _s: int | None, c: tuple[str, ...], n: tuple[int, ...]) -> str:
    parts = [
        f"{g.name(seat)}: " + " and ".join(ACTION_LABELS[Action(a)] for a in cards.split("+"))
        for seat, cards in zip(n, c, strict=True)
    ]
    return "Actions revealed: " + "; ".join(parts) + "."


def _phase(_g: Namer, _s: int | None, c: tuple[str, ...], _n: tuple[int, ...]) -> str:
    return f"Phase: {PHASE_LABELS[c[0]]}."


def _explore(g: Namer, seat: int | None, _c: tuple[str, ...], n: tuple[int, ...]) -> str:
    if len(n) > 2 and n[2]:  # Explore mix (§B7): everything into the hand first
        return (
            f"{_who(g, seat)} explores: draws {n[0]} into the hand (mix), then discards "
            f"{n[0] - n[1]} from the whole hand."
        )
    return f"{_who(g, seat)} explores: draws {n[0]}, keeps {n[1]}."


def _draw(g: Namer, seat: int | None, c: tuple[str, ...], n: tuple[int, ...]) -> str:
    # A card id is lower case; a bonus ("Settle bonus") is named in words.
    source = c[0] if c[0][:1].isupper() else g.card_name(c[0])
    return f"{_who(g, seat)} draws {plural(n[0], 'card')} ({source})."


def _place(g: Namer, seat: int | None, c: tuple[str, ...], n: tuple[int, ...]) -> str:
    """``c``: the card and how it was placed (``develop`` or a way of settling, §9.1)."""
    name = g.card_name(c[0])
    if c[1] == "conquer":
        return f"{_who(g, seat)} conquers {name}."
    verb = "develops" if c[1] == "develop" else "settles"
    extra = " by paying instead of conquering" if c[1] == "pay_military" else ""
    return f"{_who(g, seat)} {verb} {name}{extra}, paying {plural(n[0], 'card')}."


def _tableau_discard(g: Namer, seat: int | None, c: tuple[str, ...], _n: tuple[int, ...]) -> str:
    return f"{_who(g, seat)} discards {g.card_name(c[0])} from their tableau."


def _windfall(g: Namer, seat: int | None, c: tuple[str, ...], _n: tuple[int, ...]) -> str:
    return f"{_who(g, seat)}: a good is placed on {g.card_name(c[0])}."


def _sell(g: Namer, seat: int | None, c: tuple[str, ...], n: tuple[int, ...]) -> str:
    return f"{_who(g, seat)} sells the good on {g.card_name(c[0])} for {plural(n[0], 'card')}."


def _consume(g: Namer, seat: int | None, c: tuple[str, ...], n: tuple[int, ...]) -> str:
    goods, vp, cards = n
    used = f"{plural(goods, 'good')}" if goods else "nothing"
    return f"{_who(g, seat)} uses {g.card_name(c[0])} on {used}: {vp} VP, {plural(cards, 'card')}."


def _consume_hand(g: Namer, seat: int | None, c: tuple[str, ...], n: tuple[int, ...]) -> str:
    # n: cards discarded, VP, cards drawn (saves before RvI recorded only the first two).
    drawn = n[2] if len(n) > 2 else 0
    reward = " + ".join(
        ([f"{n[1]} VP"] if n[1] or not drawn else []) + ([plural(drawn, "card")] if drawn else [])
    )
    return (
        f"{_who(g, seat)} uses {g.card_name(c[0])}: discards {plural(n[0], 'card')} "
        f"from hand for {reward}."
    )


def _gamble(g: Namer, seat: int | None, c: tuple[str, ...], n: tuple[int, ...]) -> str:
    result = "keeps it" if n[1] else "discards it"
    return (
        f"{_who(g, seat)} names {n[0]} and reveals {g.card_name(c[0])} "
        f"({g.card_name(c[1])}): {result}."
    )


def _ante(g: Namer, seat: int | None, c: tuple[str, ...], n: tuple[int, ...]) -> str:
    """``c``: the card with the power, the stake, the revealed cards; ``n``: the stake's
    number and whether a revealed card beat it (§B7)."""
    shown = ", ".join(g.card_name(card) for card in c[2:]) or "nothing"
    result = "keeps the stake and takes one" if n[1] else "loses the stake"
    return (
        f"{_who(g, seat)} stakes {g.card_name(c[1])} ({n[0]}) on {g.card_name(c[0])} "
        f"and reveals {shown}: {result}."
    )


def _ante_keep(g: Namer, seat: int | None, c: tuple[str, ...], _n: tuple[int, ...]) -> str:
    return f"{_who(g, seat)} takes {g.card_name(c[0])}; the other revealed cards are discarded."


def _hand_limit(g: Namer, seat: int | None, _c: tuple[str, ...], n: tuple[int, ...]) -> str:
    return f"{_who(g, seat)} discards {plural(n[0], 'card')} down to the hand limit."


def _discards(g: Namer, seat: int | None, _c: tuple[str, ...], n: tuple[int, ...]) -> str:
    return f"{_who(g, seat)} discards {plural(n[0], 'card')} face down."


def _chose(g: Namer, seat: int | None, _c: tuple[str, ...], _n: tuple[int, ...]) -> str:
    return f"{_who(g, seat)} has chosen."


def _reveal_placements(g: Namer, _s: int | None, c: tuple[str, ...], n: tuple[int, ...]) -> str:
    """``c`` is the phase, then each seat's card ("" : nothing) in the order of ``n``."""
    parts = [
        f"{g.name(seat)}: {g.card_name(card) if card else 'nothing'}"
        for seat, card in zip(n, c[1:], strict=True)
    ]
    return f"{PHASE_LABELS[c[0]]} revealed: " + "; ".join(parts) + "."


def _reshuffle(_g: Namer, _s: int | None, _c: tuple[str, ...], n: tuple[int, ...]) -> str:
    return f"The discard pile is shuffled into a new deck ({plural(n[0], 'card')})."


def _game_end(_g: Namer, _s: int | None, c: tuple[str, ...], _n: tuple[int, ...]) -> str:
    return "The game ends: " + "; ".join(c) + "."


def _score(g: Namer, seat: int | None, _c: tuple[str, ...], n: tuple[int, ...]) -> str:
    goals = f", {n[4]} from goals" if len(n) > 4 and n[4] else ""
    return f"{_who(g, seat)}: {n[0]} VP ({n[1]} in chips, {n[2]} printed, {n[3]} bonus{goals})."


def _goals(_g: Namer, _s: int | None, c: tuple[str, ...], _n: tuple[int, ...]) -> str:
    """The goals drawn at setup (§B5): public, face up."""
    parts = []
    for kind, label in ((GoalKind.FIRST, "First"), (GoalKind.MOST, "Most")):
        names = [goal(goal_id).name for goal_id in c if goal(goal_id).kind is kind]
        if names:
            parts.append(f"{label}: " + ", ".join(names))
    return "Goals in play: " + "; ".join(parts) + "."


def _goal_claim(g: Namer, seat: int | None, c: tuple[str, ...], n: tuple[int, ...]) -> str:
    item = goal(c[0])
    how = "claims" if item.kind is GoalKind.FIRST else "takes"
    return f"{_who(g, seat)} {how} the goal {item.name} ({n[0]} VP at game end)."


def _goal_loss(g: Namer, seat: int | None, c: tuple[str, ...], _n: tuple[int, ...]) -> str:
    return f"{_who(g, seat)} loses the goal {goal(c[0]).name}."


def _winners(g: Namer, _s: int | None, _c: tuple[str, ...], n: tuple[int, ...]) -> str:
    if len(n) == 1:
        return f"Winner: {g.name(n[0])}."
    return "Winners, tied after the tie-break: " + " and ".join(g.name(seat) for seat in n) + "."


RENDERERS: dict[str, Render] = {
    "start": _start,
    "round": _round,
    "chose": _chose,
    "discards": _discards,
    "reveal": _reveal,
    "phase": _phase,
    "explore": _explore,
    "draw": _draw,
    "place": _place,
    "reveal_placements": _reveal_placements,
    "tableau_discard": _tableau_discard,
    "windfall": _windfall,
    "sell": _sell,
    "consume": _consume,
    "consume_hand": _consume_hand,
    "gamble": _gamble,
    "ante": _ante,
    "ante_keep": _ante_keep,
    "hand_limit": _hand_limit,
    "reshuffle": _reshuffle,
    "game_end": _game_end,
    "score": _score,
    "goals": _goals,
    "goal_claim": _goal_claim,
    "goal_loss": _goal_loss,
    "winners": _winners,
    **SETTLE_RENDERERS,
}
