"""Build Roll for the Galaxy rule-test positions on top of the real engine.

A test starts a real game with ``table()`` (every player has placed their two start tiles and
rolled: the game waits at the Assign step of round 1), then changes only what its rulebook
example needs:

- ``set_empire()`` one player's tableau, construction stacks, dice, goods, credits and VP;
- ``set_roll()`` the dice a player rolled (colour, face, column) and, if wanted, their selection;
- ``force_phases()`` which phases this round plays (as if Reveal had chosen them).

Tiles and dice stay conserved: a tile put in an empire is taken out of the bag and a tile
taken out of one goes back in; a die given to a player comes from the general supply and a die
taken away goes back to it. So the engine's own invariants (and its counts in the log) hold.

To play on, ``pick()`` / ``pick_label()`` make one decision, ``play_until()`` plays the first
offered decision until a given step (and seat) is waiting. Everything else is the engine.

(Not ``scenario.py``: that name belongs to the New Frontiers builder, and pytest puts this
folder first on ``sys.path``.)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from nfgalaxy.core import Decision, IllegalDecision, new_game
from nfgalaxy.games.roll.rules import PHASE_STEPS, RollGame
from nfgalaxy.games.roll.state import COLOURS, DEV, PHASES, STACKS, WORLD
from nfgalaxy.games.roll.tileset import builtin

TILES = builtin()

Dice = Iterable[str] | dict[str, int]


# ---------------------------------------------------------------- names


def side_id(name: str) -> str:
    """The side id ('T21d', 'T21w', 'F3a', 'H9') of a tile side by its English name; an id
    is returned as it is, so tests may use either."""
    if name in TILES.by_id:
        return name
    found = [s.id for s in TILES.by_id.values() if s.name == name]
    if not found:
        raise KeyError(f"no tile side is called {name!r}")
    return found[0]


def side_name(sid: str) -> str:
    return TILES.by_id[sid].name


def _game_tile(sid: str) -> str | None:
    """The bag tile behind a game-tile side ('T21d' -> 'T21'); factions and homes have none."""
    return sid[:-1] if sid.startswith("T") else None


# ---------------------------------------------------------------- starting a position


def table(players: int = 2, seed: int = 1) -> RollGame:
    """A real game after setup: start tiles placed (first offer), round 1 rolled, and the
    first player in order to assign."""
    g = new_game("roll", players=players, seed=seed)
    assert isinstance(g, RollGame)
    while g.queue and g.queue[0][0] == "start_tiles":
        g.apply(g.legal_decisions()[0])
    return g


def as_dice(dice: Dice | None) -> list[str]:
    """Dice given as colours (``["red", "red"]``) or counts (``{"red": 2}``), as a list."""
    if dice is None:
        return []
    if isinstance(dice, dict):
        return [colour for colour, n in dice.items() for _ in range(n)]
    return list(dice)


def take_from_supply(g: RollGame, colours: Iterable[str]) -> list[str]:
    """Take these dice out of the general supply (failing loudly if it lacks one)."""
    taken = list(colours)
    for colour in taken:
        assert colour in COLOURS, f"unknown die colour {colour!r}"
        assert g.supply[colour] > 0, f"the general supply has no {colour} die left"
        g.supply[colour] -= 1
    return taken


def return_all_dice(g: RollGame, seat: int) -> None:
    """Every die of the player goes back to the general supply; nothing is on their strip."""
    p = g.players[seat]
    for colour, n in p.dice_owned().items():
        g.supply[colour] += n
    p.cup = dict.fromkeys(COLOURS, 0)
    p.citizenry = dict.fromkeys(COLOURS, 0)
    p.workers, p.dictated, p.goods = [], [], {}
    p.stack_dice = {DEV: [], WORLD: []}
    p.selector, p.selected = -1, ""


def swap_tiles(g: RollGame, old: list[str], new: list[str]) -> None:
    """Old game tiles go back into the bag, new ones come out of it."""
    for sid in old:
        tile = _game_tile(sid)
        if tile is not None:
            g.bag.append(tile)
    for sid in new:
        tile = _game_tile(sid)
        if tile is not None:
            assert tile in g.bag, f"{side_name(sid)} is not in the bag (already in play?)"
            g.bag.remove(tile)
    g.bag.sort()


def set_empire(
    g: RollGame,
    seat: int,
    *,
    tableau: list[str] | None = None,
    developments: list[str] | None = None,
    worlds: list[str] | None = None,
    cup: Dice | None = None,
    citizenry: Dice | None = None,
    on_developments: Dice | None = None,
    on_worlds: Dice | None = None,
    goods: dict[str, list[str]] | None = None,
    credits: int | None = None,
    vp: int | None = None,
) -> RollGame:
    """Set one player's empire. Tiles by English name or side id.

    ``tableau`` replaces the whole tableau (name the faction halves and home world if they
    should stay). ``developments`` / ``worlds`` are the construction stacks, top first, and
    ``on_developments`` / ``on_worlds`` the dice lying on top of them. Dice are given as a list
    of colours or a ``{colour: count}``. Every die the player had (rolled ones included) goes
    back to the supply first, so the player owns exactly the dice named here; call
    ``set_roll()`` afterwards for dice on the phase strip.
    """
    p = g.players[seat]
    old: list[str] = []
    new: list[str] = []
    if tableau is not None:
        old += p.tableau
        p.tableau = [side_id(n) for n in tableau]
        new += p.tableau
    for kind, names in ((DEV, developments), (WORLD, worlds)):
        if names is not None:
            old += p.stacks[kind]
            p.stacks[kind] = [side_id(n) for n in names]
            new += p.stacks[kind]
    swap_tiles(g, old, new)
    return_all_dice(g, seat)
    for colour in take_from_supply(g, as_dice(cup)):
        p.cup[colour] += 1
    for colour in take_from_supply(g, as_dice(citizenry)):
        p.citizenry[colour] += 1
    p.stack_dice[DEV] = take_from_supply(g, as_dice(on_developments))
    p.stack_dice[WORLD] = take_from_supply(g, as_dice(on_worlds))
    for world, colours in (goods or {}).items():
        p.goods[side_id(world)] = take_from_supply(g, colours)
    if credits is not None:
        p.credits = credits
    if vp is not None:
        g.vp_pool -= vp - p.vp  # chips come out of (or go back into) the pool
        p.vp = vp
    g._legal = None
    return g


def set_roll(
    g: RollGame,
    seat: int,
    dice: list[tuple[str, ...]],
    *,
    select: tuple[int, str] | None = None,
) -> RollGame:
    """Replace what a player rolled this round: ``(colour, face)`` puts a die in the column
    its face shows (a wild stays unplaced), ``(colour, face, column)`` puts it in ``column``
    (a wild already placed, or a die a power has moved). ``select=(index, phase)`` makes the
    die at ``index`` the selection die of ``phase``. The dice come from the supply; the
    player's previous workers go back to it. The player has not finished assigning."""
    p = g.players[seat]
    for w in p.workers:
        g.supply[w["colour"]] += 1
    for colour in p.dictated:
        g.supply[colour] += 1
    p.workers, p.dictated, p.used_powers = [], [], []
    p.selector, p.selected, p.assigned = -1, "", False
    for die in dice:
        colour, face = die[0], die[1]
        column = die[2] if len(die) > 2 else ("" if face == "wild" else face)
        take_from_supply(g, [colour])
        p.workers.append(
            {"id": g._new_worker_id(), "colour": colour, "face": face, "column": column}
        )
    if select is not None:
        index, phase = select
        p.selector, p.selected = p.workers[index]["id"], phase
        p.workers[index]["column"] = phase
    g._legal = None
    return g


