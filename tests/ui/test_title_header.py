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
