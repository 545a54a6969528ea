"""Worked examples of Rebel vs Imperium (rules spec, "Worked examples for tests", seed 001) that
are not about Settle: R1, R11–R17, R20 and the game-end part of R21, each played from its start
through its decisions to its expected result on the real engine.

Cards the spec leaves open ("a cost-5 card", "worlds of 3 kinds") are filled in with real cards,
as the spec's "Numbers: filled in" examples do; the rule shown does not change.
"""

from __future__ import annotations

from expansion_scenario import conserved, finish_round, level_table, stack_deck, use
from race_scenario import CARDS, A, B, offered, pick, reveal, set_player, set_tableaux

from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.rules.common import DISCARD, DONE, KEEP, PLACE, USE
from nfgalaxy.games.race.scoring import score_tableau
from nfgalaxy.games.race.state import Action

RVI = CARDS.at_level("rvi")


def game(tableau: list[str], other: list[str] | None = None) -> RaceGame:
    """An RvI game waiting for round 1's actions; A has exactly ``tableau`` and no hand."""
    g = level_table("rvi", players=2, seed=7)
    set_tableaux(g, {A: tableau, B: other or ["epsilon_eridani"]})
    g.order = [A, B]  # A first, as in the examples ("A has the lowest start world")
    return g


def draws_by(g: RaceGame, card: str) -> list[int]:
    """The cards drawn for ``card``'s powers, from the public ``draw`` events."""
    return [e.numbers[0] for e in g.events if e.kind == "draw" and e.components == (card,)]


# --------------------------------------------------------------------------- R1


def test_r1_explore_mix_seven_into_the_hand_then_any_six_discarded() -> None:
    g = game(["new_sparta", "rebel_pact"])
    set_player(g, A, hand=[], filler=4)
    old = list(g.players[A].hand)
    reveal(g, {A: Action.EXPLORE_5, B: Action.DEVELOP})
    a = g.players[A]
    assert len(a.hand) == 11 and not a.explored
    assert g.queue[0] == [Step.EXPLORE_DISCARD, A, 6]
    said = (
        f"{g.name(A)} explores: draws 7 into the hand (mix), then discards 6 from the whole hand."
    )
    assert said in g.log
    for card in old:  # the old cards go, the new ones stay
        assert (card,) in offered(g, DISCARD)
        pick(g, DISCARD, card)
    for _ in range(2):
        pick(g, DISCARD, next(c for c in a.hand))
    assert len(a.hand) == 5 and not set(old) & set(a.hand)
    assert g.queue[0][:2] != [Step.EXPLORE_DISCARD, A]
    assert conserved(g)


# --------------------------------------------------------------------------- R11


def ante(top: list[str]) -> RaceGame:
    """A has the RvI Gambling World and a cost-5 card (New Earth) in hand; the next cards of
    the deck are ``top``; A stakes New Earth."""
    g = game(["new_sparta", "gambling_world_rvi"])
    set_player(g, A, hand=["new_earth"])
    stack_deck(g, top)
    reveal(g, {A: Action.TRADE, B: Action.DEVELOP})
    use(g, "gambling_world_rvi")  # the only stake is staked at once
    return g


LOW = ["gem_world", "spice_world", "asteroid_belt", "artist_colony"]  # cost 2, 2, 2, 1


def test_r11_ante_won_keeps_the_stake_and_any_one_revealed_card() -> None:
    g = ante(["rebel_homeworld", *LOW])  # defense 7 beats 5
    a = g.players[A]
    assert g.queue[0][:2] == [Step.ANTE_KEEP, A]
    assert sorted(a.ante) == sorted(["rebel_homeworld", *LOW])  # 5 revealed
    assert sorted(offered(g, KEEP)) == sorted((c,) for c in ["rebel_homeworld", *LOW])
    pick(g, KEEP, "spice_world")  # any of the five, not only the higher one
    assert sorted(a.hand) == ["new_earth", "spice_world"] and not a.ante
    gone = ["rebel_homeworld", "gem_world", "asteroid_belt", "artist_colony"]
    assert all(card in g.discards for card in gone)
    assert all(set(gone) <= set(p.seen) for p in g.players)  # revealed: public
    assert any("stakes New Earth (5)" in line and "keeps the stake" in line for line in g.log)
    assert conserved(g)


def test_r11_variant_nothing_higher_loses_the_stake() -> None:
    g = ante(["terraformed_world", *LOW])  # cost 5 ties the stake: not higher
    a = g.players[A]
    assert a.hand == [] and not a.ante
    assert all(c in g.discards for c in ["new_earth", "terraformed_world", *LOW])
    assert any("loses the stake" in line for line in g.log)
    assert conserved(g)


def test_r11_a_six_beats_a_five() -> None:
    g = ante([*LOW, "rebel_base"])  # defense 6, revealed last
    assert g.queue[0][:2] == [Step.ANTE_KEEP, A]


# --------------------------------------------------------------------------- R12, R13


def test_r12_galactic_exchange_three_kinds_and_diversified_economy_score_nine() -> None:
    worlds = ["gem_world", "asteroid_belt", "pre_sentient_race"]  # N, R, G
    tableau = ["galactic_exchange", "diversified_economy", *worlds]
    score = score_tableau(RVI, A, tableau, 0)
    assert dict(score.bonuses)["galactic_exchange"] == 6 + 3