def force_phases(g: RollGame, *phases: str, manage: bool = True) -> RollGame:
    """Play exactly these phases this round, as if Reveal had chosen them: dice in the other
    columns and in Dictate zones go back to the cup (§5.3), then the phases run in order I→V,
    followed by Manage Empire and the end-of-round check unless ``manage`` is false. Stops at
    the first decision."""
    assert all(ph in PHASES for ph in phases), phases
    g.revealed = True
    g.phases = [ph for ph in PHASES if ph in phases]
    for p in g.players:
        p.assigned = True
        for w in list(p.workers):
            if w["column"] not in g.phases:
                p.workers.remove(w)
                p.cup[w["colour"]] += 1
        for colour in p.dictated:
            p.cup[colour] += 1
        p.dictated = []
    g.queue = [step for ph in g.phases for step in PHASE_STEPS[ph](g)]
    if manage:
        g.queue += [["manage", s, 0] for s in g.order] + [["round_end", -1, 0]]
    g._legal = None
    g._advance()
    return g


def assign_for(g: RollGame, seat: int) -> RollGame:
    """Make ``seat`` the player now assigning (the others count as having assigned; Reveal
    follows). For tests of one player's Assign step."""
    g.revealed = False
    g.queue = [["assign", seat, 0], ["reveal", -1, 0]]
    g._legal = None
    g._advance()
    return g


def manage_for(g: RollGame, seat: int) -> RollGame:
    """Make ``seat`` the player now in Manage Empire (phases over, nothing queued after it), so
    a test can look at recruit and recall before the next round rolls the cup."""
    g.revealed = True
    g.phases = []
    g.queue = [["manage", seat, 0]]
    g._legal = None
    g._advance()
    return g


def empire(seed: int = 1, players: int = 2, **kwargs) -> tuple[RollGame, int]:
    """A quiet table whose first player in order has this empire (faction and home kept
    unless ``tableau`` is given, extra tiles via ``more``); returns (game, seat). Every
    construction stack starts empty, so the tiles a test names are all in the bag."""
    g = quiet_table(players, seed)
    for seat in range(players):
        set_empire(g, seat, developments=[], worlds=[])
    me = g.order[0]
    more = kwargs.pop("more", [])
    kwargs.setdefault("tableau", [*g.players[me].tableau, *more])
    set_empire(g, me, **kwargs)
    return g, me


