"""The Gathering Storm and Rebel vs Imperium cards match the shared card facts file, per level.

Expected numbers are copied from ``shared/data/race-for-the-galaxy-cards.md``: its "Card counts
and cross-checks" table (22 TGS cards, 45 RvI cards, 114 / 136 / 180 per level), the base + TGS
+ RvI cost/defense table (the same as seed 001's, rules §B3), the section E keyword and power
indexes and the rows of sections B, C and D. ``statistics.py`` computes them from the TOML, so a
slip in the data fails a test here. The base level's own checks are in ``test_card_data.py``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from nfgalaxy.games.race import cards as card_data
from nfgalaxy.games.race import statistics as st
from nfgalaxy.games.race.components import (
    LEVELS,
    CardSet,
    Counted,
    GoodKind,
    GoodsMode,
    Keyword,
    Phase,
    StartColour,
)
from nfgalaxy.games.race.scoring import score_tableau

ALL = card_data.builtin()
BASE, TGS, RVI = (ALL.at_level(level) for level in LEVELS)


def names(cards: CardSet, wanted: object) -> list[str]:
    return sorted(card.name for card in cards.designs if wanted(card))  # type: ignore[operator]


# --- totals per level --------------------------------------------------------------------------


def test_levels_play_114_136_and_180_cards_and_the_data_accounts_for_181() -> None:
    assert [BASE.total, TGS.total, RVI.total] == [114, 136, 180]
    assert [len(c.deck()) for c in (BASE, TGS, RVI)] == [114, 136, 180]
    # 180 + the base Gambling World, which RvI retires.
    assert ALL.total == st.ACCOUNTED_FOR == 181
    assert ALL.levels == LEVELS and ALL.level is None and RVI.level == "rvi"


def test_each_set_adds_the_cards_of_its_row_of_the_facts_file() -> None:
    # TGS: 4 start worlds + 10 worlds + 8 developments (7 new + the 3rd Contact Specialist).
    tgs, rvi = st.set_totals(TGS), st.set_totals(RVI)
    base = st.set_totals(BASE)
    assert tgs["start worlds"] - base["start worlds"] == 4
    assert tgs["worlds"] - base["worlds"] == 10
    assert tgs["developments"] - base["developments"] == 8
    assert tgs["total"] - base["total"] == 22
    # RvI: 45 cards = 3 start worlds + 20 worlds (the new Gambling World among them) + 22
    # developments (the 3rd Research Labs among them); the old Gambling World leaves: net +44.
    assert rvi["start worlds"] - tgs["start worlds"] == 3
    assert rvi["worlds"] - tgs["worlds"] == 20 - 1
    assert rvi["developments"] - tgs["developments"] == 22
    assert rvi["total"] - tgs["total"] == 44
    assert [sum(c.set == s for c in ALL.designs) for s in LEVELS] == [95, 19, 37]


def test_base_tgs_rvi_is_80_developments_62_non_military_38_military_worlds() -> None:
    groups = Counter(
        "development" if c.is_development else "military" if c.military else "non-military"
        for c in RVI.deck()
    )
    assert groups == {"development": 80, "non-military": 62, "military": 38}
    assert st.set_totals(RVI)["six-cost developments"] == 22  # 12 base + 3 TGS + 7 RvI


def test_cost_and_defense_table_of_base_tgs_rvi_is_seed_001s() -> None:
    assert st.development_costs(RVI) == {1: 23, 2: 12, 3: 10, 4: 11, 5: 2, 6: 22}
    assert st.non_military_costs(RVI) == {0: 3, 1: 11, 2: 17, 3: 15, 4: 5, 5: 6, 6: 4, 7: 1}
    assert st.military_defenses(RVI) == {
        1: 11,
        2: 9,
        3: 6,
        4: 3,
        5: 4,
        6: 2,
        7: 1,
        8: 1,
        9: 1,
    }


def test_every_level_meets_its_stated_counts() -> None:
    assert st.check(ALL) == []
    for level in LEVELS:
        assert st.check_level(ALL, level) == []


def test_start_worlds_per_level_and_their_colours() -> None:
    assert [c.start_number for c in TGS.start_worlds] == list(range(9))
    starts = [(c.start_number, c.name, c.start_colour) for c in RVI.start_worlds][5:]
    blue, red = StartColour.BLUE, StartColour.RED
    assert starts == [
        (5, "Separatist Colony", red),
        (6, "Ancient Race", blue),
        (7, "Damaged Alien Factory", red),
        (8, "Doomed World", blue),
        (9, "Rebel Cantina", red),
        (10, "Galactic Developers", blue),
        (11, "Imperium Warlord", red),
    ]
    # Blue even, red odd (§5.7): six of each at RvI, enough for six players (§B4.2).
    colours = Counter(c.start_colour for c in RVI.start_worlds)
    assert colours == {blue: 6, red: 6}
    assert all((c.start_number or 0) % 2 == (c.start_colour is red) for c in RVI.start_worlds)


# --- copies that change between levels ---------------------------------------------------------


def test_contact_specialist_research_labs_and_gambling_world_per_level() -> None:
    copies = [c.copies() for c in (BASE, TGS, RVI)]
    assert [n["contact_specialist"] for n in copies] == [2, 3, 3]
    assert [n["research_labs"] for n in copies] == [2, 2, 3]
    assert [n["gambling_world"] for n in copies] == [1, 1, 0]
    assert [n["gambling_world_rvi"] for n in copies] == [0, 0, 1]
    assert "gambling_world" not in RVI.cards and "gambling_world_rvi" not in TGS.cards


def test_a_name_is_unambiguous_within_a_level() -> None:
    assert BASE.by_name("Gambling World").id == "gambling_world"
    assert TGS.by_name("Gambling World").id == "gambling_world"
    assert RVI.by_name("Gambling World").id == "gambling_world_rvi"
    with pytest.raises(KeyError, match="two designs"):
        ALL.by_name("Gambling World")
    for level in (BASE, TGS, RVI):
        assert len({c.name for c in level.designs}) == len(level)


def test_at_level_keeps_the_level_and_refuses_what_it_cannot_play() -> None:
    assert RVI.at_level("rvi") is RVI
    with pytest.raises(ValueError, match="unknown level"):
        ALL.at_level("bow")
    with pytest.raises(ValueError, match="cannot be played at level 'rvi'"):
        BASE.at_level("rvi")
    only_base = CardSet({k: c for k, c in ALL.cards.items() if c.set == "base"}, source="t")
    assert only_base.levels == ("base",)
    with pytest.raises(ValueError, match="cannot be played"):
        only_base.at_level("tgs")


def test_at_level_gives_the_cards_that_levels_copies_and_nothing_else_changes() -> None:
    for card in RVI.designs:
        whole = ALL[card.id]
        assert card.count == whole.count_at("rvi")
        assert card.powers == whole.powers and card.scoring == whole.scoring
    assert all(c.set == "base" for c in BASE.designs)
    assert {c.set for c in TGS.designs} == {"base", "tgs"}


# --- section E indexes, counted at base + TGS + RvI --------------------------------------------


def test_twelve_rebel_military_worlds_and_three_other_rebel_cards() -> None:
    rebel = names(RVI, lambda c: Keyword.REBEL in c.keywords and c.military)
    assert rebel == sorted(
        [
            "Rebel Fuel Cache",
            "Rebel Miners",
            "Rebel Outpost",
            "Rebel Warrior Race",
            "Rebel Underground",
            "Rebel Base",
            "Rebel Homeworld",
            "Rebel Colony",
            "Rebel Sympathizers",
            "Rebel Stronghold",
            "Primitive Rebel World",
            "Rebel Convict Mines",
        ]
    )
    assert st.military_world_targets(RVI)["rebel"] == 12
    other = names(RVI, lambda c: Keyword.REBEL in c.keywords and not c.military)
    assert other == ["Rebel Alliance", "Rebel Cantina", "Rebel Pact"]
    assert RVI.copies()["rebel_pact"] == 2


def test_imperium_cards_none_a_military_world() -> None:
    imperium = st.keyword_designs(RVI)[Keyword.IMPERIUM]
    assert imperium == sorted(
        [
            "Imperium Armaments World",
            "Galactic Imperium",
            "Imperium Lords",
            "Imperium Warlord",
            "Imperium Blaster Gem Consortium",
            "Imperium Seat",
            "Imperium Cloaking Technology",
            "Imperium Troops",
        ]
    )
    assert not any(RVI.by_name(name).military for name in imperium)
    assert RVI.copies()["imperium_cloaking_technology"] == RVI.copies()["imperium_troops"] == 2


def test_seventeen_alien_cards_four_without_alien_goods() -> None:
    alien = st.keyword_designs(RVI)[Keyword.ALIEN]
    assert alien == sorted(
        [
            "Alien Robotic Factory",
            "Lost Alien Battle Fleet",
            "Alien Tech Institute",
            "Deserted Alien Outpost",
            "Deserted Alien Colony",
            "Alien Rosetta Stone World",
            "Alien Robot Sentry",
            "Lost Alien Warship",
            "Alien Robot Scout Ship",
            "Deserted Alien Library",
            "Damaged Alien Factory",
            "Deserted Alien World",
            "Alien Toy Shop",
            "Alien Data Repository",
            "Alien Monolith",
            "Abandoned Alien Uplift Camp",
            "Alien Uplift Center",
        ]
    )
    assert len(alien) == 17
    no_goods = names(RVI, lambda c: Keyword.ALIEN in c.keywords and c.goods is not GoodKind.ALIEN)
    assert no_goods == sorted(
        [
            "Alien Rosetta Stone World",
            "Deserted Alien World",
            "Abandoned Alien Uplift Camp",
            "Alien Tech Institute",
        ]
    )


def test_ten_uplift_cards_and_seven_chromosome_cards_all_military_worlds() -> None:
    words = st.keyword_designs(RVI)
    assert words[Keyword.UPLIFT] == sorted(
        [
            "Avian Uplift Race",
            "Reptilian Uplift Race",
            "Aquatic Uplift Race",
            "The Last of the Uplift Gnarssh",
            "Clandestine Uplift Lab",
            "Uplift Code",
            "Devolved Uplift Race",
            "Insect Uplift Race",
            "Abandoned Alien Uplift Camp",
            "Alien Uplift Center",
        ]
    )
    chromosome = words[Keyword.CHROMOSOME]
    assert chromosome == sorted(
        [
            "Avian Uplift Race",
            "Reptilian Uplift Race",
            "Aquatic Uplift Race",
            "The Last of the Uplift Gnarssh",
            "Clandestine Uplift Lab",
            "Devolved Uplift Race",
            "Insect Uplift Race",
        ]
    )
    assert all(RVI.by_name(name).military for name in chromosome)
    assert words[Keyword.TERRAFORMING] == ["Terraforming Guild", "Terraforming Robots"]


def test_cards_with_an_explore_power() -> None:
    assert st.designs_with_power(RVI, Phase.EXPLORE) == sorted(
        [
            "Expedition Force",
            "Malevolent Lifeforms",
            "Research Labs",
            "Galactic Survey: SETI",
            "Star Nomad Lair",
            "Galactic Renaissance",
            "Separatist Colony",
            "Doomed World",
            "Deserted Alien World",
            "Clandestine Uplift Lab",
            "Imperium Warlord",
            "Alien Data Repository",
            "Prospecting Guild",
            "Pan-Galactic Research",
            "Rebel Pact",
            "Smuggling World",
            "Abandoned Alien Uplift Camp",
            "Blaster Runners",
            "Trading Outpost",
            "Alien Uplift Center",
            "Interstellar Prospectors",
            "Gem Smugglers",
        ]
    )


def test_cards_with_a_trade_power() -> None:
    expansion = ["Clandestine Uplift Lab", "Galactic Bazaar", "Prospecting Guild"]
    expansion += ["Galactic Advertisers", "Trading Outpost"]
    base = st.designs_with_power(BASE, Phase.TRADE)
    assert len(base) == 13
    assert st.designs_with_power(RVI, Phase.TRADE) == sorted(base + expansion)


def powered(code: str, **where: object) -> list[str]:
    return names(
        RVI,
        lambda c: any(
            p.code == code and all(getattr(p, k) == v for k, v in where.items()) for p in c.powers
        ),
    )


def test_takeover_pay_for_military_and_explore_mix_powers() -> None:
    takeover = ["Imperium Cloaking Technology", "Imperium Seat", "Rebel Alliance"]
    assert powered("takeover") == takeover
    assert powered("takeover_defense") == ["Rebel Pact"]
    assert powered("pay_for_military") == ["Contact Specialist", "Rebel Alliance", "Rebel Cantina"]
    assert powered("pay_for_military_discount") == ["Rebel Pact"]
    assert powered("mix") == sorted(
        [
            "Rebel Pact",
            "Blaster Runners",
            "Smuggling World",
            "Trading Outpost",
            "Gem Smugglers",
            "Prospecting Guild",
            "Alien Data Repository",
        ]
    )
    mercenaries = ["Mercenary Fleet", "Primitive Rebel World", "Rebel Convict Mines"]
    assert powered("discard_hand_military") == sorted([*mercenaries, "Space Mercenaries"])


def test_minus_one_military_cards_are_still_the_base_four() -> None:
    minus = names(RVI, lambda c: c.military_bonus < 0)
    assert minus == ["Contact Specialist", "Empath World", "Pan-Galactic League", "Refugee World"]
    assert st.negative_military(RVI) == 3 + 3  # Contact Specialist has 3 copies from TGS


# --- spot checks against sections B, C and D ---------------------------------------------------


def test_rebel_cantina_pays_the_full_defense_and_draws_per_rebel_world() -> None:
    pay, draw = RVI["rebel_cantina"].powers
    assert (pay.code, pay.value, pay.not_alien, pay.optional) == ("pay_for_military", 0, True, True)
    assert (draw.code, draw.value, draw.keyword) == ("draw_per_card", 1, Keyword.REBEL)
    assert RVI["rebel_cantina"].vp == 0 and not RVI["rebel_cantina"].military


def test_rebel_alliance_and_imperium_seat_take_over_and_score() -> None:
    pay, takeover = RVI["rebel_alliance"].powers
    assert (pay.value, pay.rebel) == (2, True)
    assert (takeover.imperium, takeover.value, takeover.rebel) == (True, 2, False)
    military, seat = RVI["imperium_seat"].powers
    assert military.specialized and (seat.code, seat.rebel) == ("takeover", True)
    imperium, rebel_worlds = RVI["imperium_seat"].scoring
    assert (imperium.vp, imperium.keyword) == (2, Keyword.IMPERIUM)
    assert (rebel_worlds.vp, rebel_worlds.military, rebel_worlds.keyword) == (
        2,
        True,
        Keyword.REBEL,
    )


def test_cloaking_technology_conquers_or_takes_over_by_discarding_itself() -> None:
    conquer, takeover = RVI["imperium_cloaking_technology"].powers
    assert (conquer.code, conquer.value, conquer.discard_self) == ("conquer_non_military", 2, True)
    assert (takeover.code, takeover.discard_self, takeover.rebel, takeover.imperium) == (
        "takeover",
        True,
        False,
        False,
    )


def test_rebel_pact_defends_with_two_per_rebel_and_one_per_other_military_world() -> None:
    mix, discount, defense = RVI["rebel_pact"].powers
    assert (mix.phase, mix.code) == (Phase.EXPLORE, "mix")
    assert (discount.code, discount.value) == ("pay_for_military_discount", 2)
    assert (defense.code, defense.value, defense.per_other) == ("takeover_defense", 2, 1)


def test_card_wide_rules_of_the_expansions() -> None:
    assert RVI["pan_galactic_research"].hand_limit == 12
    assert RVI["hidden_fortress"].game_end == 14
    assert RVI["ancient_race"].start_keep == 3
    factory = RVI["damaged_alien_factory"]
    assert factory.no_production and factory.goods_mode is GoodsMode.PRODUCTION
    assert [p.code for p in factory.powers] == ["discard_to_produce"]
    flagged = [c.id for c in ALL.designs if c.hand_limit or c.game_end or c.start_keep]
    assert sorted(flagged) == ["ancient_race", "hidden_fortress", "pan_galactic_research"]
    assert [c.id for c in ALL.designs if c.no_production] == ["damaged_alien_factory"]


def test_hidden_fortress_military_per_military_world_is_unconditional() -> None:
    fortress = RVI["hidden_fortress"]
    (power,) = fortress.powers
    assert power.military_worlds and not power.specialized
    assert fortress.military_bonus == 0
    assert fortress.military_with(3) == 3


def test_galactic_exchange_scores_by_tiers_of_good_kinds() -> None:
    exchange = RVI["galactic_exchange"]
    (consume,) = exchange.powers
    assert (consume.code, consume.times, consume.different_kinds) == ("discard_goods", 4, True)
    assert (consume.vp, consume.cards) == (1, 1)
    kinds, diversified = exchange.scoring
    assert (kinds.counts, kinds.tiers, kinds.vp) == (Counted.GOOD_KINDS, (1, 3, 6, 10), 0)
    assert (diversified.vp, diversified.card) == (3, "diversified_economy")


def test_galactic_bankers_names_the_gambling_world_of_its_level() -> None:
    terms = RVI["galactic_bankers"].scoring
    assert [t.card for t in terms] == [
        "interstellar_bank",
        "investment_credits",
        "gambling_world_rvi",
        None,
    ]
    assert terms[3].kind is not None and terms[3].vp == 1


def test_pan_galactic_research_is_the_6_cost_development_with_flat_vp() -> None:
    six = {c.id for c in RVI.designs if c.is_development and c.cost == 6}
    assert {c.id for c in RVI.designs if c.scoring} == six - {"pan_galactic_research"}
    assert RVI["pan_galactic_research"].vp == 4
    scored = score_tableau(RVI, 0, ["pan_galactic_research"], 0)
    assert scored.printed == 4 and scored.bonus == 0


def test_clandestine_uplift_lab_and_uplift_code_count_chromosome_cards() -> None:
    sell = RVI["clandestine_uplift_lab"].powers[1]
    assert (sell.phase, sell.value, sell.goods, sell.keyword) == (
        Phase.TRADE,
        1,
        GoodKind.GENES,
        Keyword.CHROMOSOME,
    )
    (draw,) = RVI["uplift_code"].powers
    assert (draw.code, draw.value, draw.keyword) == ("draw_per_card", 2, Keyword.CHROMOSOME)
    chromosome, uplift = RVI["uplift_code"].scoring
    assert (chromosome.vp, uplift.vp) == (3, 2)
    assert chromosome.matches(RVI["insect_uplift_race"])
    assert not chromosome.matches(RVI["uplift_code"]) and uplift.matches(RVI["uplift_code"])


def test_consume_powers_of_rvi() -> None:
    (salon,) = RVI["galactic_salon"].powers
    assert (salon.code, salon.value) == ("gain_vp", 1)
    crash_develop, crash_consume = RVI["r_d_crash_program"].powers
    assert (crash_develop.code, crash_develop.value, crash_develop.discard_self) == (
        "reduce_cost",
        3,
        True,
    )
    assert (crash_consume.code, crash_consume.times, crash_consume.cards, crash_consume.vp) == (
        "discard_hand",
        1,
        1,
        0,
    )
    ante = RVI["gambling_world_rvi"].powers[1]
    assert (ante.code, ante.value, ante.optional) == ("ante", 6, True)
    toy = RVI["alien_toy_shop"].powers[0]
    assert (toy.code, toy.this_world, toy.vp) == ("discard_goods", True, 2)
    symbionts = RVI["universal_symbionts"].powers[1]
    assert (symbionts.code, symbionts.goods, symbionts.other_world) == (
        "windfall_produce",
        GoodKind.GENES,
        True,
    )
    (lords,) = RVI["imperium_lords"].powers
    assert (lords.code, lords.military_worlds, lords.keyword) == ("draw_per_card", True, None)


def test_prospecting_guild_scores_terraforming_developments_only_after_worlds() -> None:
    terms = RVI["prospecting_guild"].scoring
    assert [t.vp for t in terms] == [2, 2, 1, 1]
    first = next(i for i, t in enumerate(terms) if t.matches(RVI["terraforming_robots"]))
    assert first == 3
    assert next(i for i, t in enumerate(terms) if t.matches(RVI["dying_colony"])) == 2


# --- the loader refuses what the expansions' fields cannot mean --------------------------------

CANTINA = """
[[card]]
id = "rebel_cantina"
name = "Rebel Cantina"
kind = "world"
set = "rvi"
count = 1
cost = 2
vp = 0
military = false
goods = "none"
start_number = 9
start_colour = "red"
keywords = ["rebel"]
source = "cards.md C, Start worlds, row 1"
powers = [
    { phase = "settle", code = "pay_for_military", value = 0, not_alien = true, text = "pay" },
    { phase = "produce", code = "draw_per_card", value = 1, keyword = "rebel", text = "draw" },
]
"""


def refused(text: str) -> str:
    with pytest.raises(card_data.TileDataError) as caught:
        card_data.parse(text, "broken.toml")
    return str(caught.value)


def test_the_sample_expansion_card_parses() -> None:
    cards = card_data.parse(CANTINA, "ok.toml")
    assert cards["rebel_cantina"].powers[0].value == 0
    assert cards.levels == LEVELS


@pytest.mark.parametrize(
    ("change", "field", "problem"),
    [
        (("value = 1, keyword", "value = 0, keyword"), "powers[1].value", "changes nothing"),
        (('keyword = "rebel"', 'keyword = "red"'), "powers[1].keyword", "not one of"),
        (('keyword = "rebel"', 'keyword = "rebel", military_worlds = true'), "", "keyword"),
        (("count = 1", "count = 1\ncounts = { rvi = 1 }"), "count", "not both"),
        (("count = 1", "counts = { rvi = 1 }"), "counts", "write count"),
        (("count = 1", "counts = { tgs = 1, rvi = 2 }"), "counts", "begins with"),
        (("count = 1", "counts = { rvi = 1, bow = 2 }"), "counts.bow", "not a level"),
        (("count = 1", "count = 1\nstart_keep = 9"), "start_keep", "outside"),
        (("count = 1", "count = 1\nno_production = true"), "no_production", "production world"),
        (("not_alien = true,", "not_alien = true, per_other = 1,"), "powers[0].per_other", ""),
    ],
)
def test_a_broken_expansion_card_names_the_field_at_fault(
    change: tuple[str, str], field: str, problem: str
) -> None:
    old, new = change
    assert old in CANTINA
    message = refused(CANTINA.replace(old, new, 1))
    assert "card 'rebel_cantina'" in message
    assert f"field '{field}" in message and problem in message, message


def test_a_takeover_targets_rebels_or_imperium_owners_not_both() -> None:
    takeover = '{ phase = "settle", code = "takeover", rebel = true, imperium = true, '
    text = CANTINA.replace(
        "powers = [", f'powers = [\n    {takeover}optional = true, text = "t" }},'
    )
    assert "Rebel or IMPERIUM" in refused(text)
    text = CANTINA.replace(
        "powers = [",
        'powers = [\n    { phase = "settle", code = "takeover", value = 2, text = "t" },',
    )
    assert "only the IMPERIUM-owner takeover adds Military" in refused(text)


def test_good_kinds_scoring_needs_four_growing_tiers_and_no_vp() -> None:
    six = (
        CANTINA.replace('kind = "world"', 'kind = "development"')
        .replace("military = false\n", "")
        .replace('goods = "none"\n', "")
        .replace("start_number = 9\n", "")
        .replace('start_colour = "red"\n', "")
        .replace("cost = 2\nvp = 0\n", "cost = 6\n")
        .replace("value = 0,", "value = 1,")
    )
    term = '{ counts = "good_kinds", tiers = [1, 3, 6, 10], text = "x" }'
    assert card_data.parse(six.replace("powers = [", f"scoring = [{term}]\npowers = ["), "ok")
    for tiers, problem in (("[1, 3, 6]", "4 integers"), ("[1, 3, 3, 10]", "grow")):
        bad = term.replace("[1, 3, 6, 10]", tiers)
        assert problem in refused(six.replace("powers = [", f"scoring = [{bad}]\npowers = ["))
    with_vp = term.replace("{ counts", "{ vp = 2, counts")
    assert "scores by its tiers" in refused(
        six.replace("powers = [", f"scoring = [{with_vp}]\npowers = [")
    )
    no_tiers = '{ vp = 2, counts = "good_kinds", text = "x" }'
    assert "tiers" in refused(six.replace("powers = [", f"scoring = [{no_tiers}]\npowers = ["))


def test_two_cards_of_one_name_are_refused_when_a_level_plays_both() -> None:
    twin = CANTINA.replace('id = "rebel_cantina"', 'id = "rebel_cantina_2"').replace(
        "start_number = 9", "start_number = 10"
    )
    assert "both played at level rvi" in refused(CANTINA + twin)
