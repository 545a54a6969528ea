"""A part of the table is drawn again only when what it shows changed (``DrawnStatic``):
``Static.update`` lays the whole screen out again whatever it is given, and the game screen
draws every part at every decision (at an online table, at each of the others' too)."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.widgets import Static

from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.widgets.panel import DrawnStatic, same_content
from tests.ui.playtest import SIZE, start, until_human_decides


def test_renderables_are_the_same_only_when_words_spans_and_style_all_are() -> None:
    text = Text("Colony 3", style="bold")
    assert same_content(text, Text("Colony 3", style="bold"))
    assert not same_content(text, Text("Colony 4", style="bold"))
    assert not same_content(text, Text("Colony 3", style="dim"))
    spanned = Text("Colony 3")
    spanned.stylize("red", 0, 6)
    assert not same_content(spanned, Text("Colony 3"))
    assert same_content(Group(text, "a line"), Group(Text("Colony 3", style="bold"), "a line"))
    assert not same_content(Group(text), Group(text, text))
    assert not same_content(object(), object())  # what it cannot compare is drawn again


async def test_drawing_an_unchanged_table_again_updates_no_part_of_the_board() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        game = await start(app, pilot, "new-frontiers", ["human", "greedy"])
        await until_human_decides(app, pilot)
        parts = list(game.query("#board DrawnStatic").results(DrawnStatic))
        assert len(parts) >= 4  # the tableaux and the panels beside them
        updated: list[str] = []
        for part in parts:
            part.update = lambda content="", part=part: updated.append(part.id)  # type: ignore[method-assign]
        game.refresh_table()
        assert updated == []
        await pilot.press("enter")  # a decision: what it changed is drawn again
        for _ in range(50):
            await pilot.pause()
            if updated:
                break
        assert updated
        assert all(isinstance(part, Static) for part in parts)
