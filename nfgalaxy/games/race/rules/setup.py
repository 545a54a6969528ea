"""Setup (§5, §B4, §B9): VP pool, start worlds, the deck, six cards dealt and some discarded.

The options are settled first (``levels.py``: the level, players, goals, takeovers, the
scenario); the game then plays with the cards of its level (``CardSet.at_level``). Three ways
to deal the start worlds:

* base and TGS (§5.3): one random start world each, face up;
* RvI (§B4.2, §5.7): each player gets one blue (even) and one red (odd) start world face down
  with the 6 cards, secretly keeps one start world (the other goes to the discard pile) and
  discards 2 cards; the kept start worlds are revealed together, then the player order and the
  windfall start goods follow (``Step.START_REVEAL``);
* the 2-player scenario Rebel vs Imperium (§B9): Rebel Cantina and Imperium Warlord; Rebel
  Alliance and Imperium Seat are out of the deck and join the hands after the initial discard.
  They lie in the hands from the start, where the initial discard cannot take them: the same
  outcome, and every card is always somewhere (§15.1).

A start world with ``start_keep`` (Ancient Race) keeps 3 of the 6 cards, so its owner discards
3 (§B4.2). With ``advanced`` the 2-player game of §18. Not offered: the first-game preset hands
are in no source (§5.3), nor are the optional start worlds' powers (§20).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.rng import Rng
from nfgalaxy.games.race.components import CardSet, GoodsMode, StartColour
from nfgalaxy.games.race.rules import goals, levels
from nfgalaxy.games.race.rules.base import RaceBase
from nfgalaxy.games.race.rules.common import DISCARD, KEEP, Step
from nfgalaxy.games.race.state import START_DISCARDS, START_HAND, VP_PER_PLAYER, Player

#: Kept for callers of the base game; the limits per level are ``levels.PLAYERS``.
MIN_PLAYERS, MAX_PLAYERS = levels.PLAYERS["base"]
UNAVAILABLE = levels.UNAVAILABLE
level_of = levels.level_of


def deal(g: RaceBase, players: int, seed: int, options: dict[str, Any]) -> None:
    """Set up a game (§5, §B4, §B9); the first decisions wait in the queue."""
    g.options = levels.settle_options(players, seed, options)
    level = g.options["expansion"]
    g.cards = g.cards.at_level(level)  # the cards of the level, with its copies (§B3)
    g.rng = Rng(seed)
    g.vp_pool = VP_PER_PLAYER * players  # §5.1, §B4.4: 12 VP per player at every level
    names = g.options["names"]
    if g.options["scenario"]:
        _deal_scenario(g, names)
    elif level == "rvi":
        _deal_start_choice(g, names)
    else:
        _deal_start_worlds(g, names)
    goals.deal_goals(g)  # §B5: face up, after the cards (no draw at all in a base game)


def _deal_start_worlds(g: RaceBase, names: list[str]) -> None:
    """§5.3–5.6: one random start world each; the others are shuffled into the game cards."""
    starts = [card.id for card in g.cards.start_worlds]
    g.rng.shuffle(starts)
    players = len(names)
    g.players = [Player(seat=i, name=names[i], start=starts[i]) for i in range(players)]
    _shuffle_deck(g, starts[players:])
    g.order = player_order(g.cards, [p.start for p in g.players])
    for seat in g.order:
        p = g.players[seat]
        p.tableau = [p.start]
        p.hand = g.draw(START_HAND)  # §5.5
    _start_goods(g)
    g.queue = [[Step.START_DISCARD, seat, 0] for seat in g.order] + [[Step.ROUND_START, -1, 0]]


def _shuffle_deck(g: RaceBase, starts: list[str], leave_out: tuple[str, ...] = ()) -> None:
    """§5.4: the game cards and the unused start worlds, shuffled; ``leave_out``: cards the
    scenario keeps out of the deck (§B9.1)."""
    deck = [card.id for card in g.cards.game_cards for _ in range(card.count)]
    for card_id in leave_out:
        deck.remove(card_id)
    g.deck = sorted(deck + starts)
    g.rng.shuffle(g.deck)


def _start_goods(g: RaceBase) -> None:
    """§5.6: in player order, a windfall start world begins with its good; the start worlds
    are public from here on."""
    for seat in g.order:
        p = g.players[seat]
        windfall = g.cards[p.start].goods_mode is GoodsMode.WINDFALL
        if windfall:
            p.goods[p.start] = g.draw(1)[0]
        g.record("start", seat, (p.start,), (int(windfall),))


def _deal_start_choice(g: RaceBase, names: list[str]) -> None:
    """§B4.2, §5.7: one blue and one red start world face down and 6 cards each; the rest of
    the start worlds go into the deck. Until the reveal the seats play in seat order."""
    piles: dict[StartColour, list[str]] = {colour: [] for colour in StartColour}
    for card in g.cards.start_worlds:
        if card.start_colour is not None:
            piles[card.start_colour].append(card.id)
    for pile in piles.values():
        g.rng.shuffle(pile)
    players = len(names)
    blue, red = piles[StartColour.BLUE], piles[StartColour.RED]
    g.players = [Player(seat=i, name=names[i]) for i in range(players)]
    for seat, p in enumerate(g.players):
        p.start_worlds = [blue[seat], red[seat]]
    _shuffle_deck(g, blue[players:] + red[players:])
    g.order = list(range(players))
    for p in g.players:
        p.hand = g.draw(START_HAND)
    steps = (Step.START_WORLD, Step.START_DISCARD)
    g.queue = [[step, seat, 0] for seat in g.order for step in steps]
    g.queue += [[Step.START_REVEAL, -1, 0], [Step.ROUND_START, -1, 0]]


def _deal_scenario(g: RaceBase, names: list[str]) -> None:
    """§B9: the first player the Rebels with Rebel Cantina, the second the Imperium with
    Imperium Warlord; Rebel Alliance and Imperium Seat out of the deck, in the hands but kept
    out of the initial discard (``opt_start_discard``). The other start worlds are shuffled
    into the game cards as in §5.4."""
    starts = levels.SCENARIO_STARTS
    others = [card.id for card in g.cards.start_worlds if card.id not in starts]
    g.players = [Player(seat=i, name=names[i], start=starts[i]) for i in range(len(names))]
    _shuffle_deck(g, others, leave_out=levels.SCENARIO_CARDS)
    g.order = player_order(g.cards, list(starts))
    for seat in g.order:
        p = g.players[seat]
        p.tableau = [p.start]
        p.hand = g.draw(START_HAND)
    _start_goods(g)
    for p, card_id in zip(g.players, levels.SCENARIO_CARDS, strict=True):
        p.hand.append(card_id)  # known to all (§B9.4), but the log names no hand card
        g.record("draw", p.seat, ("Rebel vs Imperium scenario",), (1,))
    g.queue = [[Step.START_DISCARD, seat, 0] for seat in g.order] + [[Step.ROUND_START, -1, 0]]


def player_order(cards: CardSet, starts: list[str]) -> list[int]:
    """Seats in player order (§5.8, §14): clockwise from the lowest-numbered start world."""
    first = min(range(len(starts)), key=lambda seat: cards[starts[seat]].start_number or 0)
    return [(first + i) % len(starts) for i in range(len(starts))]


def start_discards(g: RaceBase, seat: int) -> int:
    """How many of the 6 cards dealt a player discards: 2, or 6 minus the cards a start world
    with ``start_keep`` keeps (Ancient Race keeps 3, §B4.2). At RvI the start world counted is
    the one kept face down."""
    p = g.players[seat]
    start = p.start or (p.start_worlds[0] if len(p.start_worlds) == 1 else "")
    keep = g.cards[start].start_keep if start else None
    return START_DISCARDS if keep is None else START_HAND - keep


def opt_start_discard(g: RaceBase, seat: int, _arg: Any) -> list[Decision]:
    """§5.5: any 2 (or, with Ancient Race, 3) of the 6 cards dealt (two copies of a design
    are one choice); in the scenario not the side's card, added after the discard (§B9.4)."""
    hand = sorted(g.players[seat].hand)
    if g.options.get("scenario"):
        hand = [card_id for card_id in hand if card_id not in levels.SCENARIO_CARDS]
    sets = sorted(set(combinations(hand, start_discards(g, seat))))
    return [
        Decision(
            DISCARD,
            cards,
            "" if g.quiet else "Discard " + _and(g.card_name(c) for c in cards),
        )
        for cards in sets
    ]


