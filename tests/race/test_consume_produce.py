"""Consume (§10) and Produce (§11). Examples B16–B26, B34 and B35 of the rules spec."""

from __future__ import annotations

from race_scenario import (
    A,
    B,
    conserved,
    offered,
    pick,
    refused,
    reveal,
    set_player,
    set_tableaux,
    table,
)

from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.rules.common import (
    BONUS,
    DISCARD,
    DONE,
    GOOD,
    NAME,
    SELL,
    STOP,
    USE,
    WINDFALL,
)
from nfgalaxy.games.race.state import Action


def game(
    tableau: list[str],
    goods: list[str],
    hand: int = 0,
    other: list[str] | None = None,
    other_goods: list[str] | None = None,
) -> RaceGame:
    g = table(players=2, seed=21)
    set_tableaux(g, {A: tableau, B: other or ["new_sparta"]})
    set_player(g, A, hand=[], goods=goods, filler=hand)
    set_player(g, B, hand=[], goods=other_goods or [])
    return g


def use(g: RaceGame, card: str) -> None:
    key = next(args[0] for args in offered(g, USE) if args[0].startswith(card + "#"))
    pick(g, USE, key)


def finish_phase(g: RaceGame) -> None:
    """Play on (first offered decision) to the end of the round."""
    while g.queue and g.queue[0][0] not in (Step.HAND_LIMIT, Step.CHOOSE_ACTION):
        g.apply(g.legal_decisions()[0])


NOVELTY3 = ["new_vinland", "gem_world", "spice_world"]


def test_b16_up_to_power_once_begun_takes_all_it_can() -> None:
    g = game(["free_trade_association", *NOVELTY3], NOVELTY3)
    reveal(g, {A: Action.DEVELOP, B: Action.CONSUME_X2})
    powers = sorted(args[0].split("#")[0] for args in offered(g))
    assert powers == ["free_trade_association", "new_vinland"]
    assert refused(g, DONE).rule == "§10.2, §13.4"  # skipping consumption is illegal
    use(g, "free_trade_association")
    a = g.players[A]
    assert (a.vp, len(a.hand), a.goods) == (3, 3, {})
    assert not any("uses New Vinland" in line for line in g.log)  # nothing left for it


def test_b16_new_vinland_first_then_fta_must_take_both_others() -> None:
    g = game(["free_trade_association", *NOVELTY3], NOVELTY3)
    reveal(g, {A: Action.DEVELOP, B: Action.CONSUME_X2})
    use(g, "new_vinland")
    assert len(offered(g, GOOD)) == 3
    pick(g, GOOD, "gem_world")
    # New Vinland: 2 cards; Free Trade Association, the one power left, is mandatory and
    # so played at once on both other goods: 2 VP and 2 cards.
    a = g.players[A]
    assert (a.vp, len(a.hand), a.goods) == (2, 4, {})
    assert any(line.endswith("Association on 2 goods: 2 VP, 2 cards.") for line in g.log)
    assert conserved(g)


def test_b17_up_to_power_with_fewer_goods() -> None:
    g = game(["consumer_markets", "gem_world", "spice_world"], ["gem_world", "spice_world"])
    reveal(g, {A: Action.DEVELOP, B: Action.CONSUME_X2})
    assert g.players[A].vp == 2 and not g.players[A].goods


def test_b18_all_goods_for_their_number_minus_one() -> None:
    worlds = ["pilgrimage_world", "gem_world", "asteroid_belt", "pre_sentient_race"]
    g = game(worlds, worlds[1:])
    reveal(g, {A: Action.DEVELOP, B: Action.CONSUME_X2})
    assert g.players[A].vp == 2 and not g.players[A].goods


def test_b18_other_power_first_then_all_goods() -> None:
    worlds = ["pilgrimage_world", "public_works", "gem_world", "asteroid_belt", "empath_world"]
    g = game(worlds, worlds[2:])
    reveal(g, {A: Action.DEVELOP, B: Action.CONSUME_X2})
    use(g, "public_works")
    pick(g, GOOD, "gem_world")
    # Public Works: 1 VP; Pilgrimage World, the one power left, then takes the other two.
    assert any(line.endswith("Public Works on 1 good: 1 VP, 0 cards.") for line in g.log)
    assert any(line.endswith("Pilgrimage World on 2 goods: 1 VP, 0 cards.") for line in g.log)
    assert g.players[A].vp == 1 + 1 and not g.players[A].goods


