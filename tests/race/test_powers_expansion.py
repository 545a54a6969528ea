"""The TGS and RvI powers of Explore, Develop, Trade, Consume and Produce, the hand limit and
game-end fields, and the Galactic Exchange tiers (rules §B7, §B8; cards.md B–D).

Each power is used when it can be, is not offered when it cannot be, may be declined when it
is optional, and a refused decision names the rule. The worked examples of seed 001 (R1, R11–R17,
R20, R21) are played in ``test_worked_examples_rvi``.
"""

from __future__ import annotations

import pytest
from expansion_scenario import conserved, finish_round, level_table, stack_deck, use
from race_scenario import CARDS, A, B, offered, pick, refused, reveal, set_player, set_tableaux

from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.rules.common import (
    DISCARD,
    DONE,
    GOOD,
    KEEP,
    PLACE,
    SELL,
    STAKE,
    STOP,
    USE,
    WINDFALL,
)
from nfgalaxy.games.race.scoring import score_tableau
from nfgalaxy.games.race.state import Action

# --------------------------------------------------------------------------- helpers


def game(
    tableau: list[str],
    goods: tuple[str, ...] = (),
    hand: tuple[str, ...] = (),
    filler: int = 0,
    other: tuple[str, ...] = ("epsilon_eridani",),
    other_filler: int = 0,
) -> RaceGame:
    """An RvI game waiting for round 1's actions: A has exactly ``tableau`` (the first card its
    start world), the goods and the hand given; B has ``other`` and ``other_filler`` cards."""
    g = level_table("rvi", players=2, seed=11)
    set_tableaux(g, {A: tableau, B: list(other)})
    g.order = [A, B]  # A first, as in the examples ("A has the lowest start world")
    set_player(g, A, hand=list(hand), goods=list(goods), filler=filler)
    set_player(g, B, hand=[], filler=other_filler)
    return g


# --------------------------------------------------------------------------- Explore mix (§B7)


def test_explore_mix_with_explore_1_1_discards_one_from_the_whole_hand() -> None:
    g = game(["new_sparta", "trading_outpost"], hand=("rebel_base", "gem_world"))
    reveal(g, {A: Action.EXPLORE_1_1, B: Action.DEVELOP})
    a = g.players[A]
    assert g.queue[0][:2] == [Step.EXPLORE_DISCARD, A]
    assert len(a.hand) == 2 + 3 and not a.explored  # all three drawn went to the hand
    assert ("rebel_base",) in offered(g, DISCARD)  # an old card may go
    pick(g, DISCARD, "rebel_base")
    assert len(a.hand) == 4 and "rebel_base" not in a.hand
    assert g.queue[0][:2] == [Step.EXPLORE_KEEP, B]  # B explores the usual way
    assert conserved(g)


def test_explore_mix_adds_the_keep_powers() -> None:
    """Pan-Galactic Research (+2 drawn, +1 kept) with Rebel Pact: 4 drawn, 2 kept: discard 2."""
    g = game(["new_sparta", "rebel_pact", "pan_galactic_research"], filler=1)
    reveal(g, {A: Action.EXPLORE_5, B: Action.DEVELOP})
    a = g.players[A]
    assert len(a.hand) == 1 + 9  # 2 + 5 + 2 drawn
    for _ in range(7):  # 9 drawn, 2 kept
        pick(g, DISCARD, a.hand[0])
    assert len(a.hand) == 3
    assert g.queue[0][:2] != [Step.EXPLORE_DISCARD, A]


def test_explore_without_mix_keeps_from_the_cards_drawn_only() -> None:
    g = game(["new_sparta"], hand=("rebel_base",))
    reveal(g, {A: Action.EXPLORE_1_1, B: Action.DEVELOP})
    assert g.queue[0][:2] == [Step.EXPLORE_KEEP, A]
    assert ("rebel_base",) not in offered(g)


def test_explore_mix_refuses_a_card_not_in_hand() -> None:
    g = game(["new_sparta", "blaster_runners"], hand=("gem_world",))
    reveal(g, {A: Action.EXPLORE_1_1, B: Action.DEVELOP})
    assert refused(g, DISCARD, "rebel_stronghold").rule == "§B7"
    assert refused(g, KEEP, "gem_world").rule == "§B7"


