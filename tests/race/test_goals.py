"""Goals of The Gathering Storm and Rebel vs Imperium (rules §B5): the tiles, setup, claiming
"First" goals, taking, moving and losing "Most" goals, and their VP at game end.

Positions are built on the real engine (``race_scenario``) with base cards, which hold every
kind of card the goals count (Rebel military worlds, UPLIFT and ALIEN cards, Explore powers,
6-cost developments); the goals are put in play by name. Checks happen at the end of every
phase and of every round (``rules/goals.py``).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from expansion_scenario import level_table
from race_scenario import CARDS, A, B, C, pick, reveal, set_player, set_tableaux, table

from nfgalaxy.core.rng import Rng
from nfgalaxy.core.tilefiles import TileDataError
from nfgalaxy.games.race.components import Phase
from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.rules import goals as goal_rules
from nfgalaxy.games.race.rules.common import PLACE
from nfgalaxy.games.race.rules.goals import (
    GoalKind,
    builtin,
    check_goals,
    claimed_by,
    goal,
    goal_progress,
    goal_vp,
    parse,
    put_in_play,
)
from nfgalaxy.games.race.state import Action

START = "old_earth"  # a start world with no goods and no Military: counts for almost nothing


def goal_table(*goal_ids: str, players: int = 2, seed: int = 1) -> RaceGame:
    """A game waiting for round 1's actions with these goals face up."""
    g = table(players=players, seed=seed)
    put_in_play(g, list(goal_ids))
    return g


def give(g: RaceGame, tableaux: dict[int, list[str]]) -> None:
    """Every listed seat gets exactly this tableau (and an empty hand)."""
    set_tableaux(g, tableaux)


def events(g: RaceGame, kind: str) -> list[tuple[int | None, tuple[str, ...]]]:
    return [(e.seat, e.components) for e in g.events if e.kind == kind]


# --------------------------------------------------------------------------- the tiles


def test_the_tiles_are_the_ten_of_tgs_and_the_five_of_rvi() -> None:
    tiles = builtin().values()
    by_box = Counter((t.set, t.kind) for t in tiles)
    assert by_box == {
        ("tgs", GoalKind.FIRST): 6,
        ("tgs", GoalKind.MOST): 4,
        ("rvi", GoalKind.FIRST): 3,
        ("rvi", GoalKind.MOST): 2,
    }
    assert all(t.source.startswith("rules §B5") for t in tiles)
    minimums = {t.id: t.minimum for t in tiles if t.kind is GoalKind.MOST}
    assert minimums == {
        "greatest_military": 6,
        "largest_industry": 3,
        "greatest_infrastructure": 4,
        "production_leader": 4,
        "propaganda_edge": 3,
        "research_leader": 3,
    }
    # Innovation Leader: a power in each of Explore, Develop, Settle, Trade, Consume, Produce.
    assert goal("innovation_leader").threshold == len(Phase) == 6
    assert goal("expansion_leader").threshold == 8 and goal("galactic_riches").threshold == 4


BAD_GOAL = """
[[goal]]
id = "greatest_military"
name = "Greatest Military"
type = "most"
set = "tgs"
counts = "total_military"
minimum = 6
text = "Highest total Military, at least 6."
source = "rules §B5"
"""


@pytest.mark.parametrize(
    ("change", "field", "problem"),
    [
        (("minimum = 6", "threshold = 6"), "threshold", "has a minimum, not a threshold"),
        (('counts = "total_military"', 'counts = "military"'), "counts", "not one of"),
        (('type = "most"', 'type = "best"'), "type", "not one of"),
        (('counts = "total_military"', 'counts = "keyword_cards"'), "keyword", "names a keyword"),
        (("minimum = 6", "minimum = 0"), "minimum", "outside 1..12"),
        (('set = "tgs"', 'set = "base"'), "set", "not one of"),
        (('source = "rules §B5"', 'source = " "'), "source", "empty"),
        (('id = "greatest_military"', 'id = "greatest_military"\ncolour = "red"'), "colour", ""),
    ],
)
def test_a_bad_goal_file_names_the_goal_and_the_field(
    change: tuple[str, str], field: str, problem: str
) -> None:
    text = BAD_GOAL.replace(*change)
    with pytest.raises(TileDataError) as error:
        parse(text, "goals.toml")
    assert "goal 'greatest_military'" in str(error.value)
    assert f"field '{field}'" in str(error.value) and problem in str(error.value)


