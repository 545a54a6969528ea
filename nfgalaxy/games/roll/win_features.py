"""What the search's win model looks at in a Roll for the Galaxy position (``core.win_model``).

The greedy value (``heuristics.value``) adds VP-equivalents with weights tuned for choosing an
assignment; the win model instead weighs plain counts of each player's empire by how well they
predicted who won games of greedy bots. Each count appears twice: as it is, and scaled by how
much of the game is left (``heuristics.future``), so a die may count for much early and
little at the end, while VP count for more as the end nears.

The dice are counted by where they are (the cup or the phase strip, working this round or
the next; the citizenry, a credit away from it) and by colour (a colour's faces favour the
phases its worlds need); construction by the tiles waiting and the cost of the two top ones,
which the next builders work on, and the dice already on them. A cost-6 development counts
apart from the others: its bonus grows with the empire.

The fit knows only 2-player games (the only count fitted), so the model is used there alone
(``applies``); the tile file may be a corrected one, which changes no count's meaning. ``hard``
measured weaker judged by it, and ``normal`` stronger judged by the learned value trained from
it (``heuristics.LEVEL_CHANGES``; the figures are at ``nfgalaxy.bots.levels.LEVELS``).
"""

from __future__ import annotations

from collections.abc import Sequence

from nfgalaxy.core.win_model import Features
from nfgalaxy.games.roll import powers as pw
from nfgalaxy.games.roll.components import Development
from nfgalaxy.games.roll.heuristics import future
from nfgalaxy.games.roll.rules import RollGame
from nfgalaxy.games.roll.scoring import score_player
from nfgalaxy.games.roll.state import COLOURS, STACKS

#: Counts of a player's empire, before the dice by colour.
COUNTS = (
    "vp",
    "chips",
    "credits",
    "goods",
    "developments",
    "six_cost",
    "worlds",
    "goods_worlds",
    "cup",
    "citizenry",
    "construction",
    "top_cost",
    "on_top",
)
BASE = COUNTS + tuple(f"dice_{colour}" for colour in COLOURS)
NAMES = BASE + tuple(f"{name}*left" for name in BASE)
#: The player counts the model was fitted for (see the module docstring).
FITTED_PLAYERS = (2,)


def features(state: RollGame, seat: int) -> Sequence[float]:
    """``NAMES``' values for ``seat``: ``BASE``, then ``BASE`` times the game left."""
    p = state.players[seat]
    tiles = state.tiles
    sides = [tiles.by_id[i] for i in p.tableau]
    developments = [s for s in sides if isinstance(s, Development)]
    tops = [tiles.by_id[p.stacks[kind][0]].cost for kind in STACKS if p.stacks[kind]]
    owned = p.dice_owned()
    base = [
        float(score_player(tiles, p).total),
        float(p.vp),
        float(p.credits),
        float(p.goods_count()),
        float(len(developments)),
        float(sum(1 for d in developments if d.cost == 6)),
        float(len(sides) - len(developments)),
        float(len(pw.goods_worlds(tiles, p))),
        float(sum(p.cup.values()) + len(p.workers) + len(p.dictated)),
        float(sum(p.citizenry.values())),
        float(p.construction_count() + len(p.drawn)),
        float(sum(tops)),
        float(sum(len(dice) for dice in p.stack_dice.values())),
        *(float(owned[colour]) for colour in COLOURS),
    ]
    left = future(state)
    return base + [x * left for x in base]


def applies(state: RollGame) -> bool:
    """Whether the model knows games like this one: the player counts it was fitted for."""
    return len(state.players) in FITTED_PLAYERS


#: The counts as a player says them (``nfgalaxy.bots.reasons``). The two tops' cost and the
#: dice on them go unnamed: more of either reads as neither ahead nor behind.
WORDS = (
    ("vp", "VP"),
    ("chips", "VP chips"),
    ("credits", "credits"),
    ("goods", "goods"),
    ("developments", "developments"),
    ("six_cost", "6-cost developments"),
    ("worlds", "worlds"),
    ("goods_worlds", "goods worlds"),
    ("cup", "dice in the cup"),
    ("citizenry", "dice in the citizenry"),
    ("construction", "tiles to build"),
    *((f"dice_{colour}", f"{colour} dice") for colour in COLOURS),
)

FEATURES = Features(NAMES, features, "nfgalaxy.games.roll", applies, words=WORDS)