# --------------------------------------------------------------------------- R&D Crash Program


def develop(g: RaceGame, card: str) -> None:
    reveal(g, {A: Action.DEVELOP, B: Action.PRODUCE})
    pick(g, PLACE, card)


def test_crash_program_may_be_discarded_for_minus_three() -> None:
    g = game(["new_sparta", "r_d_crash_program"], hand=("galactic_federation",), filler=5)
    develop(g, "galactic_federation")
    assert g.queue[0][0] == Step.DEVELOP_PLACE
    assert sorted(d.kind for d in g.legal_decisions()) == [DONE, USE]
    pick(g, USE, "r_d_crash_program#0")
    a = g.players[A]
    assert a.tableau == ["new_sparta", "galactic_federation"]
    assert "r_d_crash_program" in g.discards
    assert all("r_d_crash_program" in p.seen for p in g.players)  # discarded in sight
    assert a.owed == 2  # 6 − 3 − 1
    assert any("discards R&D Crash Program from their tableau" in line for line in g.log)


def test_crash_program_may_be_kept() -> None:
    g = game(["new_sparta", "r_d_crash_program"], hand=("galactic_federation",), filler=5)
    develop(g, "galactic_federation")
    pick(g, DONE)
    a = g.players[A]
    assert "r_d_crash_program" in a.tableau
    assert not a.hand  # 6 − 1: the five other cards paid
    assert [e.numbers for e in g.events if e.kind == "place"] == [(5,)]


def test_crash_program_is_forced_when_the_hand_cannot_pay_without_it() -> None:
    g = game(["new_sparta", "r_d_crash_program"], hand=("galactic_federation",), filler=2)
    assert (PLACE, ("galactic_federation",)) in [(d.kind, d.args) for d in _develop_options(g)]
    develop(g, "galactic_federation")
    a = g.players[A]
    assert "r_d_crash_program" not in a.tableau
    assert "galactic_federation" in a.tableau and not a.hand  # paid 2: the whole hand


def _develop_options(g: RaceGame) -> list:
    copy = g.copy(fork=False)
    reveal(copy, {A: Action.DEVELOP, B: Action.PRODUCE})
    return copy.legal_decisions()


def test_crash_program_is_not_offered_when_it_saves_nothing() -> None:
    """A 1-cost development with the Develop bonus costs 0: the discard would not help."""
    g = game(["new_sparta", "r_d_crash_program"], hand=("imperium_troops",), filler=1)
    develop(g, "imperium_troops")
    a = g.players[A]
    assert "r_d_crash_program" in a.tableau and "imperium_troops" in a.tableau
    assert len(a.hand) == 1


def test_without_the_crash_program_an_unaffordable_development_is_not_offered() -> None:
    g = game(["new_sparta"], hand=("galactic_federation",), filler=2)
    assert "galactic_federation" not in [d.args[0] for d in _develop_options(g) if d.args]


def test_crash_program_refusals_name_the_rule() -> None:
    g = game(["new_sparta", "r_d_crash_program"], hand=("galactic_federation",), filler=5)
    develop(g, "galactic_federation")
    assert refused(g, USE, "new_sparta#0").rule == "§B7"
    assert refused(g, PLACE, "gem_world").rule == "§8.4, §B7"


def test_crash_program_label_names_both_prices() -> None:
    g = game(["new_sparta", "r_d_crash_program"], hand=("galactic_federation",), filler=5)
    labels = [d.label for d in _develop_options(g) if d.kind == PLACE]
    assert "Develop Galactic Federation (pay 5, or 2 discarding R&D Crash Program)" in labels


# --------------------------------------------------------------------------- Trade: keyword bonus


def test_clandestine_uplift_lab_adds_a_card_per_chromosome_card_for_genes() -> None:
    tableau = ["new_sparta", "clandestine_uplift_lab", "avian_uplift_race", "devolved_uplift_race"]
    g = game(tableau, goods=("avian_uplift_race", "devolved_uplift_race"))
    reveal(g, {A: Action.TRADE, B: Action.DEVELOP})
    pick(g, SELL, "avian_uplift_race")
    assert sold(g) == [4 + 3]  # Genes 4, +1 per chromosome card: the Lab and two worlds


