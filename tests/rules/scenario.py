"""Build rule-test positions: a real game, with empires set to what a rulebook example needs.

``table()`` starts a game; ``give()`` sets one player's empire; ``choose()`` makes a player the
next to select an action and selects it. Everything else is the real engine, so each test plays
the rule exactly as a game would.
"""

from __future__ import annotations

from nfgalaxy.core import Decision, new_game
from nfgalaxy.games.new_frontiers.components import Kind
from nfgalaxy.games.new_frontiers.rules import NewFrontiers, Step
from nfgalaxy.games.new_frontiers.tileset import builtin

TILES = builtin()


def by_name(name: str) -> str:
    """A tile id from its English name (worlds, home colonies and developments)."""
    for tile in TILES.by_id.values():
        if tile.name == name:
            return tile.id
    raise KeyError(name)


def table(players: int = 4, seed: int = 1, **options) -> NewFrontiers:
    state = new_game("new-frontiers", players=players, seed=seed, options=options)
    assert isinstance(state, NewFrontiers)
    return state


def give(
    state: NewFrontiers,
    seat: int,
    *,
    home: str | None = None,
    colonies: list[str] | None = None,
    explored: list[str] | None = None,
    developments: list[str] | None = None,
    goods: dict[str, Kind] | None = None,
    credits: int | None = None,
    colonists: int | None = None,
    vp: int | None = None,
) -> None:
    """Set a player's empire. Names or ids; worlds are taken out of the bag, developments out
    of the supply, so the table stays consistent."""
    player = state.players[seat]
    if home is not None:
        home_id = home if home in TILES.homes else by_name(home)
        player.colonies = [home_id, *player.colonies[1:]]  # replaced, never changed
        player.home = home_id
        player.goods = {}
    if colonies is not None:
        ids = [c if c in TILES.by_id else by_name(c) for c in colonies]
        player.colonies = [player.colonies[0], *ids]
        _from_bag(state, ids)
    if explored is not None:
        ids = [c if c in TILES.by_id else by_name(c) for c in explored]
        player.explored = ids
        _from_bag(state, ids)
    if developments is not None:
        ids = [d if d in TILES.developments else by_name(d) for d in developments]
        # The supply is replaced, never changed: copies share it.
        state.supply = {**state.supply, **{d: state.supply.get(d, 1) for d in ids}}
        player.developments = ids
    if goods is not None:
        for colony in list(player.goods):
            state.remove_good(seat, colony)
        for colony, kind in goods.items():
            colony_id = colony if colony in TILES.by_id else by_name(colony)
            assert state.put_good(seat, colony_id, int(kind))
    if credits is not None:
        player.credits = credits
    if colonists is not None:
        player.colonists = colonists
    if vp is not None:
        player.vp = vp
    player.tiles_changed()
    state._legal = None


def _from_bag(state: NewFrontiers, ids: list[str]) -> None:
    for tile_id in ids:
        if tile_id in state.bag:
            state.bag.remove(tile_id)


def choose(state: NewFrontiers, seat: int, tile: str) -> None:
    """Make ``seat`` the next to select (first in order) and select ``tile``."""
    disc = next(d for d in state.order if d[0] == seat)
    state.order.remove(disc)
    state.order.insert(state.selections, disc)
    state.queue[0] = [Step.SELECT, seat, 0]
    state._legal = None
    state.apply(Decision("select", (tile,)))


def pick(state: NewFrontiers, kind: str, *args) -> None:
    """Apply the legal decision of ``kind`` whose args start with ``args``."""
    for decision in state.legal_decisions():
        if decision.kind == kind and tuple(decision.args[: len(args)]) == tuple(args):
            state.apply(decision)
            return
    raise AssertionError(
        f"no legal {kind}{list(args)}; legal: {[str(d) for d in state.legal_decisions()]}"
    )


def kinds(state: NewFrontiers) -> set[str]:
    return {d.kind for d in state.legal_decisions()}
