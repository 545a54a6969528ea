"""``nfgalaxy`` commands for Roll for the Galaxy: simulate, tiles and line-by-line play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nfgalaxy.cli import main
from nfgalaxy.core import new_game
from nfgalaxy.core.rng import Rng
from nfgalaxy.games.roll.text import describe_empire
from tests.unit.test_cli import run


@pytest.mark.parametrize("name", ["roll", "roll-for-the-galaxy"])
def test_simulate_roll_reports_winners_scores_and_think_time(name: str) -> None:
    result = run(
        *("simulate", "--game", name, "--players", "3", "--bots", "greedy,random,random"),
        *("--games", "2", "--seed", "4", "--json"),
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["game"] == "roll-for-the-galaxy" and data["players"] == 3
    assert len(data["results"]) == 2 and sum(data["wins"]) == pytest.approx(2)
    assert all(r["rounds"] > 3 for r in data["results"])
    assert "greedy" in data["think_ms"] and data["games_per_second"] > 0


def test_simulate_roll_text_summary(capsys) -> None:
    assert main(["simulate", "--game", "roll", "--players", "2", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("roll-for-the-galaxy: 2 games, 2 players") and "games per second" in out


def test_new_frontiers_options_are_refused_for_roll() -> None:
    result = run("simulate", "--game", "roll", "--goals", "--games", "1")
    assert result.returncode == 2 and "--goals is a New Frontiers option" in result.stderr


def test_roll_tiles_json_lists_dice_factions_homes_and_both_sides_of_every_tile() -> None:
    result = run("tiles", "--game", "roll", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    dice = {d["colour"]: d for d in data["dice"]}
    assert len(dice) == 7 and sum(d["count"] for d in dice.values()) == 111
    assert all(len(d["faces"]) == 6 and sum(d["face_counts"].values()) == 6 for d in dice.values())
    assert dice["yellow"]["face_counts"]["wild"] == 3
    assert len(data["factions"]) == 9 and all(len(f["halves"]) == 2 for f in data["factions"])
    assert len(data["home_worlds"]) == 9
    assert len(data["game_tiles"]) == 55
    for tile in data["game_tiles"]:
        assert tile["development"]["kind"] == "development" and tile["world"]["kind"] == "world"
        assert tile["development"]["sources"] and tile["world"]["sources"]
    assert set(data["legend"]) >= {s for t in data["game_tiles"] for s in t["world"]["sources"]}


def test_roll_tiles_text_names_every_die_colour_and_tile() -> None:
    result = run("tiles", "--game", "roll")
    assert result.returncode == 0, result.stderr
    for words in ("Alien Technology", "3× Wild", "FACTIONS (9", "HOME WORLDS (9", "GAME TILES (55"):
        assert words in result.stdout
    assert "Space Piracy" in result.stdout and "sources" in result.stdout


def test_a_bad_roll_tile_file_is_named_and_the_built_in_set_is_used(tmp_path: Path) -> None:
    bad = tmp_path / "roll.toml"
    bad.write_text(
        '[[die]]\ncolour = "white"\nname = "Home"\ngerman = "Heimat"\ncount = 25\n'
        'faces = ["explore", "explore", "develop", "settle", "produce"]\n'
    )
    result = run("tiles", "--game", "roll", "--tiles", str(bad), "--json")
    assert result.returncode == 1
    assert "white die faces" in result.stderr and "built-in" in result.stderr
    assert json.loads(result.stdout)["source"].startswith("built-in")


def test_roll_line_play_runs_a_whole_game_from_piped_input() -> None:
    result = run("play", "--game", "roll", "--players", "2", "--seed", "5", stdin="1\n" * 5000)
    assert result.returncode == 0, result.stderr
    assert "Game over" in result.stdout and "Winner" in result.stdout


def test_roll_line_play_hides_the_other_humans_roll_before_reveal() -> None:
    # Both place their start tiles, then Human 2 assigns first and looks at every empire.
    result = run(
        *("play", "--game", "roll", "--players", "2", "--humans", "2", "--seed", "5"),
        stdin="1\n1\nt\nq\n",
    )
    assert result.returncode == 0, result.stderr
    shown = result.stdout.split("Human 2> ")[-2]
    other = shown[shown.index("Human 1: ") :].split("Human 2: ")[0]
    assert "dice behind the screen" in other and "Explore" not in other
    assert "takes over" in result.stdout


def test_an_empire_shows_others_rolls_only_after_reveal_and_only_their_top_tiles() -> None:
    state = new_game("roll", players=3, seed=2)
    rng = Rng(2)
    while state.step_name() != "assign":
        options = state.legal_decisions()
        state.apply(options[rng.below(len(options))])
    viewer = state.to_move()
    other = next(p for p in state.players if p.seat != viewer)
    other.stacks["development"].append(other.stacks["world"][0][:-1] + "d")
    hidden = describe_empire(state, other.seat, viewer)
    assert "behind the screen" in hidden and "below: 1" in hidden
    assert "behind the screen" not in describe_empire(state, viewer, viewer)
    state.revealed = True
    assert "behind the screen" not in describe_empire(state, other.seat, viewer)
