"""The ``nfgalaxy`` command as a user runs it: simulate, tiles, and line-based play."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from nfgalaxy.cli import main


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "nfgalaxy", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_simulate_json_reports_winners_scores_and_speed() -> None:
    result = run(
        "simulate",
        "--game",
        "new-frontiers",
        "--players",
        "4",
        "--bots",
        "greedy,random,random,random",
        "--games",
        "3",
        "--seed",
        "1",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["games"] == 3 and data["bots"] == ["greedy", "random", "random", "random"]
    assert len(data["results"]) == 3 and len(data["average_scores"]) == 4
    assert sum(data["wins"]) == pytest.approx(3)
    assert data["games_per_second"] > 0 and "greedy" in data["think_ms"]


def test_simulate_text_has_no_progress_bar_when_piped(capsys) -> None:
    assert main(["simulate", "--players", "2", "--games", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "games per second" in out and "\r" not in out and "━" not in out


def test_simulate_refuses_a_bot_count_that_does_not_match_the_players() -> None:
    result = run("simulate", "--players", "3", "--bots", "random,greedy", "--games", "1")
    assert result.returncode == 2 and "3 players" in result.stderr


@pytest.mark.parametrize("humans", ["3", "-1"])
def test_line_play_refuses_more_humans_than_players_or_fewer_than_none(humans: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["play", "--players", "2", "--humans", humans, "--seed", "5"])
    assert stop.value.code == 2


def test_play_help_gives_each_games_own_words_for_a_switch_games_share(capsys) -> None:
    """A switch of several games (``--tiles``) says what each game's file is, not only what
    the first game's is."""
    from nfgalaxy.core.registry import games

    with pytest.raises(SystemExit):
        main(["play", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for game in games():
        for option in game.options:
            assert " ".join(option.help.split()) in shown, (game.id, option.name)


def test_tiles_lists_every_component_with_its_source() -> None:
    result = run("tiles", "--game", "new-frontiers", "--json")
    data = json.loads(result.stdout)
    assert len(data["worlds"]) == 60 and len(data["home_colonies"]) == 16
    assert len(data["developments"]) == 40 and len(data["goals"]) == 8
    statuses = {w["status"] for w in data["worlds"]}
    assert statuses == {"known", "known+filled", "reconstructed"}
    reconstructed = next(w for w in data["worlds"] if w["status"] == "reconstructed")
    assert "NOT the printed tile" in reconstructed["source"] and reconstructed["adapts"]
    text = run("tiles").stdout
    assert "reconstructed" in text and "Alpha Centauri" in text


def test_a_bad_tile_file_is_named_and_the_built_in_set_is_used(tmp_path: Path) -> None:
    bad = tmp_path / "tiles.toml"
    bad.write_text(
        '[[world]]\nid = "WM01"\nname = "X"\nstatus = "known"\nmilitary = true\n'
        'defence = 1\ncolonists = 1\nkind = "purple"\ngoods = "windfall"\nvp = 1\n'
    )
    result = run("tiles", "--tiles", str(bad), "--json")
    assert result.returncode == 1
    assert "WM01" in result.stderr and "'kind'" in result.stderr and "built-in" in result.stderr
    assert json.loads(result.stdout)["worlds"][0]["name"] == "Rebel Fuel Cache"


def test_line_play_runs_a_whole_game_from_piped_input() -> None:
    result = run("play", "--players", "2", "--seed", "5", stdin="1\n" * 2000)
    assert result.returncode == 0, result.stderr
    assert "Game over" in result.stdout and "Winner" in result.stdout


def test_line_play_stops_cleanly_on_quit() -> None:
    result = run("play", "--players", "3", "--seed", "5", stdin="q\n")
    assert result.returncode == 0 and "abandoned" in result.stdout
