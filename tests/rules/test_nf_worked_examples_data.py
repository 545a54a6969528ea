"""Every worked example of the rules (§18) can happen with the shipped tiles (issue 17, point 15).

The rule tests build each example's situation by hand; these check that the shipped
reconstruction holds the tiles the examples need, so the examples are not only possible with
made-up data. Two needed a change to the reconstruction, within the rulebook's statistics:
Public Works costs 1 (WE-3, the Develop bonus on a cost-1 development) and Asteroid Belt has
"Settle: +1 military" (WE-8b, a non-military windfall world with a Settle military ability).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from scenario import TILES, by_name, choose, give, pick, table

from nfgalaxy.core.replay import replay
from nfgalaxy.games.new_frontiers.components import Development, GoodsType, Kind, Phase, World
from nfgalaxy.games.new_frontiers.rules import NewFrontiers
from nfgalaxy.games.new_frontiers.tileset import REVISION


def _world(name: str) -> World:
    return TILES.world(by_name(name))


def _dev(name: str) -> Development:
    return TILES.developments[by_name(name)]


def _effects(tile: World | Development, phase: Phase) -> set[str]:
    return {a.effect for a in tile.abilities if a.phase is phase}


def _worlds(test: Callable[[World], bool]) -> list[World]:
    return [w for w in TILES.worlds.values() if test(w)]


def _is(kind: Kind) -> Callable[[World], bool]:
    return lambda w: w.kind is kind


# What each worked example needs from the tiles; examples on the round order, the goals' lines
# and the VP supply (WE-1, 2, 15-17, 20-22) need no particular tile.
NEEDS: dict[str, Callable[[], bool]] = {
    "WE-3 a development of printed cost 1, in every game (a fixed stack)": lambda: any(
        d.cost == 1 and d.group == "fixed" for d in TILES.developments.values()
    ),
    "WE-4 Designer Species consumes 2 goods": lambda: (
        [a.count for a in _world("Designer Species, Ultd.").abilities] == [2]
    ),
    "WE-5 a non-military world needing 1 colonist": lambda: bool(
        _worlds(lambda w: not w.military and w.colonists == 1)
    ),
    "WE-6 Improved Logistics and Terraforming Robots": lambda: (
        _effects(_dev("Improved Logistics"), Phase.SETTLE) == {"second_settle"}
        and _effects(_dev("Terraforming Robots"), Phase.SETTLE) == {"after_settle"}
    ),
    "WE-7 Alpha Centauri; military Rare Elements and Genes worlds of defence 1; "
    "a non-military Rare Elements world of cost 3": lambda: (
        _effects(_world("Alpha Centauri"), Phase.SETTLE) == {"discount", "military"}
        and bool(_worlds(lambda w: w.military and w.number == 1 and _is(Kind.RARE)(w)))
        and bool(_worlds(lambda w: w.military and w.number == 1 and _is(Kind.GENES)(w)))
        and bool(_worlds(lambda w: not w.military and w.number == 3 and _is(Kind.RARE)(w)))
    ),
    "WE-8a a temporary military ability and two military worlds within it": lambda: (
        len(_worlds(lambda w: w.military and w.number <= 1)) >= 2
        and "temporary_military" in _effects(_world("Primitive Rebel World"), Phase.SETTLE)
    ),
    "WE-8b a non-military windfall world with a Settle military ability": lambda: bool(
        _worlds(
            lambda w: (
                not w.military
                and w.goods is GoodsType.WINDFALL
                and "military" in _effects(w, Phase.SETTLE)
            )
        )
    ),
    "WE-9 Exploration Team (Survey Team) draws worlds": lambda: (
        "draw_worlds" in _effects(_dev("Survey Team"), Phase.EXPLORE)
    ),
    "WE-10 Comet Swarm (Comet Zone) pays when it produces": lambda: (
        _world("Comet Zone").goods is GoodsType.PRODUCTION
        and "credits_when_produced_here" in _effects(_world("Comet Zone"), Phase.PRODUCE)
    ),
    "WE-11 Spice World's Trade bonus for one kind": lambda: any(
        a.kind is not None for a in _world("Spice World").abilities if a.phase is Phase.TRADE
    ),
    "WE-12 Booming Economy, Galactic Salon, New Vinland, Old Earth": lambda: (
        bool(_effects(_dev("Booming Economy"), Phase.CONSUME))
        and bool(_effects(_dev("Galactic Salon"), Phase.CONSUME))
        and [a.count for a in _world("New Vinland").abilities] == [1]
        and [a.count for a in TILES.world(by_name("Old Earth")).abilities] == [2]
    ),
    "WE-13 'up to' Consume abilities": lambda: (
        all(a.up_to for a in _dev("Consumer Markets").abilities)
        and all(a.up_to for a in _world("Imperium Armaments Factories").abilities)
    ),
    "WE-14 Pan-Galactic League and military and non-military Genes worlds": lambda: (
        _dev("Pan-Galactic League").vp is None
        and bool(_worlds(lambda w: w.military and _is(Kind.GENES)(w)))
        and bool(_worlds(lambda w: not w.military and _is(Kind.GENES)(w)))
    ),
    "WE-18/19 the Exploration goal, Terraforming Robots and Trade League": lambda: (
        {"exploration", "skilled_labor", "volunteer_program"} <= set(TILES.goals)
        and {"bonus", "sell"} <= {a.effect for a in _dev("Trade League").abilities}
    ),
}


@pytest.mark.parametrize("example", NEEDS)
def test_the_shipped_tiles_hold_what_the_worked_example_needs(example: str) -> None:
    assert NEEDS[example]()


def test_we3_with_the_shipped_tiles_the_chooser_buys_public_works_for_nothing() -> None:
    """The rulebook's Develop example: a cost-1 development costs the chooser $0."""
    state = table(3, seed=1)
    chooser, other, _ = (d[0] for d in state.order)
    give(state, chooser, credits=0)
    give(state, other, credits=1)
    choose(state, chooser, "develop")
    pick(state, "buy", by_name("Public Works"))  # printed cost 1, less the chooser's bonus
    assert by_name("Public Works") in state.players[chooser].developments
    assert state.players[chooser].credits == 0
    pick(state, "buy", by_name("Public Works"))  # everyone else pays the printed cost
    assert state.players[other].credits == 0


