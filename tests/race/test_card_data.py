"""The built-in Race for the Galaxy cards match the shared card facts file.

Every expected number below is copied from ``shared/data/race-for-the-galaxy-cards.md``: the
"Card counts and cross-checks" tables, the "Base-game cross-check against seed 004" table (its
"Data (114)" column), the section E indexes and the rows of section A. ``statistics.py``
computes the same tables from the TOML, so a slip in the data (a wrong cost, a lost copy, a
power in the wrong phase) fails a test here.
"""

from __future__ import annotations

import re
from importlib import resources

from nfgalaxy.games.race import cards as card_data
from nfgalaxy.games.race import statistics as st
from nfgalaxy.games.race.components import (
    CardKind,
    Counted,
    GoodKind,
    GoodsMode,
    Keyword,
    Phase,
    Power,
    ScoringTerm,
    StartColour,
)
from nfgalaxy.games.race.vocabulary import CODES

#: The base game: every check here is of the base level (TGS and RvI: test_card_data_levels.py).
CARDS = card_data.builtin().at_level("base")
NOVELTY, RARE, GENES, ALIEN = GoodKind.NOVELTY, GoodKind.RARE, GoodKind.GENES, GoodKind.ALIEN


def codes(card_id: str) -> list[tuple[Phase, str]]:
    return [(power.phase, power.code) for power in CARDS[card_id].powers]


# --- totals ----------------------------------------------------------------------------------


def test_base_game_is_114_cards_5_start_worlds_59_worlds_50_developments() -> None:
    totals = st.set_totals(CARDS)
    assert totals["total"] == 114 == len(CARDS.deck())
    assert (totals["start worlds"], totals["worlds"], totals["developments"]) == (5, 59, 50)


def test_base_game_has_95_designs_64_worlds_31_developments_12_of_cost_6() -> None:
    totals = st.set_totals(CARDS)
    assert (totals["designs"], totals["world designs"]) == (95, 64)
    assert totals["development designs"] == 31
    assert totals["six-cost developments"] == 12


def test_builtin_set_meets_the_rulebooks_component_counts() -> None:
    assert st.check(CARDS) == []


def test_start_worlds_are_0_to_4_alternating_blue_and_red() -> None:
    starts = [(c.start_number, c.name, c.start_colour) for c in CARDS.start_worlds]
    blue, red = StartColour.BLUE, StartColour.RED
    assert starts == [
        (0, "Old Earth", blue),
        (1, "Epsilon Eridani", red),
        (2, "Alpha Centauri", blue),
        (3, "New Sparta", red),
        (4, "Earth's Lost Colony", blue),
    ]
    assert len(CARDS.game_cards) == 90


def test_deck_repeats_each_design_by_its_count() -> None:
    deck = CARDS.deck()
    assert sum(card.id == "contact_specialist" for card in deck) == 2
    assert sum(card.id == "galactic_imperium" for card in deck) == 1
    assert CARDS.copies()["research_labs"] == 2
    assert all(card.set == "base" for card in deck)


# --- the cross-check tables --------------------------------------------------------------------


def test_developments_by_cost_1_to_6_are_12_12_4_8_2_12() -> None:
    assert st.development_costs(CARDS) == {1: 12, 2: 12, 3: 4, 4: 8, 5: 2, 6: 12}


def test_military_worlds_by_defense_1_to_7_are_6_7_3_2_2_2_1() -> None:
    assert st.military_defenses(CARDS) == {1: 6, 2: 7, 3: 3, 4: 2, 5: 2, 6: 2, 7: 1}


def test_military_worlds_per_defense_rebel_alien_and_start_as_seed_004_notes_them() -> None:
    # Seed 004 notes, per defense, its Rebel, Alien and start worlds; at defense 2 it also
    # counts the two optional 2018 start worlds, which are not in the data (3 start → 1).
    assert st.military_world_details(CARDS) == {
        1: {"rebel": 1, "alien": 0, "start": 0},
        2: {"rebel": 1, "alien": 1, "start": 1},
        3: {"rebel": 2, "alien": 0, "start": 0},
        4: {"rebel": 0, "alien": 1, "start": 0},
        5: {"rebel": 1, "alien": 1, "start": 0},
        6: {"rebel": 1, "alien": 1, "start": 0},
        7: {"rebel": 1, "alien": 0, "start": 0},
    }


