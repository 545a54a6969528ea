"""Phase III, Settle (§9, §B7): the ways a world may be placed, and placing it.

A world is placed in one of these ways (§9.1): paying its cost (non-military), conquering it
with Military at least its defense, paying for a military world with a pay-for-military power
(§9.4; Rebel Alliance only for Rebel military worlds, Rebel Cantina for the full defense, Rebel
Pact lowering every such payment, §B7), or conquering a non-military world by discarding
Imperium Cloaking Technology (its defense: its cost − 2, §B7). Everything a way spends is part
of it: cards discarded from the tableau (Colony Ship, New Military Tactics, Cloaking; §13.7)
and how many hand cards go to a ``discard_hand_military`` power (Space Mercenaries; the player
then chooses which, never the world being placed). So a way is offered only if it works, and a
world is offered for the secret choice only if some way works (§13.5). The way is chosen after
the reveal, in player order, so that a player knows whether the game will end before spending
such a card (§14, example B30).

New Military Tactics is a "may" power (§9.3) that asks for no conquest: it may be discarded with
any world placed, paid for too, its Military then unused (or kept for a second world). A card
gone from the tableau no longer counts towards the 12 that end the game (§13.7, §16), which is
why a player would; the reference engine offers it with every placement too.

Improved Logistics (§9.2, §B6.3): right after the first world is placed and paid for (its
draws included), its owner may place a second world from hand, openly, in player order. The
seeds say only "a second world after the first"; this is how the reference AI plays it (the
second world is chosen after the first is placed, not face down with it). Takeovers, which
replace placing a world, are in ``takeover.py``; Military in ``military.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.race.components import Card, GoodKind, GoodsMode, Phase, Power
from nfgalaxy.games.race.rules.base import RaceBase
from nfgalaxy.games.race.rules.common import (
    BY_CONQUEST,
    BY_PAYING,
    BY_PAYING_MILITARY,
    PASS,
    PLACE,
    SETTLE_BY,
    Step,
    split_key,
)
from nfgalaxy.games.race.rules.military import (
    boosts,
    cards_needed,
    discard_for_military,
    discard_from_tableau,
    discard_sets,
    hand_values,
    is_rebel_military,
    military,
    military_applies,
    reset_settle,
    use_hand_military,
)
from nfgalaxy.games.race.state import Player

__all__ = ["is_rebel_military", "military", "military_applies"]

#: The Settle power codes read here, in ``military.py`` and ``takeover.py`` (checked against
#: the vocabulary).
HANDLED = frozenset(
    {
        "reduce_cost",
        "military",
        "pay_for_military",
        "cost_to_zero",
        "draw_after_placing",
        "discard_hand_military",
        "pay_for_military_discount",
        "conquer_non_military",
        "takeover",
        "takeover_defense",
        "second_world",
    }
)


@dataclass(frozen=True)
class Way:
    """One way to place a world: how, the tableau cards discarded for it, the cards to pay,
    and the hand cards discarded for temporary Military."""

    mode: str
    spent: tuple[str, ...]
    cost: int
    hand: int = 0

    @property
    def args(self) -> tuple[Any, ...]:
        """The decision's arguments: the mode, the cards spent, then the number of hand cards
        for Military when there are any (an int, so older saves read the same)."""
        return (self.mode, *self.spent, *((self.hand,) if self.hand else ()))


def way_key(args: tuple[Any, ...]) -> tuple[str, tuple[str, ...], int]:
    """(mode, spent, hand) of a ``settle_by`` decision's arguments (``Way.args``)."""
    hand = args[-1] if args and isinstance(args[-1], int) else 0
    return str(args[0]), tuple(a for a in args[1:] if isinstance(a, str)), hand