def sold(g: RaceGame) -> list[int]:
    return [e.numbers[0] for e in g.events if e.kind == "sell"]


def test_clandestine_uplift_lab_adds_nothing_for_other_goods() -> None:
    tableau = ["new_sparta", "clandestine_uplift_lab", "avian_uplift_race", "devolved_uplift_race"]
    g = game(tableau, goods=("avian_uplift_race", "devolved_uplift_race"))
    reveal(g, {A: Action.TRADE, B: Action.DEVELOP})
    pick(g, SELL, "devolved_uplift_race")
    assert sold(g) == [2]  # Novelty: 2, no bonus


# --------------------------------------------------------------------------- Consume


def test_galactic_salon_is_mandatory() -> None:
    g = game(["new_sparta", "galactic_salon", "r_d_crash_program"], hand=("rebel_base",))
    reveal(g, {A: Action.CONSUME_X2, B: Action.DEVELOP})
    assert DONE not in [d.kind for d in g.legal_decisions()]
    assert refused(g, DONE).rule == "§10.2, §13.4"
    use(g, "galactic_salon")
    assert g.players[A].vp == 2


def test_crash_program_consume_discards_one_card_to_draw_one() -> None:
    g = game(["new_sparta", "r_d_crash_program"], hand=("rebel_base", "gem_world"))
    reveal(g, {A: Action.CONSUME_X2, B: Action.DEVELOP})
    use(g, "r_d_crash_program")
    assert STOP in [d.kind for d in g.legal_decisions()]
    pick(g, DISCARD, "rebel_base")
    a = g.players[A]
    assert len(a.hand) == 2 and "rebel_base" not in a.hand and a.vp == 0
    assert any(line.endswith("discards 1 card from hand for 1 card.") for line in g.log)


def test_crash_program_consume_may_be_declined_or_stopped() -> None:
    g = game(["new_sparta", "r_d_crash_program"], hand=("rebel_base",))
    reveal(g, {A: Action.CONSUME_X2, B: Action.DEVELOP})
    assert DONE in [d.kind for d in g.legal_decisions()]
    use(g, "r_d_crash_program")
    pick(g, STOP)
    assert g.players[A].hand == ["rebel_base"]


def test_crash_program_consume_needs_a_hand_card() -> None:
    g = game(["new_sparta", "r_d_crash_program"])
    reveal(g, {A: Action.CONSUME_X2, B: Action.DEVELOP})
    assert g.queue[0][0] == Step.CHOOSE_ACTION  # nothing was asked: round 2 began
    assert not any("uses R&D Crash Program" in line for line in g.log)


KINDS4 = ["gem_world", "spice_world", "asteroid_belt", "pre_sentient_race"]  # N, N, R, G


def test_galactic_exchange_takes_one_good_of_each_kind() -> None:
    g = game(["new_sparta", "galactic_exchange", *KINDS4], goods=KINDS4)
    reveal(g, {A: Action.CONSUME_X2, B: Action.DEVELOP})
    # Its only consume power, mandatory: begun at once; 3 kinds, 4 goods: A chooses.
    assert g.queue[0][0] == Step.CONSUME_GOOD
    assert sorted(offered(g, GOOD)) == sorted((w,) for w in KINDS4)
    pick(g, GOOD, "spice_world")
    a = g.players[A]
    # The other Novelty good may not follow; Rare and Genes are taken at once: 3 goods.
    assert list(a.goods) == ["gem_world"]
    assert a.vp == 2 * 3 and len(a.hand) == 3


def test_galactic_exchange_with_one_kind_takes_one_good() -> None:
    novelty = ("gem_world", "spice_world", "artist_colony")
    g = game(["new_sparta", "galactic_exchange", *novelty], goods=novelty)
    reveal(g, {A: Action.CONSUME_X2, B: Action.DEVELOP})
    pick(g, GOOD, "spice_world")
    a = g.players[A]
    assert sorted(a.goods) == ["artist_colony", "gem_world"] and a.vp == 2


def test_galactic_exchange_without_goods_is_not_offered() -> None:
    g = game(["new_sparta", "galactic_exchange", "galactic_salon"])
    reveal(g, {A: Action.CONSUME_X2, B: Action.DEVELOP})
    assert g.players[A].vp == 2  # only the Salon was usable: used at once
    assert not any("Galactic Exchange" in line for line in g.log)


