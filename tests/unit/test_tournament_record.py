"""``--record``: a tournament's finished games kept as they end, and a later run of the same
tournament playing only the games still missing (``nfgalaxy.bots.tournament_record``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nfgalaxy.bots.tournament import GameRecord, run_tournament, tasks
from nfgalaxy.bots.tournament_record import Identity, Recorder, RecordError, load
from nfgalaxy.cli import main

GAME, BOTS, SEED = "new-frontiers", ["greedy", "random"], 5
OPTIONS = {"goals": False, "first_game": True, "tiles": None}


def _run(path: Path, games: int, played_now: list[int] | None = None):
    """One run with the record at ``path``; ``played_now`` collects the games it played."""
    identity = Identity(GAME, OPTIONS, BOTS, SEED)
    todo = tasks(GAME, BOTS, games, SEED, OPTIONS)
    loaded = load(path, identity, todo)
    recorder = Recorder(path, identity, loaded)

    def keep(record: GameRecord) -> None:
        recorder.add(record)
        if played_now is not None:
            played_now.append(record.index)

    return run_tournament(
        GAME, BOTS, games, SEED, OPTIONS, played=loaded.records, finished_game=keep
    )


def _without_think(result) -> list[tuple]:
    return [
        (r.index, r.seed, r.seating, r.winners, r.scores, r.decisions, r.rounds, r.end)
        for r in result.records
    ]


def test_a_resumed_tournament_plays_only_the_missing_games_and_ends_as_one_run_would(
    tmp_path: Path,
) -> None:
    path = tmp_path / "record.jsonl"
    first: list[int] = []
    _run(path, 2, first)
    assert first == [0, 1]
    assert len(path.read_text().splitlines()) == 3  # the header and two games
    second: list[int] = []
    resumed = _run(path, 6, second)
    assert second == [2, 3, 4, 5] and resumed.resumed == 2
    whole = run_tournament(GAME, BOTS, 6, SEED, OPTIONS)
    assert _without_think(resumed) == _without_think(whole)
    again: list[int] = []
    assert _run(path, 6, again).resumed == 6 and again == []  # nothing left to play


def test_a_record_of_another_tournament_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "record.jsonl"
    _run(path, 2)
    before = path.read_bytes()
    other = Identity(GAME, OPTIONS, ["random", "greedy"], SEED)
    with pytest.raises(RecordError, match=r"another tournament: bots"):
        load(path, other, tasks(GAME, other.bots, 2, SEED, OPTIONS))
    with pytest.raises(RecordError, match="another tournament: seed"):
        load(path, Identity(GAME, OPTIONS, BOTS, SEED + 1), tasks(GAME, BOTS, 2, SEED, OPTIONS))
    assert path.read_bytes() == before


def test_a_line_cut_short_by_a_crash_is_dropped_and_its_game_played_again(
    tmp_path: Path,
) -> None:
    path = tmp_path / "record.jsonl"
    _run(path, 2)
    path.write_bytes(path.read_bytes()[:-25])  # the second game's line torn mid-write
    played: list[int] = []
    result = _run(path, 2, played)
    assert played == [1] and result.resumed == 1
    text = path.read_text()
    assert text.endswith("\n") and len(text.splitlines()) == 3
    assert all(json.loads(line) for line in text.splitlines())


def test_a_damaged_record_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "record.jsonl"
    _run(path, 2)
    lines = path.read_text().splitlines()
    path.write_text("\n".join([lines[0], "{not json", lines[2]]) + "\n")
    before = path.read_bytes()
    with pytest.raises(RecordError, match="line 2 is not JSON"):
        _run(path, 2)
    assert path.read_bytes() == before
    path.write_text("just words\n")
    with pytest.raises(RecordError, match="not a tournament record"):
        _run(path, 2)


def test_the_command_resumes_from_its_record_and_says_so(tmp_path: Path, capsys) -> None:
    path = tmp_path / "nested" / "record.jsonl"
    line_up = ["tournament", "--game", GAME, "--bots", "greedy,random", "--seed", "8"]
    assert main([*line_up, "--games", "2", "--record", str(path), "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["games_resumed"] == 0 and first["games_played"] == 2
    assert main([*line_up, "--games", "4", "--record", str(path), "--json"]) == 0
    captured = capsys.readouterr()
    second = json.loads(captured.out)
    assert second["games_resumed"] == 2 and second["games_played"] == 4
    assert second["results"][:2] == first["results"]
    assert "2 of the 4 games are in" in captured.err
    with pytest.raises(SystemExit):
        main(["tournament", "--game", GAME, "--bots", "random,random", "--record", str(path)])
    assert "records another tournament" in capsys.readouterr().err


def test_a_record_that_cannot_be_written_to_is_said_once_and_the_run_goes_on(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    def full(self, record) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Recorder, "add", full)
    path = tmp_path / "record.jsonl"
    line_up = ["tournament", "--game", GAME, "--bots", "greedy,random", "--seed", "8"]
    assert main([*line_up, "--games", "4", "--record", str(path), "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["games_played"] == 4
    assert captured.err.count("No space left on device") == 1


def test_a_line_kept_before_rounds_and_ends_were_loads_without_them(tmp_path: Path) -> None:
    path = tmp_path / "record.jsonl"
    _run(path, 2)
    header, *games = path.read_text().splitlines()
    old = []
    for line in games:
        data = json.loads(line)
        assert data["rounds"] >= 1 and data["end"]
        del data["rounds"], data["end"]
        old.append(json.dumps(data))
    path.write_text("\n".join([header, *old]) + "\n")
    identity = Identity(GAME, OPTIONS, BOTS, SEED)
    loaded = load(path, identity, tasks(GAME, BOTS, 2, SEED, OPTIONS))
    assert [(r.rounds, r.end) for r in loaded.records.values()] == [(0, []), (0, [])]
