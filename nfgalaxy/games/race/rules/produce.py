"""Phase V, Produce (§11): production worlds without a good get one; windfall-production powers
and the Produce bonus put goods on empty windfall worlds; then the draw powers.

Goods placed by the bonus and by windfall powers count as produced in this phase (§11, the
reading the spec gives). Each Produce draw code is interpreted once, in ``DRAWS``; Mining
Conglomerate's comparison waits for the end of the phase (§19).

RvI and TGS (§B7): a windfall power with ``other_world`` never fills its own world (Universal
Symbionts); Damaged Alien Factory has no ordinary production (``Card.no_production``) and gets
its good only by its optional ``discard_to_produce`` power, offered in the same step as the
windfall powers and carried out as a discard of one hand card (``PRODUCE_DISCARD``). A power's
own world holding a good does not stop it (Interstellar Prospectors, R14).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.race.components import GoodsMode, Phase, Power
from nfgalaxy.games.race.rules.base import RaceBase
from nfgalaxy.games.race.rules.common import (
    BONUS,
    DISCARD,
    DONE,
    USE,
    WINDFALL,
    Step,
    split_key,
)
from nfgalaxy.games.race.state import Action, Player


def _put_good(g: RaceBase, p: Player, world_id: str) -> bool:
    good = g.draw(1)
    if not good:
        return False
    p.goods[world_id] = good[0]
    p.produced.append(world_id)
    g.record("windfall", p.seat, (world_id,))
    return True


def run_produce_start(g: RaceBase, _seat: int, _arg: Any, _d: Decision | None) -> None:
    """§11: every empty production world of every player receives a good, in player order."""
    steps = []
    for seat in g.order:
        p = g.players[seat]
        p.produced = []
        for world_id in p.tableau:
            card = g.cards[world_id]
            producing = card.goods_mode is GoodsMode.PRODUCTION and not card.no_production
            if producing and world_id not in p.goods:
                _put_good(g, p, world_id)
        steps.append([Step.WINDFALL, seat, 0])
    steps += [[Step.PRODUCE_DRAW, seat, 0] for seat in g.order]
    g._push(*steps)


def empty_windfalls(g: RaceBase, p: Player, key: str = "", power: Power | None = None) -> list[str]:
    """``p``'s windfall worlds without a good (of the power's kind, if it names one; not the
    power's own world with ``other_world``, §B7)."""
    kind = power.goods if power is not None else None
    own = split_key(key)[0] if power is not None and power.other_world else ""
    return [
        w
        for w in p.tableau
        if g.cards[w].goods_mode is GoodsMode.WINDFALL
        and w not in p.goods
        and kind in (None, g.cards[w].goods)
        and w != own
    ]


def discard_producers(g: RaceBase, p: Player) -> list[str]:
    """Keys of ``p``'s unused discard-to-produce powers that can be used: their world is empty
    and a hand card is there to discard (§B7)."""
    return [
        key
        for key, power in g.powers(p, Phase.PRODUCE)
        if power.code == "discard_to_produce"
        and key not in p.used
        and p.hand
        and split_key(key)[0] not in p.goods
    ]


def opt_windfall(g: RaceBase, seat: int, _arg: Any) -> list[Decision]:
    """Windfall-production powers (mandatory when possible), the optional Produce bonus, each
    on one empty windfall world, and the optional discard-to-produce powers, in the order the
    player likes."""
    p = g.players[seat]
    out: list[Decision] = []
    mandatory = False
    for key, power in g.powers(p, Phase.PRODUCE):
        if power.code != "windfall_produce" or key in p.used:
            continue
        for w in empty_windfalls(g, p, key, power):
            mandatory = mandatory or not power.optional
            label = (
                "" if g.quiet else f"{g.card_name(split_key(key)[0])}: a good on {g.card_name(w)}"
            )
            out.append(Decision(WINDFALL, (key, w), label))
    if p.chose(Action.PRODUCE) and BONUS not in p.used:
        for w in empty_windfalls(g, p):
            label = "" if g.quiet else f"Produce bonus: a good on {g.card_name(w)}"
            out.append(Decision(WINDFALL, (BONUS, w), label))
    for key in discard_producers(g, p):
        name = g.card_name(split_key(key)[0])
        label = "" if g.quiet else f"{name}: discard a hand card for a good on it"
        out.append(Decision(USE, (key,), label))
    if out and not mandatory:
        out.append(Decision(DONE, (), "" if g.quiet else "Produce nothing more"))
    return out


