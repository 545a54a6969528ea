"""Decisions and power answers are kept between asks (search speed); play must not notice.

The rules keep each tableau's powers by timing and the decisions they offer, made once per tile
set (``powers.tableau_powers``, ``rules.common.offer_tables``). These tests change what those depend
on in every way the engine and the scenario helpers do, and check that the answers follow.
"""

from __future__ import annotations

from roll_power_setup import assign, empire, options, position, sid, workers

from nfgalaxy.bots.random_bot import RandomBot
from nfgalaxy.core import new_game
from nfgalaxy.games.roll import powers as pw
from nfgalaxy.games.roll.rules import RollGame


def rolled(g: RollGame) -> RollGame:
    workers(g, 0, selected="settle", explore=["white", "red"], settle=["yellow", "green"])
    return assign(g, 0)


def test_a_tile_added_to_the_tableau_in_place_brings_its_reassign_power() -> None:
    g = position()
    empire(g, 0, tableau=["Public Works"])
    assert "power" not in {d.kind for d in options(rolled(g))}
    g.players[0].tableau.append(sid("Galactic Influence"))  # the list itself changes
    g._legal = None
    assert ("power", (sid("Galactic Influence"),)) in {(d.kind, d.args) for d in options(g)}


def test_a_copy_that_completes_a_tile_does_not_change_the_original_requirements() -> None:
    g = position()
    empire(g, 0, tableau=[])
    blueprints = g.side(sid("Alien Uplift Blueprints"))  # green and yellow worlds: 1 fewer
    world = next(s for s in g.tiles.worlds() if s.cost >= 3 and s.colour.name == "GENES")
    before = pw.requirement(g.tiles, g.players[0], world)
    copy = g.copy()
    copy.players[0].tableau = [*copy.players[0].tableau, blueprints.id]  # replaced, shared
    assert pw.requirement(copy.tiles, copy.players[0], world) < before
    assert pw.requirement(g.tiles, g.players[0], world) == before


def test_quiet_copies_offer_the_same_decisions_unworded_all_game() -> None:
    g = new_game("roll", players=3, seed=11)
    bot = RandomBot(3)
    steps = 0
    while not g.is_over():
        quiet = g.copy(quiet=True, fork=False)
        offered = g.legal_decisions()
        unworded = quiet.legal_decisions()
        assert [(d.kind, d.args) for d in unworded] == [(d.kind, d.args) for d in offered]
        assert all(d.label for d in offered) and not any(d.label for d in unworded)
        g.apply(bot.choose(g))
        steps += 1
    assert steps > 300