def test_non_military_worlds_by_cost_0_to_6_are_2_6_11_10_5_5_2() -> None:
    assert st.non_military_costs(CARDS) == {0: 2, 1: 6, 2: 11, 3: 10, 4: 5, 5: 5, 6: 2}


def test_91_cards_are_played_for_a_cost() -> None:
    assert st.played_for_cost(CARDS) == 91


def test_windfall_worlds_per_kind_non_military_and_military() -> None:
    assert st.goods_worlds(CARDS, GoodsMode.WINDFALL) == {
        NOVELTY: (2, 3),
        RARE: (5, 2),
        GENES: (2, 5),
        ALIEN: (3, 3),
    }


def test_production_worlds_per_kind_non_military_and_military() -> None:
    assert st.goods_worlds(CARDS, GoodsMode.PRODUCTION) == {
        NOVELTY: (8, 1),
        RARE: (5, 1),
        GENES: (3, 1),
        ALIEN: (1, 1),
    }


def test_five_cards_have_minus_one_military() -> None:
    assert st.negative_military(CARDS) == 5
    minus = sorted(c.name for c in CARDS.designs if c.military_bonus < 0)
    assert minus == ["Contact Specialist", "Empath World", "Pan-Galactic League", "Refugee World"]


def test_who_gives_unconditional_military() -> None:
    assert st.military_givers(CARDS) == {
        # Expedition Force ×2; Space Marines ×2 + New Galactic Order; Drop Ships ×2;
        # −1: Contact Specialist ×2 + Pan-Galactic League.
        st.DEVELOPMENT: {-1: 3, 1: 2, 2: 3, 3: 2},
        # Former Penal Colony, Rebel Outpost, Rebel Warrior Race, Alien Robot Scout Ship;
        # Lost Alien Warship; Lost Alien Battle Fleet.
        st.MILITARY_WORLD: {1: 4, 2: 1, 3: 1},
        # Imperium Armaments World, Blaster Gem Mines; −1: Refugee World, Empath World.
        st.NON_MILITARY_WORLD: {-1: 2, 1: 2},
        # Epsilon Eridani +1, New Sparta +2.
        st.START_WORLD: {1: 1, 2: 1},
    }


def test_new_military_tactics_twice_give_three_when_discarded() -> None:
    assert st.temporary_military(CARDS) == {3: 2}


def test_specialized_military_against_rebels_aliens_and_rare_worlds() -> None:
    assert st.specialized_military(CARDS) == {
        ("alien", 2): ["Alien Rosetta Stone World", "Alien Tech Institute"],
        ("rare", 1): ["Alpha Centauri"],
        ("rebel", 4): ["Galactic Imperium"],
    }


def test_seven_rebel_four_alien_three_rare_military_worlds() -> None:
    targets = st.military_world_targets(CARDS)
    assert (targets["rebel"], targets["alien"], targets["rare"]) == (7, 4, 3)
    rare = sorted(c.name for c in CARDS.designs if c.military and c.goods is RARE)
    assert rare == ["Rebel Fuel Cache", "Rebel Miners", "Runaway Robots"]


def test_goods_consumers_count_selling_during_consume() -> None:
    # 16 non-military worlds (3 of them start worlds) + 2 military worlds + 15 developments,
    # Black Market Trading World and Trade League included.
    assert st.goods_consumers(CARDS) == {
        st.NON_MILITARY_WORLD: 16,
        st.START_WORLD: 3,
        st.MILITARY_WORLD: 2,
        st.DEVELOPMENT: 15,
    }


def test_two_developments_and_one_world_consume_hand_cards() -> None:
    assert st.hand_consumers(CARDS) == {"development": 2, "world": 1}


def test_windfall_producers_six_developments_two_worlds_and_one_for_any_kind() -> None:
    assert st.windfall_producers(CARDS) == {
        "development, stated kind": 6,
        "world, stated kind": 2,
        "any kind": 1,
    }


