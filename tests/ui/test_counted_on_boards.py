"""One of a thing is counted in the singular on the boards (issue 42.4): New Frontiers' "1 VP
chip", its stockpile and world bag, Roll's bag and its plain-terminal empire line."""

from __future__ import annotations

from nfgalaxy.core.protocol import new_game
from nfgalaxy.games.new_frontiers.ui.tableau import tableau_text
from nfgalaxy.games.new_frontiers.ui.world_bag import bag_text
from nfgalaxy.games.roll.text import describe_empire
from nfgalaxy.games.roll.ui.phase_tiles import phase_tiles_text
from tests.conformance.test_player_words import PLURAL_AFTER_ONE


def plain(group) -> str:
    return "\n".join(getattr(part, "plain", str(part)) for part in group.renderables)


def test_new_frontiers_counts_one_chip_one_world_and_one_good() -> None:
    state = new_game("new-frontiers", players=3, seed=1)
    p = state.players[0]
    p.vp = 1
    p.stock_worlds = [state.bag[0]]
    p.stock_goods = [1] + [0] * (len(p.stock_goods) - 1)
    head = plain(tableau_text(state, 0, large=True)).splitlines()[0]
    assert "1 VP chip " in head and "stockpile: 1 world, 1 good," in head
    assert not PLURAL_AFTER_ONE.search(head), head
    state.bag = state.bag[:1]
    assert bag_text(state).plain.startswith("1 world: ")


def test_roll_counts_one_tile_in_the_bag_and_one_chip() -> None:
    state = new_game("roll-for-the-galaxy", players=2, seed=1)
    state.bag = state.bag[:1]
    assert "Bag 1 tile" in phase_tiles_text(state).plain
    assert "Bag 1 tiles" not in phase_tiles_text(state).plain
    state.players[0].vp = 1
    assert ", 1 VP chip, " in describe_empire(state, 0, 0)
