"""Through whole random games, every viewer's board draws, and nobody's secret action card or
face-down card is named to another seat before it is revealed (§4, §6.1, §8.2, §9.1)."""

from __future__ import annotations

import random

import pytest

from nfgalaxy.games.race import new
from nfgalaxy.games.race.rules import RaceGame
from nfgalaxy.games.race.state import ACTION_LABELS, Action
from nfgalaxy.games.race.ui.secrets import action_words, placement_words, placements_pending
from nfgalaxy.games.race.ui.strip import strip_text
from nfgalaxy.games.race.ui.tableau import tableau_text


def drawn(state: RaceGame, viewer: int | None) -> str:
    parts = [strip_text(state, viewer).plain]
    for seat in range(len(state.players)):
        group = tableau_text(state, seat, viewer, full=seat == viewer)
        parts += [line.plain for line in group.renderables]
    return "\n".join(parts)


def check_secrets(state: RaceGame, viewer: int | None) -> None:
    strip = strip_text(state, viewer).plain
    for p in state.players:
        if p.seat == viewer:
            continue
        own = tableau_text(state, p.seat, viewer, full=False)
        shown = "\n".join(line.plain for line in own.renderables)
        if p.actions and not state.revealed:
            assert action_words(state, p.seat, viewer) == "has chosen"
            assert f"{p.name} has chosen" in strip
            for action in p.actions:
                assert ACTION_LABELS[Action(action)] not in shown
        if placements_pending(state) and p.decided and p.placing:
            assert "has chosen a card (face down)" in shown
            assert state.card_name(p.placing) not in placement_words(state, p.seat, viewer)


@pytest.mark.parametrize(
    ("players", "advanced", "seed"), [(2, True, 1), (3, False, 2), (4, False, 3)]
)
def test_every_viewer_sees_the_board_and_no_secret_of_another(
    players: int, advanced: bool, seed: int
) -> None:
    state = new(players, seed=seed, options={"advanced": advanced})
    rng = random.Random(seed)
    checked = 0
    while not state.is_over():
        for viewer in [None, *range(players)]:
            check_secrets(state, viewer)
        checked += 1
        state.apply(rng.choice(state.legal_decisions()))
    assert checked > 50
    final = drawn(state, 0)
    assert "Game over" in final and "End:" in final
