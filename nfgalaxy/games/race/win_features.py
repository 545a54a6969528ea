"""What the search's win model looks at in a Race for the Galaxy position (``core.win_model``).

The greedy value (``heuristics.value``) adds VP-equivalents with weights tuned for choosing a
move; the win model instead weighs a few plain counts of each player's position by how well
they predicted who won games of greedy bots. Each count appears twice: as it is, and scaled
by how much of the game is left (``game_left``), so a production world may count for much
early and little at the end, while VP count for more as the end nears.

The counts of a card's powers follow ``heuristics.power_worth``'s reading of them, kept apart
by kind so the fit can weigh each. Goals and takeovers are not counted: the games the model
was fitted on had neither, so it is used only without them (``applies``).

On positions of held-out games (``data/win_model.toml`` has the figures) the model predicts the
winner better than the value margin the search used before (log-loss 0.98 against 1.13 at 4
players), and the search plays better for it: ``hard`` against three greedy bots, 4 players,
40 games each of seeds 1, 41 and 81, won 28, 25 and 34 (87 of 120, 72.5%, interval
63.9-79.7%), against 28, 22.5 and 18 (57.1%) judging by the value margin. It took
``expert``'s edge over ``hard`` (2 players), which had won 15.5 of 22 games: with the model
both bots are judged by, ``expert`` won 6.5 of 17 looking a round further, 23.5 of 48 at
``hard``'s horizon (``SearchLevel.model_rounds``; the figures are at
``nfgalaxy.bots.levels.LEVELS``).
"""

from __future__ import annotations

from collections.abc import Sequence

from nfgalaxy.core.win_model import Features
from nfgalaxy.games.race.components import Card, GoodsMode, Phase
from nfgalaxy.games.race.heuristics import HAND_USEFUL, current_vp, game_left
from nfgalaxy.games.race.rules.base import RaceBase
from nfgalaxy.games.race.rules.settle import takeovers_on
from nfgalaxy.games.race.scoring import total_military

#: A tableau card's powers by kind (see ``_kinds``), in this order.
KINDS = ("production", "windfall", "consume_vp", "reduce", "draw", "other_powers")
#: Counts of the whole position, before the tableau's kinds.
COUNTS = ("vp", "hand", "goods", "tableau", "military", "six_cost", "worlds")
BASE = COUNTS + KINDS
NAMES = BASE + tuple(f"{name}*left" for name in BASE)

#: ``_kinds`` by card (cards are immutable; bounded like ``heuristics._WORTH``).
_KINDS: dict[int, tuple[Card, tuple[float, ...]]] = {}
_KINDS_KEPT = 4096


def _kinds(card: Card) -> tuple[float, ...]:
    """How much of each of ``KINDS`` a card gives: 1 per goods-making world of each mode, VP a
    game's consumes may make, points of cost reduction, cards drawn, and 1 for every other
    power."""
    cached = _KINDS.get(id(card))
    if cached is not None and cached[0] is card:
        return cached[1]
    production = 1.0 if card.goods_mode is GoodsMode.PRODUCTION else 0.0
    windfall = 1.0 if card.goods_mode is GoodsMode.WINDFALL else 0.0
    consume = reduce = draw = other = 0.0
    for power in card.powers:
        code = power.code
        if power.phase is Phase.CONSUME:
            if code in ("discard_goods", "discard_hand"):
                consume += power.vp * min(power.times, 3)
                draw += power.cards
            elif code == "discard_goods_set":
                consume += power.vp
                draw += power.cards
            elif code == "draw":
                draw += power.value
            elif code == "gain_vp":
                consume += 2 * power.value
            else:
                other += 1
        elif code == "military":
            continue  # counted by ``total_military``
        elif code == "reduce_cost":
            reduce += power.value
        elif code.startswith("draw") or code in ("keep", "sell_bonus"):
            draw += max(power.value, 1)
        else:
            other += 1
    kinds = (production, windfall, consume, reduce, draw, other)
    if len(_KINDS) >= _KINDS_KEPT:
        _KINDS.clear()
    _KINDS[id(card)] = (card, kinds)
    return kinds


def features(state: RaceBase, seat: int) -> Sequence[float]:
    """``NAMES``' values for ``seat``: ``BASE``, then ``BASE`` times the game left."""
    return _counts(state, seat, game_left(state))


def _counts(state: RaceBase, seat: int, left: float) -> list[float]:
    """``features`` with the game left (``game_left``) given: the detailed model reads it
    too."""
    base = counts(state, seat)
    return base + [x * left for x in base]