# --- section E indexes -----------------------------------------------------------------------


def test_keyword_indexes_of_the_base_game() -> None:
    words = st.keyword_designs(CARDS)
    assert words[Keyword.REBEL] == [
        "Rebel Base",
        "Rebel Fuel Cache",
        "Rebel Homeworld",
        "Rebel Miners",
        "Rebel Outpost",
        "Rebel Underground",
        "Rebel Warrior Race",
    ]
    assert all(CARDS.by_name(name).military for name in words[Keyword.REBEL])
    assert words[Keyword.IMPERIUM] == ["Galactic Imperium", "Imperium Armaments World"]
    assert len(words[Keyword.ALIEN]) == 10
    uplift = ["Aquatic Uplift Race", "Avian Uplift Race", "Reptilian Uplift Race"]
    uplift.append("The Last of the Uplift Gnarssh")
    assert words[Keyword.UPLIFT] == words[Keyword.CHROMOSOME] == uplift
    assert words[Keyword.TERRAFORMING] == ["Terraforming Robots"]


def test_alien_keyword_without_alien_goods() -> None:
    no_goods = sorted(
        c.name for c in CARDS.designs if Keyword.ALIEN in c.keywords and c.goods is not ALIEN
    )
    assert no_goods == ["Alien Rosetta Stone World", "Alien Tech Institute"]


def test_cards_with_an_explore_power() -> None:
    assert st.designs_with_power(CARDS, Phase.EXPLORE) == [
        "Expedition Force",
        "Galactic Renaissance",
        "Galactic Survey: SETI",
        "Malevolent Lifeforms",
        "Research Labs",
        "Star Nomad Lair",
    ]


def test_cards_with_a_trade_power() -> None:
    assert st.designs_with_power(CARDS, Phase.TRADE) == [
        "Bio-Hazard Mining World",
        "Distant World",
        "Export Duties",
        "Galactic Engineers",
        "Genetics Lab",
        "Merchant World",
        "Mining Conglomerate",
        "Old Earth",
        "Pirate World",
        "Space Port",
        "Spice World",
        "Star Nomad Lair",
        "Trade League",
    ]


# --- spot checks against section A -----------------------------------------------------------


def test_old_earth() -> None:
    card = CARDS["old_earth"]
    assert (card.cost, card.vp, card.military, card.goods) == (3, 2, False, None)
    assert card.powers[0] == Power(Phase.TRADE, "sell_bonus", card.powers[0].text, value=1)
    up_to_two = card.powers[1]
    assert (up_to_two.code, up_to_two.times, up_to_two.vp, up_to_two.goods) == (
        "discard_goods",
        2,
        1,
        None,
    )


def test_alpha_centauri_is_a_rare_windfall_start_world_with_rare_powers() -> None:
    card = CARDS["alpha_centauri"]
    assert (card.cost, card.vp, card.goods, card.goods_mode) == (2, 0, RARE, GoodsMode.WINDFALL)
    reduce, military = card.powers
    assert (reduce.code, reduce.value, reduce.goods) == ("reduce_cost", 1, RARE)
    assert (military.code, military.value, military.goods) == ("military", 1, RARE)
    assert military.specialized and card.military_bonus == 0


def test_new_sparta_is_a_military_start_world_with_plus_two() -> None:
    card = CARDS["new_sparta"]
    assert (card.military, card.defense, card.cost, card.vp) == (True, 2, None, 1)
    assert card.military_bonus == 2 and card.placement_cost == 2


def test_contact_specialist_pays_for_military_at_defense_minus_one() -> None:
    card = CARDS["contact_specialist"]
    assert (card.kind, card.count, card.cost, card.vp) == (CardKind.DEVELOPMENT, 2, 1, 1)
    assert card.military_bonus == -1
    pay = card.powers[1]
    assert (pay.code, pay.value, pay.not_alien, pay.optional) == ("pay_for_military", 1, True, True)


