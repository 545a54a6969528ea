"""What play-testers saw: the header keeps up, counts read "1 die", long names show whole,
the help renders cleanly, and a new game resets the title bar."""

from __future__ import annotations

import random
import re

import pytest
from markdown_it import MarkdownIt
from textual.widgets import Input, Markdown
from textual.widgets._markdown import MarkdownH1, MarkdownH2, MarkdownTable

from nfgalaxy.core import new_game
from nfgalaxy.games.roll.ui.end import roll_details
from nfgalaxy.games.roll.ui.glyphs import dice_count
from nfgalaxy.games.roll.ui.tableau import strip_text
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.game_ui import app_games, game_ui
from nfgalaxy.ui.screens.end import EndScreen
from nfgalaxy.ui.screens.help import HelpScreen
from nfgalaxy.ui.screens.new_game import NewGameScreen
from tests.ui.playtest import (
    NAMES,
    SIZE,
    header_text,
    screen_lines,
    start,
    until_human_decides,
)


async def test_the_header_shows_the_round_and_the_player_to_move_after_each_decision() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        game = await start(app, pilot, "new-frontiers", ["human", "greedy", "greedy"])
        state = game.state
        for _ in range(12):
            await until_human_decides(app, pilot)
            title, sub_title = header_text(app)
            assert title == "New Frontiers"
            mover = state.players[state.to_move()].name
            assert sub_title == f"Round {state.round} · {mover} to move · seed 11"
            await pilot.press("enter")
            await pilot.pause()


def test_dice_are_counted_one_die_two_dice() -> None:
    assert (dice_count(0), dice_count(1), dice_count(2)) == ("0 dice", "1 die", "2 dice")
    state = new_game("roll", players=2, seed=4)
    while state.step_name() != "assign":  # dice are rolled
        state.apply(state.legal_decisions()[0])
    player = state.players[0]
    player.cup = {colour: 0 for colour in player.cup}
    player.cup[next(iter(player.cup))] = 1
    assert "tie-break 1 die in the cup" in roll_details(state)[0]
    player.workers = player.workers[:1]
    player.dictated = []
    assert "1 die behind the screen" in str(strip_text(state, player, hidden=True))


@pytest.mark.parametrize("game", ["new-frontiers", "roll-for-the-galaxy"])
async def test_twenty_character_names_show_whole_at_120_by_40(game: str) -> None:
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        name_input = app.screen.query_one("#name-0", Input)
        name_input.focus()
        name_input.value = ""
        await pilot.press(*"Bartholomew Fitzwilliam")  # 23 characters: kept to 20
        assert name_input.value == NAMES[0]
        screen = await start(app, pilot, game, ["human", "greedy", "greedy", "greedy", "greedy"])
        await until_human_decides(app, pilot)
        lines = screen_lines(app)
        text = "\n".join(lines)
        mover = screen.state.players[screen.state.to_move()].name
        assert f"─ {mover}: choose " in text  # the turn line
        assert f"· {mover} to move ·" in lines[0]
        for seat, name in enumerate(NAMES):  # each tableau's title, scrolled into view
            tableau = app.screen.query_one(f"#tableau-{seat}")
            tableau.scroll_visible(animate=False)
            await pilot.pause()
            assert any(f"╭─ {name}" in line for line in screen_lines(app)), name
        state = new_game(screen.state.game_id, players=5, seed=3, options={"names": NAMES})
        rng = random.Random(1)
        while not state.is_over():
            state.apply(rng.choice(state.legal_decisions()))
        app.push_screen(EndScreen(state))
        await pilot.pause()
        ended = screen_lines(app)
        for name in NAMES:
            assert any(line.startswith(f" {name} ") for line in ended), name


def list_lines_out_of_place(markdown: str) -> list[str]:
    """Lines that look like list items but would not render as the item meant: a marker in
    the middle of a paragraph (a wrapped "+ …" becomes a bullet; a "5. …" is swallowed)."""
    tokens = MarkdownIt("gfm-like").parse(markdown)
    starts = {t.map[0] for t in tokens if t.type == "list_item_open" and t.map}
    lines = markdown.splitlines()
    bad = []
    for number, line in enumerate(lines):
        if not re.match(r"([-+*]|\d+\.) ", line):
            continue
        before = lines[number - 1] if number else ""
        after_break = (
            not before.strip()
            or before.startswith(" ")
            or bool(re.match(r"([-+*]|\d+\.) ", before))
        )
        if number not in starts or not after_break:
            bad.append(line)
    return bad


@pytest.mark.parametrize("game", [g.id for g in app_games()])
async def test_the_help_renders_headings_lists_and_key_tables(game: str) -> None:
    markdown = game_ui(game).help_markdown()
    assert not list_lines_out_of_place(markdown)
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one("#game").value = game
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        blocks = list(app.screen.query_one(Markdown).children)
        assert isinstance(blocks[0], MarkdownH1)
        keys = next(
            i
            for i, b in enumerate(blocks)
            if isinstance(b, MarkdownH2) and "Keys" in str(b._content)
        )
        assert isinstance(blocks[keys + 1], MarkdownTable)
        source_rows = [line for line in markdown.splitlines() if line.startswith("|")]
        assert all(line.count("|") >= 3 for line in source_rows)
        assert "1 – 9" in markdown  # the digit keys are explained


async def test_new_game_from_the_palette_resets_the_title_bar() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await start(app, pilot, "new-frontiers", ["human", "greedy"])
        await until_human_decides(app, pilot)
        assert header_text(app)[0] == "New Frontiers"
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"New game")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        title, sub_title = header_text(app)
        assert (title, sub_title) == ("nfgalaxy", " · ".join(g.title for g in app_games()))
        game = await start(app, pilot, "roll-for-the-galaxy", ["human", "greedy"])
        await until_human_decides(app, pilot)
        title, sub_title = header_text(app)
        assert title == "Roll for the Galaxy"
        mover = game.state.players[game.state.to_move()].name
        assert sub_title == f"Round 1 · {mover} to move · seed 11"


def test_a_long_name_in_the_compact_empire_is_cut_with_an_ellipsis() -> None:
    """Where a compact line would not fit with whole names (the tableau decides by width)."""
    from nfgalaxy.games.new_frontiers.ui.tableau import SHORT_NAME, _name

    assert _name("Epsilon Eridani", short=True) == "Epsilon Eridani"  # 15: whole
    assert _name("Investment Credits", short=True) == "Investment Cre…"
    assert len(_name("Investment Credits", short=True)) == SHORT_NAME
    assert _name("Investment Credits", short=False) == "Investment Credits"
