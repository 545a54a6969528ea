"""Phase V, Produce (§11): production worlds without a good get one; windfall-production powers
and the Produce bonus put goods on empty windfall worlds; then the draw powers.

Goods placed by the bonus and by windfall powers count as produced in this phase (§11, the
reading the spec gives). Each Produce draw code is interpreted once, in ``DRAWS``; Mining
Conglomerate's comparison waits for the end of the phase (§19).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.race.components import GoodsMode, Phase, Power
from nfgalaxy.games.race.rules.base import RaceBase
from nfgalaxy.games.race.rules.common import BONUS, DONE, WINDFALL, Step, split_key
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
            if g.cards[world_id].goods_mode is GoodsMode.PRODUCTION and world_id not in p.goods:
                _put_good(g, p, world_id)
        steps.append([Step.WINDFALL, seat, 0])
    steps += [[Step.PRODUCE_DRAW, seat, 0] for seat in g.order]
    g._push(*steps)


def empty_windfalls(g: RaceBase, p: Player, power: Power | None = None) -> list[str]:
    """``p``'s windfall worlds without a good (of the power's kind, if it names one)."""
    kind = power.goods if power is not None else None
    return [
        w
        for w in p.tableau
        if g.cards[w].goods_mode is GoodsMode.WINDFALL
        and w not in p.goods
        and kind in (None, g.cards[w].goods)
    ]


def opt_windfall(g: RaceBase, seat: int, _arg: Any) -> list[Decision]:
    """Windfall-production powers (mandatory when possible) and the optional Produce bonus,
    each on one empty windfall world, in the order the player likes."""
    p = g.players[seat]
    out: list[Decision] = []
    mandatory = False
    for key, power in g.powers(p, Phase.PRODUCE):
        if power.code != "windfall_produce" or key in p.used:
            continue
        for w in empty_windfalls(g, p, power):
            mandatory = mandatory or not power.optional
            label = (
                "" if g.quiet else f"{g.card_name(split_key(key)[0])}: a good on {g.card_name(w)}"
            )
            out.append(Decision(WINDFALL, (key, w), label))
    if p.chose(Action.PRODUCE) and BONUS not in p.used:
        for w in empty_windfalls(g, p):
            label = "" if g.quiet else f"Produce bonus: a good on {g.card_name(w)}"
            out.append(Decision(WINDFALL, (BONUS, w), label))
    if out and not mandatory:
        out.append(Decision(DONE, (), "" if g.quiet else "Produce nothing more"))
    return out


def run_windfall(g: RaceBase, seat: int, _arg: Any, d: Decision | None) -> None:
    if d is None or d.kind == DONE:
        return
    p = g.players[seat]
    key, world_id = d.args
    p.used.append(key)
    _put_good(g, p, world_id)
    g._push([Step.WINDFALL, seat, 0])


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
}


#: The Produce power codes read here (checked against the vocabulary).
HANDLED = frozenset(DRAWS) | {"windfall_produce", "draw_if_most_produced"}


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
