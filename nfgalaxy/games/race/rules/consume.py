"""Phase IV, Consume (§10): the Trade bonus, then consume powers in the order each player
chooses, with double VP for the ×2 chooser.

Each consume power code is interpreted here once: ``USABLE`` says when a power can be used,
``START`` what using it does (the RvI ante, §B7, has a module of its own: ``ante.py``). Powers
are mandatory unless optional (§13.4), so a player may stop only when no mandatory power can be
used (§10.2). A power that takes goods takes them one good
at a time (``CONSUME_GOOD``); an "up to N" power, once begun, takes as many as it can (§10.2),
and the player chooses which goods only when there are more than it takes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.race.components import GoodKind, Keyword, Phase, Power
from nfgalaxy.games.race.rules.ante import can_ante, start_ante
from nfgalaxy.games.race.rules.base import RaceBase
from nfgalaxy.games.race.rules.common import (
    DISCARD,
    DONE,
    GOOD,
    NAME,
    SELL,
    STOP,
    USE,
    Step,
    plural,
    split_key,
)
from nfgalaxy.games.race.state import Action, Player

TRADE = "trade"  # the argument of a SELL step for the Trade bonus (§10.1)
#: The Trade (⇄) power codes ``sale_value`` reads (checked against the vocabulary).
TRADE_HANDLED = frozenset({"sell_bonus"})


def goods_of(g: RaceBase, p: Player, kind: GoodKind | None = None) -> list[str]:
    """``p``'s worlds holding a good (of ``kind``, if given), in tableau order."""
    return [w for w in p.tableau if w in p.goods and kind in (None, g.cards[w].goods)]


def good_kind(g: RaceBase, world_id: str) -> GoodKind:
    kind = g.cards[world_id].goods
    assert kind is not None, "only goods worlds hold goods"
    return kind


# --------------------------------------------------------------------------- selling (§10.1)


def sale_value(g: RaceBase, p: Player, world_id: str, trade_powers: bool = True) -> int:
    """Cards for selling the good on ``world_id``: its kind's trade value, plus every Trade
    power that applies (any good, its kind, or this world's good) when they count."""
    kind = good_kind(g, world_id)
    value = kind.trade_value
    if trade_powers:
        for key, power in g.powers(p, Phase.TRADE):
            if power.this_world:
                value += power.value if split_key(key)[0] == world_id else 0
            elif power.goods in (None, kind):
                value += power.value * keyword_count(g, p, power.keyword)
    return value


def keyword_count(g: RaceBase, p: Player, keyword: Keyword | None) -> int:
    """How many times a Trade power with ``keyword`` counts: once per card of ``p``'s tableau
    with that keyword (Clandestine Uplift Lab, counting itself), or once without one."""
    if keyword is None:
        return 1
    return sum(1 for c in p.tableau if keyword in g.cards[c].keywords)


def opt_sell(g: RaceBase, seat: int, _arg: Any) -> list[Decision]:
    """The good to sell: the Trade chooser must sell one if they have one (App. A.3)."""
    p = g.players[seat]
    return [
        Decision(SELL, (w,), "" if g.quiet else f"Sell the good on {g.card_name(w)}")
        for w in goods_of(g, p)
    ]


def run_sell(g: RaceBase, seat: int, arg: Any, d: Decision | None) -> None:
    p = g.players[seat]
    if d is None:
        return  # no good to sell
    world_id = d.args[0]
    with_powers = arg == TRADE or g.power_of(arg).trade_powers
    cards = sale_value(g, p, world_id, with_powers)
    g.discard([p.goods.pop(world_id)])
    g.record("sell", seat, (world_id,), (cards,))
    g.draw_to_hand(p, cards, "Trade" if arg == TRADE else split_key(arg)[0])


def run_consume_start(g: RaceBase, _seat: int, _arg: Any, _d: Decision | None) -> None:
    steps = []
    for seat in g.order:
        if g.players[seat].chose(Action.TRADE):
            steps.append([Step.SELL, seat, TRADE])
        steps.append([Step.CONSUME, seat, 0])
    g._push(*steps)


# --------------------------------------------------------------------------- consume powers


def power_goods(g: RaceBase, p: Player, key: str, power: Power) -> list[str]:
    """The worlds whose good a goods power may take: of its kind, and only its own world with
    ``this_world`` (Alien Toy Shop, §B7)."""
    found = goods_of(g, p, power.goods)
    if power.this_world:
        found = [w for w in found if w == split_key(key)[0]]
    return found