def takeovers_on(g: RaceBase) -> bool:
    """§B6.1: whether this game allows takeovers; without them every takeover power is
    ignored and the cards' other powers work as printed (R10)."""
    return bool(g.options.get("takeovers"))


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
    matter, §9.5); a ``rebel`` pay-for-military power only Rebel military worlds (§B7)."""
    if power.not_alien and world.goods is GoodKind.ALIEN:
        return False
    return not power.rebel or is_rebel_military(world)


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
    tactics: list[tuple[str, ...]] = [()]  # revision 1: only a conquest discards for Military
    if g.revision() >= 2:
        tactics = [ids for ids, _ in discard_sets(boosts(g, p, world))]
    found: list[Way] = []

    def paid(mode: str, base: int) -> None:
        cost = max(0, base - cost_reduction(g, p, world))
        if any(not power.discard_self for _, power in zeroes):
            cost = 0
        for ids in tactics:
            if cost <= budget:
                found.append(Way(mode, ids, cost))
            if cost:
                for key, power in zeroes:
                    if power.discard_self:
                        found.append(Way(mode, (split_key(key)[0], *ids), 0))

    if not world.military:
        paid(BY_PAYING, world.cost or 0)
        cloaks = {
            split_key(key)[0]: power.value
            for key, power in settle
            if power.code == "conquer_non_military"
        }
        for card_id, value in cloaks.items():  # §B7: as if military, defense = cost − value
            _conquests(g, p, world, max(0, (world.cost or 0) - value), (card_id,), found)
        return found
    _conquests(g, p, world, world.defense or 0, (), found)
    discounts = [
        power.value
        for _, power in settle
        if power.code == "pay_for_military" and _allowed(power, world)
    ]
    if discounts:  # one way per world: with several such powers, the best discount
        extra = sum(power.value for _, power in settle if power.code == "pay_for_military_discount")
        paid(BY_PAYING_MILITARY, (world.defense or 0) - max(discounts) - extra)
    return found


def _conquests(
    g: RaceBase, p: Player, world: Card, defense: int, spent: tuple[str, ...], found: list[Way]
) -> None:
    """The ways to conquer ``world`` (§9.3): Military now (temporary Military gained earlier
    in the phase included), with any set of cards discarded for Military (New Military
    Tactics), and the fewest hand cards that then make up the rest (discarding more would only
    waste what may still serve later in the phase: a second world, a takeover's defence)."""
    strength = military(g, p, world) + p.military_temp
    values = hand_values(g, p, len(p.hand) - 1)
    for ids, gain in discard_sets(boosts(g, p, world)):
        n = cards_needed(values, defense - strength - gain)
        if n is not None:
            found.append(Way(BY_CONQUEST, spent + ids, 0, n))


def conquest_words(g: RaceBase, p: Player, world_id: str, way: Way) -> str:
    """A conquest's Military against what it needs (§9.3): ``p``'s Military now (temporary
    Military gained earlier in the phase included) and the defense, or for a non-military
    world conquered by discarding a card (Imperium Cloaking Technology, §B7) its cost less
    that card's reduction."""
    world = g.cards[world_id]
    defense = world.defense or 0
    if not world.military:
        cloak = next(
            power.value
            for key, power in g.powers(p, Phase.SETTLE)
            if power.code == "conquer_non_military" and split_key(key)[0] in way.spent
        )
        defense = max(0, (world.cost or 0) - cloak)
    return f"military {military(g, p, world) + p.military_temp} vs {defense} needed"


def way_words(g: RaceBase, p: Player, world_id: str, way: Way, named: bool = False) -> str:
    """What a way of placing a world takes, in a few words ("conquer: military 3 vs 4
    needed", "pay 2, discarding Colony Ship"), for the placement choice and the hand, as a
    development's price is; ``named``: as its own decision ("Conquer Rebel Outpost (military
    3 vs 5 needed), discarding …", "Pay 2 for Comet Zone")."""
    name = g.card_name(world_id)
    if way.mode == BY_CONQUEST:
        strength = conquest_words(g, p, world_id, way)
        head = f"Conquer {name} ({strength})" if named else f"conquer: {strength}"
    elif way.mode == BY_PAYING_MILITARY:
        head = f"pay {way.cost} instead of conquering"
        head = f"Pay {way.cost} for {name} instead of conquering it" if named else head
    else:
        head = f"Pay {way.cost} for {name}" if named else f"pay {way.cost}"
    return head + spent_words(g, p, world_id, way)


def spent_words(g: RaceBase, p: Player, world_id: str, way: Way) -> str:
    """What else a way spends: the tableau cards discarded (with the Military each gives) and
    the hand cards discarded for Military; '' for nothing."""
    gains = dict(boosts(g, p, g.cards[world_id]))
    names = [
        g.card_name(card_id) + (f" (+{gains[card_id]} Military)" if card_id in gains else "")
        for card_id in way.spent
    ]
    words = f", discarding {' and '.join(names)}" if names else ""
    if way.hand:
        words += f", discarding {way.hand} hand card{'s' * (way.hand != 1)} for Military"
    return words


def settle_words(g: RaceBase, p: Player, world_id: str) -> str:
    """The ways ``p`` can place this world now, in words, joined by "or": each in its
    simplest form (a way that spends more than another of the same mode and cost, only to keep
    a choice open, is chosen after the reveal and not named here)."""
    found = ways(g, p, world_id)
    simplest = [
        way
        for way in found
        if not any(
            other.mode == way.mode
            and other.cost <= way.cost
            and other.hand <= way.hand
            and set(other.spent) < set(way.spent)
            for other in found
        )
    ]
    return " or ".join(dict.fromkeys(way_words(g, p, world_id, way) for way in simplest))


def way_decision(g: RaceBase, p: Player, world_id: str, way: Way) -> Decision:
    label = "" if g.quiet else way_words(g, p, world_id, way, named=True)
    return Decision(SETTLE_BY, way.args, label)


def opt_settle_place(g: RaceBase, seat: int, world_id: Any) -> list[Decision]:
    """After the reveal: how to place the world revealed (a way that works, §9.1)."""
    p = g.players[seat]
    return [way_decision(g, p, world_id, w) for w in ways(g, p, world_id)]


def run_settle_place(g: RaceBase, seat: int, world_id: Any, d: Decision | None) -> None:
    p = g.players[seat]
    assert d is not None, "a revealed world always has a way to be placed (§13.5)"
    key = way_key(d.args)
    way = next(w for w in ways(g, p, world_id) if (w.mode, w.spent, w.hand) == key)
    for card_id in way.spent:  # §13.7: gone from the tableau, it counts for nothing
        if any(c == card_id for c, _ in boosts(g, p, g.cards[world_id])):
            discard_for_military(g, p, card_id)
        else:
            discard_from_tableau(g, p, card_id)
    p.hand.remove(world_id)
    p.placing = ""  # revealed and placed: no longer a face-down choice
    p.tableau.append(world_id)
    p.fresh.append(world_id)
    p.settled += 1
    g.record("place", seat, (world_id, way.mode), (way.cost,))
    pay: list[Any] = [Step.PAY, seat, 0]
    if way.hand:  # §B7: the player then picks the cards, one at a time
        gained = use_hand_military(g, p, way.hand)
        g.record("hand_military", seat, (), (way.hand, gained))
        pay = [Step.PAY, seat, "military"]
    p.owed = way.hand or way.cost
    if g.cards[world_id].goods_mode is GoodsMode.WINDFALL:  # §9.1.3
        good = g.draw(1)
        if good:
            p.goods[world_id] = good[0]
            g.record("windfall", seat, (world_id,))
    steps = [pay, [Step.AFTER_PLACING, seat, "settle"]]
    if p.settled == 1 and has_second_world(g, p):
        steps.append([Step.SECOND_WORLD, seat, 0])
    g._push(*steps)


def has_second_world(g: RaceBase, p: Player) -> bool:
    """Whether ``p`` has a working power to place a second world (Improved Logistics)."""
    return any(power.code == "second_world" for _, power in g.powers(p, Phase.SETTLE))


def opt_second_world(g: RaceBase, seat: int, _arg: Any) -> list[Decision]:
    """Improved Logistics (§9.2, §B6.3): after the first world, a second from hand, or none."""
    p = g.players[seat]
    worlds = [c for c in sorted(set(p.hand)) if ways(g, p, c)]
    if not worlds:
        return []
    quiet = g.quiet
    return [
        Decision(PASS, (), "" if quiet else "Place no second world"),
        *(
            Decision(
                PLACE,
                (c,),
                ""
                if quiet
                else f"Settle {g.card_name(c)} as a second world ({settle_words(g, p, c)})",
            )
            for c in worlds
        ),
    ]


def run_second_world(g: RaceBase, seat: int, _arg: Any, d: Decision | None) -> None:
    if d is not None and d.kind == PLACE:
        g._push([Step.SETTLE_PLACE, seat, d.args[0]])


def run_settle_start(g: RaceBase, _seat: int, _arg: Any, _d: Decision | None) -> None:
    """A Settle phase begins: no world placed, no temporary Military yet; with takeovers on,
    each tableau is noted as it is now, for vulnerability and takeover bonuses (§B6.3)."""
    keep = takeovers_on(g)
    for p in g.players:
        reset_settle(p)
        if keep:
            p.settle_start = list(p.tableau)


def settle_bonus(g: RaceBase, p: Player) -> int:
    """§9.1.4: a player who chose Settle and placed a world draws 1, after paying (in a second
    Settle phase only the player who chose both Settle cards, §18); once per phase, for the
    first world placed (a second one, or a takeover after a world, draws no more)."""
    return 1 if p.settled <= 1 and g.has_bonus(p) else 0
