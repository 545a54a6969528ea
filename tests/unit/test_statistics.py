"""Statistics from game records: games, wins, scores, places, lengths and favourite phases,
and the terminal charts that show them (``nfgalaxy stats``)."""

from __future__ import annotations

import json
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import pytest

from nfgalaxy.cli import main
from nfgalaxy.core.decision import Decision
from nfgalaxy.core.registry import descriptor
from nfgalaxy.records import GameRecord, RecordedPlayer, RecordStore
from nfgalaxy.records.charts import SPARKS, bar, sparkline
from nfgalaxy.records.statistics import statistics
from tests.unit.recorded_games import GAMES, played


def _record(game: str, seed: int, names: tuple[str, str], day: int) -> GameRecord:
    state, _ = played(game, seed)
    seats = [RecordedPlayer(names[0]), RecordedPlayer(names[1], "random")]
    when = datetime(2026, 11, day, 9, tzinfo=UTC)
    return GameRecord.from_state(state, seats, now=when)


@pytest.fixture(scope="module")
def records() -> list[GameRecord]:
    return [_record(GAMES[0], seed, ("Ann", "Bot"), seed) for seed in range(1, 5)] + [
        _record(GAMES[1], 9, ("ann", "Bot"), 20)
    ]


def test_a_players_games_wins_scores_places_and_lengths_are_their_records(records):
    (ann,) = statistics(records, player="ANN", game=GAMES[0])
    mine = records[:4]
    assert (ann.name, ann.is_bot, ann.games) == ("Ann", False, 4)
    assert ann.scores == tuple(r.scores[0]["total"] for r in mine)
    assert ann.wins == sum(0 in r.winners for r in mine)
    assert ann.placings == tuple(r.placings()[0] for r in mine)
    assert ann.average_score == pytest.approx(sum(ann.scores) / 4)
    assert ann.average_rounds == pytest.approx(sum(r.rounds for r in mine) / 4)


def test_a_bot_is_counted_by_its_kind_and_a_name_in_any_case_is_one_player(records):
    everyone = statistics(records)
    assert {(s.game, s.name, s.is_bot, s.games) for s in everyone} == {
        (GAMES[0], "Ann", False, 4),
        (GAMES[0], "random", True, 4),
        (GAMES[1], "ann", False, 1),
        (GAMES[1], "random", True, 1),
    }
    assert [s.games for s in statistics(records, player="random")] == [4, 1]


def test_favourite_phases_are_the_phases_the_seats_decisions_chose_as_the_game_names_them(
    records,
):
    namer = descriptor(GAMES[0]).phase_chosen
    assert namer is not None
    name = namer()
    expected: Counter[str] = Counter()
    for record in records[:4]:
        for entry in record.decisions:
            if entry["seat"] == 0 and (phase := name(Decision.from_json(entry))) is not None:
                expected[phase] += 1
    (ann,) = statistics(records, player="Ann", game=GAMES[0])
    assert dict(ann.phases) == dict(expected) and expected
    assert [count for _, count in ann.phases] == sorted(expected.values(), reverse=True)


def test_a_game_that_names_no_phase_gives_no_favourites():
    plain = next(g for g in GAMES if descriptor(g).phase_chosen is None)
    stats = statistics([_record(plain, 2, ("Ann", "Bot"), 3)])
    assert stats and all(s.phases == () for s in stats)


def test_a_sparkline_spans_its_lowest_to_highest_and_a_bar_its_width():
    assert sparkline([3, 10, 6]) == SPARKS[0] + SPARKS[-1] + SPARKS[3]
    assert sparkline([]) == "" and len(set(sparkline([4, 4, 4]))) == 1
    assert bar(10, 10, 8) == "█" * 8 and bar(0, 10, 8) == " " * 8
    assert bar(5, 10, 8) == "████    " and len(bar(1, 3, 7)) == 7


def test_stats_prints_each_players_lines_with_charts_and_json(records, tmp_path: Path, capsys,
                                                             monkeypatch):  # fmt: skip
    monkeypatch.setenv("NFGALAXY_DATA_DIR", str(tmp_path))
    for record in records:
        RecordStore(tmp_path / "records").add(record)
    assert main(["stats", "--player", "ann", "--game", GAMES[0]]) == 0
    out = capsys.readouterr().out
    (ann,) = statistics(records, player="Ann", game=GAMES[0])
    assert out.startswith(f"{descriptor(GAMES[0]).title} — Ann: 4 games, {ann.wins} won")
    assert sparkline(ann.scores) in out and f"average {ann.average_score:5.1f}" in out
    assert f"favourite {ann.phases[0][0]}" in out and "█" in out
    assert main(["stats", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [(s["name"], s["games"]) for s in listed] == [
        ("Ann", 4), ("random", 4), ("ann", 1), ("random", 1),
    ]  # fmt: skip
    assert main(["stats", "--player", "nobody"]) == 0
    assert "No finished games of nobody" in capsys.readouterr().out


def test_a_tournaments_kept_games_give_its_bots_statistics(tmp_path: Path, capsys, monkeypatch):
    monkeypatch.setenv("NFGALAXY_DATA_DIR", str(tmp_path))
    argv = ["tournament", "--game", GAMES[0], "--bots", "random,greedy", "--games", "2"]
    assert main([*argv, "--seed", "4", "--keep-games", "--jobs", "1"]) == 0
    capsys.readouterr()
    assert main(["stats", "--player", "greedy", "--json"]) == 0
    (greedy,) = json.loads(capsys.readouterr().out)
    kept = RecordStore(tmp_path / "records").records()
    seats = [(r, r.players.index(next(p for p in r.players if p.kind == "greedy"))) for r in kept]
    assert (greedy["bot"], greedy["games"]) == (True, 2)
    assert greedy["wins"] == sum(seat in r.winners for r, seat in seats)
    assert sorted(greedy["scores"]) == sorted(r.scores[seat]["total"] for r, seat in seats)


@pytest.mark.parametrize("game", [g for g in GAMES if descriptor(g).phase_chosen is not None])
def test_a_game_that_names_phases_names_some_in_every_game_and_only_in_words(game):
    hook = descriptor(game).phase_chosen
    assert hook is not None
    name = hook()
    state, _ = played(game, 3)
    named = [name(Decision.from_json(entry)) for entry in state.history]
    chosen = [n for n in named if n is not None]
    assert chosen and all(isinstance(n, str) and n.strip() for n in chosen)
    assert name(Decision("no-such-kind", ("x",))) is None