def goods_taken(g: RaceBase, p: Player, key: str, power: Power) -> int:
    """How many goods using the power now takes: all of them (§19), as many as an "up to"
    power can (§10.2; with ``different_kinds`` one per kind, §B7), or its exact set."""
    if power.code == "discard_all_goods":
        return len(p.goods)
    if power.code == "discard_goods":
        found = power_goods(g, p, key, power)
        kinds = {good_kind(g, w) for w in found} if power.different_kinds else found
        return min(power.times, len(kinds))
    return power.times


def _set_possible(g: RaceBase, p: Player, key: str, power: Power) -> bool:
    if power.different_kinds:
        return len({good_kind(g, w) for w in goods_of(g, p)}) >= power.times
    return len(goods_of(g, p, power.goods)) >= power.times


USABLE: dict[str, Callable[[RaceBase, Player, str, Power], bool]] = {
    "discard_goods": lambda g, p, key, power: bool(power_goods(g, p, key, power)),
    "discard_goods_set": _set_possible,
    # A lone good too, for 0 VP: goods must be consumed where a power can (§10.2, seed 004);
    # revision 1 asked for two.
    "discard_all_goods": lambda g, p, key, power: len(p.goods) >= (1 if g.revision() >= 2 else 2),
    "discard_hand": lambda g, p, key, power: bool(p.hand),
    "draw": lambda g, p, key, power: True,
    "sell": lambda g, p, key, power: bool(p.goods),
    "gamble": lambda g, p, key, power: bool(g.deck or g.discards),
    "gain_vp": lambda g, p, key, power: True,
    "ante": lambda g, p, key, power: can_ante(g, p, power),
}


def usable(g: RaceBase, p: Player) -> list[tuple[str, Power]]:
    """``p``'s consume powers not yet used this phase that can be used now."""
    return [
        (key, power)
        for key, power in g.powers(p, Phase.CONSUME)
        if key not in p.used and USABLE[power.code](g, p, key, power)
    ]


def opt_consume(g: RaceBase, seat: int, _arg: Any) -> list[Decision]:
    """The next consume power to use; stopping only when no mandatory one can be (§10.2)."""
    p = g.players[seat]
    found = usable(g, p)
    out = [
        Decision(
            USE, (key,), "" if g.quiet else f"Use {g.card_name(split_key(key)[0])}: {power.text}"
        )
        for key, power in found
    ]
    if out and all(power.optional for _, power in found):
        out.append(Decision(DONE, (), "" if g.quiet else "Consume nothing more"))
    return out


def run_consume(g: RaceBase, seat: int, _arg: Any, d: Decision | None) -> None:
    if d is None or d.kind == DONE:
        return
    p = g.players[seat]
    key = d.args[0]
    power = g.power_of(key)
    p.used.append(key)
    g._push([Step.CONSUME, seat, 0])
    START[power.code](g, p, key, power)


def vp_for(p: Player, vp: int) -> int:
    """§10.3: the ×2 chooser gains double VP from consume powers."""
    return vp * 2 if p.chose(Action.CONSUME_X2) else vp


def _start_goods(g: RaceBase, p: Player, key: str, power: Power) -> None:
    p.consuming = {"power": key, "left": goods_taken(g, p, key, power), "taken": []}
    g._push([Step.CONSUME_GOOD, p.seat, 0])


def goods_reward(power: Power, n: int) -> tuple[int, int]:
    """VP (before the ×2 bonus) and cards for ``n`` goods taken by a goods power: per good for
    an "up to" power, their number minus 1 for all goods (§19), once for a set (§10.2)."""
    if power.code == "discard_goods":
        return power.vp * n, power.cards * n
    if power.code == "discard_all_goods":
        return max(0, n - 1), 0
    return power.vp, power.cards


def good_candidates(g: RaceBase, p: Player) -> list[str]:
    """The worlds whose good the power being used may take next."""
    key = p.consuming["power"]
    power = g.power_of(key)
    taken = p.consuming["taken"]
    found = power_goods(g, p, key, power)
    if power.different_kinds:
        found = [w for w in found if good_kind(g, w).value not in taken]
    return found


def opt_consume_good(g: RaceBase, seat: int, _arg: Any) -> list[Decision]:
    p = g.players[seat]
    found = good_candidates(g, p)
    if len(found) <= p.consuming["left"]:
        return []  # every candidate is taken: nothing to choose
    return [
        Decision(GOOD, (w,), "" if g.quiet else f"Consume the good on {g.card_name(w)}")
        for w in found
    ]


