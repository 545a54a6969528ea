"""Positions for the goal tests (§B5), on top of ``race_scenario``: goals put in play by name
(``goals.put_in_play``), tableaux given whole, and developments enough for each seat to race
for a "Most" goal. Base cards hold every kind of card the goals count (Rebel military worlds,
UPLIFT and ALIEN cards, Explore powers, 6-cost developments).
"""

from __future__ import annotations

from race_scenario import A, B, C, set_tableaux, table

from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.rules.goals import claimed_by, put_in_play

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
    """Who holds Greatest Infrastructure (most developments, at least 4)."""
    return claimed_by(g, "greatest_infrastructure")


def play_to_round_end(g: RaceGame) -> None:
    """Play the first offered decisions up to the next action choice."""
    while g.queue[0][0] != Step.CHOOSE_ACTION:
        g.apply(g.legal_decisions()[0])
