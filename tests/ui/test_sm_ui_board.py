"""The Space Merchant table widget on its own (``App.run_test``): the map marks the roll's
places, a click or Enter on the map takes the offered step, the panels show money, holds and
the market, and what a player observed privately is shown to that player only."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App, ComposeResult

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.rng import Rng
from nfgalaxy.games.space_merchant.pack import generate_pack
from nfgalaxy.games.space_merchant.rules.common import Step
from nfgalaxy.games.space_merchant.rules.game import MerchantGame
from nfgalaxy.games.space_merchant.ui import GAME_UI
from nfgalaxy.games.space_merchant.ui.board import MerchantBoard
from nfgalaxy.games.space_merchant.ui.glyphs import system_label
from nfgalaxy.games.space_merchant.ui.map import MerchantMap
from nfgalaxy.games.space_merchant.ui.players import cargo_words
from nfgalaxy.ui.widgets.decisions import Decided
from tests.ui.layout import text_in
from tests.ui.test_sm_ui_routes import game_at_move


class Host(App[None]):
    """The board alone, as the game screen holds it; decisions keyed on it are collected."""

    CSS_PATH = [str(GAME_UI.css_path)]

    def __init__(self, state: MerchantGame, viewer: int | None, compact: bool = False) -> None:
        super().__init__()
        self.state, self.viewer, self.compact = state, viewer, compact
        self.decided: list[Decision] = []

    def compose(self) -> ComposeResult:
        yield GAME_UI.make_board(len(self.state.players))

    def on_mount(self) -> None:
        self.screen.set_class(self.compact, "compact")
        self.query_one(MerchantBoard).show(self.state, self.viewer)

    def on_decided(self, event: Decided) -> None:
        self.decided.append(event.decision)


def play_until(seed: int, done: Callable[[MerchantGame], bool]) -> MerchantGame:
    """The first position of a random game of ``seed`` where ``done`` holds; a game that ends
    first is played again with other random decisions (a random game may never buy cargo)."""
    for attempt in range(20):
        g = MerchantGame.new(generate_pack(seed), seed, {"players": 2})
        rng = Rng(seed + 1000 * attempt)
        while not g.is_over():
            if done(g):
                return g
            options = g.legal_decisions()
            g.apply(options[rng.below(len(options))])
    raise AssertionError("never reached")


async def offset_of(pilot, board_map: MerchantMap, space: str) -> tuple[int, int]:
    """Where ``space`` is inside the map widget (for the mouse), scrolled into view first
    (the widget's border is one cell)."""
    board_map.bring_into_view(space)
    await pilot.pause()
    x, y = board_map.chart.at[space]
    return (x - board_map.scroll_offset.x + 1, y - board_map.scroll_offset.y + 1)


async def test_a_click_on_the_next_space_takes_that_step() -> None:
    g = game_at_move(5, 2)
    app = Host(g, 0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board_map = app.query_one(MerchantMap)
        preview = app.query_one(MerchantBoard).preview
        assert preview is not None and preview.next_steps
        target, steps = next((s, d) for s, d in sorted(preview.next_steps.items()) if len(d) == 1)
        await pilot.click(MerchantMap, offset=await offset_of(pilot, board_map, target))
        await pilot.pause()
        assert app.decided == steps
        assert board_map.cursor == target
        info = text_in(app, app.query_one("#space-info"))
        assert "Enter or click:" in info and steps[0].label in info


async def test_before_the_roll_enter_on_the_map_names_the_first_space() -> None:
    g = play_until(3, lambda g: g.step_name() == Step.DECLARE and g.to_move() == 0)
    offered = {d.args[0]: d for d in g.legal_decisions()}
    assert len(offered) > 1
    app = Host(g, 0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board_map = app.query_one(MerchantMap)
        assert set(board_map.named) == set(offered)
        space = sorted(offered)[-1]
        board_map.move_cursor(space)
        board_map.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app.decided == [offered[space]]
        elsewhere = next(s for s in board_map.chart.at if s not in offered)
        board_map.move_cursor(elsewhere)
        await pilot.press("enter")
        await pilot.pause()
        assert app.decided == [offered[space]]  # no other space names anything


async def test_the_map_cursor_goes_to_the_next_place_and_enter_takes_the_step() -> None:
    g = game_at_move(3, 0)
    app = Host(g, 0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board_map = app.query_one(MerchantMap)
        board_map.focus()
        await pilot.press("m")
        assert board_map.cursor == g.players[0].space
        places = board_map.places()
        await pilot.press("n")
        here = g.players[0].space
        assert board_map.cursor == places[(places.index(here) + 1) % len(places)]
        elsewhere = next(s for s in board_map.chart.at if s not in places)
        board_map.move_cursor(elsewhere)
        await pilot.press("n")  # from a space that is no place: the first next step
        preview = app.query_one(MerchantBoard).preview
        assert preview is not None
        first = sorted(preview.next_steps)[0]
        assert board_map.cursor == first and len(preview.next_steps[first]) == 1
        await pilot.press("enter")
        await pilot.pause()
        assert app.decided == preview.next_steps[first]
        await pilot.press("right")
        assert board_map.cursor != first
        x_before = board_map.chart.at[first][0]
        assert board_map.chart.at[board_map.cursor][0] > x_before


async def test_the_route_panel_lists_the_places_the_map_marks() -> None:
    g = game_at_move(8, 1)
    app = Host(g, 0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        preview = app.query_one(MerchantBoard).preview
        assert preview is not None
        text = str(app.query_one("#routes").render())
        dice = " ".join(map(str, preview.dice))
        assert f"Dice {dice}" in text and f"{g.turn.mp} left" in text
        strips = app.query_one(MerchantMap).strips
        for d in preview.destinations:
            x, y = app.query_one(MerchantMap).chart.at[d.space]
            cell = strips[y].crop(x, x + 1)
            styles = [seg.style for seg in cell]
            if not any(p.space == d.space for p in g.players):
                assert any(s is not None and s.bgcolor is not None for s in styles), d.space


async def test_the_merchants_panel_shows_money_net_worth_and_holds() -> None:
    g = play_until(4, lambda g: any(p.cargo for p in g.players) and g.to_move() is not None)
    app = Host(g, 0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = str(app.query_one("#players").render())
        for p in g.players:
            assert p.name in text and f"net worth ${g.net_worth(p)}" in text
            assert f"${p.cash} cash" in text
        carrier = next(p for p in g.players if p.cargo)
        assert cargo_words(g, carrier.cargo[0]) in text


async def test_the_market_shows_the_culture_under_the_cursor() -> None:
    g = play_until(6, lambda g: bool(g.discovered) and g.to_move() is not None)
    system = g.discovered[0]
    culture = g.content.culture(g.culture_at[system])
    app = Host(g, 0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        space = g.board.spaces_of(system)[0].id
        app.query_one(MerchantMap).move_cursor(space)
        await pilot.pause()
        market = app.query_one("#market")
        assert culture.name in str(market.border_title)
        text = str(market.render())
        assert culture.science.value in text and f"IOU ${culture.iou}" in text
        bought = next(good for good in g.content.goods if culture.id in good.buyers)
        assert f"{bought.name} ${bought.sell} (from {bought.culture})" in text
        lying = [m for m in g.market.get(culture.id, []) if "#" in m]
        if lying:
            good = g.content.good(lying[0].partition("#")[0])
            assert f"${good.buy} → ${good.sell}" in text
        hidden = next(s for s in g.culture_at if s not in g.discovered)
        app.query_one(MerchantMap).move_cursor(g.board.spaces_of(hidden)[0].id)
        await pilot.pause()
        assert "Nobody has discovered" in str(market.render())


async def test_a_culture_observed_privately_is_shown_to_its_observer_only() -> None:
    g = play_until(
        2,
        lambda g: any(s not in g.discovered for s in g.players[0].known_cultures),
    )
    system = next(s for s in g.players[0].known_cultures if s not in g.discovered)
    secret = g.players[0].known_cultures[system]
    assert system_label(g, system, 0).endswith(f"[{secret}?]")
    assert system_label(g, system, 1).endswith("[?]")
    assert system_label(g, system, None).endswith("[?]")
    for viewer, shown in ((0, True), (1, False)):
        app = Host(g, viewer)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            board_map = app.query_one(MerchantMap)
            drawn = "".join(strip.text for strip in board_map.strips)
            assert (f"[{secret}?]" in drawn) is shown


async def test_at_80x24_the_map_keeps_its_height_and_scrolls() -> None:
    g = game_at_move(3, 0)
    app = Host(g, 0, compact=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board_map = app.query_one(MerchantMap)
        assert board_map.size.height == 8  # 10 rows with its border
        assert board_map.virtual_size.width > board_map.size.width
        assert board_map.virtual_size.height > board_map.size.height
        ship = board_map.chart.at[g.players[0].space]
        region = board_map.scrollable_content_region
        sx, sy = board_map.scroll_offset
        assert sx <= ship[0] < sx + region.width and sy <= ship[1] < sy + region.height
        assert g.step_name() == Step.MOVE
