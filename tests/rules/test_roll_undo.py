"""Taking back a decision (core ``undo``): only one's own last decision, and never across new
information — a roll, a tile drawn from the bag, or the Reveal of everyone's assignments (§5.3)."""

from __future__ import annotations

import pytest

from nfgalaxy.core import new_game
from nfgalaxy.core.replay import CannotUndo, undo
from nfgalaxy.games.roll.rules import DONE, SCOUT, WILD, RollGame


def _game_at_a_wild_die(players: int = 3) -> RollGame:
    """A game whose player to move is assigning and has a wild die to place."""
    for seed in range(1, 80):
        g = new_game("roll", players=players, seed=seed)
        assert isinstance(g, RollGame)
        while not g.is_over() and g.round <= 3:
            options = g.legal_decisions()
            if g.step_name() == "assign" and any(d.kind == WILD for d in options):
                return g
            g.apply(options[0])
    raise AssertionError("no seed gave a wild die")


def test_placing_a_wild_die_can_be_taken_back_exactly() -> None:
    g = _game_at_a_wild_die()
    seat = g.to_move()
    assert seat is not None
    before = g.to_json()
    g.apply(next(d for d in g.legal_decisions() if d.kind == WILD))
    assert g.undo_point(seat) == len(g.history) - 1
    assert undo(g, seat).to_json() == before


def test_no_undo_after_another_player_acted() -> None:
    g = _game_at_a_wild_die()
    seat = g.to_move()
    while g.to_move() == seat:
        options = g.legal_decisions()
        g.apply(next((d for d in options if d.kind == DONE), options[0]))
    if g.history[-1].get("reveals"):
        return  # the last assignment triggered Reveal: covered below
    other = g.to_move()
    options = g.legal_decisions()
    g.apply(options[0])
    assert g.history[-1]["seat"] == other
    assert g.undo_point(seat) is None


def test_no_undo_across_reveal_or_a_roll() -> None:
    """The last player's last assignment reveals everyone's: it cannot be taken back."""
    g = new_game("roll", players=2, seed=5)
    assert isinstance(g, RollGame)
    revealed = 0
    while not g.is_over() and g.round <= 3:
        seat = g.to_move()
        options = g.legal_decisions()
        choice = next((d for d in options if d.kind == DONE), options[0])
        was_revealed = g.revealed
        g.apply(choice)
        if g.revealed and not was_revealed:
            assert g.history[-1]["reveals"]
            assert g.undo_point(seat) is None
            revealed += 1
    assert revealed >= 2
    # the last start-tile choice rolls the first round's dice: no undo there either
    start = new_game("roll", players=2, seed=5)
    while start.step_name() == "start_tiles":
        seat = start.to_move()
        start.apply(start.legal_decisions()[0])
    assert start.history[-1]["reveals"] and start.undo_point(seat) is None


def test_no_undo_after_drawing_tiles() -> None:
    for seed in range(1, 40):
        g = new_game("roll", players=2, seed=seed)
        while not g.is_over() and g.round <= 4:
            options = g.legal_decisions()
            seat = g.to_move()
            draw = [d for d in options if d.kind == "draw"]
            if draw:
                g.apply(draw[0])
                assert g.history[-1]["reveals"]
                assert g.undo_point(seat) is None
                return
            scout = [d for d in options if d.kind == SCOUT]
            g.apply(scout[0] if scout else options[0])
    raise AssertionError("nobody scouted")


def test_a_refused_undo_raises() -> None:
    g = new_game("roll", players=2, seed=3)
    with pytest.raises(CannotUndo, match="nothing to take back"):
        undo(g, g.order[0])