def counts(state: RaceBase, seat: int) -> list[float]:
    """``BASE``' values for ``seat`` (the model of the others' choices reads them too)."""
    p = state.players[seat]
    cards = state.cards
    tableau = [cards[c] for c in p.tableau]
    kinds = [0.0] * len(KINDS)
    for card in tableau:
        for i, amount in enumerate(_kinds(card)):
            kinds[i] += amount
    return [
        float(current_vp(state, seat)),
        float(min(len(p.hand), HAND_USEFUL)),
        float(len(p.goods)),
        float(len(tableau)),
        float(total_military(cards, p.tableau)),
        float(sum(1 for card in tableau if card.scoring)),
        float(sum(1 for card in tableau if card.is_world)),
        *kinds,
    ]


def applies(state: RaceBase) -> bool:
    """Whether the model knows games like this one: not with goals or takeovers."""
    return not state.goals and not takeovers_on(state)


#: The counts as a player says them (``nfgalaxy.bots.reasons``).
WORDS = (
    ("vp", "VP"),
    ("hand", "cards in hand"),
    ("goods", "goods"),
    ("tableau", "cards in the tableau"),
    ("military", "military"),
    ("six_cost", "6-cost developments"),
    ("worlds", "worlds"),
    ("production", "production worlds"),
    ("windfall", "windfall worlds"),
    ("consume_vp", "consume powers"),
    ("reduce", "cost reductions"),
    ("draw", "card draws"),
    ("other_powers", "other powers"),
)

FEATURES = Features(NAMES, features, "nfgalaxy.games.race", applies, words=WORDS)


# ---------------------------------------------------------------- the detailed model


def _base_card_ids() -> tuple[str, ...]:
    """The base game's card designs, in the file's order: the detailed model's cards (the
    games it is fitted on play the base game; a later set's card adds only its counts)."""
    from nfgalaxy.games.race.cards import builtin

    return tuple(builtin().at_level("base").cards)


CARD_IDS = _base_card_ids()
_CARD_INDEX = {card_id: i for i, card_id in enumerate(CARD_IDS)}
#: Pairs of ``BASE``'s counts (each with itself too) whose product the detailed model weighs.
PAIRS = tuple((i, j) for i in range(len(BASE)) for j in range(i, len(BASE)))
PAIR_NAMES = tuple(f"{BASE[i]} x {BASE[j]}" for i, j in PAIRS)
#: The compact model's counts; the products of two counts, as they are and times the game
#: left; then per card: in the tableau, that times the game left, in the hand, that times the
#: game left.
DETAILED_NAMES = (
    NAMES
    + PAIR_NAMES
    + tuple(f"{name}*left" for name in PAIR_NAMES)
    + tuple(f"tableau {c}" for c in CARD_IDS)
    + tuple(f"tableau*left {c}" for c in CARD_IDS)
    + tuple(f"hand {c}" for c in CARD_IDS)
    + tuple(f"hand*left {c}" for c in CARD_IDS)
)


def detailed_features(state: RaceBase, seat: int) -> Sequence[float]:
    """``DETAILED_NAMES``' values for ``seat``: the compact model's counts, their products
    two by two, then which cards the seat has placed and holds.

    The compact model adds its counts up, so a point of VP weighs the same beside a large
    hand as beside none; the products let the fit say how counts work together (VP with
    production still to come, a 6-cost development with the worlds it scores). A card's own
    weights say what the greedy games showed it worth beyond the counts (a Genes world's
    windfall beside Genetics Lab, a 6-cost development's bonus still to come). On held-out
    games each step predicts the winner better (``data/win_model_cards.toml`` has the
    figures; the closing notes of issue 15 give the screening)."""
    left = game_left(state)
    out = _counts(state, seat, left)
    counts = out[: len(BASE)]
    products = [counts[i] * counts[j] for i, j in PAIRS]
    out += products
    out += [x * left for x in products]
    base = len(out)
    n = len(CARD_IDS)
    out += [0.0] * (4 * n)
    p = state.players[seat]
    cards = state.cards
    index = _CARD_INDEX
    for c in p.tableau:
        i = index.get(cards[c].id)
        if i is not None:
            out[base + i] += 1.0
            out[base + n + i] += left
    for c in p.hand:
        i = index.get(cards[c].id)
        if i is not None:
            out[base + 2 * n + i] += 1.0
            out[base + 3 * n + i] += left
    return out


DETAILED = Features(
    DETAILED_NAMES, detailed_features, "nfgalaxy.games.race", applies, "win_model_cards.toml"
)