def test_alien_toy_shop_takes_only_its_own_good() -> None:
    tableau = ["new_sparta", "alien_toy_shop", "deserted_alien_colony"]
    g = game(tableau, goods=("alien_toy_shop", "deserted_alien_colony"))
    reveal(g, {A: Action.CONSUME_X2, B: Action.DEVELOP})
    a = g.players[A]
    assert list(a.goods) == ["deserted_alien_colony"] and a.vp == 4  # 2 VP, doubled


def test_alien_toy_shop_without_its_own_good_is_not_offered() -> None:
    tableau = ["new_sparta", "alien_toy_shop", "deserted_alien_colony", "galactic_salon"]
    g = game(tableau, goods=("deserted_alien_colony",))
    reveal(g, {A: Action.CONSUME_X2, B: Action.DEVELOP})
    a = g.players[A]
    assert list(a.goods) == ["deserted_alien_colony"] and a.vp == 2  # the Salon's only


def ante_game(hand: tuple[str, ...], top: list[str]) -> RaceGame:
    g = game(["new_sparta", "gambling_world_rvi"], hand=hand)
    stack_deck(g, top)
    reveal(g, {A: Action.TRADE, B: Action.DEVELOP})
    return g


def test_ante_is_optional() -> None:
    g = ante_game(("new_earth",), [])
    assert sorted(d.kind for d in g.legal_decisions()) == [DONE, USE]
    pick(g, DONE)
    assert g.players[A].hand == ["new_earth"]


def test_ante_offers_only_stakes_of_cost_or_defense_one_to_six() -> None:
    hand = ("new_earth", "pilgrimage_world", "rebel_homeworld", "gem_world")  # 5, 0, 7, 2
    g = ante_game(hand, [])
    use(g, "gambling_world_rvi")
    assert sorted(offered(g, STAKE)) == [("gem_world",), ("new_earth",)]
    assert refused(g, STAKE, "rebel_homeworld").rule == "§B7"
    assert refused(g, STAKE, "pilgrimage_world").rule == "§B7"


def test_ante_is_not_offered_without_a_card_to_stake() -> None:
    g = ante_game(("pilgrimage_world", "rebel_homeworld"), [])
    assert not any(a[0].startswith("gambling_world_rvi") for a in offered(g, USE))


def test_ante_won_with_a_tie_only_is_lost() -> None:
    """Higher means higher: a revealed card of the stake's own number does not win."""
    g = ante_game(("gem_world",), ["spice_world", "asteroid_belt"])  # 2 and 2
    use(g, "gambling_world_rvi")
    a = g.players[A]
    assert a.hand == [] and not a.ante
    assert {"gem_world", "spice_world", "asteroid_belt"} <= set(g.discards)
    assert conserved(g)


def test_ante_keep_refuses_a_card_not_revealed() -> None:
    g = ante_game(("gem_world",), ["rebel_base", "artist_colony"])  # 6 beats 2
    use(g, "gambling_world_rvi")
    assert g.queue[0][0] == Step.ANTE_KEEP
    assert refused(g, KEEP, "rebel_homeworld").rule == "§B7"
    pick(g, KEEP, "artist_colony")
    assert sorted(g.players[A].hand) == ["artist_colony", "gem_world"]


# --------------------------------------------------------------------------- Produce


def produce_game(
    tableau: list[str], goods: tuple[str, ...] = (), hand: tuple[str, ...] = ()
) -> RaceGame:
    g = game(tableau, goods=goods, hand=hand)
    reveal(g, {A: Action.DEVELOP, B: Action.PRODUCE})
    return g


def test_universal_symbionts_fills_another_genes_windfall_world() -> None:
    g = produce_game(["new_sparta", "universal_symbionts", "pre_sentient_race"])
    assert set(g.players[A].goods) == {"pre_sentient_race"}


def test_universal_symbionts_never_fills_itself() -> None:
    g = produce_game(["new_sparta", "universal_symbionts", "asteroid_belt"])
    assert g.players[A].goods == {}
    assert not any(a[1] == "universal_symbionts" for a in offered(g, WINDFALL))


