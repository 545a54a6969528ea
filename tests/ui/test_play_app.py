"""Play New Frontiers in the Textual app through key presses only."""

from __future__ import annotations

from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.screens.end import EndScreen
from nfgalaxy.ui.screens.game import GameScreen
from nfgalaxy.ui.screens.privacy import PrivacyScreen


async def test_one_human_plays_three_bots_to_the_end_with_the_keyboard() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=11)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("enter")  # "Start game" has the focus: 1 human vs 3 greedy bots
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        state = game.state
        for _ in range(3000):
            if isinstance(app.screen, EndScreen):
                break
            await pilot.press("enter")  # the first legal decision
            await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        assert state.is_over()
        table = app.screen.query_one("DataTable")
        for seat, score in enumerate(state.scores()):
            row = table.get_row_at(seat)
            assert row[0] == state.players[seat].name
            assert row[5] == score["total"]


async def test_two_humans_get_a_privacy_screen_between_their_turns() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=3)
    async with app.run_test(size=(160, 50)) as pilot:
        screen = app.screen
        screen.query_one("#kind-1").value = "human"
        screen.query_one("#name-1").value = "Ann"
        await pilot.press("enter")
        await pilot.pause()
        seen_privacy = False
        for _ in range(300):
            if isinstance(app.screen, PrivacyScreen):
                seen_privacy = True
                break
            await pilot.press("enter")
            await pilot.pause()
        assert seen_privacy
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_a_hidden_goal_is_shown_only_to_its_human_owner() -> None:
    from nfgalaxy.games.new_frontiers.ui.action_tiles import action_tiles_text
    from nfgalaxy.games.new_frontiers.ui.tableau import tableau_text

    app = NfGalaxyApp(bot_delay=0, seed=12)
    async with app.run_test(size=(160, 50)) as pilot:
        app.screen.query_one("#opt-new-frontiers-goals").value = True
        await pilot.press("enter")
        await pilot.pause()
        state = app.screen.state
        state.goal_pile.remove("conscription")
        state.goals_hidden = [[0, "conscription"]]
        public = str(action_tiles_text(state))
        assert "holds a hidden goal" in public and "Conscription" not in public
        others = "".join(
            str(line) for line in tableau_text(state, 0, True, private=False).renderables
        )
        assert "Conscription" not in others
        mine = "".join(str(line) for line in tableau_text(state, 0, True, private=True).renderables)
        assert "Your hidden goal: Conscription" in mine


async def test_a_served_app_offers_no_tile_file_path(monkeypatch) -> None:
    monkeypatch.setenv("NFGALAXY_SERVED", "1")
    app = NfGalaxyApp(bot_delay=0, seed=2)
    async with app.run_test(size=(160, 50)) as pilot:
        rows = list(app.screen.query(".path-option"))
        assert rows and not any(row.display for row in rows)
        for game in ("roll-for-the-galaxy", "new-frontiers"):
            app.screen.query_one("#game").value = game
            await pilot.pause()
            assert not any(row.display for row in app.screen.query(".path-option"))
