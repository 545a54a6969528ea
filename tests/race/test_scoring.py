"""End-game scoring (rules §16, §17): each 6-cost development on a hand-built tableau.

Every expected number is worked out here from the card text (``shared/data`` section A) and the
worked examples B37 and B38 of the rules spec.
"""

from __future__ import annotations

from nfgalaxy.games.race import cards as card_data
from nfgalaxy.games.race.scoring import (
    Score,
    development_bonus,
    score_tableau,
    total_military,
    winners,
)

CARDS = card_data.builtin()


def bonus(development: str, tableau: list[str], chips: int = 0) -> int:
    assert development in tableau
    return development_bonus(CARDS, CARDS[development], tableau, chips)


def test_b37_galactic_imperium_scores_each_military_world_on_one_line_only() -> None:
    tableau = ["galactic_imperium", "new_galactic_order", "galactic_renaissance"]
    tableau += ["rebel_outpost", "rebel_base", "former_penal_colony", "contact_specialist"]
    tableau += ["alpha_centauri"]
    # Rebel Outpost and Rebel Base: +2 each (Rebel military); Former Penal Colony: +1.
    assert bonus("galactic_imperium", tableau, chips=11) == 2 + 2 + 1
    # Rebel Outpost +1, Former Penal Colony +1, Contact Specialist -1, New Galactic Order +2;
    # Alpha Centauri (Rare only) and Galactic Imperium (Rebel only) are specialized.
    assert total_military(CARDS, tableau) == 3
    assert bonus("new_galactic_order", tableau, chips=11) == 3
    # 11 VP in chips: 3 full threes; no named card present.
    assert bonus("galactic_renaissance", tableau, chips=11) == 3


def test_b38_galactic_federation_and_trade_league_count_themselves() -> None:
    tableau = ["galactic_federation", "trade_league", "export_duties", "space_marines"]
    tableau += ["drop_ships", "old_earth"]
    assert bonus("galactic_federation", tableau) == 2 + 2 + 1 + 1 + 1
    # Itself and Export Duties are developments with a Trade power; Old Earth a world.
    assert bonus("trade_league", tableau) == 2 + 2 + 1


def test_b38_new_economy_trade_powers_are_not_consume_powers() -> None:
    tableau = ["new_economy", "public_works", "export_duties", "old_earth", "spice_world"]
    assert bonus("new_economy", tableau) == 2 + 2 + 1


def test_alien_tech_institute_counts_alien_worlds_then_alien_cards() -> None:
    tableau = ["alien_tech_institute", "alien_robotic_factory", "deserted_alien_library"]
    tableau += ["alien_rosetta_stone_world", "lost_alien_battle_fleet", "old_earth"]
    # Robotic Factory and Battle Fleet: Alien production (+3 each); Library: Alien windfall
    # (+2); Rosetta Stone World (no goods) and the institute itself: ALIEN cards (+2 each).
    assert bonus("alien_tech_institute", tableau) == 3 + 3 + 2 + 2 + 2


def test_free_trade_association_counts_novelty_worlds_and_two_named_cards() -> None:
    tableau = ["free_trade_association", "gem_world", "spice_world", "star_nomad_lair"]
    tableau += ["consumer_markets", "expanding_colony", "asteroid_belt"]
    # Two Novelty production worlds (+2 each), one Novelty windfall (+1), both named (+2 each).
    assert bonus("free_trade_association", tableau) == 2 + 2 + 1 + 2 + 2


def test_galactic_federation_one_development_scores_one_line() -> None:
    tableau = ["galactic_federation", "merchant_guild", "public_works", "new_sparta"]
    assert bonus("galactic_federation", tableau) == 2 + 2 + 1


def test_galactic_renaissance_rounds_chips_down_and_adds_named_cards() -> None:
    tableau = ["galactic_renaissance", "research_labs", "galactic_trendsetters"]
    tableau += ["artist_colony"]
    assert bonus("galactic_renaissance", tableau, chips=14) == 4 + 3 + 3 + 3
    assert bonus("galactic_renaissance", ["galactic_renaissance"], chips=2) == 0


def test_galactic_survey_seti_explore_developments_and_worlds() -> None:
    tableau = ["galactic_survey_seti", "expedition_force", "research_labs", "star_nomad_lair"]
    tableau += ["malevolent_lifeforms", "old_earth", "drop_ships"]
    # Itself, Expedition Force and Research Labs: developments with an Explore power (+1 each);
    # Star Nomad Lair and Malevolent Lifeforms: worlds with one (+2); Old Earth: a world (+1).
    assert bonus("galactic_survey_seti", tableau) == 1 + 1 + 1 + 2 + 2 + 1


def test_merchant_guild_counts_production_worlds_only() -> None:
    tableau = ["merchant_guild", "gem_world", "mining_world", "plague_world"]
    tableau += ["alien_robotic_factory", "asteroid_belt", "old_earth"]
    assert bonus("merchant_guild", tableau) == 2 * 4


def test_mining_league_rare_worlds_and_named_cards() -> None:
    tableau = ["mining_league", "mining_world", "asteroid_belt", "rebel_miners"]
    tableau += ["mining_robots", "mining_conglomerate", "gem_world"]
    # Mining World and Rebel Miners: Rare production (+2 each); Asteroid Belt: Rare windfall.
    assert bonus("mining_league", tableau) == 2 + 2 + 1 + 2 + 2


def test_new_galactic_order_negative_military_counts() -> None:
    tableau = ["new_galactic_order", "contact_specialist", "empath_world", "refugee_world"]
    tableau += ["new_military_tactics", "alien_tech_institute"]
    # +2 from itself, -1 three times; New Military Tactics is temporary, the institute's +2
    # only against Alien worlds.
    assert bonus("new_galactic_order", tableau) == 2 - 3


def test_pan_galactic_league_genes_worlds_military_worlds_and_contact_specialist() -> None:
    tableau = ["pan_galactic_league", "plague_world", "empath_world", "avian_uplift_race"]
    tableau += ["new_sparta", "contact_specialist", "rebel_miners"]
    # Plague World: Genes production (+2); Empath World and Avian Uplift Race: Genes windfall
    # (+2 each; Avian is military but matched above); New Sparta and Rebel Miners: military
    # (+1 each); Contact Specialist named (+3).
    assert bonus("pan_galactic_league", tableau) == 2 + 2 + 2 + 1 + 1 + 3


def test_score_adds_chips_printed_vp_and_bonuses() -> None:
    tableau = ["old_earth", "galactic_federation", "drop_ships", "rebel_base"]
    score = score_tableau(CARDS, 0, tableau, chips=7, tiebreak=3)
    # Printed: Old Earth 2, Drop Ships 2, Rebel Base 6; Galactic Federation: 2 + 1.
    assert (score.chips, score.printed, score.bonus) == (7, 10, 3)
    assert score.total == 20
    assert score.as_dict()["tiebreak"] == 3


def test_tie_broken_by_hand_plus_goods_then_shared() -> None:
    a = Score(seat=0, chips=10, printed=5, tiebreak=4)
    b = Score(seat=1, chips=8, printed=7, tiebreak=6)
    c = Score(seat=2, chips=3, printed=3, tiebreak=9)
    assert winners([a, b, c]) == [1]
    b.tiebreak = 4
    assert winners([a, b, c]) == [0, 1]
