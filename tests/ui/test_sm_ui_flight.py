"""Flying to a place in the app, by keys (``App.run_test``): the route to the place under the
map cursor is drawn before anything is sent, Enter sends the route's decisions one after
another and the ship ends where the preview said with the MP it said; a flight stops where the
player learns something (Enter flies on), and at a decision the engine refuses, saying why.

The position of issue 42: round 2 of a two-player game on board 1, the human's ship at Gehi's
navigation circle rolls 1, 4, 6 (11 MP). The preview lists Riomfou Hub (pilot 4); taking one
step and then the next place with ``n`` went round the Gehi loop through a face-down ?-box
instead."""

from __future__ import annotations

import itertools

from rich.style import Style

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.rng import Rng
from nfgalaxy.games.space_merchant.pack import generate_pack
from nfgalaxy.games.space_merchant.rules.common import FIRST, STEP, Step
from nfgalaxy.games.space_merchant.rules.game import MerchantGame
from nfgalaxy.games.space_merchant.ui.board import MerchantBoard
from nfgalaxy.games.space_merchant.ui.map import ROUTE, MerchantMap
from nfgalaxy.games.space_merchant.ui.routes import Ending, route_preview
from nfgalaxy.table import Seat
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.screens.game import GameScreen
from nfgalaxy.ui.widgets.decisions import Decided
from tests.ui.layout import text_in
from tests.ui.playtest import until_human_decides
from tests.ui.test_sm_ui_board import offset_of
from tests.ui.test_sm_ui_route_paths import movement_moments

SIZE = (120, 40)
GEHI, RIOMFOU_HUB = "h13-01", "h12-03"
SEATS = [Seat("Player"), Seat("Bot", "greedy")]


def rolling(dice: tuple[int, ...]) -> Rng:
    """A generator whose next draws roll ``dice`` (the roll draws one number a die)."""
    for state in itertools.count():
        rng = Rng(state)
        if tuple(1 + rng.below(6) for _ in dice) == dice:
            return Rng(state)
    raise AssertionError("unreachable")


def at_gehi() -> MerchantGame:
    """Round 2, the human (seat 0) at Gehi's navigation circle, 1 4 6 rolled. The first space
    named is the ?-box h13-00, which no die leads to, so the naming is ignored (§5.1)."""
    g = MerchantGame.new(generate_pack(1), 1, {"players": 2})
    while g.step_name() == Step.SPECIES:
        g.apply(g.legal_decisions()[0])
    g.players[0].space = GEHI
    g.order, g.round, g.turn = [0, 1], 1, None
    g.queue = [[Step.TURN_START, 0, None]]
    g._advance()  # the turn starts; a ship on a navigation circle must move
    g.rng = rolling((1, 4, 6))
    g.apply(Decision(FIRST, ("h13-00",)))  # and the dice are rolled
    assert g.step_name() == Step.MOVE and g.turn is not None and g.turn.dice == [1, 4, 6]
    return g


async def shown(app: NfGalaxyApp, pilot, state: MerchantGame) -> GameScreen:
    """The game on the screen, the human to move, the map focused (``b``)."""
    app.show_game(state, SEATS)
    await until_human_decides(app, pilot)
    await pilot.press("b")
    await pilot.pause()
    assert isinstance(app.screen, GameScreen)
    return app.screen


async def cursor_to(pilot, board_map: MerchantMap, space: str) -> None:
    """Press ``n`` until the map cursor is on ``space`` (a place of the roll)."""
    for _ in range(len(board_map.places()) + 1):
        if board_map.cursor == space:
            return
        await pilot.press("n")
    raise AssertionError(f"n never reached {space}")


def drawn_as_route(board_map: MerchantMap, space: str) -> bool:
    x, y = board_map.chart.at[space]
    styles = [seg.style for seg in board_map.strip(y).crop(x, x + 1)]
    route = Style.parse(ROUTE).bgcolor
    return any(s is not None and s.bgcolor == route for s in styles)


async def test_the_route_to_the_place_under_the_cursor_is_drawn_before_enter() -> None:
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        game = await shown(app, pilot, at_gehi())
        state, board_map = game.state, game.query_one(MerchantMap)
        preview = game.query_one(MerchantBoard).preview
        assert preview is not None
        hub = preview.flight_to(RIOMFOU_HUB)
        assert hub is not None and hub.ending is Ending.LAND and hub.pilots == {4}
        assert not any(drawn_as_route(board_map, s) for s in hub.route.spaces)
        before = len(state.history)
        await cursor_to(pilot, board_map, RIOMFOU_HUB)
        await pilot.pause()
        assert board_map.shown is hub
        assert all(drawn_as_route(board_map, s) for s in hub.route.spaces[:-1])
        assert hub.route.spaces[:2] == ("h13-02", "l05-1")  # not round the Gehi loop
        assert not any(drawn_as_route(board_map, s) for s in ("h13-03", "h13-07"))
        info = text_in(app, game.query_one("#space-info"))
        assert "Enter or click: Fly to Riomfou Hub and land" in info
        assert "pilot 4" in info and f"{hub.route.mp} MP left" in info
        assert len(state.history) == before and state.players[0].space == GEHI  # nothing sent
        await pilot.press("right")  # off the place: its route is no longer drawn
        assert board_map.cursor != RIOMFOU_HUB
        assert not any(drawn_as_route(board_map, s) for s in hub.route.spaces[:-1])