def _and(names: Any) -> str:
    words = list(names)
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]


def run_start_discard(g: RaceBase, seat: int, _arg: Any, d: Decision | None) -> None:
    p = g.players[seat]
    assert d is not None
    for card_id in d.args:
        p.hand.remove(card_id)
    g.discard(d.args, p)
    g.record("discards", seat, (), (len(d.args),))


def opt_start_world(g: RaceBase, seat: int, _arg: Any) -> list[Decision]:
    """§5.7: keep one of the two start worlds dealt face down (the other is discarded)."""
    pair = g.players[seat].start_worlds
    return [
        Decision(
            KEEP,
            (kept,),
            ""
            if g.quiet
            else f"Keep {g.card_name(kept)} as start world, discard {g.card_name(other)}",
        )
        for kept, other in ((pair[0], pair[1]), (pair[1], pair[0]))
    ]


def run_start_world(g: RaceBase, seat: int, _arg: Any, d: Decision | None) -> None:
    """The kept start world stays face down until everyone has chosen; the other goes to the
    discard pile face down, like any other card (§5.7)."""
    p = g.players[seat]
    assert d is not None
    kept = d.args[0]
    other = [card_id for card_id in p.start_worlds if card_id != kept]
    p.start_worlds = [kept]
    g.discard(other, p)
    g.record("chose", seat)


def run_start_reveal(g: RaceBase, _seat: int, _arg: Any, _d: Decision | None) -> None:
    """RvI, after the initial discard: the kept start worlds revealed together, then the
    player order (lowest start number first, §5.8) and the windfall start goods (§B4.2)."""
    for p in g.players:
        p.start = p.start_worlds.pop()
        p.tableau = [p.start]
    g.order = player_order(g.cards, [p.start for p in g.players])
    _start_goods(g)
