"""RollGame.current_phase() tells interfaces which phase is being played (the ▶ on the table)."""

from __future__ import annotations

from nfgalaxy.bots import make_bot
from nfgalaxy.core import new_game
from nfgalaxy.games.roll.state import DEV

#: Steps that belong to exactly one phase.
STEP_PHASE = {"explore": "explore", "scout": "explore", "produce": "produce", "ship": "ship"}


def test_current_phase_names_the_phase_of_every_step_of_a_game() -> None:
    state = new_game("roll", players=3, seed=9)
    bot = make_bot("random", 9)
    seen = set()
    while not state.is_over():
        name, _seat, arg = state.queue[0]
        phase = state.current_phase()
        if name in STEP_PHASE:
            assert phase == STEP_PHASE[name]
        elif name == "build":
            assert phase == ("develop" if arg == DEV else "settle")
        elif name in ("assign", "reassign", "manage", "recall", "start_tiles"):
            assert phase == ""
        seen.add(phase)
        state.apply(bot.choose(state))
    assert state.current_phase() == ""
    assert {"", "explore", "develop", "settle", "produce", "ship"} <= seen
