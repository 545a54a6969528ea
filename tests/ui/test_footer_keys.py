"""The game screen's footer is rebuilt only when the keys it shows change (``KeysFooter``):
Textual's rebuilt all its keys at every refresh of the bindings — after every decision and
change of focus — and that restyling was the largest single cost of drawing a decision."""

from __future__ import annotations

import pytest
from textual.widgets._footer import FooterKey

from nfgalaxy.core.registry import game_ids
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.widgets.footer import KeysFooter
from tests.ui.hotseat import steady_text
from tests.ui.layout import screen_grid
from tests.ui.playtest import SIZE, start, until_human_decides

GAMES = sorted(game_ids())


def shown_keys(app: NfGalaxyApp) -> list[FooterKey]:
    return list(app.screen.query_one(KeysFooter).query(FooterKey))


async def test_the_footer_keeps_its_keys_until_they_change() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        game = await start(app, pilot, "new-frontiers", ["human", "greedy"])
        await until_human_decides(app, pilot)
        await pilot.pause()
        before = shown_keys(app)
        assert before
        game.refresh_bindings()  # nothing the footer shows has changed
        await pilot.pause()
        await pilot.pause()
        assert [id(k) for k in shown_keys(app)] == [id(k) for k in before]
        words = {k.description for k in before}
        assert "Undo" not in words
        await pilot.press("enter")  # a decision of the human's own: Undo is offered now
        for _ in range(50):
            await pilot.pause()
            if game.can_undo():
                break
        await pilot.pause()
        assert game.can_undo()
        after = {k.description for k in shown_keys(app)}
        assert "Undo" in after


async def test_a_narrow_footer_shows_every_key_whole_at_80_columns() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(app, pilot, "new-frontiers", ["human", "greedy"])
        await until_human_decides(app, pilot)
        await pilot.pause()
        footer = app.screen.query_one(KeysFooter)
        assert footer.compact and not footer.show_command_palette
        for key in shown_keys(app):
            assert key.region.right <= 80, key.description
        await pilot.resize_terminal(120, 40)
        for _ in range(3):
            await pilot.pause()
        assert not footer.compact and footer.show_command_palette


@pytest.mark.parametrize("game", GAMES)
async def test_every_key_the_footer_offers_is_on_screen_at_80x24_wherever_the_focus_is(
    game: str,
) -> None:
    """Race's start discards with the hand focused offered its Space and Enter beside the
    screen's keys: "… b Board l Lo" and the rest were cut off at 80 columns. Where one row
    cannot hold them, the footer takes two."""
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(app, pilot, game, ["human", "greedy"])
        await until_human_decides(app, pilot)
        for focus in ("", "b", "l", "d"):
            if focus:
                await pilot.press(focus)
            await steady_text(app, pilot)
            keys = [k for k in shown_keys(app) if k.display]
            assert keys, focus
            for key in keys:
                where = f"{key.key_display or key.key} {key.description!r} ({focus or 'first'})"
                assert key.region.width > 0 and key.region.right <= 80, where
                assert 0 <= key.region.y < 24, where


async def test_undo_offered_and_withdrawn_shows_and_hides_the_keys_already_built() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        game = await start(app, pilot, "new-frontiers", ["human", "greedy"])
        footer = game.query_one(KeysFooter)
        await until_human_decides(app, pilot)
        await pilot.press("enter")
        await until(pilot, game.can_undo)
        await pilot.pause()
        built = [id(k) for k in shown_keys(app)]
        assert "Undo" in footer_words(app)
        seen_withdrawn = False
        for _ in range(12):  # decide on until Undo is withdrawn (a bot acted, or a reveal)
            await until_human_decides(app, pilot)
            await pilot.pause()
            if not game.can_undo():
                seen_withdrawn = True
                break
            await pilot.press("enter")
        assert seen_withdrawn
        # Hidden in place: the same widgets, and the footer reads as a rebuilt one would.
        assert [id(k) for k in shown_keys(app)] == built
        line = footer_words(app)
        assert "Undo" not in line
        footer._shown = None
        game.refresh_bindings()
        for _ in range(3):
            await pilot.pause()
        assert footer_words(app) == line
        assert [id(k) for k in shown_keys(app)] != built  # that one did rebuild


def footer_words(app: NfGalaxyApp) -> str:
    """The footer's rows (two where one cannot hold its keys), as one line."""
    rows = app.screen.query_one(KeysFooter).region.height or 1
    return " ".join(screen_grid(app)[-rows:])


async def until(pilot, done, tries: int = 100) -> None:
    for _ in range(tries):
        if done():
            return
        await pilot.pause()
    assert done()


async def test_every_key_of_the_lobby_is_on_screen_at_80_and_100_columns(tmp_path) -> None:
    """The lobby's footer (a plain Footer) cut "l Ladder" and all after it at 100 columns."""
    from tests.ui.online import ANN, lobby_app

    _path, app = lobby_app(tmp_path, ANN, (ANN, "Ann"))
    async with app.run_test(size=(100, 30)) as pilot:
        for size in ((100, 30), (80, 24)):
            await pilot.resize_terminal(*size)
            await steady_text(app, pilot)
            keys = [k for k in shown_keys(app) if k.display]
            assert {"Ladder", "Statistics", "Help"} <= {k.description for k in keys}
            for key in keys:
                assert key.region.width > 0 and key.region.right <= size[0], (size, key)
                assert 0 <= key.region.y < size[1], (size, key)
