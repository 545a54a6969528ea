"""What the search's win model looks at in a New Frontiers position (``core.win_model``).

The greedy value (``heuristics.value``) adds VP-equivalents with weights tuned by playing
greedy against random bots; the win model instead weighs plain counts of each player's empire
by how well they predicted who won games of greedy bots. Each count appears twice: as it is,
and scaled by how much of the game is left (``heuristics.game_left``), so a production colony
may count for much early and little at the end, while VP count for more as the end nears.

The means are counted apart from what they buy (credits, colonists, explored worlds and the
VP printed on them), goods by how many and by what they sell for (a kind's price rises with
it), and the engine by its parts: production and windfall colonies, military, consume
abilities and the other abilities, and the 9-cost developments, whose "?" bonus grows with
the empire.

Goals are not counted: the games the model was fitted on had none, and it is used only
without them and at the player counts fitted (``applies``).
"""

from __future__ import annotations

from collections.abc import Sequence

from nfgalaxy.core.win_model import Features
from nfgalaxy.games.new_frontiers import abilities as ab
from nfgalaxy.games.new_frontiers.components import GoodsType, Phase
from nfgalaxy.games.new_frontiers.heuristics import game_left
from nfgalaxy.games.new_frontiers.rules import NewFrontiers
from nfgalaxy.games.new_frontiers.scoring import score_player

BASE = (
    "vp",
    "chips",
    "credits",
    "colonists",
    "goods",
    "goods_price",
    "colonies",
    "developments",
    "nine_cost",
    "explored",
    "explored_vp",
    "military",
    "production",
    "windfall",
    "consume",
    "other_abilities",
)
NAMES = BASE + tuple(f"{name}*left" for name in BASE)
#: The player counts the model was fitted for (see the module docstring).
FITTED_PLAYERS = (2,)
#: A "?" world's VP as ``heuristics.value`` reckons it.
UNPRINTED_VP = 2
#: The phases of the abilities counted as ``other_abilities``.
OTHER_PHASES = (Phase.DEVELOP, Phase.EXPLORE, Phase.PRODUCE, Phase.TRADE)


def features(state: NewFrontiers, seat: int) -> Sequence[float]:
    """``NAMES``' values for ``seat``: ``BASE``, then ``BASE`` times the game left."""
    p = state.players[seat]
    tiles = state.tiles
    goods = [tiles.world(c).goods for c in p.colonies]
    explored = [tiles.world(w) for w in p.explored]
    base = [
        float(score_player(tiles, p, state._goals_in_play()).total),
        float(p.vp),
        float(p.credits),
        float(p.colonists),
        float(len(p.goods)),
        float(sum(kind + 1 for kind in p.goods.values())),
        float(len(p.colonies)),
        float(len(p.developments)),
        float(sum(1 for d in p.developments if tiles.developments[d].large)),
        float(len(explored)),
        float(sum(UNPRINTED_VP if w.vp is None else w.vp for w in explored)),
        float(ab.base_military(p.abilities(tiles, Phase.SETTLE))),
        float(goods.count(GoodsType.PRODUCTION)),
        float(goods.count(GoodsType.WINDFALL)),
        float(len(p.abilities(tiles, Phase.CONSUME))),
        float(sum(len(p.abilities(tiles, phase)) for phase in OTHER_PHASES)),
    ]
    left = game_left(state)
    return base + [x * left for x in base]


def applies(state: NewFrontiers) -> bool:
    """Whether the model knows games like this one: without goals, at a player count fitted."""
    return not state.options["goals"] and len(state.players) in FITTED_PLAYERS


#: The counts as a player says them (``nfgalaxy.bots.reasons``).
WORDS = (
    ("vp", "VP"),
    ("chips", "VP chips"),
    ("credits", "credits"),
    ("colonists", "colonists"),
    ("goods", "goods"),
    ("goods_price", "the goods' price"),
    ("colonies", "colonies"),
    ("developments", "developments"),
    ("nine_cost", "9-cost developments"),
    ("explored", "explored worlds"),
    ("explored_vp", "explored worlds' VP"),
    ("military", "military"),
    ("production", "production colonies"),
    ("windfall", "windfall colonies"),
    ("consume", "consume abilities"),
    ("other_abilities", "other abilities"),
)

FEATURES = Features(NAMES, features, "nfgalaxy.games.new_frontiers", applies, words=WORDS)
