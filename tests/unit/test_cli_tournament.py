"""``nfgalaxy tournament`` as a user runs it: its JSON document, its table, the same results
with one job or two, and one-line refusals of a line-up that cannot be played."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from nfgalaxy.cli import main

LINE_UP = ["tournament", "--game", "new-frontiers", "--seed", "4"]


def _json(capsys, *args: str) -> dict:
    assert main([*LINE_UP, *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_document_has_the_plan_each_entry_each_kind_and_each_game(capsys) -> None:
    data = _json(capsys, "--bots", "greedy,random", "--games", "3")
    assert set(data) == {
        "schema", "game", "options", "players", "bots", "seed", "games_requested",
        "games_planned", "games_played", "games_failed", "games_resumed", "interrupted", "jobs",
        "seconds",
        "win_rate_interval", "entries", "kinds", "results", "failures",
    }  # fmt: skip
    assert data["schema"] == "nfgalaxy-tournament/1"
    assert (data["games_requested"], data["games_planned"], data["games_played"]) == (3, 4, 4)
    assert data["win_rate_interval"] == "95% Wilson score interval"
    entry = data["entries"][0]
    assert set(entry) == {
        "bot", "entries", "games", "wins", "win_rate", "interval", "average_score",
        "think_ms", "decisions", "seat_games",
    }  # fmt: skip
    assert entry["bot"] == "greedy" and entry["entries"] == [1] and entry["seat_games"] == [2, 2]
    assert set(entry["think_ms"]) == {"median", "p95"}
    low, high = entry["interval"]
    assert 0 <= low <= entry["win_rate"] <= high <= 1
    assert [k["bot"] for k in data["kinds"]] == ["greedy", "random"]
    assert [r["seating"] for r in data["results"]] == [[1, 2], [2, 1], [1, 2], [2, 1]]
    assert [r["seed"] for r in data["results"]] == [4, 4, 5, 5]
    assert set(data["results"][0]) == {
        "game", "seed", "seating", "winners", "scores", "decisions", "rounds", "end",
    }  # fmt: skip
    assert all(r["rounds"] >= 1 and r["end"] for r in data["results"])


def test_a_game_stopped_by_an_error_is_reported_with_its_traceback_and_exit_1(
    capsys, monkeypatch
) -> None:
    import nfgalaxy.bots.tournament as tournament

    real = tournament.play_out

    def breaks_on_seed_5(state, bots, seed, think):
        if seed == 5:
            raise RuntimeError("a bot broke")
        return real(state, bots, seed, think)

    monkeypatch.setattr(tournament, "play_out", breaks_on_seed_5)
    assert main([*LINE_UP, "--bots", "greedy,random", "--games", "4"]) == 1
    out, err = capsys.readouterr()
    assert "2 of 4 games" in out
    assert "game 3 (seed 5; seats: greedy, random) stopped with an error, left out:" in out
    assert "RuntimeError: a bot broke" in out
    assert "game 4 (seed 5) stopped with an error:" in err and "Traceback" in err


def test_one_job_or_two_give_the_same_results(capsys) -> None:
    bots = ["--bots", "random,random", "--games", "4"]
    one = _json(capsys, *bots, "--jobs", "1")
    two = _json(capsys, *bots, "--jobs", "2")
    assert one["results"] == two["results"]
    for a, b in zip(one["entries"] + one["kinds"], two["entries"] + two["kinds"], strict=True):
        del a["think_ms"], b["think_ms"]
        assert a == b


def test_table_names_the_interval_and_lists_the_kinds_of_a_repeated_bot(capsys) -> None:
    assert main([*LINE_UP, "--bots", "greedy,random,random", "--games", "3"]) == 0
    captured = capsys.readouterr()
    assert "95% Wilson score interval" in captured.out and "by kind" in captured.out
    assert "2,3   random" in captured.out and "\r" not in captured.err
    assert "3/3 games" in captured.err  # progress goes to stderr, one line at a time


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "greedy,bogus"], "unknown bot 'bogus'"),
        (["--players", "6", "--bots", ",".join(["random"] * 6)], "2 to 5 players"),
        (["--players", "3", "--bots", "random,random"], "--bots names 2 bots for 3 players"),
        (["--bots", "random,random", "--games", "0"], "--games must be at least 1"),
        (["--bots", "random,random", "--jobs", "0"], "--jobs must be at least 1"),
    ],
)
def test_a_line_up_that_cannot_be_played_is_refused_in_one_line(
    capsys, args: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as stop:
        main([*LINE_UP, *args])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    last = err.strip().splitlines()[-1]
    assert last.startswith("nfgalaxy tournament: error:") and message in last


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or sys.platform == "win32", reason="POSIX kill")
def test_kill_stops_a_background_tournament_with_the_games_it_finished() -> None:
    """A tournament run with ``&`` never gets Ctrl+C (the shell ignores SIGINT for it), so
    ``kill`` must report the finished games as Ctrl+C does, not lose hours of them."""
    command = [sys.executable, "-m", "nfgalaxy", *LINE_UP, "--bots", "random,random"]
    process = subprocess.Popen(
        [*command, "--games", "20000", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "CI": "true"},
    )
    assert process.stderr is not None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.3)
        if process.stderr.readline():  # the first progress line: games are being played
            break
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    data = json.loads(out)
    assert data["interrupted"] is True
    assert 0 < data["games_played"] < 20000 == data["games_requested"]
    assert "interrupted after" in err


def test_a_level_with_changes_plays_under_its_own_name_and_a_bad_one_is_refused(capsys) -> None:
    variant = "normal:iterations=4+seconds=0.05"
    data = _json(capsys, "--bots", f"{variant},random", "--games", "2")
    assert [e["bot"] for e in data["entries"]] == [variant, "random"]
    with pytest.raises(SystemExit):
        main([*LINE_UP, "--bots", "normal:depth=2,random"])
    assert "FIELD one of iterations" in capsys.readouterr().err
