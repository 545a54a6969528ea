"""Race's table at 120x40 (snapshots) and at 80x24, where the board scrolls as one column and
the hand and every tableau can be reached from the keyboard."""

from __future__ import annotations

from nfgalaxy.games.race.ui.hand import HandGrid
from nfgalaxy.games.race.ui.tableau import RaceTableau
from nfgalaxy.ui.app import NfGalaxyApp
from tests.ui.test_race_app import human_asked, start_race
from tests.ui.test_race_hidden import screen_text
from tests.ui.test_snapshots import compare

SEATS = ["human", "greedy", "greedy"]


async def until_asked(app: NfGalaxyApp, pilot) -> None:
    for _ in range(300):
        await pilot.pause()
        if human_asked(app):
            return
    raise AssertionError("the bots never handed over")


async def play_until(app: NfGalaxyApp, pilot, step: str, limit: int = 60) -> None:
    """Take the first decision (``d``, Enter: from the list) until the human is asked
    ``step``."""
    for _ in range(limit):
        await until_asked(app, pilot)
        if app.screen.state.step_name() == step and app.screen.state.round > 1:
            return
        await pilot.press("d", "enter")
    raise AssertionError(f"never asked {step}")


async def first_action_choice(app: NfGalaxyApp, pilot) -> None:
    """Start a game of ``SEATS`` and play to the human's first action choice."""
    await start_race(app, pilot, SEATS)
    await until_asked(app, pilot)
    await pilot.press("d", "enter")  # the first two cards discarded at the start, from the list
    await until_asked(app, pilot)
    assert app.screen.state.step_name() == "choose_action"


async def test_race_action_choice_snapshot_at_120x40() -> None:
    """Round 1: the hand as compact cards, the tableaux, the strip saying only who has chosen."""
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        await first_action_choice(app, pilot)
        compare("race_action_choice", app.export_screenshot())


async def test_the_preview_says_what_an_action_card_would_do() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        await first_action_choice(app, pilot)
        await pilot.press("down")  # Explore (+1/+1)
        await pilot.pause()
        text = " ".join(screen_text(app, app.screen.query_one("#preview-text")).split())
        assert "Explore (+1/+1): phase I, Explore" in text
        assert "you would draw 3 and keep 2" in text and "only those who chose" in text


async def test_race_placement_snapshot_at_120x40() -> None:
    """After the reveal: the strip names who chose which phase and points at Develop."""
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        await start_race(app, pilot, SEATS)
        await play_until(app, pilot, "choose_placement")
        strip = screen_text(app, app.screen.query_one("#strip"))
        assert "▶" in strip
        compare("race_placement", app.export_screenshot())


async def test_hand_and_every_tableau_can_be_reached_at_80x24() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_race(app, pilot, SEATS)
        await until_asked(app, pilot)
        state = screen.state
        board = screen.query_one("#board")
        await pilot.pause()
        # The start discards are chosen in the hand: the choice is in view first ...
        line = screen_text(app, screen.query_one("#choice-line"))
        assert "Discard 2 of your 6 cards: 0 of 2 chosen" in line
        board.scroll_home(animate=False)  # ... and the strip above it scrolls into view
        await pilot.pause()
        assert "VP pool" in screen_text(app, screen.query_one("#strip"))
        await pilot.press("b")  # the board: its first part is the hand
        await pilot.pause()
        hand = screen.query_one(HandGrid)
        assert app.focused is hand
        first = state.cards[hand.card_ids[hand.cursor]].name
        assert first[:20] in screen_text(app, hand)
        await pilot.press("down")  # reading the next card shows its whole text
        await pilot.pause()
        second = state.cards[hand.card_ids[hand.cursor]]
        assert second.name in str(screen.query_one("#card").render())
        seen = []
        for _ in range(6):
            await pilot.press("tab")
            await pilot.pause()
            focused = app.focused
            if not isinstance(focused, RaceTableau):
                break
            shown = screen_text(app, focused)
            assert focused.region.height > 2 and board.region.contains_region(focused.region)
            assert "chips" in shown and "score" in shown
            seen.append(focused.id)
        assert sorted(seen) == [f"tableau-{seat}" for seat in range(len(state.players))]


async def test_advanced_game_offers_pairs_and_the_strip_shows_both_cards() -> None:
    """The advanced 2-player game (§18): two action cards chosen at once, by keys; with both
    Develop cards the strip shows Develop played twice, both cards under one name."""
    app = NfGalaxyApp(bot_delay=0, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        screen.query_one("#game").value = "race-for-the-galaxy"
        await pilot.pause()
        for index, kind in enumerate(["human", "greedy", "empty", "empty", "empty"]):
            screen.query_one(f"#kind-{index}").value = kind
        screen.query_one("#opt-race-for-the-galaxy-advanced").value = True
        await pilot.pause()
        screen.query_one("#start").press()
        for _ in range(10):
            await until_asked(app, pilot)
            state = app.screen.state
            if state.step_name() == "choose_action":
                break
            await pilot.press("d", "enter")
        offered = app.screen.query_one("#decisions").decisions
        assert all(len(d.args) == 2 for d in offered)
        pair = next(i for i, d in enumerate(offered) if set(d.args) == {"develop", "develop_2"})
        await pilot.press("d", *["down"] * pair, "enter")  # the pair from the list
        await until_asked(app, pilot)
        while state.step_name() != "choose_placement":
            await pilot.press("d", "enter")
            await until_asked(app, pilot)
        strip = screen_text(app, app.screen.query_one("#strip"))
        assert "II Develop ×2: Player Develop + Develop 2" in strip


async def test_the_race_board_draws_in_every_shipped_theme() -> None:
    """Dark, light and the colour-blind-safe palette: the board draws, and goods and worlds
    still carry their letters (colour never alone)."""
    from nfgalaxy.ui.themes import load_themes

    names = [theme.name for theme in load_themes().themes]
    assert len(names) >= 3
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_race(app, pilot, SEATS)
        await until_asked(app, pilot)
        for name in names:
            app.theme = name
            await pilot.pause()
            mine = screen_text(app, screen.query_one("#tableau-0"))
            assert "P1 (you)" in mine and "chips" in mine, name
            hand = screen.query_one(HandGrid)
            cursor = screen_text(app, hand.cells[hand.cursor])
            assert "┏" in cursor and "┃" in cursor, name  # the cursor by its shape, not colour
            start = screen.state.cards[screen.state.players[0].tableau[0]]
            if start.goods is not None:
                assert f"{start.goods.letter} {start.name}" in mine, name
