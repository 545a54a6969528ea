"""The end screen reviews the humans' decisions on request (issue 15): a progress bar while the
search weighs them in the worker process, then each human's costliest decisions."""

from __future__ import annotations

from textual.widgets import ProgressBar

from nfgalaxy.bots import make_bot
from nfgalaxy.bots.levels import SearchLevel
from nfgalaxy.core.registry import new_game
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.screens.end import EndScreen
from nfgalaxy.ui.widgets import review as review_widget
from nfgalaxy.ui.widgets.review import ReviewPanel


def _game():
    state = new_game("new-frontiers", players=2, seed=6)
    bots = [make_bot("random", 1), make_bot("greedy", 2)]
    while not state.is_over():
        state.apply(bots[state.to_move()].choose(state))
    return state


async def test_r_reviews_the_humans_decisions_with_progress_then_names_the_costliest(
    monkeypatch,
) -> None:
    monkeypatch.setattr(
        review_widget, "REVIEW_LEVEL", SearchLevel("quick", iterations=6, seconds=5.0, playout=3)
    )
    state = _game()
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(EndScreen(state, humans=[0]))
        await pilot.pause()
        panel = app.screen.query_one(ReviewPanel)
        assert "Press r" in str(panel.query_one("#review-text").render())
        await pilot.press("r")
        for _ in range(600):
            await pilot.pause(0.1)
            if panel.slips is not None:
                break
        assert panel.slips is not None, "the review did not finish"
        bar = panel.query_one(ProgressBar)
        assert bar.total and bar.progress == bar.total
        text = str(panel.query_one("#review-text").render())
        assert f"{state.name(0)}:" in text and state.name(1) + ":" not in text
        assert "the search preferred" in text  # a random player's choices cost something
        assert all(slip.seat == 0 for slip in panel.slips)


async def test_a_game_of_bots_only_offers_no_review() -> None:
    state = _game()
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(EndScreen(state))
        await pilot.pause()
        assert not app.screen.query(ReviewPanel)
        assert app.screen.check_action("review", ()) is False
