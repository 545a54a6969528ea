"""The tournament's arithmetic: seat rotation, shared deals, split ties, Wilson intervals,
percentiles, and the same results whether games are played in one process or several."""

from __future__ import annotations

import pytest

from nfgalaxy.bots.tournament import (
    GameRecord,
    Tournament,
    TournamentInterrupted,
    deal_seed,
    percentile,
    planned_games,
    run_tournament,
    seating,
    tasks,
    wilson_interval,
)

FAST_GAME = "new-frontiers"  # the quickest random games of those installed


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_entry_sits_in_each_seat_once_per_rotation(players: int) -> None:
    counts = [[0] * players for _ in range(players)]
    for index in range(3 * players):
        seats = seating(players, index)
        assert sorted(seats) == list(range(players))
        for seat, entry in enumerate(seats):
            counts[entry][seat] += 1
    assert counts == [[3] * players for _ in range(players)]


def test_games_are_rounded_up_to_whole_rotations() -> None:
    assert planned_games(10, 4) == 12
    assert planned_games(8, 4) == 8
    assert planned_games(1, 5) == 5


def test_the_games_of_one_rotation_share_one_deal_and_bots_seeds_differ() -> None:
    assert [deal_seed(7, i, 3) for i in range(7)] == [7, 7, 7, 8, 8, 8, 9]
    plan = tasks(FAST_GAME, ["greedy", "random", "random"], 3, 7, {})
    assert [t.kinds for t in plan] == [
        ("greedy", "random", "random"),
        ("random", "greedy", "random"),
        ("random", "random", "greedy"),
    ]
    seeds = [s for t in plan for s in t.bot_seeds]
    assert len(set(seeds)) == len(seeds)


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        (0, 10, 0.0, 0.2775),
        (5, 10, 0.2366, 0.7634),
        (10, 10, 0.7225, 1.0),
        (60, 100, 0.5020, 0.6906),
        (1, 4, 0.0456, 0.6994),
    ],
)
def test_wilson_interval_matches_published_values(
    wins: int, games: int, low: float, high: float
) -> None:
    got = wilson_interval(wins, games)
    assert got == pytest.approx((low, high), abs=1e-4)


def test_wilson_interval_is_exact_at_the_ends_and_whole_when_nothing_was_played() -> None:
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_percentile_interpolates_between_sorted_values() -> None:
    assert percentile([4.0, 1.0, 3.0, 2.0], 0.95) == pytest.approx(3.85)
    assert percentile([5.0], 0.95) == 5.0
    assert percentile([], 0.5) == 0.0


def _record(index: int, winners: list[int], seats: list[int]) -> GameRecord:
    return GameRecord(
        index=index,
        seed=1,
        seating=seats,
        winners=winners,
        scores=[10, 20, 30],
        decisions=[2, 2, 2],
        think=[[0.001, 0.002], [0.003, 0.004], [0.005, 0.006]],
    )


def test_a_shared_victory_is_split_among_its_winners() -> None:
    result = Tournament(FAST_GAME, ["greedy", "random", "random"], 1, {}, 3, 3)
    result.records = [
        _record(0, [0, 1], [0, 1, 2]),
        _record(1, [2], [2, 0, 1]),
        _record(2, [0, 1, 2], [1, 2, 0]),
    ]
    wins = [s.wins for s in result.standings()]
    assert wins == pytest.approx([0.5 + 1 / 3, 0.5 + 1 / 3, 1 + 1 / 3])
    assert sum(wins) == pytest.approx(3)
    greedy, random = result.by_kind()
    assert (greedy.bot, greedy.games, greedy.wins) == ("greedy", 3, pytest.approx(5 / 6))
    assert (random.bot, random.entries, random.games) == ("random", [1, 2], 6)
    assert random.wins == pytest.approx(1 / 2 + 1 + 2 / 3)
    assert random.seat_games == [2, 2, 2]
    assert greedy.think_ms() == pytest.approx((1.5, 2.0))


def test_a_tournament_gives_every_entry_every_seat_and_counts_its_decisions() -> None:
    result = run_tournament(FAST_GAME, ["random", "greedy", "random"], 3, seed=5)
    assert result.played == 3 and not result.interrupted
    for standing in result.standings():
        assert standing.seat_games == [1, 1, 1] and standing.games == 3
        assert standing.decisions == sum(r.decisions[standing.entries[0]] for r in result.records)
        assert standing.decisions == len(standing.think) > 0
    assert sum(s.wins for s in result.standings()) == pytest.approx(3)


def test_a_game_that_stops_with_an_error_is_left_out_and_the_others_go_on(monkeypatch) -> None:
    import nfgalaxy.bots.tournament as tournament

    real = tournament.play_out

    def breaks_on_seed_2(state, bots, seed, think):
        if seed == 2:
            raise StopIteration  # the error that once ended a two-hour run with nothing
        return real(state, bots, seed, think)

    monkeypatch.setattr(tournament, "play_out", breaks_on_seed_2)
    result = run_tournament(FAST_GAME, ["random", "greedy"], 6, seed=1)
    assert [r.seed for r in result.records] == [1, 1, 3, 3]
    assert [(f.index, f.seed, f.seating) for f in result.failures] == [
        (2, 2, [0, 1]),
        (3, 2, [1, 0]),
    ]
    assert result.failures[0].error == "StopIteration"
    assert "breaks_on_seed_2" in result.failures[0].traceback
    assert [s.games for s in result.standings()] == [4, 4]
    document = result.to_json()
    assert document["games_played"] == 4 and document["games_failed"] == 2
    assert document["failures"][1]["game"] == 4 and document["failures"][1]["seating"] == [2, 1]


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_stops_with_the_finished_games(jobs: int) -> None:
    def stop_after_two(done: int, total: int) -> None:
        if done == 2:
            raise KeyboardInterrupt

    with pytest.raises(TournamentInterrupted) as stop:
        run_tournament(FAST_GAME, ["random", "random"], 40, 1, jobs=jobs, progress=stop_after_two)
    partial = stop.value.partial
    assert partial.interrupted and partial.played == 2 and partial.planned == 40
    assert "interrupted after 2 of 40 games" in partial.text()
    assert partial.to_json()["games_played"] == 2
