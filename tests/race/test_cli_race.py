"""``nfgalaxy`` commands for Race for the Galaxy as a user runs them: simulate, tiles, play."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from nfgalaxy.core.registry import descriptor, load_game, new_game
from nfgalaxy.games.race import cards as card_data
from nfgalaxy.games.race import statistics as st
from nfgalaxy.games.race.components import GoodKind, GoodsMode

#: The tiles report lists the whole data; these tests check its base level (``counts``).
CARDS = card_data.builtin().at_level("base")

#: Artist Colony as printed, under another name: a correction the component counts accept.
RENAMED_ARTIST_COLONY = """
[[card]]
id = "artist_colony"
name = "Artists' Colony"
kind = "world"
set = "base"
count = 1
cost = 1
vp = 1
military = false
goods = "novelty"
goods_mode = "production"
keywords = []
source = "my own copy of the card"
powers = []
"""


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "nfgalaxy", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


# --- registration ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["race-for-the-galaxy", "race", "rftg"])
def test_race_is_registered_under_its_id_and_aliases(name: str) -> None:
    found = descriptor(name)
    assert found.id == "race-for-the-galaxy" and found.title == "Race for the Galaxy"
    assert (found.min_players, found.max_players) == (2, 6)  # 2–6 with Rebel vs Imperium
    assert found.ui is not None  # drawn in the app too (nfgalaxy/games/race/ui)


# --- simulate --------------------------------------------------------------------------------


def test_simulate_race_reports_winners_scores_rounds_and_think_time() -> None:
    result = run(
        *("simulate", "--game", "race", "--players", "4", "--bots", "greedy,random,random,random"),
        *("--games", "3", "--seed", "1", "--json"),
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["game"] == "race-for-the-galaxy" and data["players"] == 4
    assert data["bots"] == ["greedy", "random", "random", "random"]
    assert [r["seed"] for r in data["results"]] == [1, 2, 3]
    assert sum(data["wins"]) == pytest.approx(3) and len(data["average_scores"]) == 4
    for game in data["results"]:
        assert game["rounds"] > 3 and len(game["totals"]) == 4
        assert game["winners"] and max(game["totals"]) == game["totals"][game["winners"][0]]
    assert set(data["think_ms"]) == {"greedy", "random"} and data["games_per_second"] > 0


def test_simulate_plays_the_advanced_two_player_game() -> None:
    result = run("simulate", "--game", "rftg", "--players", "2", "--advanced", "--games", "1")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("race-for-the-galaxy: 1 games, 2 players")


def test_the_advanced_game_with_three_players_is_refused_naming_the_rule() -> None:
    for command in ("play", "simulate"):
        result = run(command, "--game", "race", "--players", "3", "--advanced", "--seed", "1")
        assert result.returncode == 2  # a usage error, in one line, before anything is played
        assert "advanced game" in result.stderr and "§18" in result.stderr
        assert "Traceback" not in result.stderr
    with pytest.raises(ValueError, match="§18"):
        new_game("race", players=3, seed=1, options={"advanced": True})


def test_another_games_option_is_refused_for_race() -> None:
    result = run("simulate", "--game", "race", "--goals", "--games", "1")
    assert result.returncode == 2 and "--goals is a New Frontiers option" in result.stderr


# --- tiles -----------------------------------------------------------------------------------


def _tiles_json(*extra: str) -> dict:
    result = run("tiles", "--game", "race", "--json", *extra)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def base_cards(data: dict) -> list[dict]:
    """The designs of the report played at the base level, each with its base copies."""
    found = [dict(c, count=c["counts"]["base"]) for c in data["cards"]]
    return [c for c in found if c["count"]]


def test_tiles_json_lists_all_114_cards_each_with_its_source() -> None:
    data = _tiles_json()
    cards = base_cards(data)
    assert data["game"] == "race-for-the-galaxy" and data["source"].startswith("built-in")
    assert len(cards) == 95 and sum(c["count"] for c in cards) == 114
    assert all(c["source"].startswith("cards.md A, ") for c in cards)
    assert data["levels"]["base"] == st.set_totals(CARDS)
    assert [data["levels"][level]["total"] for level in ("base", "tgs", "rvi")] == [114, 136, 180]
    assert data["totals"]["total"] == 181 and len(data["cards"]) == 151
    old_earth = next(c for c in cards if c["name"] == "Old Earth")
    assert old_earth["start_number"] == 0 and old_earth["vp"] == 2
    assert "Trade (⇄): +1 card for any good" in [p["text"] for p in old_earth["powers"]]
    six = [c for c in cards if c["kind"] == "development" and c["cost"] == 6]
    assert len(six) == 12 and all(c["vp"] is None and c["scoring"] for c in six)


def test_tiles_json_counts_per_kind_cost_and_goods_match_the_cross_check_tables() -> None:
    cards = base_cards(_tiles_json())

    def copies(wanted, key: str) -> dict:
        found: Counter = Counter()
        for card in cards:
            if wanted(card):
                found[card[key]] += card["count"]
        return dict(sorted(found.items()))

    def is_dev(c: dict) -> bool:
        return c["kind"] == "development"

    def is_military(c: dict) -> bool:
        return c["kind"] == "world" and c["military"]

    def is_civil(c: dict) -> bool:
        return c["kind"] == "world" and not c["military"]

    assert copies(is_dev, "cost") == st.development_costs(CARDS) == st.DEVELOPMENT_COSTS
    assert copies(is_military, "defense") == st.military_defenses(CARDS)
    assert copies(is_civil, "cost") == st.non_military_costs(CARDS)
    groups = Counter(c["group"] for c in cards for _ in range(c["count"]))
    assert groups == Counter(st.group(card) for card in CARDS.deck())
    assert groups["development"] == st.DEVELOPMENTS and groups["start world"] == 5

    def goods_worlds(mode: GoodsMode, kind: GoodKind, military: bool) -> int:
        return sum(
            c["count"]
            for c in cards
            if c["kind"] == "world"
            and c["military"] is military
            and (c["goods"], c["goods_mode"]) == (kind.value, mode.value)
        )

    for mode in GoodsMode:
        for kind in GoodKind:
            found = (goods_worlds(mode, kind, False), goods_worlds(mode, kind, True))
            assert found == st.goods_worlds(CARDS, mode)[kind], (mode, kind)
    assert sum(c["count"] for c in cards if c["goods"] is not None) == sum(
        sum(pair) for mode in GoodsMode for pair in st.goods_worlds(CARDS, mode).values()
    )


def test_tiles_text_shows_every_card_with_powers_in_words_and_source() -> None:
    result = run("tiles", "--game", "rftg")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "181 cards in 151 designs" in out and "Played at level base: 114 cards." in out
    for card in CARDS.designs:
        assert card.name in out
    assert out.count("[source: cards.md A, ") == 95
    assert "Settle: +2 Military" in out and "End of game, 3 VP: +3 for Artist Colony" in out


def test_a_corrected_card_file_is_shown_and_a_bad_one_named(tmp_path: Path) -> None:
    good = tmp_path / "good.toml"
    good.write_text(RENAMED_ARTIST_COLONY)
    data = _tiles_json("--tiles", str(good))
    assert data["source"] == str(good)
    names = {c["id"]: (c["name"], c["source"]) for c in data["cards"]}
    assert names["artist_colony"] == ("Artists' Colony", "my own copy of the card")
    bad = tmp_path / "bad.toml"
    bad.write_text(RENAMED_ARTIST_COLONY.replace("cost = 1", "cost = 11"))
    result = run("tiles", "--game", "race", "--tiles", str(bad), "--json")
    assert result.returncode == 1
    assert "artist_colony" in result.stderr and "'cost'" in result.stderr
    assert json.loads(result.stdout)["source"].startswith("built-in")


def test_a_game_with_a_corrected_card_file_is_saved_and_loaded_with_it(tmp_path: Path) -> None:
    good = tmp_path / "good.toml"
    good.write_text(RENAMED_ARTIST_COLONY)
    state = new_game("race", players=2, seed=3, options={"tiles": str(good)})
    assert state.options["tiles"] == str(good)
    assert state.cards["artist_colony"].name == "Artists' Colony"
    loaded = load_game(json.loads(json.dumps(state.to_json())))
    assert loaded.cards["artist_colony"].name == "Artists' Colony"
    good.unlink()
    with pytest.raises(ValueError, match="can no longer be loaded"):
        load_game(state.to_json())


# --- play ------------------------------------------------------------------------------------


def test_line_play_runs_a_whole_game_with_two_humans_from_piped_input() -> None:
    result = run(
        *("play", "--game", "race", "--players", "3", "--humans", "2", "--seed", "7"),
        stdin="1\n" * 3000,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("Race for the Galaxy, seed 7.")
    assert "--- Human 1 takes over ---" in out and "--- Human 2 takes over ---" in out
    assert "Actions revealed:" in out and "The game ends:" in out
    assert "Winner" in out.splitlines()[-1]
    assert "abandoned" not in out


def test_line_play_stops_cleanly_on_quit() -> None:
    result = run("play", "--game", "race", "--players", "2", "--seed", "5", stdin="q\n")
    assert result.returncode == 0 and "abandoned" in result.stdout


def test_setups_our_sources_cannot_supply_are_refused_with_the_reason() -> None:
    for flag, words in (
        ("--first-game", "no source we have lists them (§5.3)"),
        ("--optional-start-worlds", "their powers are in no source we have (§20"),
    ):
        result = run("simulate", "--game", "race", flag, "--games", "1")
        assert result.returncode == 2 and words in result.stderr
        assert "Traceback" not in result.stderr
    with pytest.raises(ValueError, match=r"§5\.3"):
        new_game("race", players=2, seed=1, options={"first_game": True})


def test_simulate_rvi_with_six_players_counts_takeovers_and_goals() -> None:
    """The issue's check: six players at Rebel vs Imperium, goals and takeovers on by the
    level; the summary counts what happened (the engine's events), text and JSON alike."""
    args = ("simulate", "--game", "race", "--expansion", "rvi", "--players", "6")
    result = run(*args, "--games", "4", "--seed", "3", "--json")
    assert result.returncode == 0, result.stderr
    events = json.loads(result.stdout)["events"]
    assert events["goals"] == 4  # the goals laid out, once a game
    assert events["goal_claim"] >= 4
    assert events["takeover_reveal"] >= 1  # random bots declare some takeovers
    text = run(*args, "--games", "1", "--seed", "3")
    assert text.returncode == 0 and "events: " in text.stdout and "goal_claim" in text.stdout