def test_a_goal_file_without_enough_tiles_for_a_level_is_refused() -> None:
    with pytest.raises(TileDataError, match="level 'tgs' has 0 'first' goals, needs 4"):
        parse(BAD_GOAL, "goals.toml")


# --------------------------------------------------------------------------- setup


def dealt(level: str, seed: int, goals: bool | None = None) -> list[str]:
    """The goals a new game at ``level`` lays out (goals on by default from tgs)."""
    options: dict[str, object] = {"expansion": level}
    if goals is not None:
        options["goals"] = goals
    return RaceGame.new(CARDS, 2, seed, options).goals


@pytest.mark.parametrize("level", ["tgs", "rvi"])
def test_setup_draws_four_first_and_two_most_goals_of_the_level(level: str) -> None:
    boxes = {"tgs": {"tgs"}, "rvi": {"tgs", "rvi"}}[level]
    seen: set[str] = set()
    for seed in range(40):
        drawn = dealt(level, seed)
        kinds = Counter(goal(goal_id).kind for goal_id in drawn)
        assert kinds == {GoalKind.FIRST: 4, GoalKind.MOST: 2}
        assert len(set(drawn)) == 6
        seen |= set(drawn)
    assert {goal(goal_id).set for goal_id in seen} == boxes
    assert seen == {t.id for t in builtin().values() if t.set in boxes}


def test_setup_is_deterministic_for_a_seed() -> None:
    assert dealt("rvi", 7) == dealt("rvi", 7)
    assert len({tuple(dealt("rvi", seed)) for seed in range(10)}) > 1


def test_no_goals_in_the_base_game_or_when_switched_off() -> None:
    assert dealt("base", 3) == []
    assert dealt("tgs", 3, goals=False) == []
    assert dealt("rvi", 3, goals=False) == []
    assert table().goals == []


def test_goals_are_drawn_after_the_cards_so_they_change_no_deal() -> None:
    with_goals = RaceGame.new(CARDS, 3, 9, {"expansion": "tgs", "goals": True})
    without = RaceGame.new(CARDS, 3, 9, {"expansion": "tgs", "goals": False})
    assert len(with_goals.goals) == 6 and without.goals == []
    assert [p.hand for p in with_goals.players] == [p.hand for p in without.players]
    assert [p.start for p in with_goals.players] == [p.start for p in without.players]
    assert with_goals.deck == without.deck


def test_the_goals_in_play_are_public_in_the_log() -> None:
    g = goal_table("expansion_leader", "galactic_riches", "greatest_military")
    assert g.log[-1] == (
        "Goals in play: First: Expansion Leader, Galactic Riches; Most: Greatest Military."
    )


# --------------------------------------------------------------------------- "First" goals

FIRST_CASES = {
    # goal: (a tableau meeting it, the same one short of it)
    "system_diversity": (
        [
            START,
            "earths_lost_colony",
            "alpha_centauri",
            "pre_sentient_race",
            "deserted_alien_outpost",
        ],
        [START, "earths_lost_colony", "alpha_centauri", "pre_sentient_race", "gem_world"],
    ),
    "overlord_discoveries": (
        [START, "alien_robot_sentry", "deserted_alien_outpost", "alien_rosetta_stone_world"],
        [START, "alien_robot_sentry", "deserted_alien_outpost", "gem_world"],
    ),
    "innovation_leader": (
        [
            "epsilon_eridani",
            "expedition_force",
            "investment_credits",
            "consumer_markets",
            "export_duties",
        ],
        ["epsilon_eridani", "expedition_force", "investment_credits", "consumer_markets"],
    ),
    "galactic_status": ([START, "galactic_federation"], [START, "space_marines"]),
    "uplift_knowledge": (
        [START, "aquatic_uplift_race", "avian_uplift_race", "reptilian_uplift_race"],
        [START, "aquatic_uplift_race", "avian_uplift_race", "pre_sentient_race"],
    ),
    "expansion_leader": (
        [
            START,
            "artist_colony",
            "destroyed_world",
            "asteroid_belt",
            "gem_world",
            "new_vinland",
            "space_port",
            "spice_world",
        ],
        [
            START,
            "artist_colony",
            "destroyed_world",
            "asteroid_belt",
            "gem_world",
            "new_vinland",
            "space_port",
        ],
    ),
}


