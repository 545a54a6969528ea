"""Finished games in the app: a game played to its end is kept, and the replay viewer steps
through it showing each position's board as a seat (or anyone) saw it then."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import ProgressBar, Static

from nfgalaxy.bots import make_bot
from nfgalaxy.core.protocol import new_game
from nfgalaxy.core.replay import replay_log
from nfgalaxy.core.rng import Rng
from nfgalaxy.core.saves import SaveStore
from nfgalaxy.core.views import public_view, seat_view
from nfgalaxy.records import GameRecord
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.game_ui import app_games
from nfgalaxy.ui.screens.end import EndScreen
from nfgalaxy.ui.screens.finished import FinishedGamesScreen
from nfgalaxy.ui.screens.replay import ReplayScreen
from nfgalaxy.ui.seats import Seat
from nfgalaxy.ui.widgets.estimates import EstimatePanel
from nfgalaxy.ui.widgets.game_log import GameLog
from tests.ui.hotseat import screen_text, steady_text
from tests.ui.online import until
from tests.unit.recorded_games import recorded

APP_GAMES = [game.id for game in app_games()]
SIZE = (100, 32)


def _app(tmp_path: Path, record: GameRecord | None = None) -> NfGalaxyApp:
    return NfGalaxyApp(bot_delay=0, store=SaveStore(tmp_path / "saves"), replay=record)


async def test_a_game_played_to_its_end_in_the_app_is_kept_and_replays(tmp_path: Path) -> None:
    """The quickest game there is: two random bots, a few decisions before the end."""
    game = APP_GAMES[0]
    state = new_game(game, players=2, seed=3, options={"names": ["Ann", "Bot"]})
    bots = [make_bot("random", seat) for seat in range(2)]
    while not state.is_over():
        state.apply(bots[state.to_move()].choose(state))
    state = replay_log(game, state.options, state.history[:-3])
    app = _app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.show_game(state, [Seat("Ann", "random"), Seat("Bot", "random")])
        for _ in range(200):
            await pilot.pause(0.02)
            if isinstance(app.screen, EndScreen):
                break
        assert isinstance(app.screen, EndScreen)
        ended = app.screen.state
        (kept,) = app.records.records()
        assert kept.game == game and kept.decisions == tuple(ended.history)
        assert [s["total"] for s in kept.scores] == [s["total"] for s in ended.scores()]
        assert kept.winners == tuple(ended.winners())
        assert [(p.name, p.kind) for p in kept.players] == [("Ann", "random"), ("Bot", "random")]
        assert kept.rounds == ended.round and kept.source == "app"
        assert (tmp_path / "records" / f"{kept.id}.json").is_file()
        # From the palette: the finished games, and Enter replays the one chosen.
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Finished games")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, FinishedGamesScreen)
        await until(pilot, lambda: app.screen.loaded)
        assert kept.id in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.screen.record == kept


def _next_turn(seats: list[int | None], position: int) -> int:
    """Where the next run of one seat's decisions starts (or the end)."""
    return next(
        (n for n in range(position + 1, len(seats)) if seats[n] != seats[n - 1]), len(seats)
    )


def _expected(record: GameRecord, position: int):
    return replay_log(record.game, record.options, record.decisions[:position])


@pytest.mark.parametrize("game", APP_GAMES)
async def test_stepped_back_and_forth_the_board_is_that_positions_as_the_seat_knew_it(
    game: str, tmp_path: Path
) -> None:
    record = recorded(game, 1)
    app = _app(tmp_path, record)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.position == 0
        await pilot.press("v")  # public -> the first seat's view
        assert screen.viewer == 0
        seats = [entry.get("seat") for entry in record.decisions]
        moves = [
            ("right", lambda p: p + 1),
            ("shift+right", lambda p: _next_turn(seats, p)),
            ("left", lambda p: p - 1),
            ("pagedown", None),
            ("shift+left", None),
            ("pageup", None),
        ]
        for key, where in moves:
            before = screen.position
            await pilot.press(key)
            shown = await steady_text(app, pilot)
            position = screen.position
            if where is not None:
                assert position == where(before), key
            elif key == "pagedown":
                assert _expected(record, position).round != _expected(record, before).round
                assert _expected(record, position - 1).round == _expected(record, before).round
            elif key == "pageup":
                assert _expected(record, position).round != _expected(record, position - 1).round
                assert position < before
            else:  # shift+left: the start of a run of one seat's decisions
                assert position < before
                assert position == 0 or seats[position] != seats[position - 1]
            real = _expected(record, position)
            assert screen.state.to_json() == real.to_json(), key
            assert screen.query_one(GameLog).entries == screen.log_lines(real), key
            # The board as a fresh replay to that position gives it, to the same seat.
            screen.query_one("#board").show(seat_view(real, 0, Rng(99)), 0)
            assert await steady_text(app, pilot) == shown, key


@pytest.mark.parametrize("game", APP_GAMES)
async def test_the_public_view_in_a_replay_holds_no_seats_secret(game: str, tmp_path: Path) -> None:
    """Drawn again from other re-deals of what anyone may know, the screen is the same; the
    check bites: a seat's own view differs from the public one at some position."""
    record = recorded(game, 2)
    app = _app(tmp_path, record)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.viewer is None
        board = screen.query_one("#board")
        secrets_seen = False
        for _ in range(3):
            await pilot.press("shift+right", "shift+right")
            shown = await steady_text(app, pilot)
            real = screen.state
            for twin in (1, 2):
                board.show(public_view(real, Rng(twin)), None)
                assert await steady_text(app, pilot) == shown, f"position {screen.position}"
            for seat in range(len(record.players)):
                if not secrets_seen:
                    board.show(seat_view(real, seat, Rng(5)), seat)
                    secrets_seen = await steady_text(app, pilot) != shown
        assert secrets_seen, "no seat ever knew more than anyone: the check would not bite"


