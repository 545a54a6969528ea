"""No online screen holds another seat's secret (issue 43): the check of hot-seat's twins
(``tests.ui.hotseat``), made at online tables. A player's screen is drawn again from other
re-deals of what their seat may know (``seat_view`` with other generators), and a spectator's
from other public views and from every seat's view drawn for nobody; if any line changes, the
screen showed something its viewer may not know. The decisions offered are the real game's."""

from __future__ import annotations

import random
from pathlib import Path

from nfgalaxy.core.rng import Rng
from nfgalaxy.core.views import public_view, seat_view
from nfgalaxy.ui.screens.online_table import OnlineTableScreen
from nfgalaxy.ui.widgets.decisions import DecisionList
from tests.ui.hotseat import _diff, steady_text
from tests.ui.online import ANN, BOB, SIZE, app_for, register, session, started

TWINS = 2


async def _check_twins(pilot, app, screen: OnlineTableScreen, real, twins) -> None:
    """The screen, drawn again from each of ``twins`` (states with the real one's public
    part), is the same; it is then drawn again from its own state."""
    shown = await steady_text(app, pilot)
    own = screen.online._state
    try:
        for number, twin in enumerate(twins):
            screen.online._state = twin
            screen.refresh_table()
            again = await steady_text(app, pilot)
            assert again == shown, f"twin {number} differs:\n{_diff(shown, again)}"
    finally:
        screen.online._state = own
        screen.refresh_table()


def _play_until_seat(path: Path, table_id: int, keys: dict[int, str], seat: int, least: int):
    """Random decisions at the table (each by the seat to move) until ``seat`` is to move
    after at least ``least`` decisions; the real game as the referee holds it."""
    direct = session(path, None)
    pick = random.Random(table_id)
    for _ in range(200):
        real = direct.referee.game(table_id)
        if len(real.history) >= least and real.to_move() == seat:
            return real
        mover = real.to_move()
        direct.referee.play(table_id, keys[mover], pick.choice(real.legal_decisions()))
    raise AssertionError("the seat never came to move")


async def _no_secret_on_any_screen(tmp_path: Path, game: str, seed: int, least: int) -> None:
    path = tmp_path / "tables.sqlite"
    register(path, (ANN, "Ann"), (BOB, "Bob"))
    table = started(path, game, seed, ANN, BOB)
    real = _play_until_seat(path, table.id, {0: ANN, 1: BOB}, 0, least)
    rng = Rng(seed)
    ann, guest = app_for(path, ANN), app_for(path, None)
    async with ann.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = ann.screen
        assert isinstance(screen, OnlineTableScreen) and screen.viewer() == 0
        offered = [d.label for d in screen.query_one(DecisionList).decisions]
        assert offered == [d.label for d in real.legal_decisions()]
        held = screen.state  # all the screen has of the game: no seed, no other's decision
        assert "seed" not in held.options and "seed" not in screen.sub_title
        assert len(held.history) == len(real.history)
        assert all(set(e) == {"seat"} for e in held.history if e["seat"] != 0)
        twins = [seat_view(real, 0, rng) for _ in range(TWINS)]
        await _check_twins(pilot, ann, screen, real, twins)
    async with guest.run_test(size=SIZE) as pilot:
        await pilot.pause()
        guest.screen.sit_down(table.id)
        await pilot.pause()
        screen = guest.screen
        assert isinstance(screen, OnlineTableScreen) and screen.viewer() is None
        assert not screen.query_one(DecisionList).decisions
        assert all(set(e) == {"seat"} for e in screen.state.history)
        twins = [public_view(real, rng)] + [seat_view(real, seat, rng) for seat in (0, 1)]
        await _check_twins(pilot, guest, screen, real, twins)


async def test_race_neither_a_seat_nor_a_spectator_sees_a_hand_it_may_not(tmp_path) -> None:
    # After both start discards, in the first action choice: both hands, secret actions.
    await _no_secret_on_any_screen(tmp_path, "race-for-the-galaxy", 4, 3)


async def test_roll_neither_a_seat_nor_a_spectator_sees_dice_it_may_not(tmp_path) -> None:
    # After the start tiles, while the dice are assigned behind the screens.
    await _no_secret_on_any_screen(tmp_path, "roll-for-the-galaxy", 4, 3)


async def test_new_frontiers_neither_a_seat_nor_a_spectator_sees_a_goal_it_may_not(
    tmp_path,
) -> None:
    # A few decisions in: each player's hidden goal, the worlds still in the bag.
    await _no_secret_on_any_screen(tmp_path, "new-frontiers", 4, 3)


async def test_space_merchant_neither_a_seat_nor_a_spectator_sees_what_it_may_not(
    tmp_path,
) -> None:
    # A few decisions in: the spaces nobody has explored, the other's secret cards.
    await _no_secret_on_any_screen(tmp_path, "space-merchant", 4, 3)
