"""The title bar survives a title change that lands after its title widget is gone."""

from __future__ import annotations

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