def test_colony_ship_and_new_military_tactics_are_discarded_from_the_tableau() -> None:
    colony = CARDS["colony_ship"].powers[0]
    assert (colony.code, colony.discard_self, colony.not_alien) == ("cost_to_zero", True, True)
    tactics = CARDS["new_military_tactics"].powers[0]
    assert (tactics.value, tactics.temporary, tactics.discard_self) == (3, True, True)
    assert tactics.specialized and CARDS["new_military_tactics"].military_bonus == 0


def test_mining_conglomerate() -> None:
    card = CARDS["mining_conglomerate"]
    assert (card.cost, card.vp, card.count) == (3, 2, 2)
    assert codes("mining_conglomerate") == [
        (Phase.TRADE, "sell_bonus"),
        (Phase.CONSUME, "discard_goods"),
        (Phase.PRODUCE, "draw_if_most_produced"),
    ]
    most = card.powers[2]
    assert (most.value, most.goods) == (2, RARE)


def test_diversified_economy_takes_three_different_kinds() -> None:
    consume, produce = CARDS["diversified_economy"].powers
    assert (consume.code, consume.times, consume.different_kinds, consume.vp) == (
        "discard_goods_set",
        3,
        True,
        3,
    )
    assert (produce.code, produce.value) == ("draw_per_kind_produced", 1)


def test_deficit_spending_and_merchant_world_discard_hand_cards() -> None:
    for card_id in ("deficit_spending", "merchant_world"):
        (hand,) = CARDS[card_id].powers_in(Phase.CONSUME)
        assert (hand.code, hand.times, hand.vp, hand.optional) == ("discard_hand", 2, 1, True)


def test_black_market_sells_bare_and_trade_league_with_trade_powers() -> None:
    (black_market,) = CARDS["black_market_trading_world"].powers
    assert (black_market.code, black_market.trade_powers) == ("sell", False)
    assert CARDS["trade_league"].powers[1].trade_powers is True


def test_pilgrimage_and_gambling_world() -> None:
    assert codes("pilgrimage_world") == [(Phase.CONSUME, "discard_all_goods")]
    assert CARDS["pilgrimage_world"].cost == 0
    gamble = CARDS["gambling_world"].powers[1]
    assert (gamble.code, gamble.value) == ("gamble", 7)
    assert "Rebel vs Imperium" in CARDS["gambling_world"].note


def test_star_nomad_lair_and_pirate_world_trade_bonus_for_their_own_good() -> None:
    assert CARDS["star_nomad_lair"].powers[1].this_world
    pirate = CARDS["pirate_world"]
    assert (pirate.defense, pirate.vp, pirate.goods, pirate.goods_mode) == (
        3,
        2,
        NOVELTY,
        GoodsMode.WINDFALL,
    )
    assert (pirate.powers[0].value, pirate.powers[0].this_world) == (3, True)


def test_lost_alien_battle_fleet_and_rebel_homeworld() -> None:
    fleet = CARDS["lost_alien_battle_fleet"]
    assert (fleet.defense, fleet.vp, fleet.goods, fleet.goods_mode) == (
        6,
        4,
        ALIEN,
        GoodsMode.PRODUCTION,
    )
    assert fleet.military_bonus == 3 and Keyword.ALIEN in fleet.keywords
    home = CARDS["rebel_homeworld"]
    assert (home.defense, home.vp, home.goods, home.powers) == (7, 7, None, ())


def test_pan_galactic_league_draws_per_genes_world_and_scores_contact_specialist() -> None:
    card = CARDS["pan_galactic_league"]
    assert card.variable_vp and card.vp is None
    draw = card.powers[1]
    assert (draw.code, draw.goods) == ("draw_per_world", GENES)
    assert [term.vp for term in card.scoring] == [2, 2, 1, 3]
    assert card.scoring[3] == ScoringTerm(
        3, Counted.NAMED_CARD, "+3 for Contact Specialist", card="contact_specialist"
    )


def test_galactic_imperium_scores_rebel_military_worlds_before_other_military_worlds() -> None:
    rebel, other = CARDS["galactic_imperium"].scoring
    assert (rebel.vp, rebel.military, rebel.keyword) == (2, True, Keyword.REBEL)
    assert (other.vp, other.military, other.keyword, other.kind) == (1, True, None, CardKind.WORLD)