@pytest.mark.parametrize("goal_id", sorted(FIRST_CASES))
def test_a_first_goal_is_claimed_by_the_tableau_meeting_it(goal_id: str) -> None:
    meets, short = FIRST_CASES[goal_id]
    g = goal_table(goal_id)
    give(g, {A: short, B: ["new_sparta"]})
    check_goals(g)
    assert claimed_by(g, goal_id) == []
    give(g, {A: meets, B: ["new_sparta"]})
    check_goals(g)
    assert claimed_by(g, goal_id) == [A]
    assert goal_vp(g) == [3, 0]


def test_innovation_leader_counts_trade_apart_from_consume() -> None:
    g = goal_table("innovation_leader")
    # Epsilon Eridani: Settle, Consume; Expedition Force: Explore, Settle; Investment Credits:
    # Develop; Consumer Markets: Consume, Produce; Export Duties: Trade. Six phases.
    give(g, {A: FIRST_CASES["innovation_leader"][0], B: ["new_sparta"]})
    assert goal_progress(g, "innovation_leader")[A] == 6
    # Without a Trade power, Consume powers do not stand in for it.
    give(g, {A: FIRST_CASES["innovation_leader"][1], B: ["new_sparta"]})
    assert goal_progress(g, "innovation_leader")[A] == 5


def test_galactic_standard_of_living_counts_vp_chips() -> None:
    g = goal_table("galactic_standard_of_living")
    set_player(g, A, vp=4)
    check_goals(g)
    assert claimed_by(g, "galactic_standard_of_living") == []
    set_player(g, A, vp=5)
    check_goals(g)
    assert claimed_by(g, "galactic_standard_of_living") == [A]


def test_galactic_riches_counts_goods_on_worlds() -> None:
    g = goal_table("galactic_riches")
    worlds = [START, "artist_colony", "destroyed_world", "asteroid_belt", "gem_world"]
    set_tableaux(g, {A: worlds})
    set_player(g, A, goods=worlds[1:4])
    check_goals(g)
    assert claimed_by(g, "galactic_riches") == []
    set_player(g, A, goods=worlds[1:])
    check_goals(g)
    assert claimed_by(g, "galactic_riches") == [A]


def test_players_meeting_a_first_goal_at_the_same_check_all_claim_it_then_it_is_gone() -> None:
    g = goal_table("overlord_discoveries", players=3)
    give(
        g,
        {
            A: [START, "alien_robot_sentry", "deserted_alien_outpost", "lost_alien_warship"],
            B: [
                "epsilon_eridani",
                "alien_robotic_factory",
                "deserted_alien_library",
                "alien_tech_institute",
            ],
            C: ["alpha_centauri", "alien_robot_scout_ship", "deserted_alien_colony"],
        },
    )
    check_goals(g)
    assert claimed_by(g, "overlord_discoveries") == [A, B]
    assert goal_vp(g) == [3, 3, 0]
    assert [seat for seat, _ in events(g, "goal_claim")] == [s for s in g.order if s != C]
    # Gone: a third player meeting it at a later check gets nothing.
    set_player(g, C, tableau=[*g.players[C].tableau, "lost_alien_battle_fleet"])
    assert goal_progress(g, "overlord_discoveries")[C] == 3
    check_goals(g)
    assert claimed_by(g, "overlord_discoveries") == [A, B]
    assert goal_vp(g) == [3, 3, 0]


def test_a_first_goal_is_not_lost_when_the_tableau_shrinks() -> None:
    g = goal_table("galactic_status")
    give(g, {A: [START, "galactic_federation"]})
    check_goals(g)
    give(g, {A: [START]})
    check_goals(g)
    assert claimed_by(g, "galactic_status") == [A]
    assert goal_vp(g) == [3, 0]


