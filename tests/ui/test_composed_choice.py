"""A choice composed on screen reaches the engine as its own decisions, in order (issue 42,
point 2): ``Decided`` with ``then`` plays them one by one while the same human is to move,
and stops at the first that is refused or that reveals something."""

from __future__ import annotations

from nfgalaxy.core.decision import Decision
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.widgets.decisions import Decided
from tests.ui.playtest import start


async def _human_turn(pilot, game) -> None:
    for _ in range(300):
        await pilot.pause()
        if game.human_to_move():
            return
    raise AssertionError("the human never got a turn")


async def test_a_composed_choice_is_played_decision_by_decision_and_stops_at_a_refusal() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=21)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start(app, pilot, "new-frontiers", ["human", "random"])
        await _human_turn(pilot, game)
        develop = next(d for d in game.state.legal_decisions() if d.args[:1] == ("develop",))
        before = len(game.state.history)
        forged = Decision("no-such-decision", ("x",), "a forged one")
        game.post_message(Decided(develop, then=[forged, develop]))
        await pilot.pause()
        await pilot.pause()
        assert len(game.state.history) == before + 1, "the refusal did not stop the choice"
        assert game.state.history[-1]["args"][:1] == ["develop"]
        notices = [n.message for n in app._notifications]
        assert any("forged" in n or "not" in n.lower() for n in notices), notices