def test_renaissance_counts_chips_and_new_galactic_order_total_military() -> None:
    chips = CARDS["galactic_renaissance"].scoring[0]
    assert (chips.counts, chips.per, chips.vp) == (Counted.VP_CHIPS, 3, 1)
    (military,) = CARDS["new_galactic_order"].scoring
    assert (military.counts, military.vp) == (Counted.TOTAL_MILITARY, 1)


def test_free_trade_association_scoring_in_the_order_of_the_card() -> None:
    terms = CARDS["free_trade_association"].scoring
    assert [(t.vp, t.goods, t.goods_mode, t.card) for t in terms] == [
        (2, NOVELTY, GoodsMode.PRODUCTION, None),
        (1, NOVELTY, GoodsMode.WINDFALL, None),
        (2, None, None, "consumer_markets"),
        (2, None, None, "expanding_colony"),
    ]


def test_every_6_cost_development_but_none_else_has_scoring_terms() -> None:
    six = {c.id for c in CARDS.designs if c.is_development and c.cost == 6}
    assert {c.id for c in CARDS.designs if c.scoring} == six
    assert all(c.vp is None for c in CARDS.designs if c.id in six)


def first_term(development_id: str, card_id: str) -> int | None:
    """The index of the term ``card_id`` scores for on the development, None if it scores not."""
    terms = CARDS[development_id].scoring
    return next((i for i, term in enumerate(terms) if term.matches(CARDS[card_id])), None)


def test_six_cost_developments_count_themselves_where_they_qualify() -> None:
    assert first_term("galactic_federation", "galactic_federation") == 0
    assert first_term("alien_tech_institute", "alien_tech_institute") == 2
    assert first_term("galactic_survey_seti", "galactic_survey_seti") == 0
    assert first_term("new_economy", "new_economy") == 0
    assert first_term("trade_league", "trade_league") == 0
    assert first_term("galactic_imperium", "galactic_imperium") is None


def test_a_card_scores_for_the_first_term_it_matches() -> None:
    # An Alien production world is also an ALIEN card: it scores +3, not +2 (§17).
    assert first_term("alien_tech_institute", "alien_robotic_factory") == 0
    assert first_term("galactic_imperium", "rebel_homeworld") == 0
    assert first_term("galactic_imperium", "new_sparta") == 1
    assert first_term("galactic_survey_seti", "star_nomad_lair") == 1
    assert first_term("galactic_survey_seti", "rebel_base") == 2
    assert first_term("pan_galactic_league", "avian_uplift_race") == 1
    assert first_term("pan_galactic_league", "contact_specialist") == 3
    # Trade ($) powers are not Consume powers for New Economy.
    assert first_term("new_economy", "export_duties") is None
    assert first_term("merchant_guild", "comet_zone") == 1
    assert first_term("merchant_guild", "asteroid_belt") is None


# --- the vocabulary ----------------------------------------------------------------------------


def test_every_code_of_the_vocabulary_is_used_by_a_card_of_some_set() -> None:
    unused = [key for key, designs in st.code_usage(card_data.builtin()).items() if designs == 0]
    assert unused == []


def test_every_code_is_explained_in_data_md_with_its_rule_section() -> None:
    text = resources.files("nfgalaxy.games.race").joinpath("DATA.md").read_text("utf-8")
    for phase, codes_of_phase in CODES.items():
        for name, code in codes_of_phase.items():
            row = re.search(rf"(?m)^\| {phase.value} \| `{name}` \|.*$", text)
            assert row is not None, f"{phase.value}/{name} is not in DATA.md"
            assert f"| {code.rule} |" in row.group(0)


def test_every_card_has_a_source_row_and_powers_keep_their_wording() -> None:
    section = {"base": "A", "tgs": "B", "rvi": "C"}
    for card in card_data.builtin().designs:
        pattern = rf"cards\.md {section[card.set]}, [A-Z][a-z ]+, row \d+"
        assert re.fullmatch(pattern, card.source), card.id
        assert all(power.text for power in card.powers)
