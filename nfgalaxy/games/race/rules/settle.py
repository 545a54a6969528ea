"""Phase III, Settle (§9): the ways a world may be placed, Military, and placing it.

A world is placed in one of three ways (§9.1): paying its cost (non-military), conquering it
with Military at least its defense, or paying for a military world with a pay-for-military
power (§9.4). Powers used by discarding their card from the tableau (Colony Ship, New Military
Tactics; §13.7) are part of the way chosen, so a way is offered only if it works, and a world is
offered for the secret choice only if some way works (§13.5). The choice of way is made after
the reveal, in player order, so that a player knows whether the game will end before spending
such a card (§14, example B30).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.race.components import Card, GoodKind, GoodsMode, Keyword, Phase, Power
from nfgalaxy.games.race.rules.base import RaceBase
from nfgalaxy.games.race.rules.common import (
    BY_CONQUEST,
    BY_PAYING,
    BY_PAYING_MILITARY,
    SETTLE_BY,
    Step,
    split_key,
)
from nfgalaxy.games.race.state import Player

#: The Settle power codes read here and in ``placement`` (checked against the vocabulary).
HANDLED = frozenset(
    {"reduce_cost", "military", "pay_for_military", "cost_to_zero", "draw_after_placing"}
)


@dataclass(frozen=True)
class Way:
    """One way to place a world: how, the tableau cards discarded for it, the cards to pay."""

    mode: str
    spent: tuple[str, ...]
    cost: int


def is_rebel_military(card: Card) -> bool:
    """A "Rebel military world": a military world with the REBEL keyword (§3)."""
    return card.military and Keyword.REBEL in card.keywords


def military_applies(power: Power, world: Card) -> bool:
    """Whether a Military power counts against this military world (§9.3): unconditional
    Military always, kind-specialized only against that kind, Rebel only against Rebels."""
    if power.goods is not None:
        return power.goods is world.goods
    if power.rebel:
        return is_rebel_military(world)
    return True


def military(g: RaceBase, p: Player, world: Card) -> int:
    """``p``'s Military against ``world`` from powers that need no discard (§9.3)."""
    return sum(
        power.value
        for _, power in g.powers(p, Phase.SETTLE)
        if power.code == "military" and not power.discard_self and military_applies(power, world)
    )


def cost_reduction(g: RaceBase, p: Player, world: Card) -> int:
    """Settle cost reductions for a world paid for (§9.1, §9.3): general ones and those of its
    kind ("−1 cost or +1 Military for Rare worlds" is a reduction when paying)."""
    return sum(
        power.value
        for _, power in g.powers(p, Phase.SETTLE)
        if power.code == "reduce_cost" and (power.goods is None or power.goods is world.goods)
    )


def _allowed(power: Power, world: Card) -> bool:
    """``not_alien`` powers never serve a world with Alien goods (the keyword alone does not
    matter, §9.5)."""
    return not (power.not_alien and world.goods is GoodKind.ALIEN)


def ways(g: RaceBase, p: Player, world_id: str) -> list[Way]:
    """Every way ``p`` can place this world now, paid from the other hand cards (§9)."""
    world = g.cards[world_id]
    if not world.is_world or world_id in p.tableau:
        return []
    budget = len(p.hand) - 1
    settle = list(g.powers(p, Phase.SETTLE))
    zeroes = [
        (key, power)
        for key, power in settle
        if power.code == "cost_to_zero" and _allowed(power, world)
    ]
    found: list[Way] = []

    def paid(mode: str, base: int) -> None:
        cost = max(0, base - cost_reduction(g, p, world))
        if any(not power.discard_self for _, power in zeroes):
            cost = 0
        if cost <= budget:
            found.append(Way(mode, (), cost))
        if cost:
            for key, power in zeroes:
                if power.discard_self:
                    found.append(Way(mode, (split_key(key)[0],), 0))

    if not world.military:
        paid(BY_PAYING, world.cost or 0)
        return found
    defense = world.defense or 0
    strength = military(g, p, world)
    if strength >= defense:
        found.append(Way(BY_CONQUEST, (), 0))
    for key, power in settle:
        extra = power.code == "military" and power.discard_self
        if extra and military_applies(power, world) and strength + power.value >= defense:
            found.append(Way(BY_CONQUEST, (split_key(key)[0],), 0))
    discounts = [
        power.value
        for _, power in settle
        if power.code == "pay_for_military" and _allowed(power, world)
    ]
    if discounts:  # one way per world: with several such powers, the best discount
        paid(BY_PAYING_MILITARY, defense - max(discounts))
    return found


def way_decision(g: RaceBase, world_id: str, way: Way) -> Decision:
    label = ""
    if not g.quiet:
        name = g.card_name(world_id)
        how = {
            BY_PAYING: f"Pay {way.cost} for {name}",
            BY_CONQUEST: f"Conquer {name}",
            BY_PAYING_MILITARY: f"Pay {way.cost} for {name} instead of conquering it",
        }[way.mode]
        spent = "".join(f", discarding {g.card_name(c)}" for c in way.spent)
        label = how + spent
    return Decision(SETTLE_BY, (way.mode, *way.spent), label)


def opt_settle_place(g: RaceBase, seat: int, world_id: Any) -> list[Decision]:
    """After the reveal: how to place the world revealed (a way that works, §9.1)."""
    p = g.players[seat]
    return [way_decision(g, world_id, w) for w in ways(g, p, world_id)]


def run_settle_place(g: RaceBase, seat: int, world_id: Any, d: Decision | None) -> None:
    p = g.players[seat]
    assert d is not None, "a revealed world always has a way to be placed (§13.5)"
    mode, spent = d.args[0], tuple(d.args[1:])
    way = next(w for w in ways(g, p, world_id) if (w.mode, w.spent) == (mode, spent))
    for card_id in spent:  # §13.7: gone from the tableau, it counts for nothing
        p.tableau.remove(card_id)
        g.discard_public([card_id])
        g.record("tableau_discard", seat, (card_id,))
    p.hand.remove(world_id)
    p.placing = ""  # revealed and placed: no longer a face-down choice
    p.tableau.append(world_id)
    p.fresh.append(world_id)
    p.owed = way.cost
    g.record("place", seat, (world_id, mode), (way.cost,))
    if g.cards[world_id].goods_mode is GoodsMode.WINDFALL:  # §9.1.3
        good = g.draw(1)
        if good:
            p.goods[world_id] = good[0]
            g.record("windfall", seat, (world_id,))
    g._push([Step.PAY, seat, 0], [Step.AFTER_PLACING, seat, "settle"])


def settle_bonus(g: RaceBase, p: Player) -> int:
    """§9.1.4: a player who chose Settle and placed a world draws 1, after paying (in a second
    Settle phase only the player who chose both Settle cards, §18)."""
    return 1 if g.has_bonus(p) else 0
