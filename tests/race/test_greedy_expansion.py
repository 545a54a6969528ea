"""The greedy judgement knows the expansions: it values goals it can still win, declares a
takeover that pays, and counts its military worlds at risk of one (§B5, §B6)."""

from __future__ import annotations

from nfgalaxy.games.race.heuristics import (
    best_declaration,
    exposure,
    goal_chances,
    value,
)
from nfgalaxy.games.race.rules import Step
from nfgalaxy.games.race.rules.common import PASS, TAKEOVER
from nfgalaxy.games.race.rules.goals import put_in_play
from nfgalaxy.games.race.state import Action
from tests.race.race_scenario import set_player
from tests.race.test_takeovers import A, B, position, start_settle


def test_a_goal_nearer_its_threshold_is_worth_more() -> None:
    g = position({A: [], B: []})
    put_in_play(g, ["galactic_riches"])  # first to 4 goods
    set_player(g, A, tableau=["old_earth", "rebel_miners", "gem_world"], goods=["rebel_miners"])
    one = goal_chances(g, A)
    set_player(g, A, goods=["rebel_miners", "gem_world"])
    two = goal_chances(g, A)
    assert 0 < one < two
    assert goal_chances(g, B) == 0  # no goods, no way made


def test_a_claimed_first_goal_is_gone_from_the_chances_and_counted_as_vp() -> None:
    g = position({A: [], B: []})
    put_in_play(g, ["galactic_riches"])
    before = value(g, A)
    g.goal_claims["galactic_riches"] = [A]
    assert goal_chances(g, A) == 0
    assert value(g, A) > before  # 3 VP held beat the chance of them


def test_greedy_declares_a_takeover_that_cannot_be_answered() -> None:
    """R4's position: 8 against 4 + 4, B has no hand to add Military with: the bot declares."""
    g = position(
        {
            A: ["imperium_seat", "imperium_troops", "drop_ships", "space_marines"],
            B: ["rebel_colony", "space_mercenaries", "expedition_force", "expedition_force"],
        },
        b_start="epsilon_eridani",
    )
    start_settle(g, {A: Action.SETTLE})
    assert g.queue[0][0] == Step.TAKEOVER_DECLARE
    options = g.legal_decisions()
    assert {d.kind for d in options} == {PASS, TAKEOVER}
    assert best_declaration(g, A, options).kind == TAKEOVER


def test_worlds_open_to_a_takeover_weigh_on_the_value_only_with_takeovers_on() -> None:
    g = position(
        {
            A: ["imperium_seat", "imperium_troops", "drop_ships", "space_marines"],
            B: ["rebel_colony"],
        }
    )
    risk = exposure(g, B)
    assert risk > 0
    exposed = value(g, B)
    g.options["takeovers"] = False
    assert value(g, B) > exposed
    set_player(g, A, tableau=["old_earth", "drop_ships"])  # no takeover power
    g.options["takeovers"] = True
    assert exposure(g, B) == 0