def workers(g: RollGame, seat: int, phase: str, *colours: str) -> None:
    """Give ``seat`` these dice in ``phase``'s column, showing that phase's face, the first one
    selecting it. (For a face a colour lacks, such as a yellow explorer, use ``set_roll``.)"""
    set_roll(g, seat, [(c, phase) for c in colours], select=(0, phase))


# ---------------------------------------------------------------- playing on


def offered(g: RollGame, kind: str | None = None) -> list[Decision]:
    """The decisions offered now (of one kind, if given)."""
    if g.over or not g.queue:
        return []
    return [d for d in g.legal_decisions() if kind is None or d.kind == kind]


def pick(g: RollGame, kind: str, *args: Any) -> Decision:
    """Make the offered decision of ``kind`` whose arguments start with ``args``."""
    for d in offered(g, kind):
        if tuple(d.args[: len(args)]) == tuple(args):
            g.apply(d)
            return d
    raise AssertionError(f"no {kind} {list(args)} offered; offered: {[str(d) for d in offered(g)]}")


def pick_label(g: RollGame, text: str) -> Decision:
    """Make the offered decision whose label contains ``text`` (case-insensitive)."""
    for d in offered(g):
        if text.lower() in d.label.lower():
            g.apply(d)
            return d
    labels = [d.label for d in offered(g)]
    raise AssertionError(f"nothing offered reads {text!r}; offered: {labels}")


def waiting(g: RollGame) -> tuple[str, int] | None:
    """(step, seat) waiting for a decision, or None when nothing is queued / the game is over."""
    if g.over or not g.queue:
        return None
    return g.queue[0][0], g.queue[0][1]


def play_until(g: RollGame, step: str, seat: int | None = None, limit: int = 500) -> RollGame:
    """Play the first offered decision until ``step`` (for ``seat``, if given) is waiting."""
    for _ in range(limit):
        now = waiting(g)
        if now is None:
            raise AssertionError(f"the game ended before {step!r}")
        if now[0] == step and (seat is None or now[1] == seat):
            return g
        g.apply(g.legal_decisions()[0])
    raise AssertionError(f"{step!r} never came in {limit} decisions")


# ---------------------------------------------------------------- reading the position


def cup(g: RollGame, seat: int) -> dict[str, int]:
    """A player's cup by colour, only the colours present."""
    return {c: n for c, n in g.players[seat].cup.items() if n}


def citizenry(g: RollGame, seat: int) -> dict[str, int]:
    return {c: n for c, n in g.players[seat].citizenry.items() if n}


def tableau_names(g: RollGame, seat: int) -> list[str]:
    return [side_name(s) for s in g.players[seat].tableau]


def stack_names(g: RollGame, seat: int, kind: str) -> list[str]:
    """A construction stack by name, top first (``kind`` is DEV or WORLD)."""
    assert kind in STACKS
    return [side_name(s) for s in g.players[seat].stacks[kind]]


def dice_total(g: RollGame) -> dict[str, int]:
    """Every die on the table by colour: the supply plus all players' dice (conservation)."""
    total = dict(g.supply)
    for p in g.players:
        for colour, n in p.dice_owned().items():
            total[colour] += n
    return total


def tiles_total(g: RollGame) -> int:
    """Game tiles in the bag, the Explore discards, drawn, in stacks and in tableaux."""
    count = len(g.bag) + len(g.discards)
    for p in g.players:
        count += len(p.drawn) + p.construction_count()
        count += sum(1 for s in p.tableau if _game_tile(s) is not None)
    return count


def quiet_table(players: int = 2, seed: int = 1) -> RollGame:
    """``table()`` with every rolled die back in the supply: nobody has a worker until the test
    gives one with ``set_roll()``, so only the dice a test names take part in the round."""
    g = table(players, seed)
    for seat in range(players):
        set_roll(g, seat, [])
    return g


def select_and_ready(g: RollGame, seat: int, *select: str) -> RollGame:
    """``seat`` selects with the die ``(colour, face, column, phase)`` and says Done. (The
    engine makes a forced single choice itself, so Done is only picked while offered.)"""
    assert waiting(g) == ("assign", seat), waiting(g)
    pick(g, "select", *select)
    if waiting(g) == ("assign", seat) and offered(g, "done"):
        pick(g, "done")
    return g


def refused(g: RollGame, decision: Decision, rule: str) -> IllegalDecision:
    """Apply an illegal decision: it must raise ``IllegalDecision`` naming ``rule`` and leave
    the whole state (``to_json``) unchanged."""
    before = g.to_json()
    with pytest.raises(IllegalDecision) as error:
        g.apply(decision)
    assert rule in error.value.rule, error.value
    assert g.to_json() == before
    return error.value