def run_windfall(g: RaceBase, seat: int, _arg: Any, d: Decision | None) -> None:
    if d is None or d.kind == DONE:
        return
    p = g.players[seat]
    g._push([Step.WINDFALL, seat, 0])
    if d.kind == USE:
        p.used.append(d.args[0])
        g._push([Step.PRODUCE_DISCARD, seat, d.args[0]])
        return
    key, world_id = d.args
    p.used.append(key)
    _put_good(g, p, world_id)


def opt_produce_discard(g: RaceBase, seat: int, _key: Any) -> list[Decision]:
    """The hand card to discard for the good (§B7); no choice when all are alike."""
    p = g.players[seat]
    if len(set(p.hand)) <= 1:
        return []
    return [
        Decision(DISCARD, (c,), "" if g.quiet else f"Discard {g.card_name(c)}")
        for c in sorted(set(p.hand))
    ]


def run_produce_discard(g: RaceBase, seat: int, key: Any, d: Decision | None) -> None:
    p = g.players[seat]
    card = d.args[0] if d is not None else p.hand[0]
    p.hand.remove(card)
    g.discard([card], p)
    _put_good(g, p, split_key(key)[0])


def _kinds_produced(g: RaceBase, p: Player) -> list[Any]:
    return [g.cards[w].goods for w in p.produced]


def _worlds_of(g: RaceBase, p: Player, power: Power) -> int:
    """Worlds of the power's kind in the tableau, production and windfall alike (§19)."""
    return sum(1 for w in p.tableau if g.cards[w].is_world and g.cards[w].goods is power.goods)


DRAWS: dict[str, Callable[[RaceBase, Player, str, Power], int]] = {
    "draw": lambda g, p, key, power: power.value,
    "draw_if_produced": lambda g, p, key, power: (
        power.value if split_key(key)[0] in p.produced else 0
    ),
    "draw_per_good_produced": lambda g, p, key, power: (
        power.value * _kinds_produced(g, p).count(power.goods)
    ),
    "draw_per_kind_produced": lambda g, p, key, power: (
        power.value * len(set(_kinds_produced(g, p)))
    ),
    "draw_per_world": lambda g, p, key, power: (
        power.value
        * sum(1 for w in p.tableau if g.cards[w].is_world and g.cards[w].goods is power.goods)
    ),
    "draw_per_card": lambda g, p, key, power: power.value * _counted_worlds(g, p, power),
}


def _counted_worlds(g: RaceBase, p: Player, power: Power) -> int:
    """The worlds a ``draw_per_card`` power counts (§B7): military worlds (Imperium Lords), or
    worlds with its keyword. Only worlds: Rebel Cantina's "per Rebel world" leaves out Rebel
    Alliance and Rebel Pact, developments (the reading of the plan; Uplift Code's chromosome
    cards are all worlds anyway)."""
    worlds = [g.cards[c] for c in p.tableau if g.cards[c].is_world]
    if power.military_worlds:
        return sum(1 for card in worlds if card.military)
    return sum(1 for card in worlds if power.keyword in card.keywords)


#: The Produce power codes read here (checked against the vocabulary).
HANDLED = frozenset(DRAWS) | {"windfall_produce", "draw_if_most_produced", "discard_to_produce"}


def run_produce_draw(g: RaceBase, seat: int, _arg: Any, _d: Decision | None) -> None:
    p = g.players[seat]
    for key, power in list(g.powers(p, Phase.PRODUCE)):
        if power.code in DRAWS:
            n = DRAWS[power.code](g, p, key, power)
            if n:
                g.draw_to_hand(p, n, split_key(key)[0])


def run_produce_end(g: RaceBase, _seat: int, _arg: Any, _d: Decision | None) -> None:
    """§19 (Mining Conglomerate): draw if you produced strictly more goods of the kind than
    every other player, checked at the end of the phase."""
    for seat in g.order:
        p = g.players[seat]
        for key, power in list(g.powers(p, Phase.PRODUCE)):
            if power.code != "draw_if_most_produced":
                continue
            mine = _kinds_produced(g, p).count(power.goods)
            others = [_kinds_produced(g, q).count(power.goods) for q in g.players if q is not p]
            if all(mine > n for n in others):
                g.draw_to_hand(p, power.value, split_key(key)[0])
