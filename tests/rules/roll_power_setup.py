"""Positions for Roll for the Galaxy power tests: shorthands on top of ``roll_scenario``.

``position()`` deals a real game and clears it to a bare table; ``empire()`` sets one player's
tableau, construction stacks, dice, goods, credits and VP chips (dice come from and go back to
the general supply, tiles from the bag, so the table stays consistent); ``workers()`` puts
rolled dice in columns; ``play()`` plays the given phases, ``assign()`` opens the Assign step,
and ``decide()`` makes a decision by its kind and arguments. Everything else is the engine,
and the bookkeeping that keeps dice and tiles conserved is ``roll_scenario``'s.
"""

from __future__ import annotations

from typing import Any

from roll_scenario import TILES, as_dice, return_all_dice, swap_tiles, take_from_supply
from roll_scenario import side_id as sid

from nfgalaxy.core import Decision, new_game
from nfgalaxy.games.roll.rules import PHASE_STEPS, RollGame
from nfgalaxy.games.roll.state import DEV, PHASES, WORLD

# The power tests import the tile set and the name lookup from here too.
__all__ = ["TILES", "sid"]


def position(players: int = 2, seed: int = 1) -> RollGame:
    """A dealt game with every player's tableau, stacks and dice cleared and nothing queued."""
    g = new_game("roll", players=players, seed=seed)
    assert isinstance(g, RollGame)
    for p in g.players:
        g.bag.extend(p.drawn)
        p.drawn = []
        empire(g, p.seat, tableau=[])
    g.bag.sort()
    g.queue = []
    g.revealed = True
    return g


def empire(
    g: RollGame,
    seat: int,
    *,
    tableau: list[str] | None = None,
    developments: list[str] | None = None,
    worlds: list[str] | None = None,
    cup: list[str] | dict[str, int] | None = None,
    citizenry: list[str] | dict[str, int] | None = None,
    goods: dict[str, list[str]] | None = None,
    on_developments: list[str] | None = None,
    on_worlds: list[str] | None = None,
    credits: int | None = None,
    vp: int | None = None,
) -> None:
    """Set a player's empire. Tiles by English name; ``developments`` and ``worlds`` are the
    construction stacks (top first), ``on_*`` the dice lying on them. Every die the player had
    goes back to the supply first, so only the dice given here are theirs."""
    p = g.players[seat]
    return_all_dice(g, seat)
    for place, names in ((None, tableau), (DEV, developments), (WORLD, worlds)):
        if names is not None:
            old = p.tableau if place is None else p.stacks[place]
            new = [sid(n) for n in names]
            swap_tiles(g, old, new)
            if place is None:
                p.tableau = new
            else:
                p.stacks[place] = new
    for colour in as_dice(cup):
        p.cup[colour] += 1
    for colour in as_dice(citizenry):
        p.citizenry[colour] += 1
    p.stack_dice = {DEV: list(on_developments or []), WORLD: list(on_worlds or [])}
    for name, colours in (goods or {}).items():
        p.goods[sid(name)] = list(colours)
    take_from_supply(g, as_dice(cup) + as_dice(citizenry) + p.stack_dice[DEV] + p.stack_dice[WORLD])
    take_from_supply(g, [c for colours in p.goods.values() for c in colours])
    if credits is not None:
        p.credits = credits
    if vp is not None:
        g.vp_pool -= vp - p.vp
        p.vp = vp


def workers(g: RollGame, seat: int, selected: str = "", **columns: list[Any]) -> None:
    """Give a player rolled dice under the phase columns: ``develop=["red", ("green", "wild")]``
    (a colour alone shows the column's face). ``selected`` makes the first die of that column
    the selection die."""
    p = g.players[seat]
    for w in p.workers:
        g.supply[w["colour"]] += 1
    p.workers = []
    for phase in PHASES:
        for die in columns.get(phase, []):
            colour, face = (die, phase) if isinstance(die, str) else die
            take_from_supply(g, [colour])
            p.workers.append(
                {"id": g._new_worker_id(), "colour": colour, "face": face, "column": phase}
            )
    if selected:
        selector = next(w for w in p.workers if w["column"] == selected)
        p.selector, p.selected = selector["id"], selected


def play(g: RollGame, *phases: str) -> RollGame:
    """Play these phases (as if revealed) and stop after the last one, before Manage Empire."""
    g.revealed = True
    g.phases = [ph for ph in PHASES if ph in phases]
    g.queue = [step for ph in g.phases for step in PHASE_STEPS[ph](g)]
    g._advance()
    return g


def assign(g: RollGame, seat: int) -> RollGame:
    """Open the Assign step for one player whose dice ``workers()`` placed."""
    g.revealed = False
    g.players[seat].assigned = False
    g.queue = [["assign", seat, 0]]
    g._advance()
    return g


def options(g: RollGame, kind: str | None = None) -> list[Decision]:
    """The decisions offered now (none once the queued steps are done), of one kind if given."""
    if not g.queue or g.over:
        return []
    return [d for d in g.legal_decisions() if kind is None or d.kind == kind]


def decide(g: RollGame, kind: str, *args: Any) -> RollGame:
    """Make the offered decision of this kind whose arguments start with ``args``."""
    offered = [d for d in options(g, kind) if d.args[: len(args)] == args]
    assert offered, f"{kind} {args} not offered; offered: {[str(d) for d in options(g)]}"
    g.apply(offered[0])
    return g


def step(g: RollGame) -> str:
    """The step waiting for a decision now, or '' when the queued steps are done."""
    return g.queue[0][0] if g.queue else ""


def dice_in(g: RollGame, seat: int, place: str) -> dict[str, int]:
    """A player's dice by colour in 'cup' or 'citizenry', only the colours present."""
    held = getattr(g.players[seat], place)
    return {c: n for c, n in held.items() if n}


def build(g: RollGame, kind: str, colour: str, times: int = 1) -> RollGame:
    """Place ``times`` developers (``kind`` 'develop') or settlers ('settle') of one colour."""
    for _ in range(times):
        decide(g, kind, colour)
    return g
