"""What a consume power or a sale would give, read with the engine's own functions.

The Consume phase is a list of powers to order (§10.2); a player choosing one wants to know
the VP and cards it brings before using it. Nothing here is a rule of its own: the number of
goods a power takes, the ×2 bonus (``vp_for``), the sale value with the Trade powers
(``sale_value``) are the engine's, asked the way ``rules/consume.py`` asks them when the power
is carried out; a test plays the options and compares.
"""

from __future__ import annotations

from dataclasses import dataclass

from nfgalaxy.games.race.rules import RaceGame
from nfgalaxy.games.race.rules.common import plural
from nfgalaxy.games.race.rules.consume import (
    TRADE,
    goods_of,
    goods_reward,
    goods_taken,
    hand_reward,
    sale_value,
    vp_for,
)
from nfgalaxy.games.race.state import Player


@dataclass(frozen=True)
class Yield:
    """What using a power takes and gives; ``vp``/``cards`` None when it depends on a choice
    still to come (then ``words`` says how)."""

    goods: int = 0
    vp: int | None = 0
    cards: int | None = 0
    words: str = ""

    def text(self) -> str:
        if self.words:
            return self.words
        took = f"{plural(self.goods, 'good')} → " if self.goods else ""
        gives = [f"{self.vp} VP"] if self.vp else []
        gives += [plural(self.cards or 0, "card")] if self.cards else []
        return took + (" + ".join(gives) if gives else "nothing")


def power_yield(state: RaceGame, p: Player, key: str) -> Yield:
    """What using the consume power ``key`` now gives ``p`` (``consume._start_goods`` and
    ``run_consume_good`` take and pay the same)."""
    power = state.power_of(key)
    code = power.code
    if code in ("discard_goods", "discard_goods_set", "discard_all_goods"):
        n = goods_taken(state, p, key, power)  # "up to N": once begun it takes all it can
        vp, cards = goods_reward(power, n)
        return Yield(n, vp_for(p, vp), cards)
    if code == "draw":
        return Yield(0, 0, power.value)
    if code == "gain_vp":
        return Yield(0, vp_for(p, power.value), 0)
    if code == "discard_hand":
        most = min(power.times, len(p.hand))
        never = " (VP never doubled)" if power.vp else ""
        return Yield(words=f"up to {plural(most, 'hand card')} → {hand_reward(power)} each{never}")
    if code == "sell":
        return Yield(words=f"sell 1 good → {_sale_range(state, p, power.trade_powers)}")
    if code == "gamble":
        return Yield(
            words=f"name 1–{power.value}: keep the top card if its cost or defence is that"
        )
    if code == "ante":
        return Yield(
            words=f"stake a hand card of cost or defence 1–{power.value}: reveal that many; "
            "a higher one keeps the stake and takes one of them, else the stake is lost"
        )
    return Yield(words=power.text)


def _sale_range(state: RaceGame, p: Player, trade_powers: bool) -> str:
    values = sorted({sale_value(state, p, w, trade_powers) for w in goods_of(state, p)})
    if not values:
        return "nothing (no good)"
    low, high = values[0], values[-1]
    return plural(low, "card") if low == high else f"{low}–{high} cards (by good)"


def sale_yield(state: RaceGame, p: Player, arg: str, world_id: str) -> int:
    """Cards for selling the good on ``world_id`` in the sale step ``arg`` (the Trade bonus or
    a sell power), as ``consume.run_sell`` counts them."""
    with_powers = arg == TRADE or state.power_of(arg).trade_powers
    return sale_value(state, p, world_id, with_powers)
