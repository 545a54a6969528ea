"""A world offered for Settle says what placing it takes (issue 42, point 3), as a development
says its price: "Settle Rebel Outpost (conquer: military 2 vs 5 needed, discarding New Military
Tactics (+3 Military))", "Settle Artist Colony (pay 1)". The words come from the player's own
tableau and hand alone, so a view of the game re-dealt for that player says the same, and a
quiet copy (for search) has no words at all."""

from __future__ import annotations

import random

from race_scenario import A, B, pick, reveal, set_player, set_tableaux, table

from nfgalaxy.core.rng import Rng
from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.rules.common import PLACE, SETTLE_BY
from nfgalaxy.games.race.state import Action


def settling() -> RaceGame:
    g = table(players=2, seed=1)
    set_tableaux(g, {A: ["new_sparta", "new_military_tactics"], B: ["old_earth"]})
    hand = ["rebel_outpost", "former_penal_colony", "artist_colony"]
    set_player(g, A, hand=hand)
    reveal(g, {A: Action.SETTLE})
    return g


def labels(g: RaceGame, kind: str) -> list[str]:
    return [d.label for d in g.legal_decisions() if d.kind == kind]


def test_each_world_offered_for_settle_says_what_placing_it_takes() -> None:
    g = settling()
    assert g.step_name() == Step.CHOOSE_PLACEMENT and g.to_move() == A
    assert labels(g, PLACE) == [
        "Settle Artist Colony (pay 1)",
        "Settle Former Penal Colony (conquer: military 2 vs 2 needed)",
        "Settle Rebel Outpost (conquer: military 2 vs 5 needed, "
        "discarding New Military Tactics (+3 Military))",
    ]


def test_the_way_of_a_conquest_says_the_military_against_the_defense() -> None:
    g = settling()
    pick(g, PLACE, "former_penal_colony")
    for _ in range(5):  # the other player's choice, the reveal
        if g.step_name() == Step.SETTLE_PLACE:
            break
        g.apply(g.legal_decisions()[0])
    assert g.step_name() == Step.SETTLE_PLACE and g.to_move() == A
    assert labels(g, SETTLE_BY) == [
        "Conquer Former Penal Colony (military 2 vs 2 needed)",
        "Conquer Former Penal Colony (military 2 vs 2 needed), "
        "discarding New Military Tactics (+3 Military)",
    ]


def test_the_words_hold_no_secret_and_a_quiet_copy_has_none() -> None:
    """Every label offered to a player is the same in a view of the game re-dealt for them
    (what they cannot know changes nothing), and empty in a quiet copy."""
    rng = random.Random(4)
    g = RaceGame.new(table().cards, 3, 4, {})
    checked = 0
    while not g.is_over() and checked < 30:
        seat = g.to_move()
        if g.step_name() in (Step.CHOOSE_PLACEMENT, Step.SETTLE_PLACE) and seat is not None:
            mine = [d.label for d in g.legal_decisions()]
            twin = g.view(seat, Rng(checked))
            assert [d.label for d in twin.legal_decisions()] == mine
            assert all(d.label == "" for d in g.copy(quiet=True).legal_decisions())
            checked += any(
                label.startswith("Settle ") and ("(pay" in label or "(conquer: military" in label)
                for label in mine
            )
        g.apply(rng.choice(g.legal_decisions()))
    assert checked >= 10
