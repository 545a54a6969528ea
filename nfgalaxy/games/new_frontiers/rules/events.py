"""The words of New Frontiers' events: one renderer per event kind.

The rules record typed events (``nfgalaxy.core.events.Event``): a kind, the seat, the ids of
the components involved and the amounts. The text is rendered here once, when the event is
recorded, in the words the log has always used. An event carries only what every player may
know: the goal a player keeps face down is never named.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nfgalaxy.core.words import counted
from nfgalaxy.games.new_frontiers.components import Kind

#: The game being described (``game.NewFrontiers``): names of seats, worlds, tiles and goals.
Namer = Any
Render = Callable[[Namer, int | None, tuple[str, ...], tuple[int, ...]], str]

_KIND_LABELS = {int(k): k.label for k in Kind}


def _new_game(g: Namer, _s: int | None, _c: tuple[str, ...], n: tuple[int, ...]) -> str:
    """``n`` is (goals variant, first-game setup, the seats in player order…)."""
    goals, first_game, *seats = n
    return (
        f"New game: {len(seats)} players, order "
        + ", ".join(g.name(s) for s in seats)
        + (", goals variant" if goals else "")
        + (", first-game setup" if first_game else ", random tile sides")
    )


def _home(g: Namer, s: int | None, c: tuple[str, ...], _n: tuple[int, ...]) -> str:
    home = g.world(c[0])
    return f"{g.name(s)} plays home colony {home.name} (mat {home.home.mat if home.home else '?'})."


def _source(g: Namer, c: tuple[str, ...]) -> str:
    """`` (Tile name)`` when the event names the tile that caused it."""
    return f" ({g.tile_name(c[0])})" if c else ""


def _reward(vp: int, credits: int) -> str:
    parts = ([f"{vp} VP"] if vp else []) + ([f"${credits}"] if credits else [])
    return " and ".join(parts) or "nothing"


def _settle(g: Namer, s: int | None, c: tuple[str, ...], n: tuple[int, ...]) -> str:
    """``n`` is (price, 1 if settled by military)."""
    how = "by military" if n[1] else f"for ${n[0]}"
    return f"{g.name(s)} settles {g.world(c[0]).name} {how}."


def _score(g: Namer, s: int | None, _c: tuple[str, ...], n: tuple[int, ...]) -> str:
    total, chips, tiles, bonus, goals, tiebreak = n
    return (
        f"{g.name(s)}: {total} VP (chips {chips}, tiles {tiles}, "
        f"? bonuses {bonus}, goals {goals}; goods+credits {tiebreak})"
    )


def _winner(g: Namer, _s: int | None, _c: tuple[str, ...], n: tuple[int, ...]) -> str:
    names = [g.name(w) for w in n]
    return ("Winner: " if len(names) == 1 else "Shared victory: ") + ", ".join(names)


RENDERERS: dict[str, Render] = {
    "note": lambda g, s, c, n: "",
    "new_game": _new_game,
    "home": _home,
    "round": lambda g, s, c, n: f"— Round {n[0]} —",
    "select": lambda g, s, c, n: f"{g.name(s)} chooses {g.action_label(c[0])}.",
    "produce_tile": lambda g, s, c, n: f"Produce was not chosen: ${n[0]} now lies on it.",
    "vp_out": lambda g, s, c, n: (
        "The general VP supply is used up: the game ends after this round."
    ),
    "end_developments": lambda g, s, c, n: (
        f"{g.name(s)} fills {n[0]} development slots: the game ends after this round."
    ),
    "end_colonies": lambda g, s, c, n: (
        f"{g.name(s)} has {n[0]} colonies: the game ends after this round."
    ),
    "end_colonists": lambda g, s, c, n: (
        f"Only {counted(n[0], 'colonist')} remain{'s' * (n[0] == 1)}: "
        "the game ends after this round."
    ),
    "goal_revealed": lambda g, s, c, n: f"Hidden goal revealed: {g.goal_name(c[0])}.",
    "game_over": lambda g, s, c, n: f"Game over after round {n[0]} ({', '.join(c)}).",
    "score": _score,
    "winner": _winner,
    # Bonus-only actions and the goals variant.
    "credits": lambda g, s, c, n: f"{g.name(s)} gains ${n[0]}{_source(g, c)}.",
    "ambassador": lambda g, s, c, n: f"{g.name(s)} gains 1 VP and becomes first in player order.",
    "goals": lambda g, s, c, n: (
        f"{g.name(s)} moves up in player order, gains $1 and draws {counted(n[0], 'goal')}."
    ),
    "keep_goal": lambda g, s, c, n: f"{g.name(s)} keeps a goal face down.",
    "reveal_goal": lambda g, s, c, n: f"{g.name(s)} reveals the goal {g.goal_name(c[0])}.",
    # Develop.
    "develop_pass": lambda g, s, c, n: f"{g.name(s)} buys no development.",
    "develop": lambda g, s, c, n: f"{g.name(s)} develops {g.tile_name(c[0])} for ${n[0]}.",
    # Explore.
    "explore_draw": lambda g, s, c, n: (
        f"Explore: {counted(n[0], 'world')} {'is' if n[0] == 1 else 'are'} drawn from the bag."
    ),
    "explore_none": lambda g, s, c, n: f"{g.name(s)} finds no world left to take.",
    "explore": lambda g, s, c, n: (
        f"{g.name(s)} explores {g.world(c[0]).name}{' (bonus)' if n[0] else ''}."
    ),
    "colonists": lambda g, s, c, n: (
        f"{g.name(s)} gains {counted(n[0], 'colonist')}{_source(g, c)}."
    ),
    "draw_world": lambda g, s, c, n: (
        f"{g.name(s)} draws {g.world(c[0]).name} from the bag ({g.tile_name(c[1])})."
    ),
    "stock_world": lambda g, s, c, n: f"{g.name(s)} stockpiles {g.world(c[0]).name}.",
    "return_world": lambda g, s, c, n: (
        f"{g.name(s)} returns {g.world(c[0]).name} to the bag (9-world limit)."
    ),
    # Settle.
    "settle_bonus": lambda g, s, c, n: f"{g.name(s)} gains 1 colonist (Settle bonus).",
    "take_colonists": lambda g, s, c, n: f"{g.name(s)} takes {counted(n[0], 'colonist')}.",
    "boost": lambda g, s, c, n: (
        f"{g.name(s)} returns a good for +{n[0]} temporary military ({g.tile_name(c[0])})."
    ),
    "settle": _settle,
    "windfall": lambda g, s, c, n: (
        f"{g.world(c[0]).name} receives a {_KIND_LABELS[n[0]]} good (windfall)."
    ),
    "settle_colonist": lambda g, s, c, n: f"{g.name(s)} gains a colonist ({g.tile_name(c[0])}).",
    "replace": lambda g, s, c, n: (
        f"{g.name(s)} replaces {g.world(c[0]).name} with {g.world(c[1]).name}."
    ),
    # Produce.
    "produce_bonus": lambda g, s, c, n: f"{g.name(s)} takes ${n[0]} from the Produce tile.",
    "declare": lambda g, s, c, n: (
        f"{g.name(s)} declares Alien Oort Cloud Refinery {_KIND_LABELS[n[0]]}."
    ),
    "produce": lambda g, s, c, n: (
        f"{g.name(s)} produces {_KIND_LABELS[n[0]]} on {g.world(c[0]).name}."
    ),
    "stock_good": lambda g, s, c, n: f"{g.name(s)} stockpiles a {_KIND_LABELS[n[0]]} good.",
    # Trade and Consume.
    "trade_bonus": lambda g, s, c, n: f"{g.name(s)} gains 1 VP (Trade/Consume bonus).",
    "sell": lambda g, s, c, n: f"{g.name(s)} sells a {_KIND_LABELS[n[0]]} good for ${n[1]}.",
    "stock_credits": lambda g, s, c, n: f"{g.name(s)} stockpiles ${n[0]}.",
    "reward": lambda g, s, c, n: f"{g.name(s)} gains {_reward(n[0], n[1])} ({g.tile_name(c[0])}).",
    "consume": lambda g, s, c, n: (
        f"{g.name(s)} consumes {counted(n[0], 'good')} with {g.tile_name(c[0])}: "
        f"{_reward(n[1], n[2])}."
    ),
    "vp": lambda g, s, c, n: f"{g.name(s)} gains {n[0]} VP ({g.tile_name(c[0])}).",
}