def test_pilgrimage_world_must_consume_a_lone_good_for_no_vp() -> None:
    """Seed 004: "Jeder Spieler, der Güter hat, muss sie, wenn es ihm möglich ist,
    verbrauchen." Pilgrimage World can take a single good, for its number less one: 0 VP, and
    the good is gone all the same (§10.2 asks for no second good)."""
    g = game(["pilgrimage_world", "gem_world"], ["gem_world"])
    reveal(g, {A: Action.DEVELOP, B: Action.CONSUME_X2})
    assert not g.players[A].goods and g.players[A].vp == 0
    assert any(line.endswith("Pilgrimage World on 1 good: 0 VP, 0 cards.") for line in g.log)


def test_pilgrimage_world_on_a_lone_good_is_offered_and_not_to_be_declined() -> None:
    g = game(["pilgrimage_world", "gem_world", "deficit_spending"], ["gem_world"], hand=1)
    reveal(g, {A: Action.DEVELOP, B: Action.CONSUME_X2})
    # Deficit Spending may be left unused; with a good Pilgrimage World can take, not so.
    assert {args[0].split("#")[0] for args in offered(g, USE)} == {
        "pilgrimage_world",
        "deficit_spending",
    }
    assert DONE not in {d.kind for d in g.legal_decisions()}


def test_b19_fixed_sets_of_goods() -> None:
    g = game(["tourist_world", "gem_world", "spice_world"], ["gem_world", "spice_world"])
    reveal(g, {A: Action.DEVELOP, B: Action.CONSUME_X2})
    assert g.players[A].vp == 3
    worlds = ["diversified_economy", "gem_world", "asteroid_belt", "pre_sentient_race"]
    g = game(worlds, worlds[1:])
    reveal(g, {A: Action.DEVELOP, B: Action.CONSUME_X2})
    assert g.players[A].vp == 3 and not g.players[A].goods
    worlds = ["diversified_economy", "gem_world", "spice_world", "asteroid_belt"]
    g = game(worlds, worlds[1:])
    reveal(g, {A: Action.DEVELOP, B: Action.CONSUME_X2})
    assert g.players[A].vp == 0 and len(g.players[A].goods) == 3  # N, N, R: cannot be used
    g = game(["mining_league", "asteroid_belt", "gem_world"], ["asteroid_belt", "gem_world"])
    reveal(g, {A: Action.DEVELOP, B: Action.CONSUME_X2})
    assert g.players[A].vp == 0  # only 1 Rare good
    g = game(["mining_league", "asteroid_belt", "mining_world"], ["asteroid_belt", "mining_world"])
    reveal(g, {A: Action.DEVELOP, B: Action.CONSUME_X2})
    assert g.players[A].vp == 3


def test_b19_new_economy_draws_without_a_good() -> None:
    g = game(["old_earth", "new_economy"], [])
    reveal(g, {A: Action.DEVELOP, B: Action.CONSUME_X2})
    assert len(g.players[A].hand) == 1


def test_b20_trade_bonus_with_trade_powers() -> None:
    tableau = ["pirate_world", "export_duties", "public_works", "asteroid_belt"]
    g = game(tableau, ["pirate_world", "asteroid_belt"])
    reveal(g, {A: Action.TRADE})
    assert sorted(offered(g, SELL)) == [("asteroid_belt",), ("pirate_world",)]
    refusal = refused(g, USE, "public_works#1")
    assert refusal.rule == "§10.1" and "sells one good before" in refusal.message
    pick(g, SELL, "pirate_world")
    a = g.players[A]
    assert len(a.hand) == 2 + 3 + 1
    assert a.vp == 1 and not a.goods  # Public Works must take the Rare good


def test_b20_selling_the_rare_good_instead() -> None:
    tableau = ["pirate_world", "export_duties", "public_works", "asteroid_belt"]
    g = game(tableau, ["pirate_world", "asteroid_belt"])
    reveal(g, {A: Action.TRADE})
    pick(g, SELL, "asteroid_belt")
    assert len(g.players[A].hand) == 3 + 1
    assert g.players[A].vp == 1 and not g.players[A].goods


def test_b21_double_vp_but_not_for_hand_cards() -> None:
    g = game(["public_works", "deficit_spending", "gem_world"], ["gem_world"], hand=3)
    reveal(g, {A: Action.CONSUME_X2, B: Action.DEVELOP})
    use(g, "public_works")
    a = g.players[A]
    assert a.vp == 2
    use(g, "deficit_spending")
    assert STOP in {d.kind for d in g.legal_decisions()}  # optional, partial use allowed
    pick(g, DISCARD, a.hand[0])
    pick(g, DISCARD, a.hand[0])
    assert (a.vp, len(a.hand)) == (4, 1)


def test_deficit_spending_may_be_left_unused() -> None:
    g = game(["deficit_spending", "old_earth"], [], hand=3)
    reveal(g, {A: Action.CONSUME_X2})
    assert {d.kind for d in g.legal_decisions()} == {USE, DONE}
    pick(g, DONE)
    assert g.players[A].vp == 0 and len(g.players[A].hand) == 3