def test_first_goal_is_checked_at_the_end_of_the_phase_that_meets_it() -> None:
    g = goal_table("expansion_leader")
    seven = FIRST_CASES["expansion_leader"][1]
    set_tableaux(g, {A: seven, B: ["epsilon_eridani"]})
    set_player(g, A, hand=["new_military_tactics"])
    reveal(g, {A: Action.DEVELOP})
    pick(g, PLACE, "new_military_tactics")  # cost 1 − 1 (Develop bonus): nothing to pay
    kinds = [
        (e.kind, e.components[:1]) for e in g.events if e.kind in ("phase", "goal_claim", "place")
    ]
    develop = kinds.index(("phase", ("develop",)))
    assert kinds[develop + 1 : develop + 4] == [
        ("place", ("new_military_tactics",)),
        ("goal_claim", ("expansion_leader",)),
        ("phase", ("produce",)),
    ]
    assert g.log.count("Player 1 claims the goal Expansion Leader (3 VP at game end).") == 1


def play_to_round_end(g: RaceGame) -> None:
    while g.queue[0][0] != Step.CHOOSE_ACTION:
        g.apply(g.legal_decisions()[0])


def test_budget_surplus_goes_to_the_players_discarding_for_the_hand_limit_at_round_end() -> None:
    g = goal_table("budget_surplus", players=3)
    set_player(g, A, hand=[], filler=12)
    set_player(g, B, hand=[], filler=8)
    set_player(g, C, hand=[], filler=11)
    reveal(g, {}, default=Action.EXPLORE_1_1)  # everyone draws 2 + 1, keeps 1 + 1
    play_to_round_end(g)
    # A (14 cards) and C (13) discard down to 10 at the end of the round, B (10) does not:
    # A and C claim it at the same check.
    assert claimed_by(g, "budget_surplus") == [A, C]
    assert [seat for seat, _ in events(g, "hand_limit")] == [s for s in g.order if s != B]
    assert g.hand_limit_discarders == []


def test_budget_surplus_is_not_claimed_without_a_hand_limit_discard() -> None:
    g = goal_table("budget_surplus")
    set_player(g, A, hand=[], filler=11)
    set_player(g, B, hand=[], filler=2)
    reveal(g, {}, default=Action.PRODUCE)
    play_to_round_end(g)
    assert claimed_by(g, "budget_surplus") == [A]
    # The round after, B's discard comes too late: the tile is gone.
    set_player(g, B, hand=[], filler=12)
    reveal(g, {}, default=Action.PRODUCE)
    play_to_round_end(g)
    assert claimed_by(g, "budget_surplus") == [A]


# --------------------------------------------------------------------------- "Most" goals

MOST_CASES = {
    # goal: a tableau reaching exactly the minimum (its start world first)
    "greatest_military": ["new_sparta", "space_marines", "drop_ships"],  # 2 + 2 + 3 = 7
    "largest_industry": [START, "artist_colony", "destroyed_world", "gem_world"],
    "greatest_infrastructure": [
        START,
        "export_duties",
        "public_works",
        "colony_ship",
        "deficit_spending",
    ],
    "production_leader": [START, "artist_colony", "gem_world", "new_vinland", "comet_zone"],
    "propaganda_edge": [START, "rebel_fuel_cache", "rebel_miners", "rebel_warrior_race"],
    "research_leader": [START, "expedition_force", "research_labs", "star_nomad_lair"],
}


@pytest.mark.parametrize("goal_id", sorted(MOST_CASES))
def test_a_most_goal_is_taken_at_its_minimum_and_not_below(goal_id: str) -> None:
    g = goal_table(goal_id)
    tableau = MOST_CASES[goal_id]
    give(g, {A: tableau[:-1], B: ["epsilon_eridani"]})
    check_goals(g)
    assert claimed_by(g, goal_id) == []
    give(g, {A: tableau, B: ["epsilon_eridani"]})
    check_goals(g)
    assert goal_progress(g, goal_id)[A] >= goal(goal_id).minimum
    assert claimed_by(g, goal_id) == [A]
    assert goal_vp(g) == [5, 0]


