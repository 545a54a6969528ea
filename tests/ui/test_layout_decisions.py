"""Decision labels are shown whole at 80 columns, and the focused decision is previewed: the
tile it names, with its power, cost and VP, before it is chosen (every game)."""

from __future__ import annotations

import pytest

from nfgalaxy.core.decision import Decision
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.game_ui import game_ui
from tests.ui.layout import decision_list, start_game, text_in, until_human_decides

#: Labels of every length around the list's width at 80 columns, each ending with its price:
#: one of them ends exactly where the scrollbar comes.
LABELS = [
    f"Buy {'Galactic Survey ' * 3}"[: 22 + n].rstrip() + " for $9 (6 VP)" for n in range(-12, 14)
]


async def test_a_label_is_shown_to_its_end_at_80_columns_when_a_scrollbar_appears() -> None:
    """The list was laid out without a scrollbar; then more decisions came and it appeared:
    a label that filled the line lost its end ("$9") to it."""
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_game(app, pilot, "new-frontiers")
        decisions = decision_list(app)
        for label in LABELS:
            decisions.offer("Player: choose", [Decision("buy", ("x",), label)])
            await pilot.pause()
            more = [Decision("pass", (str(n),), f"Option number {n}") for n in range(12)]
            decisions.offer("Player: choose", [Decision("buy", ("x",), label), *more])
            await pilot.pause()
            await pilot.pause()
            assert decisions.max_scroll_y > 0  # the scrollbar is there
            shown = text_in(app, decisions)
            assert "1. " + label in shown, shown


def preview_text(app: NfGalaxyApp) -> str:
    return text_in(app, app.screen.query_one("#preview"))


async def focus_moves_and_the_preview_follows(app: NfGalaxyApp, pilot, game: str) -> None:
    """Play the first decision until two listed decisions name different tiles, then move
    the focus from one to the other and read the preview each time."""
    from nfgalaxy.ui.widgets.preview import tiles_of_decision

    screen = await start_game(app, pilot, game)
    ui = game_ui(game)
    for _ in range(60):
        decisions = await until_human_decides(app, pilot)
        tiles = [tiles_of_decision(d, ui.tiles_of(screen.state)) for d in decisions.decisions]
        pairs = [i for i in range(len(tiles) - 1) if tiles[i] and tiles[i + 1]]
        pairs = [i for i in pairs if tiles[i][0].name != tiles[i + 1][0].name]
        if pairs:
            break
        screen.play(decisions.decisions[0])
    else:
        raise AssertionError("no two decisions naming different tiles were offered")
    first = pairs[0]
    decisions.focus()
    decisions.highlighted = first
    await pilot.pause()
    before, after = tiles[first][0], tiles[first + 1][0]
    assert before.name in preview_text(app)
    await pilot.press("down")
    await pilot.pause()
    shown = preview_text(app)
    assert after.name in shown and before.name not in shown
    assert str(after.cost) in shown  # the numbers a player weighs, not just the name


@pytest.mark.parametrize("game", ["new-frontiers", "roll-for-the-galaxy"])
async def test_moving_the_focus_shows_the_focused_decisions_tile(game: str) -> None:
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        await focus_moves_and_the_preview_follows(app, pilot, game)


async def test_the_preview_sits_under_the_decisions_when_narrow() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await focus_moves_and_the_preview_follows(app, pilot, "new-frontiers")
        preview = app.screen.query_one("#preview").region
        listed = decision_list(app).region
        assert preview.y >= listed.bottom and preview.x == listed.x


async def test_when_narrow_a_decision_naming_no_tile_leaves_the_room_to_the_list() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_game(app, pilot, "new-frontiers")
        decisions = decision_list(app)
        offered = [Decision("pass", (str(n),), f"Option number {n}") for n in range(12)]
        decisions.offer("Player: choose", offered)
        await pilot.pause()
        await pilot.pause()
        assert not app.screen.query_one("#preview").display
        assert "Option number 6" in text_in(app, decisions)  # 7 lines, not 4
