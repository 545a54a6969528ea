"""Setup at each level (§5, §B1, §B4, §B9): player counts, cards of the level, the RvI start-world
choice, the 2-player scenario, refusals and saves.

The numbers come from the rules (§B1: 2–4 / 2–5 / 2–6 players; §B4.4: 12 VP each) and the card
facts file (114 / 136 / 180 cards); the scenario is worked example R22.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter

import pytest

from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.core.rng import Rng
from nfgalaxy.games.race import new
from nfgalaxy.games.race.cards import builtin
from nfgalaxy.games.race.components import LEVELS, GoodsMode, StartColour
from nfgalaxy.games.race.invariants import problems
from nfgalaxy.games.race.rules import RaceGame, Step, setup
from nfgalaxy.games.race.rules.common import DISCARD, KEEP
from nfgalaxy.games.race.rules.levels import PLAYERS

ALL = builtin()
BOX = {"base": 114, "tgs": 136, "rvi": 180}


def game(level: str, players: int, seed: int = 1, **options: object) -> RaceGame:
    return RaceGame.new(ALL, players, seed, {"expansion": level, **options})


def through_setup(g: RaceGame, rng: Rng | None = None) -> RaceGame:
    """Make every setup decision (the first one offered, or random ones) up to round 1."""
    while g.queue[0][0] in (Step.START_WORLD, Step.START_DISCARD):
        options = g.legal_decisions()
        g.apply(options[rng.below(len(options))] if rng else options[0])
    return g


def conserved(g: RaceGame, level: str) -> bool:
    return g.card_count() == ALL.at_level(level).copies() and g.cards.total == BOX[level]


# --- every level and player count ----------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "players"),
    [(level, n) for level in LEVELS for n in range(2, PLAYERS[level][1] + 1)],
)
def test_every_level_and_player_count_sets_up_with_the_levels_cards(
    level: str, players: int
) -> None:
    g = game(level, players, seed=players)
    assert g.options["expansion"] == level and g.cards.level == level
    assert sum(g.card_count().values()) == BOX[level] and conserved(g, level)
    assert g.vp_pool == 12 * players  # §5.1, §B4.4
    assert all(len(p.hand) == 6 for p in g.players)
    if level == "rvi":
        for p in g.players:
            colours = {g.cards[c].start_colour for c in p.start_worlds}
            assert colours == {StartColour.BLUE, StartColour.RED} and p.tableau == []
    else:
        assert all(p.tableau == [p.start] for p in g.players)
    through_setup(g, Rng(players))
    assert g.step_name() == Step.CHOOSE_ACTION and conserved(g, level)
    assert problems(g) == []
    starts = [p.start for p in g.players]
    assert len(set(starts)) == players and all(g.cards[s].is_start_world for s in starts)
    for p in g.players:
        keep = g.cards[p.start].start_keep or 4
        assert len(p.hand) == keep and p.tableau == [p.start] and p.start_worlds == []
    assert g.order == setup.player_order(g.cards, starts)


def test_each_level_has_its_copies_and_gambling_world() -> None:
    for level, contact, labs, gambling in (
        ("base", 2, 2, "gambling_world"),
        ("tgs", 3, 2, "gambling_world"),
        ("rvi", 3, 3, "gambling_world_rvi"),
    ):
        counted = game(level, 2).card_count()
        assert (counted["contact_specialist"], counted["research_labs"]) == (contact, labs)
        assert counted[gambling] == 1
        assert "gambling_world_rvi" not in counted or "gambling_world" not in counted


def test_goals_and_takeovers_default_by_level() -> None:
    settled = {level: game(level, 2).options for level in LEVELS}
    assert [(o["goals"], o["takeovers"]) for o in settled.values()] == [
        (False, False),
        (True, False),
        (True, True),
    ]
    assert game("rvi", 2, goals="off", takeovers=False).options["goals"] is False
    assert game("tgs", 2, goals=False).options["goals"] is False
    assert game("rvi", 2, takeovers="off").options["takeovers"] is False
    assert game("base", 2, goals="off", takeovers="auto").options["goals"] is False


# --- refusals ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options", "reason"),
    [
        (5, {"expansion": "base"}, "expansion base (base game) is for 2 to 4 players"),
        (6, {"expansion": "tgs"}, "is for 2 to 5 players"),
        (7, {"expansion": "rvi"}, "is for 2 to 6 players"),
        (1, {"expansion": "rvi"}, "is for 2 to 6 players"),
        (2, {"expansion": "bgt"}, "option expansion: 'bgt' is not one of auto, base, tgs, rvi"),
        (2, {"goals": True}, "goals (§B5) come with The Gathering Storm"),
        (2, {"goals": "on"}, "choose expansion tgs or rvi"),
        (2, {"expansion": "tgs", "goals": "yes"}, "option goals: 'yes' is not one of auto, on"),
        (2, {"expansion": "tgs", "takeovers": True}, "takeovers (§B6) come with Rebel vs"),
        (2, {"expansion": "tgs", "scenario": True}, "(§B9) is played with Rebel vs Imperium"),
        (3, {"expansion": "rvi", "scenario": True}, "(§B9) is for 2 players"),
        (2, {"expansion": "rvi", "scenario": True, "takeovers": "off"}, "with takeovers (§B9.5)"),
        (3, {"expansion": "rvi", "advanced": True}, "advanced game"),
        (2, {"expansion": "tgs", "first_game": True}, "§5.3"),
    ],
)
def test_bad_combinations_are_refused_with_the_reason(
    players: int, options: dict, reason: str
) -> None:
    with pytest.raises(ValueError) as refused:
        new(players, 1, options)
    assert reason in str(refused.value)


# --- TGS: Ancient Race keeps 3 -------------------------------------------------------------


def with_start(level: str, card_id: str, players: int = 2) -> RaceGame:
    """A game where seat 0 is dealt ``card_id`` as (one of) its start world(s)."""
    for seed in range(500):
        g = game(level, players, seed)
        p = g.players[0]
        if card_id in (p.start_worlds or [p.start]):
            return g
    raise AssertionError(f"no seed deals {card_id} to seat 0")


def test_ancient_race_at_tgs_discards_3_of_the_6_initial_cards() -> None:
    g = with_start("tgs", "ancient_race")
    seat = 0
    while g.to_move() != seat:
        g.apply(g.legal_decisions()[0])
    options = g.legal_decisions()
    assert {len(d.args) for d in options} == {3} and len(options) <= 20
    assert list(g.players[seat].goods) == ["ancient_race"]  # a Genes windfall start world
    g.apply(options[0])
    assert len(g.players[seat].hand) == 3


# --- RvI: the start-world choice -----------------------------------------------------------


def test_rvi_start_world_choice_keeps_one_and_discards_the_other() -> None:
    g = game("rvi", 3, seed=5)
    seat = g.to_move()
    p = g.players[seat]
    pair = list(p.start_worlds)
    options = g.legal_decisions()
    assert [d.kind for d in options] == [KEEP, KEEP]
    assert sorted(d.args[0] for d in options) == sorted(pair)
    kept = options[1].args[0]
    other = next(c for c in pair if c != kept)
    g.apply(options[1])
    assert p.start_worlds == [kept] and other in g.discards and other in p.seen
    assert p.start == "" and p.tableau == []
    assert g.step_name() == Step.START_DISCARD and g.to_move() == seat
    # Nothing names the start worlds before the reveal (§4, §5.7).
    for card_id in pair:
        assert not any(g.card_name(card_id) in line for line in g.log)
    assert conserved(g, "rvi")


def test_rvi_start_worlds_are_revealed_together_then_order_and_windfall_goods() -> None:
    g = game("rvi", 4, seed=8)
    chosen = {}
    while g.queue[0][0] in (Step.START_WORLD, Step.START_DISCARD):
        seat, options = g.to_move(), g.legal_decisions()
        if g.step_name() == Step.START_WORLD:
            chosen[seat] = options[-1].args[0]
            g.apply(options[-1])
            assert all(q.tableau == [] for q in g.players)  # nobody revealed yet
        else:
            g.apply(options[0])
    assert g.step_name() == Step.CHOOSE_ACTION
    assert {p.seat: p.start for p in g.players} == chosen
    numbers = [g.cards[chosen[seat]].start_number for seat in g.order]
    assert numbers[0] == min(numbers)  # the lowest start number leads (§5.8)
    assert g.order == [(g.order[0] + i) % 4 for i in range(4)]
    for p in g.players:
        windfall = g.cards[p.start].goods_mode is GoodsMode.WINDFALL
        assert list(p.goods) == ([p.start] if windfall else [])
    starts = [e for e in g.events if e.kind == "start"]
    assert [e.seat for e in starts] == g.order
    assert conserved(g, "rvi") and problems(g) == []


def test_ancient_race_kept_at_rvi_discards_3_and_gets_its_good_after_the_reveal() -> None:
    g = with_start("rvi", "ancient_race", players=2)
    keep = next(d for d in g.legal_decisions() if d.args == ("ancient_race",))
    g.apply(keep)
    assert g.players[0].goods == {}  # the good comes with the reveal
    options = g.legal_decisions()
    assert {len(d.args) for d in options} == {3} and options[0].kind == DISCARD
    through_setup(g)
    p = g.players[0]
    assert p.start == "ancient_race" and len(p.hand) == 3 and list(p.goods) == ["ancient_race"]
    assert conserved(g, "rvi")


def test_a_wrong_number_of_initial_discards_is_refused_with_the_count() -> None:
    g = with_start("rvi", "ancient_race", players=2)
    g.apply(next(d for d in g.legal_decisions() if d.args == ("ancient_race",)))
    two = tuple(sorted(g.players[0].hand)[:2])
    with pytest.raises(IllegalDecision) as refused:
        g.apply(Decision(DISCARD, two, ""))
    assert refused.value.message == "discard exactly 3 of the 6 cards dealt"
    assert refused.value.rule == "§5.5, §B4.2"


# --- the 2-player scenario (§B9, worked example R22) ---------------------------------------


def test_r22_two_player_scenario_rebel_vs_imperium() -> None:
    g = game("rvi", 2, seed=3, scenario=True, names=["Rebel", "Empire"])
    rebel, empire = g.players
    assert (rebel.start, empire.start) == ("rebel_cantina", "imperium_warlord")
    assert g.order == [0, 1]  # Rebel Cantina (9) before Imperium Warlord (11)
    out = {"rebel_alliance", "imperium_seat"}
    assert not out & set(g.deck) and not out & set(g.discards)
    assert conserved(g, "rvi")  # the sides' cards wait in the hands, out of the discard
    assert g.options["takeovers"] is True and g.options["scenario"] is True
    assert g.options["goals"] is True  # goals may be used (§B9.3): on by default at rvi
    assert game("rvi", 2, scenario=True, goals="off").options["goals"] is False
    for _seat in g.order:
        assert all(not out & set(d.args) for d in g.legal_decisions())
        assert len(g.legal_decisions()) == 15  # 2 of the 6 cards dealt
        g.apply(g.legal_decisions()[0])
    assert g.step_name() == Step.CHOOSE_ACTION
    assert rebel.hand.count("rebel_alliance") == 1 and "imperium_seat" not in rebel.hand
    assert empire.hand.count("imperium_seat") == 1 and "rebel_alliance" not in empire.hand
    assert (len(rebel.hand), len(empire.hand)) == (5, 5)  # keeps 4, then adds its card
    assert conserved(g, "rvi") and problems(g) == []
    others = {c.id for c in g.cards.start_worlds} - {"rebel_cantina", "imperium_warlord"}
    assert others <= set(g.deck) | set(g.discards) | {c for p in g.players for c in p.hand}


# --- saves ---------------------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_a_save_at_each_level_loads_back_equal(level: str) -> None:
    g = game(level, 3, seed=11)
    for stop in (1, 6, 30):  # mid start choice, after it, in round 1
        while len(g.history) < stop and not g.is_over():
            g.apply(g.legal_decisions()[-1])
        data = json.loads(json.dumps(g.to_json()))
        loaded = RaceGame.from_json(data, ALL)
        assert loaded.to_json() == g.to_json() and loaded.cards.level == level
        assert loaded.legal_decisions() == g.legal_decisions()
    assert new(3, 11, {"expansion": level}).to_json() == game(level, 3, seed=11).to_json()


def test_a_save_from_before_the_expansions_is_a_base_game() -> None:
    data = json.loads(json.dumps(game("base", 2, seed=2).to_json()))
    for key in ("expansion", "goals", "takeovers", "scenario"):
        del data["options"][key]
    for p in data["players"]:
        del p["start_worlds"]
    loaded = RaceGame.from_json(data, ALL)
    assert loaded.cards.level == "base" and loaded.cards.total == 114
    assert Counter(loaded.card_count()) == ALL.at_level("base").copies()


# --- the command line -----------------------------------------------------------------------


def cli(*args: str) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "nfgalaxy", "simulate", "--game", "race", "--games", "1"]
    return subprocess.run([*command, *args], capture_output=True, text=True, timeout=120)


def test_the_command_line_plays_a_level_and_refuses_a_bad_word_or_count() -> None:
    played = cli("--expansion", "rvi", "--players", "6", "--takeovers", "off")
    assert played.returncode == 0, played.stderr
    bad = cli("--expansion", "rvx")
    assert (
        bad.returncode == 2
        and "--expansion: 'rvx' is not one of auto, base, tgs, rvi" in bad.stderr
    )
    too_many = cli("--expansion", "tgs", "--players", "6")
    assert too_many.returncode == 2 and "is for 2 to 5 players (§B1" in too_many.stderr
    goals = cli("--goal-tiles", "on")
    assert goals.returncode == 2 and "goals (§B5) come with The Gathering Storm" in goals.stderr


# --- random games at the expansion levels ----------------------------------------------------


@pytest.mark.parametrize(
    ("level", "players", "scenario"),
    [("tgs", 5, False), ("tgs", 2, False), ("rvi", 6, False), ("rvi", 3, False), ("rvi", 2, True)],
)
def test_random_games_at_the_expansion_levels_keep_every_invariant(
    level: str, players: int, scenario: bool
) -> None:
    for seed in range(3):
        g = game(level, players, seed=seed, scenario=scenario)
        rng = Rng(seed)
        while not g.is_over():
            options = g.legal_decisions()
            g.apply(options[rng.below(len(options))])
            assert problems(g) == [], (seed, len(g.history))
        assert conserved(g, level)
        loaded = RaceGame.from_json(json.loads(json.dumps(g.to_json())), ALL)
        assert loaded.to_json() == g.to_json()