#: Each seat's start world and the developments it may get (single designs, none shared).
STARTS = {A: START, B: "epsilon_eridani", C: "alpha_centauri"}
DEVELOPMENTS = {
    A: ["export_duties", "public_works", "colony_ship", "deficit_spending", "genetics_lab"],
    B: [
        "investment_credits",
        "interstellar_bank",
        "drop_ships",
        "consumer_markets",
        "terraforming_robots",
    ],
    C: [
        "replicant_robots",
        "diversified_economy",
        "new_military_tactics",
        "contact_specialist",
        "expedition_force",
    ],
}


def developments(g: RaceGame, counts: dict[int, int]) -> None:
    """Each listed seat gets its start world and this many developments."""
    set_tableaux(g, {seat: [STARTS[seat], *DEVELOPMENTS[seat][:n]] for seat, n in counts.items()})


def holder(g: RaceGame) -> list[int]:
    return claimed_by(g, "greatest_infrastructure")


def test_most_goal_moves_when_another_player_strictly_exceeds_the_holder() -> None:
    g = goal_table("greatest_infrastructure")
    developments(g, {A: 4, B: 3})
    check_goals(g)
    assert holder(g) == [A]
    developments(g, {A: 4, B: 4})
    check_goals(g)
    assert holder(g) == [A]  # a tie keeps the tile where it is
    developments(g, {A: 4, B: 5})
    check_goals(g)
    assert holder(g) == [B]
    assert events(g, "goal_loss") == [(A, ("greatest_infrastructure",))]
    assert [seat for seat, _ in events(g, "goal_claim")] == [A, B]


def test_most_goal_returns_when_the_holder_drops_below_the_minimum() -> None:
    g = goal_table("greatest_infrastructure")
    developments(g, {A: 4, B: 1})
    check_goals(g)
    developments(g, {A: 3, B: 1})  # a development discarded from the tableau
    check_goals(g)
    assert holder(g) == []
    assert goal_vp(g) == [0, 0]
    assert g.log[-1] == "Player 1 loses the goal Greatest Infrastructure."


def test_most_goal_returns_to_nobody_when_two_tied_players_exceed_the_holder() -> None:
    g = goal_table("greatest_infrastructure", players=3)
    developments(g, {A: 4, B: 2, C: 2})
    check_goals(g)
    developments(g, {A: 4, B: 5, C: 5})
    check_goals(g)
    assert holder(g) == []
    # Neither tied leader holds the tile; at game end each would score 3 for the tie.
    assert goal_vp(g) == [0, 3, 3]


def test_nobody_takes_a_most_goal_while_the_leaders_are_tied() -> None:
    g = goal_table("greatest_infrastructure")
    developments(g, {A: 4, B: 4})
    check_goals(g)
    assert holder(g) == []
    developments(g, {A: 5, B: 4})
    check_goals(g)
    assert holder(g) == [A]


def test_greatest_military_counts_total_military_negatives_included() -> None:
    g = goal_table("greatest_military")
    military = ["new_sparta", "space_marines", "drop_ships", "contact_specialist"]
    give(g, {A: military, B: [START]})
    assert goal_progress(g, "greatest_military") == [2 + 2 + 3 - 1, 0]
    check_goals(g)
    assert claimed_by(g, "greatest_military") == [A]  # 6: the minimum
    give(g, {A: [*military, "empath_world"], B: [START]})  # Empath World: −1 Military
    check_goals(g)
    assert claimed_by(g, "greatest_military") == []


def test_propaganda_edge_counts_only_rebel_military_worlds() -> None:
    g = goal_table("propaganda_edge")
    # Rebel Underground is a Rebel military world; Galactic Imperium an IMPERIUM development
    # that does not count; Pirate World is military but not Rebel.
    give(g, {A: [START, "rebel_underground", "galactic_imperium", "pirate_world", "rebel_base"]})
    assert goal_progress(g, "propaganda_edge")[A] == 2


# --------------------------------------------------------------------------- expansion cards


def rvi_table(*goal_ids: str) -> RaceGame:
    """A Rebel vs Imperium game (its cards) with these goals face up."""
    g = level_table("rvi")
    put_in_play(g, list(goal_ids))
    return g


