"""Property tests: many seeded random games, checked after every decision.

Every game must end; every component must be conserved (worlds, goods, colonists, VP chips,
developments, goals) and no count may go negative; JSON must round-trip at random points; and
the same seed with the same decisions must give the same game.
"""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nfgalaxy.core import load_game, new_game
from nfgalaxy.core.rng import Rng
from nfgalaxy.games.new_frontiers.components import GOODS_IN_BOX, Kind
from nfgalaxy.games.new_frontiers.rules import NewFrontiers
from nfgalaxy.games.new_frontiers.state import PER_PLAYER, STACK_COPIES

# The everyday run plays fifteen hundred games (the suite has a time budget);
# NFGALAXY_PROPERTY_GAMES raises it. The soak run (marked slow, ``pytest -m slow``) plays ten
# thousand more.
GAMES = int(os.environ.get("NFGALAXY_PROPERTY_GAMES", "1500"))
SOAK_GAMES = 10_000
MAX_DECISIONS = 20_000


def check_conservation(state: NewFrontiers) -> None:
    tiles = state.tiles
    n = len(state.players)
    # Worlds: bag + explore display + explored + colonies (not home) + stockpiles = 60.
    # Worlds replaced during Settle wait in ``action["to_bag"]`` until the action ends.
    worlds = list(state.bag) + list(state.display) + list(state.action.get("to_bag", []))
    for p in state.players:
        worlds += p.explored + [c for c in p.colonies if c not in tiles.homes] + p.stock_worlds
    assert sorted(worlds) == sorted(tiles.worlds), "worlds not conserved"
    # Colonists: supply + colonist areas + on colonies = 12 per player.
    on_worlds = sum(tiles.world(c).colonists for p in state.players for c in p.colonies)
    areas = sum(p.colonists for p in state.players)
    assert state.colonist_supply >= 0 and all(p.colonists >= 0 for p in state.players)
    assert state.colonist_supply + areas + on_worlds == PER_PLAYER * n, "colonists"
    # Goods: supply + on colonies + stockpiled = the box, per kind; one good per colony.
    for kind in Kind:
        held = sum(1 for p in state.players for k in p.goods.values() if k == kind)
        stocked = sum(p.stock_goods[kind] for p in state.players)
        # Goods of replaced colonies wait in ``action["to_supply"]`` until Settle ends.
        waiting = state.action.get("to_supply", []).count(kind)
        assert state.goods_supply[kind] >= 0
        total = state.goods_supply[kind] + held + stocked + waiting
        assert total == GOODS_IN_BOX[kind], f"goods {kind}"
    for p in state.players:
        assert set(p.goods) <= set(p.colonies), "a good sits on something that is not a colony"
        assert p.credits >= 0 and p.vp >= 0 and p.stock_credits >= 0
    # VP chips: general supply + chips held - paid from the reserve = 12 per player.
    assert state.vp_general >= 0 and state.vp_reserve >= 0
    chips = sum(p.vp for p in state.players)
    assert state.vp_general + chips - state.vp_reserve == PER_PLAYER * n, "VP chips"
    # Developments: supply + owned = the tiles in play; nobody owns one twice.
    copies = STACK_COPIES[n]
    for dev_id, left in state.supply.items():
        owned = sum(p.developments.count(dev_id) for p in state.players)
        total = 1 if tiles.developments[dev_id].large else copies
        assert left >= 0 and left + owned == total, f"development {dev_id}"
    for p in state.players:
        assert len(set(p.developments)) == len(p.developments)
        assert all(d in state.supply for d in p.developments)
    # Goals: pile + hidden + revealed = 8 with the variant, 0 without; at most one hidden.
    goals = state.goal_pile + state.goals_revealed + [g for _p, g in state.goals_hidden]
    goals += state.turn.get("drawn", []) if state.queue and state.queue[0][0] == "keep_goal" else []
    expected = sorted(tiles.goals) if state.options["goals"] else []
    assert sorted(goals) == expected, "goals"
    assert len(state.goals_hidden) <= 1
    # The 9-world limit holds whenever a player is asked to choose an action.
    if state.queue and state.queue[0][0] == "select":
        assert all(p.world_count() <= 9 or not p.explored for p in state.players)


def play_random(
    seed: int, players: int, options: dict, check_every: int = 1, snapshot_at: int | None = None
) -> tuple[NewFrontiers, list]:
    state = new_game("new-frontiers", players=players, seed=seed, options=options)
    assert isinstance(state, NewFrontiers)
    rng = Rng(seed * 7 + 1)
    decisions = []
    count = 0
    while not state.is_over():
        options_now = state.legal_decisions()
        assert options_now, "a player to move must have a legal decision"
        decision = options_now[rng.below(len(options_now))]
        state.apply(decision)
        decisions.append(decision)
        count += 1
        assert count < MAX_DECISIONS, f"seed {seed}: the game does not end"
        if count % check_every == 0:
            check_conservation(state)
        if snapshot_at is not None and count == snapshot_at:
            text = json.dumps(state.to_json())
            restored = load_game(text)
            assert restored.to_json() == state.to_json(), "JSON round trip changed the state"
            assert restored.legal_decisions() == state.legal_decisions()
    check_conservation(state)
    return state, decisions


game_setups = st.tuples(
    st.integers(min_value=0, max_value=2**31),
    st.integers(min_value=2, max_value=5),
    st.booleans(),
    st.booleans(),
)


@settings(
    max_examples=GAMES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(game_setups)
def test_random_games_end_and_conserve_components(setup: tuple[int, int, bool, bool]) -> None:
    check_a_random_game(setup)


@pytest.mark.slow
@settings(
    max_examples=SOAK_GAMES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(game_setups)
def test_soak_ten_thousand_random_games(setup: tuple[int, int, bool, bool]) -> None:
    check_a_random_game(setup)


def check_a_random_game(setup: tuple[int, int, bool, bool]) -> None:
    """Play one seeded random game, checking conservation as it goes, and its final score."""
    seed, players, goals, first_game = setup
    state, _ = play_random(
        seed,
        players,
        {"goals": goals, "first_game": first_game},
        check_every=1 if seed % 10 == 0 else 7,
    )
    assert state.is_over()
    scores = state.scores()
    assert len(scores) == players
    assert all(s["total"] == s["chips"] + s["tiles"] + s["bonus"] + s["goals"] for s in scores)
    assert state.winners()


@settings(max_examples=60, deadline=None, derandomize=True)
@given(game_setups, st.integers(min_value=1, max_value=400))
def test_json_round_trip_at_random_points(setup: tuple[int, int, bool, bool], at: int) -> None:
    seed, players, goals, first_game = setup
    play_random(
        seed, players, {"goals": goals, "first_game": first_game}, check_every=50, snapshot_at=at
    )


@settings(max_examples=30, deadline=None, derandomize=True)
@given(game_setups)
def test_same_seed_and_decisions_replay_the_same_game(setup: tuple[int, int, bool, bool]) -> None:
    seed, players, goals, first_game = setup
    options = {"goals": goals, "first_game": first_game}
    first, decisions = play_random(seed, players, options, check_every=100)
    replay = new_game("new-frontiers", players=players, seed=seed, options=options)
    for decision in decisions:
        replay.apply(decision)
    assert replay.to_json() == first.to_json()
    assert replay.scores() == first.scores()


def test_clone_is_independent() -> None:
    state = new_game("new-frontiers", players=3, seed=5)
    copy = state.clone()
    copy.apply(copy.legal_decisions()[0])
    assert state.to_json() != copy.to_json()
    assert state.to_json()["history"] == []
