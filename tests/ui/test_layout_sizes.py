"""The game screen of every game at 80x24, 120x40 and 200x60: nothing cut off, all reachable.

At 80x24 the screen is compact (the board scrolls as one, the preview goes under the
decisions); each part a player needs — the decisions, their own tableau, the others'
tableaux, Roll's dice cup and the log — can be scrolled to and shows whole lines.
"""

from __future__ import annotations

import pytest

from nfgalaxy.games.roll.ui.dice_cup import DiceCup
from nfgalaxy.ui.app import NfGalaxyApp
from tests.ui.layout import decision_list, play_a_little, text_in
from tests.ui.test_snapshots import compare

SIZES = [(80, 24), (120, 40), (200, 60)]
SHORT = {"new-frontiers": "nf", "roll-for-the-galaxy": "roll"}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", list(SHORT))
async def test_game_screen_snapshot_at_size(game: str, size: tuple[int, int]) -> None:
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=size) as pilot:
        await play_a_little(app, pilot, game, 3 if game == "new-frontiers" else 1)
        compare(f"layout_{SHORT[game]}_{size[0]}x{size[1]}", app.export_screenshot())


def assert_whole_lines(widget) -> None:
    """Every rendered line of ``widget`` fits its width: nothing runs past the right edge."""
    assert widget.max_scroll_x == 0, f"{widget} scrolls sideways: lines are cut"


async def reach(app: NfGalaxyApp, pilot, widget) -> str:
    """Scroll ``widget`` into view as a player would and return what the screen shows of it."""
    widget.scroll_visible(animate=False, top=True)
    await pilot.pause()
    await pilot.pause()
    assert widget.region.y >= 1 and widget.region.y < app.size.height - 1, (
        f"{widget} cannot be scrolled onto the screen"
    )
    return text_in(app, widget)


@pytest.mark.parametrize("game", list(SHORT))
async def test_every_part_of_the_table_can_be_reached_at_80x24(game: str) -> None:
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_a_little(app, pilot, game, 3 if game == "new-frontiers" else 1)
        state = screen.state
        board = screen.query_one("#board")
        assert_whole_lines(board)
        me = state.to_move()
        for seat, player in enumerate(state.players):
            tableau = screen.query_one(f"#tableau-{seat}")
            shown = await reach(app, pilot, tableau)
            assert player.name in shown
            assert "Developments:" in shown  # past the summary line, for every player
            if seat == me and game == "new-frontiers":
                assert "Explored:" in shown and "Colonies:" in shown
        if game == "roll-for-the-galaxy":
            cup = screen.query_one(DiceCup)
            shown = await reach(app, pilot, cup)
            assert "I Explore" in shown and "V Ship" in shown  # the phase columns' row
            assert "Citizenry" in shown  # the cup's last row
        decisions = decision_list(app)
        decisions.highlighted = len(decisions.decisions) - 1
        await pilot.pause()
        last = decisions.decisions[-1].label
        assert " ".join(last.split()) in text_in(app, decisions)  # whole, to its last word
        log = screen.query_one("#log")
        log.scroll_end(animate=False)
        await pilot.pause()
        assert " ".join(screen.table.log_lines()[-1].split()) in text_in(app, log)


async def test_the_log_wraps_every_line_within_its_width_at_80x24() -> None:
    """A RichLog writes a line at least 78 columns wide, and at the width it had when the
    line came; the game's log wraps each line to the room it has, and again after a resize."""
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_a_little(app, pilot, "new-frontiers", 2)
        log = screen.query_one("#log")
        width = log.scrollable_content_region.width
        assert max(strip.cell_length for strip in log.lines) <= width
        assert_whole_lines(log)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert max(strip.cell_length for strip in log.lines) <= log.scrollable_content_region.width