def test_pan_galactic_research_does_not_meet_galactic_status() -> None:
    # §B8, seed 001: a 6-cost development worth exactly 4 VP, not a variable-VP one.
    g = rvi_table("galactic_status")
    give(g, {A: [START, "pan_galactic_research"], B: ["new_sparta"]})
    check_goals(g)
    assert claimed_by(g, "galactic_status") == []
    give(g, {A: [START, "galactic_genome_project"], B: ["new_sparta"]})
    check_goals(g)
    assert claimed_by(g, "galactic_status") == [A]


def test_greatest_military_counts_hidden_fortress_for_each_military_world() -> None:
    g = rvi_table("greatest_military")
    # Hidden Fortress: +1 per military world, itself included (4), New Sparta +2.
    give(g, {A: ["new_sparta", "hidden_fortress", "rebel_base", "rebel_homeworld"], B: [START]})
    assert goal_progress(g, "greatest_military") == [6, 0]
    check_goals(g)
    assert claimed_by(g, "greatest_military") == [A]


def test_rebel_cantina_is_a_rebel_world_but_not_a_rebel_military_world() -> None:
    g = rvi_table("propaganda_edge")
    rebels = ["rebel_cantina", "primitive_rebel_world", "rebel_convict_mines", "rebel_base"]
    give(g, {A: rebels, B: [START]})
    assert goal_progress(g, "propaganda_edge") == [3, 0]


def test_uplift_and_alien_cards_count_whatever_their_type() -> None:
    g = rvi_table("uplift_knowledge", "overlord_discoveries")
    # Both Uplift camps are ALIEN and UPLIFT; one is a military world, one is not.
    cards = ["abandoned_alien_uplift_camp", "alien_uplift_center", "aquatic_uplift_race"]
    give(g, {A: [START, *cards], B: ["new_sparta"]})
    assert goal_progress(g, "uplift_knowledge") == [3, 0]
    assert goal_progress(g, "overlord_discoveries") == [2, 0]
    check_goals(g)
    assert claimed_by(g, "uplift_knowledge") == [A]
    assert claimed_by(g, "overlord_discoveries") == []


# --------------------------------------------------------------------------- game end


def test_goal_vp_count_at_game_end_and_in_scores_without_draining_the_pool() -> None:
    g = goal_table("expansion_leader", "greatest_infrastructure", "galactic_status")
    eleven = [START, "investment_credits", "export_duties", "public_works", "colony_ship"]
    eleven += ["deficit_spending", "artist_colony", "destroyed_world", "asteroid_belt"]
    eleven += ["gem_world", "new_vinland"]
    set_tableaux(g, {A: eleven, B: ["epsilon_eridani", "space_marines", "drop_ships"]})
    set_player(g, A, hand=["new_military_tactics"])
    pool = g.vp_pool
    reveal(g, {A: Action.DEVELOP})
    pick(g, PLACE, "new_military_tactics")  # the 12th card: the game ends after this round
    while not g.is_over():
        g.apply(g.legal_decisions()[0])
    assert claimed_by(g, "expansion_leader") == [A]
    assert claimed_by(g, "greatest_infrastructure") == [A]
    assert claimed_by(g, "galactic_status") == []
    scores = g.scores()
    assert scores[A]["goals"] == 3 + 5 and scores[B]["goals"] == 0
    for s in scores:
        assert s["total"] == s["chips"] + s["printed"] + s["bonus"] + s["goals"]
    assert g.vp_pool == pool  # goal VP are not chips
    assert sum(p.vp for p in g.players) == 0
    assert any(line.endswith(", 8 from goals).") for line in g.log)


def test_at_game_end_players_tied_with_the_holder_score_three() -> None:
    g = goal_table("greatest_infrastructure", players=3)
    developments(g, {A: 4, B: 3, C: 1})
    check_goals(g)
    developments(g, {A: 4, B: 4, C: 1})
    check_goals(g)
    assert holder(g) == [A]
    assert goal_vp(g) == [5, 3, 0]
    assert [s["goals"] for s in g.scores()] == [5, 3, 0]


def test_tied_below_the_minimum_scores_nothing() -> None:
    g = goal_table("greatest_infrastructure")
    developments(g, {A: 3, B: 3})
    check_goals(g)
    assert goal_vp(g) == [0, 0]


# --------------------------------------------------------------------------- state