async def test_go_to_round_and_the_keys_in_the_footer(tmp_path: Path) -> None:
    record = recorded(APP_GAMES[0], 1)
    app = _app(tmp_path, record)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        footer = (await steady_text(app, pilot)).splitlines()[-1]
        keys = ("←→ Step", "⇧←→ Turn", "PgUp/Dn Round", "g Jump", "v View", "e Estimate")
        for words in (*keys, "esc Back", "? Help", "i Tiles"):  # all fit at 80 columns
            assert words in footer
        target = screen.game.rounds[-1]
        await pilot.press("g", *str(target), "enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert screen.position == screen.game.round_start(target) > 0
        assert screen.state.round == target
        assert f"round {target}" in screen_text(app)
        await pilot.press("end")
        assert screen.position == len(record.decisions) and "the end" in screen_text(app)
        chart = str(screen.query_one("#replay-vp", Static).render()).splitlines()
        for player, score, row in zip(record.players, record.scores, chart, strict=True):
            assert row.startswith(player.name) and row.endswith(f"{score['total']:>3} VP")
        log = screen.query_one(GameLog).entries
        assert log == screen.log_lines(_expected(record, len(record.decisions)))
        await pilot.press("pageup")
        assert len(screen.query_one(GameLog).entries) < len(log)  # the log follows
        await pilot.press("home")
        assert screen.position == 0 and "nobody has decided yet" in screen_text(app)
        await pilot.press("g", "9", "9", "9", "enter")
        await pilot.pause()
        assert "The game has no round 999" in "".join(n.message for n in app._notifications)
        assert screen.position == 0


async def test_the_searchs_estimates_on_request_only_in_the_deciding_seats_view(
    tmp_path: Path,
) -> None:
    record = recorded(APP_GAMES[0], 1)
    app = _app(tmp_path, record)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        panel = screen.query_one(EstimatePanel)
        await pilot.press("e")  # the public view: the options are a seat's own
        await pilot.pause()
        assert "choose their view (v)" in "".join(n.message for n in app._notifications)
        assert not panel.has_class("-shown")
        mover = record.decisions[0]["seat"]
        await pilot.press(*["v"] * (mover + 1), "e")
        await pilot.pause()
        assert panel.query_one(ProgressBar).display and "weighs each option" in screen_text(app)
        for _ in range(400):
            await pilot.pause(0.05)
            if panel.lines:
                break
        chosen = [line for line in panel.lines if line.endswith("← chosen")]
        assert len(chosen) == 1 and 2 <= len(panel.lines) <= 7
        assert all(line.strip()[0].isdigit() for line in panel.lines)
        assert not panel.query_one(ProgressBar).display
        offered = [d.label for d in screen.state.legal_decisions()]
        assert all(any(label in line for label in offered) for line in panel.lines)
        await pilot.press("right")  # another position: its own options, when asked
        assert not panel.has_class("-shown") and panel.lines == []


async def test_a_record_that_no_longer_replays_is_told_not_shown(tmp_path: Path) -> None:
    record = recorded(APP_GAMES[0], 1)
    document = record.to_document()
    document["scores"][0]["total"] += 1
    forged = GameRecord.from_document(document)
    app = _app(tmp_path, forged)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not isinstance(app.screen, ReplayScreen)
        told = [f"{n.title}: {n.message}" for n in app._notifications]
        assert any(
            t.startswith(f"Cannot replay: {forged.id}: seat 1's score (total)") for t in told
        )


async def test_an_unreadable_record_is_listed_with_its_reason_and_left_as_it_is(
    tmp_path: Path,
) -> None:
    app = _app(tmp_path)
    broken = tmp_path / "records" / "broken.json"
    broken.parent.mkdir()
    broken.write_text('{"format": "nfgalaxy-record", "version": 1')
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.action_finished_games()
        await until(pilot, lambda: getattr(app.screen, "loaded", False))
        assert "unreadable: the file is cut short" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, FinishedGamesScreen)
        told = [f"{n.title}: {n.message}" for n in app._notifications]
        assert any(t.startswith("Cannot replay: broken.json: the file is cut short") for t in told)
    assert broken.read_text() == '{"format": "nfgalaxy-record", "version": 1'


async def test_the_finished_games_are_read_in_a_thread_and_the_screen_answers_meanwhile(
    tmp_path: Path, monkeypatch
) -> None:
    # Read on the UI thread, hundreds of kept games froze the app until every file was read.
    import threading

    from nfgalaxy.records import RecordStore

    release = threading.Event()
    entries = RecordStore.entries
    readers: list[str] = []

    def slow_entries(store):
        readers.append(threading.current_thread().name)
        release.wait(5)
        return entries(store)

    monkeypatch.setattr(RecordStore, "entries", slow_entries)
    app = _app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.action_finished_games()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FinishedGamesScreen) and not screen.loaded
        assert readers and readers[0] != threading.main_thread().name
        release.set()
        await until(pilot, lambda: screen.loaded)
        assert "No finished games yet" in screen_text(app)
