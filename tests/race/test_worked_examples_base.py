"""Worked examples of the base game (rules spec, "Worked examples for tests", seed 004) that the
phase test modules cover only in part, played through ``legal_decisions``/``apply``.

The other examples are played in ``test_round_explore``, ``test_develop_settle``,
``test_consume_produce``, ``test_advanced_two_player``, ``test_setup_state`` and
``test_scoring``; ``test_every_base_example_is_named_by_a_test`` keeps the list complete.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from race_scenario import (
    CARDS,
    A,
    B,
    conserved,
    offered,
    pick,
    play_until,
    refused,
    reveal,
    set_player,
    set_tableaux,
    table,
)

from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.rules.common import (
    BONUS,
    BY_PAYING,
    NAME,
    PLACE,
    SETTLE_BY,
    USE,
    WINDFALL,
)
from nfgalaxy.games.race.state import Action

#: The base-game examples of the spec: B1 … B38.
BASE_EXAMPLES = range(1, 39)


def placed_costs(g: RaceGame, seat: int) -> dict[str, int]:
    """What each card ``seat`` placed cost, from the public ``place`` events."""
    return {e.components[0]: e.numbers[0] for e in g.events if e.kind == "place" and e.seat == seat}


def place(g: RaceGame, card: str) -> None:
    """A places ``card`` in the Settle phase waiting for A's choice; the phase is played to
    its end with the first offered decisions (paying, B passing)."""
    pick(g, PLACE, card)
    while g.phase == "settle":
        g.apply(g.legal_decisions()[0])


def pay_in_full(g: RaceGame) -> None:
    """Pay every card owed (the first offered cards)."""
    while g.queue and g.queue[0][0] == Step.PAY:
        g.apply(g.legal_decisions()[0])


def keep_first_offered(g: RaceGame) -> None:
    """Every explorer keeps the first cards offered (phase I, §7)."""
    while g.queue[0][0] == Step.EXPLORE_KEEP:
        g.apply(g.legal_decisions()[0])


def settle_world(g: RaceGame, world: str) -> None:
    """A chose Settle (B Produce, with nothing to place): A places ``world`` this round."""
    play_until(g, Step.CHOOSE_ACTION)
    reveal(g, {A: Action.SETTLE, B: Action.PRODUCE})
    play_until(g, Step.CHOOSE_PLACEMENT, A)
    place(g, world)


# --------------------------------------------------------------------------- round and setup


def test_b1_only_the_player_who_chose_produce_gets_the_produce_bonus() -> None:
    """B1 (seed 004, "Einleitung", "II: Entwickeln"): A Develop, B Produce; phases II and V
    only; A pays 4 - 1 = 3, B pays 4; only B gets the Produce bonus in phase V."""
    g = table(players=2, seed=3)
    set_tableaux(g, {A: ["old_earth", "asteroid_belt"], B: ["new_sparta", "pre_sentient_race"]})
    set_player(g, A, hand=["drop_ships"], filler=5)
    set_player(g, B, hand=["replicant_robots"], filler=5)
    reveal(g, {A: Action.DEVELOP, B: Action.PRODUCE})
    assert g.phases == ["develop", "produce"]
    pick(g, PLACE, "drop_ships")
    pick(g, PLACE, "replicant_robots")
    pay_in_full(g)
    assert placed_costs(g, A) == {"drop_ships": 3} and placed_costs(g, B) == {"replicant_robots": 4}
    assert [len(g.players[s].hand) for s in (A, B)] == [2, 1]
    play_until(g, Step.WINDFALL)
    assert g.to_move() == B  # A, who chose Develop, has no Produce bonus to place
    assert offered(g, WINDFALL) == [(BONUS, "pre_sentient_race")]
    pick(g, WINDFALL, BONUS, "pre_sentient_race")
    play_until(g, Step.CHOOSE_ACTION)
    assert "pre_sentient_race" in g.players[B].goods
    assert "asteroid_belt" not in g.players[A].goods
    assert conserved(g)


def three_player_setup(starts: set[str]) -> RaceGame:
    """The first seed whose 3-player deal gives exactly these start worlds."""
    for seed in range(500):
        g = RaceGame.new(CARDS, 3, seed, {})
        if {p.start for p in g.players} == starts:
            return g
    raise AssertionError(f"no seed deals {starts}")


def test_b3_three_players_alpha_centauri_takes_its_good_from_the_deck() -> None:
    """B3 (seed 004, "Spielvorbereitung"), 3 players with the pictured start worlds Epsilon
    Eridani, Alpha Centauri and New Sparta: VP pool 36, discard pile empty, Alpha Centauri holds
    1 Rare good taken from the deck (deck one card shorter), Epsilon Eridani (no. 1) leads.

    The first-game preset hands of B3 are not offered: no source lists them (§5.3 [X]), so the
    hands here are the standard 6 dealt cards (deck 114 - 3 - 18 - 1 = 92 instead of 98).
    """
    g = three_player_setup({"epsilon_eridani", "alpha_centauri", "new_sparta"})
    assert g.vp_pool == 36
    assert g.discards == []
    alpha = next(p for p in g.players if p.start == "alpha_centauri")
    assert list(alpha.goods) == ["alpha_centauri"]
    assert all(p.goods == {} for p in g.players if p is not alpha)
    assert len(g.deck) == sum(g.cards.copies().values()) - 3 - 3 * 6 - 1
    assert g.players[g.order[0]].start == "epsilon_eridani"
    assert conserved(g)


def test_b6_explore_power_adds_to_either_explore_card() -> None:
    """B6 (seed 004, "I: Erkunden"), derived lines: with Galactic Renaissance (+2 drawn, keep
    +1) and Explore +1/+1 A sees 5 and keeps 3; with Explore +5, sees 9 and keeps 2."""
    for action, expected in ((Action.EXPLORE_1_1, (5, 3)), (Action.EXPLORE_5, (9, 2))):
        g = table(players=2, seed=4)
        set_tableaux(g, {A: ["old_earth", "galactic_renaissance"], B: ["new_sparta"]})
        reveal(g, {A: action, B: Action.SETTLE})
        a = g.players[A]
        assert (len(a.explored), a.keep) == expected
        keep_first_offered(g)
        assert len(a.hand) == expected[1]


def test_b29_both_players_are_paid_in_full_from_an_exhausted_pool() -> None:
    """B29 (seed 004, "Ende der Runde", "Spielende"): pool 3 VP; in phase IV A earns 4 VP and
    B 2 VP; both are paid in full (pool -3) and the game ends after this round."""
    g = table(players=2, seed=10)
    novelty = ["gem_world", "spice_world"]
    windfall = ["asteroid_belt", "pre_sentient_race"]
    set_tableaux(g, {A: ["consumer_markets", *novelty], B: ["old_earth", *windfall]})
    set_player(g, A, hand=[], goods=novelty)
    set_player(g, B, hand=[], goods=windfall)
    g.vp_pool = 3
    reveal(g, {A: Action.CONSUME_X2, B: Action.PRODUCE})
    # Each player's one consume power is mandatory: Consumer Markets 2 x 1 VP, doubled;
    # Old Earth 2 x 1 VP.
    assert g.phase == "produce"
    assert (g.players[A].vp, g.players[B].vp) == (2 * 2, 2)
    assert g.vp_pool == 3 - 6
    assert not g.is_over()  # the round is played to its end first: B's Produce bonus
    assert offered(g, WINDFALL) == [(BONUS, w) for w in windfall]
    pick(g, WINDFALL, BONUS, "asteroid_belt")
    while not g.is_over():
        g.apply(g.legal_decisions()[0])
    assert g.end_reasons == ["the VP pool is empty"] and g.round == 1


def test_b31_both_explore_cards_without_an_explore_power_draw_8_keep_2() -> None:
    """B31 (seed 004, "Das Spiel für 2 erfahrene Spieler"), the line without Expedition
    Force: Explore +5 and Explore +1/+1 together are one phase I, 2 + 5 + 1 = 8 seen, 2 kept."""
    g = table(advanced=True, seed=2)
    set_tableaux(g, {A: ["old_earth"], B: ["new_sparta"]})
    deck = len(g.deck)
    reveal(g, {A: (Action.EXPLORE_5, Action.EXPLORE_1_1), B: (Action.DEVELOP, Action.SETTLE)})
    a = g.players[A]
    assert g.phases.count("explore") == 1
    assert (len(a.explored), a.keep) == (8, 2)
    assert len(g.deck) == deck - 8 - 2  # B explores too: 2 seen
    keep_first_offered(g)
    assert len(a.hand) == 2


# --------------------------------------------------------------------------- Settle


def test_b10_conquered_world_gets_the_top_deck_card_then_the_settle_bonus_card() -> None:
    """B10 (seed 004, "III: Siedeln"): New Sparta (+2) conquers Former Penal Colony (defense
    2) paying nothing; the top deck card goes on it as its Novelty good, then A draws 1."""
    g = table(players=2, seed=1)
    set_tableaux(g, {A: ["new_sparta"], B: ["old_earth"]})
    set_player(g, A, hand=["former_penal_colony"])
    reveal(g, {A: Action.SETTLE, B: Action.PRODUCE})
    play_until(g, Step.CHOOSE_PLACEMENT, A)
    good, bonus = g.deck[-1], g.deck[-2]
    pick(g, PLACE, "former_penal_colony")
    play_until(g, Step.CHOOSE_ACTION)
    a = g.players[A]
    assert placed_costs(g, A) == {"former_penal_colony": 0}
    assert a.goods["former_penal_colony"] == good
    assert a.hand[0] == bonus
    assert conserved(g)


def test_b13_contact_specialist_pays_defense_minus_one_with_every_discount() -> None:
    """B13 (seed 004, "III: Siedeln", "Kosten statt militärischer Stärke"), one world per
    Settle phase, A's Military +1: Rebel Base 6 - 1 - 2 = 3 cards; Rebel Miners 0 cards
    (2 - 1 - 2 - 1, not conquered: 1 < 2); Lost Alien Warship cannot be placed."""
    g = table(players=2, seed=1)
    tableau = ["old_earth", "contact_specialist", "replicant_robots", "mining_robots"]
    set_tableaux(g, {A: [*tableau, "space_marines"], B: ["new_sparta"]})
    set_player(g, A, hand=["rebel_base", "rebel_miners", "lost_alien_warship"], filler=4)
    reveal(g, {A: Action.SETTLE, B: Action.PRODUCE})
    play_until(g, Step.CHOOSE_PLACEMENT, A)
    assert ("lost_alien_warship",) not in offered(g, PLACE)
    assert refused(g, PLACE, "lost_alien_warship").rule == "§9.1, §9.3"
    hand = len(g.players[A].hand)
    place(g, "rebel_base")
    assert placed_costs(g, A) == {"rebel_base": 3}
    assert len(g.players[A].hand) == hand - 1 - 3 + 1  # placed, paid 3, Settle bonus
    settle_world(g, "rebel_miners")
    assert placed_costs(g, A)["rebel_miners"] == 0
    assert not any("conquers Rebel Miners" in line for line in g.log)
    play_until(g, Step.CHOOSE_ACTION)
    reveal(g, {A: Action.SETTLE, B: Action.PRODUCE})
    play_until(g, Step.CHOOSE_PLACEMENT, A)
    assert refused(g, PLACE, "lost_alien_warship").rule == "§9.1, §9.3"


def test_b15_colony_ship_serves_an_alien_keyword_world_not_an_alien_goods_world() -> None:
    """B15 (seed 004, power reference III): Colony Ship may make Alien Rosetta Stone World
    (ALIEN keyword, no goods) cost 0; for Deserted Alien Colony (Alien windfall) it is not
    offered and A pays 5."""
    g = table(players=2, seed=1)
    set_tableaux(g, {A: ["old_earth", "colony_ship"], B: ["new_sparta"]})
    set_player(g, A, hand=["alien_rosetta_stone_world"], filler=3)
    reveal(g, {A: Action.PRODUCE, B: Action.SETTLE})
    play_until(g, Step.CHOOSE_PLACEMENT, A)
    pick(g, PLACE, "alien_rosetta_stone_world")
    play_until(g, Step.SETTLE_PLACE, A)
    assert sorted(offered(g, SETTLE_BY)) == [(BY_PAYING,), (BY_PAYING, "colony_ship")]
    pick(g, SETTLE_BY, BY_PAYING, "colony_ship")
    a = g.players[A]
    assert placed_costs(g, A) == {"alien_rosetta_stone_world": 0}
    assert "colony_ship" in g.discards and "colony_ship" not in a.tableau
    assert len(a.hand) == 3

    g = table(players=2, seed=1)
    set_tableaux(g, {A: ["old_earth", "colony_ship"], B: ["new_sparta"]})
    set_player(g, A, hand=["deserted_alien_colony"], filler=5)
    reveal(g, {A: Action.PRODUCE, B: Action.SETTLE})
    play_until(g, Step.CHOOSE_PLACEMENT, A)
    place(g, "deserted_alien_colony")
    assert placed_costs(g, A) == {"deserted_alien_colony": 5}
    assert "colony_ship" in g.players[A].tableau and g.players[A].hand == []


def test_b36_alpha_centauri_is_a_rare_discount_or_rare_military_but_no_military() -> None:
    """B36 (seed 004, "Spielvorbereitung", "III: cost -1 or Military +1 for [Rare]"), one
    world per Settle phase: Asteroid Belt costs 2 - 1 = 1; Rebel Fuel Cache (defense 1) is
    conquered (0 + 1 >= 1); Rebel Miners (defense 2) cannot be placed (1 < 2)."""
    g = table(players=2, seed=1)
    set_tableaux(g, {A: ["alpha_centauri"], B: ["new_sparta"]})
    set_player(g, A, hand=["asteroid_belt", "rebel_fuel_cache", "rebel_miners"], filler=3)
    settle_world(g, "asteroid_belt")
    assert placed_costs(g, A) == {"asteroid_belt": 1}
    play_until(g, Step.CHOOSE_ACTION)
    reveal(g, {A: Action.SETTLE, B: Action.PRODUCE})
    play_until(g, Step.CHOOSE_PLACEMENT, A)
    assert ("rebel_miners",) not in offered(g, PLACE)
    assert refused(g, PLACE, "rebel_miners").rule == "§9.1, §9.3"
    pick(g, PLACE, "rebel_fuel_cache")
    play_until(g, Step.CHOOSE_ACTION)
    assert placed_costs(g, A)["rebel_fuel_cache"] == 0
    assert any("conquers Rebel Fuel Cache" in line for line in g.log)


# --------------------------------------------------------------------------- Consume


def test_b34_gambling_worlds_own_vp_power_is_used_separately() -> None:
    """B34 (seed 004, power reference IV "Ziehe, wenn du Glück hast"): Gambling World's
    "1 good -> 1 VP" is its own consume power, used apart from the gamble."""
    g = table(players=2, seed=21)
    set_tableaux(g, {A: ["gambling_world", "gem_world"], B: ["new_sparta"]})
    set_player(g, A, hand=[], goods=["gem_world"])
    set_player(g, B, hand=[])
    reveal(g, {A: Action.DEVELOP, B: Action.CONSUME_X2})
    play_until(g, Step.CONSUME, A)
    assert sorted(offered(g, USE)) == [("gambling_world#0",), ("gambling_world#1",)]
    pick(g, USE, "gambling_world#0")
    assert (g.players[A].vp, g.players[A].goods) == (1, {})
    assert [args[0] for args in offered(g, NAME)] == list(range(1, 8))  # the gamble is left


# --------------------------------------------------------------------------- every example


def _named_examples(path: Path) -> set[int]:
    """Example numbers a test names: ``test_b12_…`` or a whole-word ``B12`` in its docstring."""
    found: set[int] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
            found |= {int(n) for n in re.findall(r"(?:^|_)b(\d+)(?=_|$)", node.name)}
            doc = ast.get_docstring(node) or ""
            found |= {int(n) for n in re.findall(r"\bB(\d+)\b", doc)}
    return found


def test_every_base_example_is_named_by_a_test() -> None:
    """Every base-game example of the spec is played by a test that names it in its name or
    docstring (a module docstring's range does not count), so an example without one fails."""
    named: set[int] = set()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        named |= _named_examples(path)
    assert [n for n in BASE_EXAMPLES if n not in named] == []