def test_damaged_alien_factory_has_no_ordinary_production() -> None:
    g = produce_game(["damaged_alien_factory"])
    assert g.players[A].goods == {}  # no hand card: the power cannot be used


def test_damaged_alien_factory_may_discard_a_card_for_a_good() -> None:
    g = produce_game(["damaged_alien_factory"], hand=("rebel_base", "gem_world"))
    assert sorted(d.kind for d in g.legal_decisions()) == [DONE, USE]
    pick(g, USE, "damaged_alien_factory#0")
    assert g.queue[0][0] == Step.PRODUCE_DISCARD
    assert refused(g, DISCARD, "rebel_homeworld").rule == "§B7"
    pick(g, DISCARD, "rebel_base")
    a = g.players[A]
    assert a.hand == ["gem_world"] and set(a.goods) == {"damaged_alien_factory"}
    assert conserved(g)


def test_damaged_alien_factory_may_be_declined() -> None:
    g = produce_game(["damaged_alien_factory"], hand=("rebel_base",))
    pick(g, DONE)
    assert g.players[A].hand == ["rebel_base"] and g.players[A].goods == {}


def test_damaged_alien_factory_counts_as_produced() -> None:
    """Diversified Economy draws per kind produced: the Factory's Alien good counts."""
    g = produce_game(["damaged_alien_factory", "diversified_economy"], hand=("rebel_base",))
    pick(g, USE, "damaged_alien_factory#0")
    assert len(g.players[A].hand) == 1  # the card discarded, one drawn for the Alien kind


def test_windfall_step_refuses_a_power_it_does_not_offer() -> None:
    g = produce_game(["damaged_alien_factory", "asteroid_belt"], hand=("rebel_base",))
    assert refused(g, USE, "new_sparta#0").rule == "§B7"


def test_imperium_lords_draw_per_military_world() -> None:
    g = produce_game(
        ["new_sparta", "imperium_lords", "rebel_base", "avian_uplift_race", "gem_world"]
    )
    draws = [
        e.numbers[0] for e in g.events if e.kind == "draw" and e.components == ("imperium_lords",)
    ]
    assert draws == [3]  # New Sparta, Rebel Base, Avian Uplift Race


def test_rebel_cantina_counts_rebel_worlds_only() -> None:
    g = produce_game(["rebel_cantina", "rebel_pact", "rebel_base"])
    draws = [
        e.numbers[0] for e in g.events if e.kind == "draw" and e.components == ("rebel_cantina",)
    ]
    assert draws == [2]  # itself and Rebel Base; Rebel Pact is a development


# --------------------------------------------------------------------------- end of round


def test_pan_galactic_research_raises_its_owners_hand_limit_to_twelve() -> None:
    g = game(["new_sparta", "pan_galactic_research"], filler=14, other_filler=12)
    reveal(g, {A: Action.CONSUME_X2, B: Action.CONSUME_X2})
    assert g.queue[0][:2] == [Step.HAND_LIMIT, A]
    finish_round(g)
    assert len(g.players[A].hand) == 12 and len(g.players[B].hand) == 10


def test_pan_galactic_research_owner_with_twelve_keeps_them() -> None:
    g = game(["new_sparta", "pan_galactic_research"], filler=12)
    reveal(g, {A: Action.CONSUME_X2, B: Action.CONSUME_X2})
    finish_round(g)
    assert len(g.players[A].hand) == 12


# --------------------------------------------------------------------------- scoring


@pytest.mark.parametrize(
    ("worlds", "vp"),
    [
        ([], 0),
        (["gem_world", "spice_world"], 1),
        (["gem_world", "asteroid_belt"], 3),
        (["gem_world", "asteroid_belt", "pre_sentient_race"], 6),
        (["gem_world", "asteroid_belt", "pre_sentient_race", "alien_toy_shop"], 10),
        (["pilgrimage_world", "alien_toy_shop"], 1),  # a world without goods is no kind
    ],
)
def test_galactic_exchange_scores_by_good_kinds(worlds: list[str], vp: int) -> None:
    cards = CARDS.at_level("rvi")
    score = score_tableau(cards, 0, ["galactic_exchange", *worlds], 0)
    assert score.bonuses == [("galactic_exchange", vp)]
