"""The Race hand as a grid of compact cards: arrow keys, Enter and clicks read a card; the
payment guide keeps the live sum while a player pays one card at a time."""

from __future__ import annotations

from nfgalaxy.bots.base import make_bot
from nfgalaxy.games.race.ui.card_grid import CardCell
from nfgalaxy.games.race.ui.hand import HandGrid
from nfgalaxy.ui.app import NfGalaxyApp
from tests.ui.test_race_app import human_asked, press_like_a_player, start_race
from tests.ui.test_race_hidden import screen_text
from tests.ui.test_race_layout import until_asked


def preview_text(screen) -> str:
    return str(screen.query_one("#card").render())


def cell_text(app: NfGalaxyApp, cell: CardCell) -> str:
    """The cell as the terminal shows it, lines joined: a wrapped name reads whole again."""
    return " ".join(line.strip(" │╭╮╰╯┃┏┓┗┛━─") for line in screen_text(app, cell).splitlines())


async def test_arrow_keys_move_through_the_hand_grid_and_enter_reads_the_card() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_race(app, pilot, ["human", "greedy"])
        await until_asked(app, pilot)  # the start: six cards in hand, two to discard
        await pilot.press("b")
        await pilot.pause()
        hand = screen.query_one(HandGrid)
        assert app.focused is hand and hand.columns == 2
        cards = hand.card_ids
        assert len(cards) == 6 and hand.cursor == 0
        name = screen.state.card_name

        async def press(key: str, expected: int) -> None:
            await pilot.press(key)
            await pilot.pause()
            assert hand.cursor == expected, (key, hand.cursor)
            assert name(cards[expected]) in preview_text(screen)
            assert hand.cells[expected].has_class("-cursor")

        await press("right", 1)
        await press("down", 3)  # the card below, same column
        await press("left", 2)
        await press("up", 0)
        await press("left", 0)  # nothing before the first card
        await press("end", 5)
        await press("home", 0)
        assert sum(cell.has_class("-cursor") for cell in hand.cells) == 1
        await pilot.press("enter")  # read the card: its whole text in the preview
        await pilot.pause()
        full = screen.state.cards[cards[0]]
        for power in full.powers:
            assert power.phase.numeral in preview_text(screen)
        hand.cells[4].scroll_visible(animate=False)
        await pilot.pause()
        await pilot.click(hand.cells[4])  # the mouse reads a card too
        await pilot.pause()
        assert hand.cursor == 4 and name(cards[4]) in preview_text(screen)
        assert app.focused is hand


async def test_at_80x24_the_grid_has_fewer_columns_and_every_card_scrolls_into_view() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_race(app, pilot, ["human", "greedy"])
        await until_asked(app, pilot)
        await pilot.press("b")
        await pilot.pause()
        hand = screen.query_one(HandGrid)
        assert 1 <= hand.columns <= 3
        for index, card_id in enumerate(hand.card_ids):
            if index:
                await pilot.press("right")
                await pilot.pause()
            cell = hand.cells[index]
            assert screen.region.contains_region(cell.region), card_id
            shown = cell_text(app, cell)
            card = screen.state.cards[card_id]
            assert " ".join(card.name.split()) in " ".join(shown.split()), shown
            assert len(cell.region) and cell.region.width >= 20


async def play_until_paying(app: NfGalaxyApp, pilot, screen) -> None:
    advisor = make_bot("greedy", seed=1)
    for _ in range(600):
        await pilot.pause()
        if not human_asked(app):
            continue
        state = screen.state
        if state.step_name() == "pay" and state.to_move() == 0 and state.players[0].owed >= 2:
            return
        await press_like_a_player(app, pilot, advisor)
    raise AssertionError("the human never paid two cards or more")


async def test_paying_shows_the_cost_the_cards_paid_so_far_and_what_is_still_owed() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_race(app, pilot, ["human", "greedy"])
        await play_until_paying(app, pilot, screen)
        state = screen.state
        p = state.players[0]
        cost = p.owed
        placed = state.card_name(p.tableau[-1])
        guide = screen.query_one("#guide")
        assert guide.display
        shown = screen_text(app, guide)
        assert f"Paying for {placed}: {cost} after reductions" in shown
        assert f"Paid 0 of {cost}: nothing yet" in shown and f"Still owed: {cost}" in shown
        first = state.card_name(screen.query_one("#decisions").decisions[0].args[0])
        await pilot.press("d", "1")  # one card at a time, from the list
        await pilot.pause()
        shown = screen_text(app, guide)
        assert f"Paid 1 of {cost}: {first}" in shown and f"Still owed: {cost - 1}" in shown
        assert f"pay {cost - 1} more" in screen.query_one(HandGrid).border_title
        await pilot.press("u")  # taken back: the sum goes back with it
        await pilot.pause()
        assert f"Paid 0 of {cost}: nothing yet" in screen_text(app, guide)