def test_r13_pan_galactic_research_four_vp_and_a_six_cost_for_galactic_federation() -> None:
    score = score_tableau(RVI, A, ["galactic_federation", "pan_galactic_research"], 0)
    assert score.printed == 4  # a fixed 4 VP, no "?"
    assert dict(score.bonuses) == {"galactic_federation": 2 + 2}  # itself and Pan-Galactic
    assert "pan_galactic_research" not in dict(score.bonuses)


# --------------------------------------------------------------------------- R14–R16


def produce(g: RaceGame) -> None:
    reveal(g, {A: Action.DEVELOP, B: Action.PRODUCE})


def test_r14_interstellar_prospectors_power_works_while_it_holds_a_good() -> None:
    g = game(["new_sparta", "interstellar_prospectors", "asteroid_belt"])
    set_player(g, A, goods=["interstellar_prospectors"])
    held = g.players[A].goods["interstellar_prospectors"]
    produce(g)
    a = g.players[A]
    assert a.goods["interstellar_prospectors"] == held  # it receives nothing
    assert "asteroid_belt" in a.goods  # its power still fills the Rare windfall world


def test_r15_rebel_cantina_draws_one_per_rebel_world_itself_included() -> None:
    g = game(["rebel_cantina", "rebel_fuel_cache", "rebel_miners"])
    produce(g)
    assert draws_by(g, "rebel_cantina") == [3]


def test_r16_uplift_code_draws_two_per_chromosome_world() -> None:
    g = game(["new_sparta", "uplift_code", "avian_uplift_race", "aquatic_uplift_race"])
    produce(g)
    assert draws_by(g, "uplift_code") == [2 * 2]


# --------------------------------------------------------------------------- R17


def test_r17_galactic_salon_one_vp_doubled_by_x2() -> None:
    g = game(["new_sparta", "galactic_salon"])
    reveal(g, {A: Action.CONSUME_X2, B: Action.DEVELOP})
    assert g.players[A].vp == 2
    g = game(["new_sparta", "galactic_salon"])
    reveal(g, {A: Action.TRADE, B: Action.DEVELOP})
    assert g.players[A].vp == 1


# --------------------------------------------------------------------------- R20


def test_r20_crash_program_galactic_federation_costs_two() -> None:
    g = game(["new_sparta", "r_d_crash_program"])
    set_player(g, A, hand=["galactic_federation"], filler=5)
    reveal(g, {A: Action.DEVELOP, B: Action.PRODUCE})
    pick(g, PLACE, "galactic_federation")
    assert sorted(d.kind for d in g.legal_decisions()) == [DONE, USE]  # MAY discard it
    pick(g, USE, "r_d_crash_program#0")
    while g.queue[0][0] == Step.PAY:
        g.apply(g.legal_decisions()[0])
    a = g.players[A]
    placed = [e.numbers[0] for e in g.events if e.kind == "place" and e.seat == A]
    assert placed == [6 - 3 - 1]
    assert a.tableau == ["new_sparta", "galactic_federation"] and len(a.hand) == 5 - 2
    assert "r_d_crash_program" in g.discards


def test_r20_crash_program_consume_may_discard_one_card_to_draw_one() -> None:
    g = game(["new_sparta", "r_d_crash_program"])
    set_player(g, A, hand=["rebel_base", "gem_world"])
    reveal(g, {A: Action.CONSUME_X2, B: Action.DEVELOP})
    assert sorted(d.kind for d in g.legal_decisions()) == [DONE, USE]  # MAY
    use(g, "r_d_crash_program")
    pick(g, DISCARD, "gem_world")
    a = g.players[A]
    assert len(a.hand) == 2 and "gem_world" not in a.hand and a.vp == 0
    assert draws_by(g, "r_d_crash_program") == [1]


# --------------------------------------------------------------------------- R21 (game end)

#: Cards for tableaux of a given size (no powers that would act in a Produce round).
FILL = [
    "gem_world",
    "spice_world",
    "artist_colony",
    "secluded_world",
    "new_vinland",
    "space_port",
    "prosperous_world",
    "comet_zone",
    "mining_world",
    "plague_world",
    "bio_hazard_mining_world",
    "asteroid_belt",
    "radioactive_world",
]
OTHER = ["rebel_base", "new_survivalists"]


def end_round(a_cards: int, b_cards: int = 3) -> RaceGame:
    """A: Hidden Fortress and more cards, ``a_cards`` in all; B: ``b_cards``; one round in
    which nobody places a card is played to its end."""
    g = game(["hidden_fortress", *FILL[: a_cards - 1]], ["epsilon_eridani", *OTHER[: b_cards - 1]])
    reveal(g, {A: Action.CONSUME_X2, B: Action.CONSUME_X2})
    finish_round(g)
    return g


def test_r21_hidden_fortress_owner_does_not_end_the_game_at_12_or_13() -> None:
    for size in (12, 13):
        g = end_round(size)
        assert not g.is_over(), size
        assert g.queue[0][0] == Step.CHOOSE_ACTION


def test_r21_hidden_fortress_owner_ends_the_game_at_14() -> None:
    g = end_round(14)
    assert g.is_over()
    assert g.end_reasons == [f"{g.players[A].name} has 14 cards in their tableau"]


def test_r21_an_opponent_still_ends_the_game_at_12() -> None:
    g = game(["hidden_fortress", *OTHER], ["epsilon_eridani", *FILL[:11]])
    reveal(g, {A: Action.CONSUME_X2, B: Action.CONSUME_X2})
    finish_round(g)
    assert g.is_over()
    assert g.end_reasons == [f"{g.players[B].name} has 12 cards in their tableau"]
