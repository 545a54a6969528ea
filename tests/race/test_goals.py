"""Goals of The Gathering Storm and Rebel vs Imperium (rules §B5): the tiles and their file,
setup per level, what each goal counts, claiming "First" goals, and taking, moving and losing
"Most" goals. The engine's checks, game end and saves: ``test_goals_in_play.py``.
"""

from __future__ import annotations

from collections import Counter

import pytest
from expansion_scenario import level_table
from goal_scenario import START, developments, events, give, goal_table, holder
from race_scenario import CARDS, A, B, C, set_player, set_tableaux, table

from nfgalaxy.core.tilefiles import TileDataError
from nfgalaxy.games.race.components import Phase
from nfgalaxy.games.race.rules import RaceGame
from nfgalaxy.games.race.rules.goals import (
    GoalKind,
    builtin,
    check_goals,
    claimed_by,
    goal,
    goal_name,
    goal_progress,
    goal_vp,
    parse,
    put_in_play,
)

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


def test_goal_progress_has_one_count_per_seat() -> None:
    g = goal_table("research_leader", players=3)
    give(g, {A: MOST_CASES["research_leader"], B: ["epsilon_eridani", "malevolent_lifeforms"]})
    assert goal_progress(g, "research_leader") == [3, 1, 0]
    assert goal_name("research_leader") == "Research Leader"
