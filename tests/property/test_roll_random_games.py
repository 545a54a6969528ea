"""Roll for the Galaxy property tests: many seeded random games, checked as they are played.

Every game must end; dice are conserved per colour (supply + cup + citizenry + phase strip +
Dictate zone + construction stacks + goods = the box), the 55 game tiles are conserved (bag +
discards + drawn + stacks + tableaux), VP chips are conserved, credits stay within 0..10 and
within 1..10 after Manage Empire; JSON round-trips; replays are identical; views hide others'
rolls.
"""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nfgalaxy.core import load_game, new_game
from nfgalaxy.core.rng import Rng
from nfgalaxy.games.roll.components import DieColour
from nfgalaxy.games.roll.rules import RollGame
from nfgalaxy.games.roll.state import COLOURS, DEV, STACKS, VP_PER_PLAYER

# The everyday run plays three hundred games (a random Roll game is about 1,500 decisions, each
# checked; the suite has a time budget); NFGALAXY_ROLL_PROPERTY_GAMES raises it. The soak run
# (marked slow, ``pytest -m slow``) plays ten thousand more.
GAMES = int(os.environ.get("NFGALAXY_ROLL_PROPERTY_GAMES", "300"))
SOAK_GAMES = 10_000
MAX_DECISIONS = 20_000


def check_conservation(g: RollGame) -> None:
    tiles = g.tiles
    for colour in COLOURS:
        assert g.supply[colour] >= 0
        owned = 0
        for p in g.players:
            assert p.cup[colour] >= 0 and p.citizenry[colour] >= 0, "negative dice"
            owned += p.dice_owned()[colour]
        total = tiles.dice[DieColour(colour)].count
        assert g.supply[colour] + owned == total, f"{colour} dice not conserved"
    game_tiles = list(g.bag) + list(g.discards)
    for p in g.players:
        game_tiles += p.drawn
        for kind in STACKS:
            for side_id in p.stacks[kind]:
                assert side_id.endswith("d" if kind == DEV else "w"), "tile on the wrong stack"
                game_tiles.append(side_id[:-1])
        game_tiles += [s[:-1] for s in p.tableau if s[:-1] in tiles.game_tiles]
        assert 0 <= p.credits <= 10, "credits out of range"
        assert p.vp >= 0
        cap = 2 if any(s == "T22d" for s in p.tableau) else 1
        for world_id, dice in p.goods.items():
            assert world_id in p.tableau, "a good on a world not in the tableau"
            assert tiles.by_id[world_id].colour.holds_goods, "a good on a gray world"
            assert 1 <= len(dice) <= cap, "too many goods on a world"
    assert sorted(game_tiles) == sorted(tiles.game_tiles), "game tiles not conserved"
    chips = sum(p.vp for p in g.players)
    assert g.vp_pool + chips == VP_PER_PLAYER * len(g.players), "VP chips not conserved"


def play_random(
    seed: int, players: int, check_every: int = 1, snapshot_at: int | None = None
) -> tuple[RollGame, list]:
    state = new_game("roll", players=players, seed=seed)
    assert isinstance(state, RollGame)
    rng = Rng(seed * 7 + 3)
    decisions = []
    count = 0
    while not state.is_over():
        options_now = state.legal_decisions()
        assert options_now, "a player to move must have a legal decision"
        decision = options_now[rng.below(len(options_now))]
        before = state.step_name()
        state.apply(decision)
        decisions.append(decision)
        count += 1
        assert count < MAX_DECISIONS, f"seed {seed}: the game does not end"
        if count % check_every == 0:
            check_conservation(state)
        if before in ("manage", "recall") and state.step_name() in ("assign", ""):
            assert all(1 <= p.credits <= 10 for p in state.players), "credits after Manage"
        if snapshot_at is not None and count == snapshot_at:
            text = json.dumps(state.to_json())
            restored = load_game(text)
            assert restored.to_json() == state.to_json(), "JSON round trip changed the state"
            assert restored.legal_decisions() == state.legal_decisions()
    check_conservation(state)
    return state, decisions


game_setups = st.tuples(st.integers(min_value=0, max_value=2**31), st.integers(2, 5))


@settings(
    max_examples=GAMES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(game_setups)
def test_random_roll_games_end_and_conserve_components(setup: tuple[int, int]) -> None:
    check_a_random_game(setup)


@pytest.mark.slow
@settings(
    max_examples=SOAK_GAMES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(game_setups)
def test_soak_ten_thousand_random_roll_games(setup: tuple[int, int]) -> None:
    check_a_random_game(setup)


def check_a_random_game(setup: tuple[int, int]) -> None:
    """Play one seeded random game, checking conservation as it goes, and its final score."""
    seed, players = setup
    state, _ = play_random(seed, players, check_every=1 if seed % 10 == 0 else 11)
    assert state.is_over()
    assert state.end_reasons
    scores = state.scores()
    assert len(scores) == players
    for s in scores:
        assert s["total"] == s["chips"] + s["developments"] + s["worlds"] + s["bonus"]
    assert state.winners()


@settings(max_examples=40, deadline=None, derandomize=True)
@given(game_setups, st.integers(min_value=1, max_value=600))
def test_roll_json_round_trip_at_random_points(setup: tuple[int, int], at: int) -> None:
    seed, players = setup
    play_random(seed, players, check_every=50, snapshot_at=at)


@settings(max_examples=20, deadline=None, derandomize=True)
@given(game_setups)
def test_roll_same_seed_and_decisions_replay_the_same_game(setup: tuple[int, int]) -> None:
    seed, players = setup
    first, decisions = play_random(seed, players, check_every=100)
    replay = new_game("roll", players=players, seed=seed)
    for decision in decisions:
        replay.apply(decision)
    assert replay.to_json() == first.to_json()
    assert replay.scores() == first.scores()


@settings(max_examples=30, deadline=None, derandomize=True)
@given(game_setups, st.integers(min_value=1, max_value=300))
def test_views_keep_others_rolls_and_hidden_tiles_secret(setup: tuple[int, int], at: int) -> None:
    """A view keeps the seat's own dice and decisions, and re-deals what the seat cannot see:
    it does not depend on others' hidden rolls or on the hidden order of the bag."""
    seed, players = setup
    state = new_game("roll", players=players, seed=seed)
    assert isinstance(state, RollGame)
    rng = Rng(seed)
    for _ in range(at):
        if state.is_over():
            return
        options = state.legal_decisions()
        state.apply(options[rng.below(len(options))])
    seat = state.to_move()
    if seat is None:
        return
    view = state.view(seat, Rng(7))
    assert view.players[seat].to_json() == state.players[seat].to_json()
    assert view.legal_decisions() == state.legal_decisions()
    check_conservation(view)
    # Changing what the seat cannot see (others' faces, the RNG) must not change the view.
    other = state.clone()
    other.rng = Rng(other.rng.state ^ 0xABCDEF)
    for q in other.players:
        if q.seat != seat and not state.revealed:
            for w in q.workers:
                w["face"] = "wild" if w["face"] != "wild" else "explore"
    assert other.view(seat, Rng(7)).to_json() == view.to_json()


def test_roll_clone_is_independent() -> None:
    state = new_game("roll", players=3, seed=5)
    copy = state.clone()
    copy.apply(copy.legal_decisions()[0])
    assert state.to_json() != copy.to_json()
    assert state.to_json()["history"] == []
