"""What a Race tableau says a player is doing fits the phase being played (issue 42.4): no
"choosing a card to place" while everyone explores, because the Develop phase's placements
were queued at the reveal, and none of the other status lines outside their phase either."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from nfgalaxy.bots import make_bot
from nfgalaxy.core.protocol import new_game
from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.ui.tableau import tableau_text

PLACING = ("develop", "settle")


def _phase(state: RaceGame) -> str:
    """The phase being played, a second Develop or Settle as the first ('' between phases)."""
    return state.phase.removesuffix("_2")


#: Each status line (how it begins) and when it may be said.
FITS: list[tuple[str, Callable[[RaceGame], bool]]] = [
    ("choosing an action", lambda s: s.step_name() == Step.CHOOSE_ACTION),
    ("you chose ", lambda s: not s.revealed),
    ("has chosen a card (face down)", lambda s: _phase(s) in PLACING),
    ("has chosen", lambda s: not s.revealed),
    ("choosing a card to place", lambda s: s.step_name() == Step.CHOOSE_PLACEMENT),
    ("you put down ", lambda s: _phase(s) in PLACING),
    ("places ", lambda s: _phase(s) in PLACING),
    ("you declared", lambda s: _phase(s) == "settle"),
    ("has made a secret takeover choice", lambda s: _phase(s) == "settle"),
    ("takeover of ", lambda s: _phase(s) == "settle"),
    ("exploring: ", lambda s: _phase(s) == "explore"),
    ("paying: ", lambda s: _phase(s) in PLACING),
]


def status_lines(state: RaceGame, seat: int, viewer: int | None) -> list[str]:
    """The lines of ``seat``'s tableau between its summary and its cards."""
    lines = [line.plain for line in tableau_text(state, seat, viewer, seat == viewer).renderables]
    cards = {state.card_name(c) for c in state.players[seat].tableau}
    status = []
    for line in lines[1:]:
        if any(line.startswith(name) or line[2:].startswith(name) for name in cards):
            break
        status.append(line)
    return status


def misfits(state: RaceGame) -> list[str]:
    found = []
    for seat in state.order:
        for viewer in (seat, None):
            for line in status_lines(state, seat, viewer):
                rule = next((fits for start, fits in FITS if line.startswith(start)), None)
                if rule is not None and not rule(state):
                    found.append(f"{line!r} in {state.phase or 'no phase'} ({state.step_name()})")
    return found


@pytest.mark.parametrize(("expansion", "players", "seed"), [("base", 3, 4), ("rvi", 4, 5)])
def test_every_status_line_fits_the_phase_being_played(
    expansion: str, players: int, seed: int
) -> None:
    state = new_game(
        "race-for-the-galaxy", players=players, seed=seed, options={"expansion": expansion}
    )
    bots = [make_bot("random", seat) for seat in range(players)]
    seen: set[str] = set()
    bad: list[str] = []
    for _ in range(2000):
        if state.is_over():
            break
        seen.add(_phase(state))
        bad += misfits(state)
        state.apply(bots[state.to_move()].choose(state))
    assert {"explore", "develop", "settle", "consume", "produce"} <= seen
    assert not bad, bad[:5]


def test_nobody_is_choosing_a_card_to_place_during_explore() -> None:
    """The case play-testers saw: Explore and Develop chosen, everyone keeping explored
    cards, and the tableau of the one to move said "choosing a card to place"."""
    state = new_game("race-for-the-galaxy", players=2, seed=1)
    bots = [make_bot("random", seat) for seat in range(2)]
    for _ in range(3000):
        develops = any(e[0] == Step.REVEAL_PLACEMENTS for e in state.queue)
        if state.step_name() == Step.EXPLORE_KEEP and develops:
            break
        state.apply(bots[state.to_move()].choose(state))
    else:
        raise AssertionError("no Explore before a Develop or Settle phase")
    mover = state.to_move()
    assert mover is not None
    assert "choosing a card to place" not in status_lines(state, mover, mover)
    assert "choosing a card to place" not in status_lines(state, mover, None)


def test_one_card_is_counted_in_the_singular_on_a_tableau() -> None:
    state = new_game("race-for-the-galaxy", players=2, seed=2)
    p = state.players[1]
    p.owed, p.explored, p.keep = 1, [state.deck[0]], 1
    lines = status_lines(state, 1, 0)
    assert "exploring: 1 card drawn, keeps 1 more" in lines
    assert "paying: 1 more card from hand" in lines