def run_consume_good(g: RaceBase, seat: int, _arg: Any, d: Decision | None) -> None:
    p = g.players[seat]
    worlds = good_candidates(g, p)[: p.consuming["left"]] if d is None else [d.args[0]]
    for world_id in worlds:
        p.consuming["taken"].append(good_kind(g, world_id).value)
        g.discard([p.goods.pop(world_id)])
        p.consuming["left"] -= 1
    if p.consuming["left"] > 0:
        g._push([Step.CONSUME_GOOD, seat, 0])
        return
    card_id = split_key(p.consuming["power"])[0]
    power = g.power_of(p.consuming["power"])
    n = len(p.consuming["taken"])
    vp, cards = goods_reward(power, n)
    vp = vp_for(p, vp)
    g.award_vp(p, vp)
    g.record("consume", seat, (card_id,), (n, vp, cards))
    if cards:
        g.draw_to_hand(p, cards, card_id)
    p.consuming = {}


def _start_hand(g: RaceBase, p: Player, key: str, power: Power) -> None:
    p.consuming = {"power": key, "left": power.times, "taken": []}
    g._push([Step.CONSUME_HAND, p.seat, 0])


def hand_reward(power: Power, n: int = 1) -> str:
    """What ``n`` hand cards discarded to a ``discard_hand`` power give, in words: VP (never
    doubled, §10.3) and/or cards (R&D Crash Program, §B7)."""
    parts = [f"{power.vp * n} VP"] if power.vp or not power.cards else []
    if power.cards:
        parts.append(plural(power.cards * n, "card"))
    return " + ".join(parts)


def opt_consume_hand(g: RaceBase, seat: int, _arg: Any) -> list[Decision]:
    """§10.2: hand cards for VP (or cards) are optional and may be used in part."""
    p = g.players[seat]
    if p.consuming["left"] <= 0 or not p.hand:
        return []
    reward = "" if g.quiet else hand_reward(g.power_of(p.consuming["power"]))
    out = [Decision(STOP, (), "" if g.quiet else "Discard no more")]
    return out + [
        Decision(DISCARD, (c,), "" if g.quiet else f"Discard {g.card_name(c)} for {reward}")
        for c in sorted(set(p.hand))
    ]


def run_consume_hand(g: RaceBase, seat: int, _arg: Any, d: Decision | None) -> None:
    p = g.players[seat]
    if d is not None and d.kind == DISCARD:
        p.hand.remove(d.args[0])
        g.discard(d.args, p)
        p.consuming["taken"].append("card")  # face down: only the count is known
        p.consuming["left"] -= 1
        g._push([Step.CONSUME_HAND, seat, 0])
        return
    card_id = split_key(p.consuming["power"])[0]
    power = g.power_of(p.consuming["power"])
    n = len(p.consuming["taken"])
    vp, cards = power.vp * n, power.cards * n  # §10.3: never doubled
    g.award_vp(p, vp)
    g.record("consume_hand", seat, (card_id,), (n, vp, cards))
    p.consuming = {}
    if cards:
        g.draw_to_hand(p, cards, card_id)


def _start_gain(g: RaceBase, p: Player, key: str, power: Power) -> None:
    """Galactic Salon (§B7): VP for nothing, doubled by the ×2 bonus like any consume VP."""
    vp = vp_for(p, power.value)
    g.award_vp(p, vp)
    g.record("consume", p.seat, (split_key(key)[0],), (0, vp, 0))


def _start_draw(g: RaceBase, p: Player, key: str, power: Power) -> None:
    g.draw_to_hand(p, power.value, split_key(key)[0])


def _start_sell(g: RaceBase, p: Player, key: str, power: Power) -> None:
    g._push([Step.SELL, p.seat, key])


def _start_gamble(g: RaceBase, p: Player, key: str, power: Power) -> None:
    g._push([Step.GAMBLE, p.seat, key])


def opt_gamble(g: RaceBase, seat: int, key: Any) -> list[Decision]:
    """§10.2 (Gambling World): name a number from 1 to the power's value."""
    top = g.power_of(key).value
    return [Decision(NAME, (n,), "" if g.quiet else f"Name {n}") for n in range(1, top + 1)]


def run_gamble(g: RaceBase, seat: int, key: Any, d: Decision | None) -> None:
    """The top card is revealed: kept if its cost or defense is the number named."""
    p = g.players[seat]
    assert d is not None
    named = d.args[0]
    revealed = g.draw(1)
    if not revealed:
        return
    card_id = revealed[0]
    lucky = g.cards[card_id].placement_cost == named
    if lucky:
        p.hand.append(card_id)
    else:
        g.discard_public([card_id])
    g.record("gamble", seat, (card_id, split_key(key)[0]), (named, int(lucky)))


START: dict[str, Callable[[RaceBase, Player, str, Power], None]] = {
    "discard_goods": _start_goods,
    "discard_goods_set": _start_goods,
    "discard_all_goods": _start_goods,
    "discard_hand": _start_hand,
    "draw": _start_draw,
    "sell": _start_sell,
    "gamble": _start_gamble,
    "gain_vp": _start_gain,
    "ante": start_ante,
}
