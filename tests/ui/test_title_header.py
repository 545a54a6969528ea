"""The title bar survives a title change that lands after its title widget is gone."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult

from nfgalaxy.ui.widgets.header import TitleHeader


class _Titled(App[None]):
    def compose(self) -> ComposeResult:
        yield TitleHeader()


async def test_the_title_bar_follows_the_subtitle_and_drops_a_late_update() -> None:
    # Textual 8.2's own ``Header`` fails this (NoMatches: HeaderTitle), as in the suite once.
    app = _Titled()
    async with app.run_test() as pilot:
        app.sub_title = "Round 1"
        await pilot.pause()
        assert "Round 1" in str(app.query_one("HeaderTitle").render())
        await app.query_one("HeaderTitle").remove()  # as when the header is being taken down
        app.sub_title = "Round 2"
        await pilot.pause()


async def test_a_new_subtitle_is_drawn_without_laying_the_screen_out_again() -> None:
    # At a live table the subtitle counts the clock down every second: a layout each time
    # drew the whole screen again (half an idle session's CPU time).
    app = _Titled()
    async with app.run_test() as pilot:
        app.sub_title = "10 s left"
        await pilot.pause()
        layouts: list[bool] = []
        title = app.query_one("HeaderTitle")
        refresh = title.refresh

        def counted(*regions, layout: bool = False, **kwargs):
            layouts.append(layout)
            return refresh(*regions, layout=layout, **kwargs)

        title.refresh = counted  # type: ignore[method-assign]
        app.sub_title = "9 s left"
        await pilot.pause()
        assert layouts and not any(layouts)
        assert "9 s left" in str(title.render())


async def test_a_game_screens_new_subtitle_draws_only_the_title_bar_again() -> None:
    # Textual's own subtitle repaints the whole screen: every widget of the game screen was
    # drawn again after every decision and, at a live table, every second for the clock.
    from textual.widget import Widget

    from nfgalaxy.ui.app import NfGalaxyApp
    from tests.ui.playtest import SIZE, start, until_human_decides

    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        game = await start(app, pilot, "new-frontiers", ["human", "greedy"])
        await until_human_decides(app, pilot)
        await pilot.pause()
        drawn: list[str] = []
        render_lines = Widget.render_lines

        def counted(widget: Widget, crop):
            drawn.append(type(widget).__name__)
            return render_lines(widget, crop)

        Widget.render_lines = counted  # type: ignore[method-assign]
        try:
            game.sub_title = "Round 1 · 9 s left"
            await asyncio.sleep(0.3)  # not Pilot's pause: it lays the screen out itself
        finally:
            Widget.render_lines = render_lines  # type: ignore[method-assign]
        assert "9 s left" in str(game.query_one("HeaderTitle").render())
        assert "HeaderTitle" in drawn
        table_parts = {"DecisionList", "DecisionPreview", "GameLog", "ActionTiles", "Tableau"}
        assert not table_parts & set(drawn), sorted(set(drawn))
