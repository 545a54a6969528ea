"""The greedy bot plays Race for the Galaxy: legally, on what its seat may see, and clearly
better than random play."""

from __future__ import annotations

import pytest

import nfgalaxy.bots.greedy as greedy
from nfgalaxy.bots.greedy import GreedyBot
from nfgalaxy.bots.random_bot import RandomBot
from nfgalaxy.core.descriptor import Heuristic
from nfgalaxy.core.rng import Rng
from nfgalaxy.games.race.cards import builtin
from nfgalaxy.games.race.heuristics import HEURISTIC, current_vp, game_left
from nfgalaxy.games.race.rules import RaceGame

CARDS = builtin()


@pytest.fixture
def race_heuristic(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot asks the registry for a game's heuristic; here it gets Race's directly, so the
    tests do not depend on the game being registered."""
    monkeypatch.setattr(greedy, "heuristic", lambda _game_id: HEURISTIC)


def _play(seed: int, greedy_seat: int, players: int = 4) -> RaceGame:
    g = RaceGame.new(CARDS, players, seed, {})
    bots = [GreedyBot(seed) if s == greedy_seat else RandomBot(seed * 7 + s) for s in range(4)]
    while not g.is_over():
        seat = g.to_move()
        assert seat is not None
        options = g.legal_decisions()
        decision = bots[seat].choose(g)
        assert decision in options
        g.apply(decision)
    return g


def _wins(seeds: range) -> int:
    """Games the greedy bot wins alone, its seat rotated over the seeds."""
    wins = 0
    for i, seed in enumerate(seeds):
        g = _play(seed, i % 4)
        wins += g.winners() == [i % 4]
    return wins


@pytest.mark.usefixtures("race_heuristic")
def test_greedy_makes_only_legal_decisions_to_the_end_of_the_game() -> None:
    for seed, seat in ((3, 0), (4, 2)):
        g = _play(seed, seat, players=4 if seat else 2)
        assert g.is_over() and g.round > 3


@pytest.mark.usefixtures("race_heuristic")
def test_greedy_decides_the_same_on_states_its_seat_cannot_tell_apart() -> None:
    """Another deal of everything seat 0 cannot see (deck, discards, the others' hands and
    secret choices, the goods) must not change what it decides."""
    g = RaceGame.new(CARDS, 4, 21, {})
    rng = Rng(5)
    compared = 0
    steps = set()
    while not g.is_over() and g.round <= 8:
        seat = g.to_move()
        options = g.legal_decisions()
        if seat == 0:
            other = g.view(0, Rng(compared + 99))
            assert other.players[1].hand != g.players[1].hand or not g.players[1].hand
            seen = GreedyBot(1).choose(g)
            assert GreedyBot(1).choose(other) == seen
            steps.add(g.queue[0][0])
            g.apply(seen)
            compared += 1
        else:
            g.apply(options[rng.below(len(options))])
    assert compared > 20
    assert {"choose_action", "choose_placement"} <= steps  # the planned choices included


def test_value_counts_the_score_and_the_game_left() -> None:
    g = RaceGame.new(CARDS, 2, 1, {})
    assert game_left(g) == pytest.approx(1.0)
    before = HEURISTIC.value(g, 0)
    g.players[0].vp += 3
    assert current_vp(g, 0) == g.score_details()[0].total
    assert HEURISTIC.value(g, 0) == pytest.approx(before + 3)
    g.vp_pool = 0
    assert game_left(g) == 0.0


def test_greedy_beats_random_players_clearly(monkeypatch: pytest.MonkeyPatch) -> None:
    # Measured over 400 games, seats rotated: 97% (see heuristics.py). On these 24 seeded games
    # it wins 23-24 alone. The floor bites: the same valuation without the plan for the secret
    # choices wins 12-14 of them, valuing the VP alone 2-7; the VP-only bot is checked here
    # too (3 of the first 12), so the floor keeps meaning something should the game ever become
    # easy to win.
    monkeypatch.setattr(greedy, "heuristic", lambda _game_id: HEURISTIC)
    assert _wins(range(500, 524)) >= 20
    weak = Heuristic(value=lambda state, seat: float(current_vp(state, seat)))
    monkeypatch.setattr(greedy, "heuristic", lambda _game_id: weak)
    assert _wins(range(500, 512)) <= 6


def test_the_kept_card_worths_stay_bounded_across_many_games(monkeypatch) -> None:
    """Every game deals card objects of its own: a process playing game after game (the SSH
    server, a tournament) keeps no more card worths than its bound."""
    from nfgalaxy.games.race import heuristics

    monkeypatch.setattr(heuristics, "_WORTH", {})
    monkeypatch.setattr(heuristics, "_WORTH_KEPT", 150)
    for seed in range(4):  # about 95 cards each
        g = RaceGame.new(CARDS, 2, seed, {})
        for card in g.cards.cards.values():
            worth = heuristics.power_worth(card)
            assert heuristics.power_worth(card) == worth
            assert len(heuristics._WORTH) <= 150


@pytest.mark.usefixtures("race_heuristic")
def test_two_greedy_players_end_the_game_the_leader_can_end() -> None:
    """Deal 1469: with a win worth less than the promise of a full hand and nine goods that no
    power could consume, neither player ever ended it (3,000 decisions, round 438)."""
    g = RaceGame.new(CARDS, 2, 1469, {})
    bots = [GreedyBot(1469 * 8 + s) for s in range(2)]
    decisions = 0
    while not g.is_over() and decisions < 600:
        g.apply(bots[g.to_move()].choose(g))
        decisions += 1
    assert g.is_over() and g.round < 25