async def test_the_mouse_pointer_on_a_place_draws_its_route_and_a_click_flies_it() -> None:
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        game = await shown(app, pilot, at_gehi())
        state, board_map = game.state, game.query_one(MerchantMap)
        hub = game.query_one(MerchantBoard).preview.flight_to(RIOMFOU_HUB)
        offset = await offset_of(pilot, board_map, RIOMFOU_HUB)
        await pilot.hover(MerchantMap, offset=offset)
        await pilot.pause()
        assert board_map.shown is hub and state.players[0].space == GEHI
        assert drawn_as_route(board_map, "l05-1")
        await pilot.click(MerchantMap, offset=offset)
        await pilot.pause()
        assert state.players[0].space == hub.route.looks[0]  # on its way: a culture seen


async def test_enter_flies_to_riomfou_hub_stopping_where_the_culture_is_seen() -> None:
    """The route passes Stiskiox's empty orbit, where the merchant sees its culture: the
    flight stops there, the cursor stays on the hub, and Enter flies on and lands."""
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        game = await shown(app, pilot, at_gehi())
        state, board_map = game.state, game.query_one(MerchantMap)
        hub = game.query_one(MerchantBoard).preview.flight_to(RIOMFOU_HUB)
        route, cash = hub.route, state.players[0].cash
        assert route.looks == ("h12-02",) and route.paid > 0
        await cursor_to(pilot, board_map, RIOMFOU_HUB)
        await pilot.press("enter")
        await pilot.pause()
        turn = state.turn
        assert state.players[0].space == "h12-02" and state.step_name() == Step.MOVE
        assert "h13-07" in state.qbox  # the ?-box of the Gehi loop stays face down
        assert any("observes the culture of Stiskiox" in str(n.message) for n in app._notifications)
        assert board_map.cursor == RIOMFOU_HUB and board_map.has_focus  # Enter flies on
        await pilot.press("enter")
        await pilot.pause()
        assert state.players[0].space == RIOMFOU_HUB and turn.landed
        assert turn.mp == route.mp and tuple(turn.path) == route.spaces
        assert cash - state.players[0].cash == route.paid
        assert state.step_name() == Step.LANDED and state.to_move() == 0


def long_flight() -> tuple[MerchantGame, str]:
    """A movement moment of seat 0 with a place whose route asks three decisions or more and
    learns nothing on the way (from a game of the property test)."""
    for g in movement_moments(4, 2, False):
        preview = route_preview(g, 0) if g.to_move() == 0 else None
        for d in preview.destinations if preview else []:
            route = d.route
            if len(route.decisions) >= 3 and not route.looks and d.ending is not Ending.UNKNOWN:
                return g.copy(fork=False), d.space
    raise AssertionError("no long flight in the game")


async def test_one_enter_flies_the_whole_route_as_the_engines_decisions() -> None:
    state, place = long_flight()
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        game = await shown(app, pilot, state)
        state, board_map = game.state, game.query_one(MerchantMap)
        d = game.query_one(MerchantBoard).preview.flight_to(place)
        turn, start, before = state.turn, len(state.turn.path), len(state.history)
        await cursor_to(pilot, board_map, place)
        await pilot.press("enter")
        await pilot.pause()
        sent = [Decision(e["kind"], tuple(e["args"])) for e in state.history[before:]]
        assert sent[: len(d.route.decisions)] == list(d.route.decisions)
        assert state.players[0].space == place and turn.mp == d.route.mp
        assert tuple(turn.path[start:]) == d.route.spaces
        assert turn.landed == (d.ending is Ending.LAND)


async def test_a_flight_stops_at_a_decision_the_engine_refuses_and_says_why() -> None:
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        game = await shown(app, pilot, at_gehi())
        state, board_map = game.state, game.query_one(MerchantMap)
        flight = [Decision(STEP, ("h13-02", 4)), Decision(STEP, ("h13-00", 4))]
        board_map.post_message(Decided(flight[0], then=flight[1:], what="The flight to nowhere"))
        await pilot.pause()
        assert state.players[0].space == "h13-02" and state.step_name() == Step.MOVE
        words = [str(n.message) for n in app._notifications]
        assert any("The flight to nowhere stops after 1 of 2 decisions" in w for w in words)
        stopped = next(w for w in words if "nowhere" in w)
        assert "§" not in stopped  # the engine's reason in words, no section of the spec