def test_we8b_with_one_shipped_world_its_good_pays_but_its_military_does_not_help() -> None:
    """Improved Logistics: the first world's windfall good buys temporary military for the
    second; the first world's own "+1 military" does not count in the action that placed it."""
    state = table(3, seed=5)
    chooser = state.order[0][0]
    w1 = by_name("Asteroid Belt")  # non-military Rare Elements windfall, Settle: +1 military
    within = by_name("Rebel Fuel Cache")  # defence 1 = the +1 temporary military
    beyond = by_name("Aquatic Uplift Race")  # defence 2: would need Asteroid Belt's +1 too
    give(
        state,
        chooser,
        home="Old Earth",
        colonies=["Primitive Rebel World"],  # return a good: +1 temporary military
        explored=[w1, within, beyond],
        developments=["Improved Logistics"],
        colonists=2,
        credits=2,
    )
    choose(state, chooser, "settle")
    pick(state, "settle", w1)
    assert state.players[chooser].goods == {w1: Kind.RARE}
    pick(state, "boost", by_name("Primitive Rebel World"), w1)
    offered = {d.args[0] for d in state.legal_decisions() if d.kind == "settle"}
    assert within in offered and beyond not in offered


def test_a_save_from_before_the_change_plays_on_with_the_tiles_it_was_played_with() -> None:
    """Revision 2 changed two tiles and a reading; a save without a revision (written before)
    keeps revision 1, so undo, which replays its decisions, gives the same game."""
    new = table(3, seed=1)
    assert new.options["revision"] == REVISION == 2
    assert new.tiles.developments[by_name("Public Works")].cost == 1
    data = new.to_json()
    del data["options"]["revision"]
    old = NewFrontiers.from_json(data, TILES)
    assert old.options["revision"] == 1
    assert old.tiles.developments[by_name("Public Works")].cost == 2
    assert not old.tiles.world(by_name("Asteroid Belt")).abilities
    again = replay(old)
    assert again.options["revision"] == 1 and again.tiles is old.tiles
