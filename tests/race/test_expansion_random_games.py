"""Random games at the expansion levels (property test): The Gathering Storm with 2–5 players,
Rebel vs Imperium with 2–6, with goals (and takeovers at RvI). Every game
ends, and at every decision the level's box (136 or 180 cards) and the VP chips are all
accounted for; views of the seat to move keep what it knows, and the log names only public
cards.

A few games run in the everyday suite for each level and number of players; the longer run is
marked slow (``pytest -m slow``).
"""

from __future__ import annotations

import pytest
from race_scenario import CARDS

from nfgalaxy.core.rng import Rng
from nfgalaxy.games.race.invariants import problems
from nfgalaxy.games.race.rules import RaceGame
from nfgalaxy.games.race.rules.rounds import tableau_end

#: Players per level (§B1) and the cards in play at that level (§B3).
PLAYERS = {"tgs": range(2, 6), "rvi": range(2, 7)}
BOX = {"tgs": 136, "rvi": 180}
MAX_DECISIONS = 6000
VIEW_EVERY = 13
SEEDS = 3
SLOW_GAMES = 400


def play(level: str, players: int, seed: int) -> RaceGame:
    """One random game, every invariant checked after every decision."""
    options: dict[str, object] = {"expansion": level, "goals": True}
    if level == "rvi":
        options["takeovers"] = True
    g = RaceGame.new(CARDS, players, seed, options)
    assert sum(g.cards.copies().values()) == BOX[level]
    rng = Rng(seed * 7919 + players)
    for made in range(MAX_DECISIONS):
        if g.is_over():
            return g
        if made % VIEW_EVERY == 5:
            seat = g.to_move()
            assert seat is not None
            v = g.view(seat, Rng(seed + made), quiet=True)
            assert problems(v) == [], (level, seed, made)
            assert sorted(v.players[seat].hand) == sorted(g.players[seat].hand)
        options = g.legal_decisions()
        assert options, "a game that is not over always offers a decision"
        g.apply(options[rng.below(len(options))])
        assert g.card_count() == g.cards.copies(), (level, seed, made)
        assert problems(g) == [], (level, seed, made, problems(g))
    raise AssertionError(f"{level} game {seed} with {players} players did not end")


def check_end(g: RaceGame) -> None:
    assert g.end_reasons
    assert g.vp_pool <= 0 or any(len(p.tableau) >= tableau_end(g, p) for p in g.players)
    scores = g.scores()
    assert all(
        s["total"] == s["chips"] + s["printed"] + s["bonus"] + s.get("goals", 0) for s in scores
    )
    assert g.winners()
    assert_log_names_only_public_cards(g)


#: Events that show a card to everyone: a start world, a placement revealed, a card discarded
#: from a tableau, the cards a gamble or an ante reveals.
SHOWN = {"start", "reveal_placements", "tableau_discard", "gamble", "ante", "ante_keep"}


def assert_log_names_only_public_cards(g: RaceGame) -> None:
    """§4: a card is named only once every player has seen it."""
    public = {c for p in g.players for c in p.tableau}
    for event in g.events:
        if event.kind in SHOWN:
            public.update(c for c in event.components if c in g.cards.cards)
    named = {c for e in g.events for c in e.components if c in g.cards.cards}
    assert named <= public, sorted(named - public)


@pytest.mark.parametrize(("level", "players"), [(lv, n) for lv in PLAYERS for n in PLAYERS[lv]])
def test_random_games_at_each_level_and_player_count_end_with_every_card(
    level: str, players: int
) -> None:
    for seed in range(players * 101, players * 101 + SEEDS):
        check_end(play(level, players, seed))


@pytest.mark.slow
@pytest.mark.parametrize("level", sorted(PLAYERS))
def test_many_random_expansion_games_end_with_every_card(level: str) -> None:
    counts = list(PLAYERS[level])
    for seed in range(SLOW_GAMES):
        check_end(play(level, counts[seed % len(counts)], seed))
