"""What the bots' model of the others' action cards looks at in Race (``core.choice_model``).

Each round every player chooses an action card in secret (two in the advanced 2-player game),
and the round is played by the phases chosen. A player's choice follows from what they can do
with each phase: the worlds in hand they can pay for or conquer call for Settle, the
developments they can pay for for Develop, goods on worlds with consume powers for Consume,
empty production worlds for Produce, a thin hand for Explore; and from the race: how far the
game has left to run, and where the others stand (a player far behind may gamble on a phase
the others will not call). So the model reads the chooser's position as the win model counts
it (``win_features``), the best other seat's counts beside it, and what the hand can do now.

A sampled world's hands are re-dealt from the cards the searching seat cannot see, so in the
search these counts are those of the world's hand: the model guesses what a player holding it
would choose, which is what the search needs of each world.
"""

from __future__ import annotations

from collections.abc import Sequence

from nfgalaxy.core.choice_model import ChoiceFeatures
from nfgalaxy.games.race.components import GoodsMode, Phase
from nfgalaxy.games.race.heuristics import game_left
from nfgalaxy.games.race.rules.base import RaceBase
from nfgalaxy.games.race.rules.common import ACTION
from nfgalaxy.games.race.rules.rounds import tableau_end
from nfgalaxy.games.race.rules.view import choose_actions_again
from nfgalaxy.games.race.scoring import total_military
from nfgalaxy.games.race.win_features import BASE, applies, counts

#: What the hand can do this round.
HAND = (
    "settle_paid",  # non-military worlds in hand it can pay for (cost at most the hand less 1)
    "settle_conquered",  # military worlds in hand its military conquers
    "develop_paid",  # developments in hand it can pay for
    "six_cost_in_hand",  # 6-cost developments in hand
    "goods_to_consume",  # goods on its worlds, with a consume power to spend them on
    "empty_production",  # production worlds without a good (Produce fills them)
    "tableau_left",  # cards it may still place before its tableau ends the game (§16)
)
NAMES = ("game_left", *BASE, *(f"best_other_{name}" for name in BASE), *HAND)


def features(state: RaceBase, seat: int) -> Sequence[float]:
    """``NAMES``' values for ``seat`` choosing its action card in ``state``."""
    others = [counts(state, s) for s in range(len(state.players)) if s != seat]
    best = [max(values) for values in zip(*others, strict=True)]
    return [game_left(state), *counts(state, seat), *best, *_hand(state, seat)]


def _hand(state: RaceBase, seat: int) -> list[float]:
    p = state.players[seat]
    cards = state.cards
    hand = [cards[c] for c in p.hand]
    pay = len(hand) - 1
    military = total_military(cards, p.tableau)
    tableau = [cards[c] for c in p.tableau]
    consumes = any(power.phase is Phase.CONSUME for card in tableau for power in card.powers)
    return [
        float(sum(1 for c in hand if c.is_world and not c.military and (c.cost or 0) <= pay)),
        float(sum(1 for c in hand if c.is_world and c.military and (c.defense or 0) <= military)),
        float(sum(1 for c in hand if c.is_development and (c.cost or 0) <= pay)),
        float(sum(1 for c in hand if c.is_development and c.cost == 6)),
        float(len(p.goods) if consumes else 0),
        float(
            sum(
                1
                for c in p.tableau
                if cards[c].goods_mode is GoodsMode.PRODUCTION and c not in p.goods
            )
        ),
        float(max(0, tableau_end(state, p) - len(p.tableau))),
    ]


CHOICES = ChoiceFeatures(
    NAMES,
    features,
    frozenset({ACTION}),
    "nfgalaxy.games.race",
    choose_actions_again,
    applies,
)
