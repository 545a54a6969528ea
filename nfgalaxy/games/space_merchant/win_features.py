"""What Space Merchant's win model and learned value look at in a position (``core.win_model``,
``nfgalaxy.bots.value_net``).

Without a model the search judges a position by the margin of the greedy value
(``heuristics.position_value``: holdings and a share of the best trade ahead, in dollars)
through a logistic curve of fixed width. That says who is ahead but not what a lead is worth,
and the race ends at a fixed net worth: a $300 lead at $600 is a few trades, at $1,800 it is
nearly the game. These features are that value, its square and where the seat plays in the
round, each as it is and times how much of the race is left (``race_left``): the value keeps
the greedy bot's meaning, and a fit only weighs what it is worth in chances to win.

Why not plainer counts, as Race's model has: a model of net worth, cargo, the trade ahead, the
ship, deeds and markets known apart predicted held-out games well (log-loss 0.506 against
0.636 for the value margin), but its weights said what goes with winning among greedy bots, not
what a decision changes: greedy bots buy deeds when rich, so a deed weighed like $500, and the
search bought one with its last $40 and then had no money to trade with (commit 3985d81).

Every search level still judges by the margin (``heuristics.LEVEL_CHANGES``): the levels' figures
were measured so, and ``nfgalaxy.bots.levels`` has what each model did.
"""

from __future__ import annotations

from collections.abc import Sequence

from nfgalaxy.core.win_model import Features
from nfgalaxy.games.space_merchant.heuristics import position_value
from nfgalaxy.games.space_merchant.rules.base import MerchantBase

#: Dollars are counted in hundreds: the counts then have spreads of a few units.
HUNDRED = 100.0
#: Each merchant's counts, in this order (``features``).
BASE = ("value", "value^2", "order")
#: The counts as they are, then times the race left.
NAMES = BASE + tuple(f"{name}*left" for name in BASE)
#: The race's target and the player counts of the games the models were fitted on, all with
#: an unlimited bank (see ``applies``).
FITTED_VICTORY = 2000
FITTED_PLAYERS = (2,)


def race_left(g: MerchantBase) -> float:
    """How much of the race to the target net worth is left: 1 at the start, 0 once the
    richest merchant has reached it (the game ends at the end of that merchant's turn)."""
    target = int(g.options["victory"])
    richest = max(g.net_worth(p) for p in g.players)
    return max(0.0, 1.0 - richest / target)


def features(g: MerchantBase, seat: int) -> Sequence[float]:
    """``NAMES``' values for ``seat``: its position's value (``heuristics.position_value``:
    holdings and a share of the trade ahead, in hundreds of dollars) and its square, and where
    it plays in the round (0 first, 1 last); then each times the race left."""
    value = position_value(g, seat) / HUNDRED
    place = g.order.index(seat) / (len(g.order) - 1) if len(g.order) > 1 else 0.0
    counts = [value, value * value, place]
    left = race_left(g)
    return counts + [x * left for x in counts]


def applies(g: MerchantBase) -> bool:
    """Whether the models know games like this one: the target of $2,000, an unlimited bank
    and a player count fitted, as in the games they were fitted on (any board)."""
    return (
        g.options.get("victory") == FITTED_VICTORY
        and g.options.get("bank") is None
        and len(g.players) in FITTED_PLAYERS
    )


#: The value as a player says it (``nfgalaxy.bots.reasons``); the place in the round is no
#: reason a player acts on.
WORDS = (("value", "wealth and the trade ahead"), ("value^2", "wealth and the trade ahead"))

FEATURES = Features(NAMES, features, "nfgalaxy.games.space_merchant", applies, words=WORDS)
