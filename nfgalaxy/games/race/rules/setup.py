"""Setup (§5): VP pool, start worlds, the deck, six cards dealt and two discarded secretly.

The standard setup (§5.3–5.5), for 2–4 players; with ``advanced`` the 2-player game of §18
(each player also has a second Develop and a second Settle card). Not offered: the first-game
preset hands are in no source (§5.3), and the advanced start-world choice (§5.7) needs the
optional start worlds, whose text is unknown (§20).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.rng import Rng
from nfgalaxy.games.race.components import LEVELS, CardSet, GoodsMode
from nfgalaxy.games.race.rules import goals
from nfgalaxy.games.race.rules.base import RaceBase
from nfgalaxy.games.race.rules.common import DISCARD, Step
from nfgalaxy.games.race.state import START_DISCARDS, START_HAND, VP_PER_PLAYER, Player

MIN_PLAYERS, MAX_PLAYERS = 2, 4

#: Setups the rules describe that our sources cannot supply: asked for, they are refused with
#: the reason (the descriptor offers them so that a player learns why, not that they are absent).
UNAVAILABLE = {
    "first_game": (
        "the first game's preset hands cannot be dealt: the rulebook says they are the 4 cards "
        "printed with each start world's number, and no source we have lists them (§5.3)"
    ),
    "optional_start_worlds": (
        "the optional start worlds -1 to -6 of the 2018 printing cannot be used: their powers "
        "are in no source we have (§20; card data section F.2)"
    ),
}


def level_of(options: Any) -> str:
    """The level a game is played at (option ``expansion``): base when not given, so a save
    made before the expansions is a base game. ``ValueError`` for an unknown level."""
    level = options.get("expansion") if isinstance(options, dict) else None
    if level is None:
        return "base"
    if level not in LEVELS:
        raise ValueError(f"unknown expansion {level!r}: choose one of {', '.join(LEVELS)}")
    return str(level)


def deal(g: RaceBase, players: int, seed: int, options: dict[str, Any]) -> None:
    """Set up a game for 2–4 players (§5); the first decisions wait in the queue."""
    level = level_of(options)
    g.cards = g.cards.at_level(level)  # the cards of the level, with its copies (§B3)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError("Race for the Galaxy is for 2 to 4 players")
    advanced = bool(options.get("advanced", False))
    if advanced and players != 2:
        raise ValueError("the advanced game (two action cards a round) is for 2 players (§18)")
    for option, why in UNAVAILABLE.items():
        if options.get(option):
            raise ValueError(why)
    names = list(options.get("names") or [])
    names += [f"Player {i + 1}" for i in range(len(names), players)]
    # The card file is kept so a save or a replay (undo) is played with the same cards.
    g.options = {
        "players": players,
        "seed": seed,
        "names": names[:players],
        "advanced": advanced,
        "tiles": options.get("tiles"),
        "expansion": level,
    }
    g.rng = Rng(seed)
    g.vp_pool = VP_PER_PLAYER * players  # §5.1
    starts = [card.id for card in g.cards.start_worlds]
    g.rng.shuffle(starts)
    g.players = [Player(seat=i, name=names[i], start=starts[i]) for i in range(players)]
    # §5.4: the unused start worlds are shuffled into the game cards.
    g.deck = sorted([card.id for card in g.cards.game_cards for _ in range(card.count)])
    g.deck += starts[players:]
    g.deck.sort()
    g.rng.shuffle(g.deck)
    g.order = player_order(g.cards, [p.start for p in g.players])
    for seat in g.order:
        p = g.players[seat]
        p.tableau = [p.start]
        p.hand = g.draw(START_HAND)  # §5.5
    for seat in g.order:
        p = g.players[seat]
        windfall = g.cards[p.start].goods_mode is GoodsMode.WINDFALL
        if windfall:  # §5.6: a windfall start world begins with its good
            p.goods[p.start] = g.draw(1)[0]
        g.record("start", seat, (p.start,), (int(windfall),))
    g.queue = [[Step.START_DISCARD, seat, 0] for seat in g.order] + [[Step.ROUND_START, -1, 0]]
    goals.deal_goals(g)  # §B5: face up, after the cards (no draw at all in a base game)


def player_order(cards: CardSet, starts: list[str]) -> list[int]:
    """Seats in player order (§5.8, §14): clockwise from the lowest-numbered start world."""
    first = min(range(len(starts)), key=lambda seat: cards[starts[seat]].start_number or 0)
    return [(first + i) % len(starts) for i in range(len(starts))]


def opt_start_discard(g: RaceBase, seat: int, _arg: Any) -> list[Decision]:
    """§5.5: any 2 of the 6 cards dealt (two copies of a design are one choice)."""
    hand = sorted(g.players[seat].hand)
    pairs = sorted(set(combinations(hand, START_DISCARDS)))
    return [
        Decision(
            DISCARD,
            pair,
            "" if g.quiet else "Discard " + " and ".join(g.card_name(c) for c in pair),
        )
        for pair in pairs
    ]


def run_start_discard(g: RaceBase, seat: int, _arg: Any, d: Decision | None) -> None:
    p = g.players[seat]
    assert d is not None
    for card_id in d.args:
        p.hand.remove(card_id)
    g.discard(d.args, p)
    g.record("discards", seat, (), (len(d.args),))