def test_saves_with_goals_load_back_equal() -> None:
    g = goal_table("budget_surplus", "greatest_infrastructure", "galactic_riches")
    developments(g, {A: 4, B: 2})
    check_goals(g)
    g.hand_limit_discarders = [B]
    data = json.loads(json.dumps(g.to_json()))
    loaded = RaceGame.from_json(data, CARDS)
    assert loaded.to_json() == g.to_json()
    assert loaded.goal_claims["greatest_infrastructure"] == [A]
    assert loaded.scores() == g.scores()


def test_a_save_from_before_goals_loads_without_goals() -> None:
    data = json.loads(json.dumps(table().to_json()))
    for key in ("goals", "goal_claims", "hand_limit_discarders"):
        del data[key]
    loaded = RaceGame.from_json(data, CARDS)
    assert loaded.goals == [] and loaded.goal_claims == {} and loaded.scores()[A]["goals"] == 0


def test_a_save_naming_an_unknown_goal_is_refused() -> None:
    data = json.loads(json.dumps(goal_table("galactic_riches").to_json()))
    data["goals"] = ["galactic_wealth"]
    data["goal_claims"] = {"galactic_wealth": []}
    with pytest.raises(ValueError, match="unknown goals"):
        RaceGame.from_json(data, CARDS)
    data = json.loads(json.dumps(goal_table("galactic_riches").to_json()))
    data["goal_claims"] = {"galactic_riches": [5]}
    with pytest.raises(ValueError, match="names no player"):
        RaceGame.from_json(data, CARDS)


def test_copies_and_views_keep_the_goals_apart_from_the_game() -> None:
    g = goal_table("greatest_infrastructure")
    developments(g, {A: 4, B: 1})
    copy = g.copy(quiet=True)
    view = g.view(B, Rng(3))
    developments(copy, {A: 4, B: 5})
    check_goals(copy)
    assert claimed_by(copy, "greatest_infrastructure") == [B]
    assert claimed_by(g, "greatest_infrastructure") == []
    check_goals(g)
    assert claimed_by(g, "greatest_infrastructure") == [A]
    assert view.goals == g.goals  # face up: every seat sees them


def test_quiet_copies_check_goals_without_words() -> None:
    g = goal_table("greatest_infrastructure")
    copy = g.copy(quiet=True)
    developments(copy, {A: 4, B: 1})
    check_goals(copy)
    assert claimed_by(copy, "greatest_infrastructure") == [A] and copy.events == []


def test_goal_progress_has_one_count_per_seat() -> None:
    g = goal_table("research_leader", players=3)
    give(g, {A: MOST_CASES["research_leader"], B: ["epsilon_eridani", "malevolent_lifeforms"]})
    assert goal_progress(g, "research_leader") == [3, 1, 0]
    assert goal_rules.goal_name("research_leader") == "Research Leader"


@pytest.mark.parametrize("seed", range(6))
def test_random_games_with_every_goal_keep_the_goal_rules(seed: int) -> None:
    """Every tile in play at once: at the end, each "Most" goal's holder is strictly ahead of
    nobody's count and at its minimum, the scores add up, and the save loads back equal."""
    g = goal_table(*builtin(), players=2 + seed % 3, seed=seed)
    rng = Rng(seed)
    while not g.is_over():
        options = g.legal_decisions()
        g.apply(options[rng.below(len(options))])
    for item in builtin().values():
        claims = claimed_by(g, item.id)
        if item.kind is GoalKind.MOST:
            progress = goal_progress(g, item.id)
            assert len(claims) <= 1
            for seat in claims:
                assert progress[seat] == max(progress) >= item.minimum
            leaders = [s for s, n in enumerate(progress) if n == max(progress)]
            if len(leaders) == 1 and max(progress) >= item.minimum:
                assert claims == leaders
    vp = goal_vp(g)
    assert [s["goals"] for s in g.scores()] == vp
    claims_made = len(events(g, "goal_claim"))
    assert claims_made >= sum(len(claimed_by(g, goal_id)) for goal_id in g.goals)
    loaded = RaceGame.from_json(json.loads(json.dumps(g.to_json())), CARDS)
    assert loaded.to_json() == g.to_json() and loaded.scores() == g.scores()