def test_b34_gambling_world_keeps_the_card_on_an_exact_number() -> None:
    g = game(["gambling_world"], [])
    g.deck.remove("drop_ships")
    g.deck.append("drop_ships")
    reveal(g, {A: Action.DEVELOP, B: Action.CONSUME_X2})
    pick(g, NAME, 4)
    assert g.players[A].hand == ["drop_ships"]
    g = game(["gambling_world"], [])
    g.deck.remove("rebel_outpost")
    g.deck.append("rebel_outpost")
    reveal(g, {A: Action.DEVELOP, B: Action.CONSUME_X2})
    pick(g, NAME, 4)
    assert g.players[A].hand == [] and "rebel_outpost" in g.discards
    assert conserved(g)


def test_b35_black_market_ignores_trade_powers_trade_league_applies_them() -> None:
    tableau = ["black_market_trading_world", "trade_league", "export_duties"]
    tableau += ["asteroid_belt", "mining_world"]
    g = game(tableau, ["asteroid_belt", "mining_world"])
    reveal(g, {A: Action.DEVELOP, B: Action.CONSUME_X2})
    use(g, "black_market_trading_world")
    pick(g, SELL, "asteroid_belt")
    # Trade League, the one power left, is mandatory: it sells the other good at once.
    assert len(g.players[A].hand) == 3 + 5
    assert any(line.endswith("sells the good on Asteroid Belt for 3 cards.") for line in g.log)
    assert any(line.endswith("sells the good on Mining World for 5 cards.") for line in g.log)


# --------------------------------------------------------------------------- Produce


def test_b22_draw_only_when_the_world_produces() -> None:
    g = game(["gem_world", "comet_zone"], ["comet_zone"])
    reveal(g, {A: Action.DEVELOP, B: Action.PRODUCE})
    a = g.players[A]
    assert set(a.goods) == {"gem_world", "comet_zone"}
    assert len(a.hand) == 1


def test_b23_windfall_power_and_produce_bonus_fill_different_worlds() -> None:
    worlds = ["genetics_lab", "empath_world", "pre_sentient_race", "asteroid_belt"]
    g = game(worlds, [])
    reveal(g, {A: Action.PRODUCE})
    choices = offered(g, WINDFALL)
    assert ("genetics_lab#1", "empath_world") in choices
    assert ("genetics_lab#1", "asteroid_belt") not in choices  # Genes worlds only
    assert (BONUS, "asteroid_belt") in choices
    assert refused(g, DONE).rule == "§11, §13.4"  # Genetics Lab is mandatory
    pick(g, WINDFALL, "genetics_lab#1", "empath_world")
    assert (BONUS, "empath_world") not in offered(g, WINDFALL)  # one good per world
    pick(g, WINDFALL, BONUS, "asteroid_belt")
    a = g.players[A]
    assert set(a.goods) == {"empath_world", "asteroid_belt"}


def test_b24_draw_per_genes_world() -> None:
    worlds = ["pan_galactic_league", "plague_world", "empath_world", "avian_uplift_race"]
    g = game(worlds, ["empath_world"])
    reveal(g, {A: Action.DEVELOP, B: Action.PRODUCE})
    assert len(g.players[A].hand) == 3


def test_b25_windfall_world_draws_when_it_produces() -> None:
    g = game(["runaway_robots", "asteroid_belt"], [])
    reveal(g, {A: Action.PRODUCE})
    pick(g, WINDFALL, BONUS, "runaway_robots")
    finish_phase(g)
    assert len(g.players[A].hand) == 1
    g = game(["runaway_robots"], [])
    reveal(g, {A: Action.DEVELOP, B: Action.PRODUCE})
    assert len(g.players[A].hand) == 0 and not g.players[A].goods


def test_b26_draws_for_kinds_and_for_the_most_rare_goods() -> None:
    tableau = ["mining_conglomerate", "consumer_markets", "diversified_economy"]
    tableau += ["mining_world", "comet_zone", "gem_world"]
    g = game(tableau, [], other=["new_sparta", "rebel_miners"])
    reveal(g, {A: Action.PRODUCE, B: Action.DEVELOP})
    finish_phase(g)
    assert len(g.players[A].hand) == 1 + 1 + 1 + 1 + 2 + 2
    g = game(tableau, [], other=["earths_lost_colony", "rebel_miners", "bio_hazard_mining_world"])
    reveal(g, {A: Action.PRODUCE, B: Action.DEVELOP})
    finish_phase(g)
    assert len(g.players[A].hand) == 6  # B produced 2 Rare as well: no +2
