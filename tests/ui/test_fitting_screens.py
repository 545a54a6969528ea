"""Roll's and New Frontiers' screens fit: at 80x24 the player's dice and every current choice
are in sight (the rest scrolls), and larger terminals use their room (issue 42)."""

from __future__ import annotations

from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

from nfgalaxy.core.registry import new_game
from nfgalaxy.games.new_frontiers.ui.inspector import tile_details
from nfgalaxy.games.roll.components import Phase
from nfgalaxy.games.roll.state import DEV
from nfgalaxy.games.roll.tileset import resolve
from nfgalaxy.games.roll.ui.dice_cup import DiceCup
from nfgalaxy.games.roll.ui.inspector import roll_tile_details
from nfgalaxy.games.roll.ui.phase_tiles import phase_tiles_text
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.screens.game import GameScreen
from nfgalaxy.ui.widgets.footer import KeysFooter
from tests.ui.layout import play_a_little, screen_grid, settle, snapshot_at, start_game
from tests.ui.playtest import NAMES, until_human_decides
from tests.ui.test_layout_sizes import SIZES


def footer_line(app: NfGalaxyApp) -> str:
    """The footer's rows (two where one cannot hold its keys), as one line."""
    rows = app.screen.query_one(KeysFooter).region.height or 1
    return " ".join(screen_grid(app)[-rows:])


async def test_roll_assignment_at_80x24_shows_the_dice_the_stacks_and_the_keys_u_h_s() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await play_a_little(app, pilot, "roll-for-the-galaxy", 1)
        cup = game.query_one(DiceCup)
        assert app.focused is cup
        me = game.state.players[0]
        if any(not w["column"] for w in me.workers):
            await pilot.press("e")  # a placement: now it can be taken back (u)
        else:
            await pilot.press("x", "e")
        await settle(app, pilot)
        shown = "\n".join(screen_grid(app))
        for line in cup.render_strip().plain.splitlines():  # every die, the stacks line too
            assert line.rstrip() in shown, line
        top = game.state.side(me.stacks[DEV][0]).name
        assert f"Building {top}" in shown
        assert cup.region.y >= 1 and cup.region.bottom <= game.query_one("#board").region.bottom
        footer = footer_line(app)
        # Every key the footer shows is whole: at 80 columns Help and the tile inspector were
        # cut off behind the palette's key.
        for key in (" u Undo ", " h Hint ", " s Save as ", " ? Help ", " i Tiles"):
            assert key in footer, footer


async def reach_explore_of_seven(app: NfGalaxyApp, pilot: Any) -> GameScreen:
    """New Frontiers, the human choosing Explore: seven worlds drawn, one to take."""
    screen = await start_game(app, pilot, "new-frontiers")
    for _ in range(80):
        offered = (await until_human_decides(app, pilot)).decisions
        if sum(1 for d in offered if d.kind == "take") == 7:
            await settle(app, pilot)
            return screen
        screen.play(next((d for d in offered if "Explore" in d.label), offered[0]))
    raise AssertionError("the human never explored")


async def test_new_frontiers_explore_shows_all_seven_drawn_worlds_at_80x24() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await reach_explore_of_seven(app, pilot)
        shown = "\n".join(screen_grid(app))
        for number, world_id in enumerate(screen.state.display, start=1):
            name = screen.state.tiles.world(world_id).name
            assert f"{number}. " in shown and name in shown, name
        taken = screen.state.display[3]
        await pilot.press("4")  # the number shown beside it
        await pilot.pause()
        assert taken in screen.state.players[0].explored


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_new_frontiers_explore_of_seven_snapshot(size: tuple[int, int]) -> None:
    await snapshot_at("layout_nf_explore", size, 5, reach_explore_of_seven)


async def test_tile_names_are_whole_at_200_columns() -> None:
    for game in ("roll-for-the-galaxy", "new-frontiers"):
        app = NfGalaxyApp(bot_delay=0, seed=5)
        async with app.run_test(size=(200, 60)) as pilot:
            screen = await play_a_little(app, pilot, game, 1 if game.startswith("roll") else 3)
            state = screen.state
            shown = "\n".join(screen_grid(app))
            assert "…" not in shown
            for p in state.players:
                owned = p.tableau if game.startswith("roll") else p.colonies + p.developments
                for tile in owned:
                    name = state.side_name(tile) if game.startswith("roll") else None
                    name = name or state.tiles.by_id[tile].name
                    assert name in shown, name


def test_the_phase_tiles_break_between_tiles_never_inside_one() -> None:
    """At 120 columns, with long names after Reveal, "IV Produce" was split after its "I"."""
    state = new_game("roll", players=5, seed=3)
    for p, name in zip(state.players, NAMES, strict=True):
        p.name, p.selected = name, "produce" if p.seat % 2 else "explore"
    state.revealed, state.phases = True, ["explore", "develop", "produce", "ship"]
    for width in (80, 116):
        lines = phase_tiles_text(state, width).plain.splitlines()
        tiles = lines[: lines.index(next(line for line in lines if line.startswith("Round")))]
        assert all(len(line) <= width for line in tiles), tiles
        for phase in Phase:
            assert any(f"{phase.numeral} {phase.label}" in line for line in tiles), tiles


def first_lines(markup: str, width: int, count: int) -> str:
    """What a panel ``width`` columns wide shows of ``markup`` in ``count`` lines."""
    console = Console(width=width, record=True, color_system=None)
    console.print(Text.from_markup(markup))
    return " ".join(console.export_text().splitlines()[:count])


def test_the_preview_shows_a_tiles_power_in_its_four_lines_at_80x24() -> None:
    """At 80x24 the preview has 4 lines of 36 columns: "Galactic Bankers … Each time you
    Trade a good this" was all it showed of the power."""
    bankers = next(s for s in resolve(None)[0].by_id.values() if s.name == "Galactic Bankers")
    shown = " ".join(first_lines(roll_tile_details(bankers), 36, 4).split())
    assert bankers.text in shown
    from nfgalaxy.games.new_frontiers.tileset import resolve as nf_resolve

    tiles = nf_resolve(None)[0]
    short = [t for t in tiles.by_id.values() if t.text and len(t.text) <= 72]
    for tile in short:
        shown = " ".join(first_lines(tile_details(tile), 36, 4).split())
        assert " ".join(tile.text.split()) in shown, tile.name


async def test_the_new_game_form_at_80x24_wraps_the_guest_notice_and_shows_seat_kinds_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Over SSH without a key the guest notice ran off the screen ("…your game e"), and a seat
    set to a search bot showed "Bot: normal" with "(search)" cut below it."""
    monkeypatch.setenv("NFGALAXY_SERVED", "1")
    monkeypatch.setenv("NFGALAXY_GUEST", "1")
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.query_one("#kind-1").value = "expert"
        await settle(app, pilot)
        shown = " ".join(line.strip() for line in screen_grid(app))
        assert "Connect with an SSH key to keep your saves." in shown
        assert "Bot: expert (search)" in shown
