"""Answers from worker threads reach the UI thread without blocking the worker, and an answer
that comes after the app has quit is dropped quietly (it once printed a traceback over the
terminal an SSH session had just given back)."""

from __future__ import annotations

import threading
import time

from textual.app import App, ComposeResult
from textual.widgets import Static

from nfgalaxy.ui.handoff import ReceivesHandoffs, hand_over


class Receiver(ReceivesHandoffs, Static):
    pass


class HandoffApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Receiver(id="receiver")


def _from_worker(work) -> float:
    """Run ``work`` on another thread; how long it took there."""
    took: list[float] = []

    def run() -> None:
        started = time.monotonic()
        work()
        took.append(time.monotonic() - started)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(5)
    assert took, "the worker thread did not finish"
    return took[0]


async def test_a_worker_answer_runs_on_the_ui_thread_in_the_widgets_loop() -> None:
    app = HandoffApp()
    async with app.run_test() as pilot:
        receiver = app.query_one(Receiver)
        ui_thread = threading.get_ident()
        ran_on: list[int] = []
        _from_worker(lambda: hand_over(receiver, ui_thread, ran_on.append, "x"))
        for _ in range(100):
            await pilot.pause(0.01)
            if ran_on:
                break
        assert ran_on == ["x"]


async def test_an_answer_from_the_ui_thread_itself_is_queued_not_run_at_once() -> None:
    app = HandoffApp()
    async with app.run_test() as pilot:
        receiver = app.query_one(Receiver)
        ran: list[str] = []
        hand_over(receiver, threading.get_ident(), ran.append, "now")
        assert ran == []
        await pilot.pause()
        assert ran == ["now"]


async def test_the_worker_never_waits_for_the_ui_to_run_the_answer() -> None:
    app = HandoffApp()
    async with app.run_test() as pilot:
        receiver = app.query_one(Receiver)
        ui_thread = threading.get_ident()

        def slow(_: object) -> None:
            time.sleep(0.5)

        took = _from_worker(lambda: hand_over(receiver, ui_thread, slow, None))
        assert took < 0.25
        await pilot.pause(0.6)


async def test_an_answer_after_the_app_quit_is_dropped_without_an_error() -> None:
    app = HandoffApp()
    async with app.run_test():
        receiver = app.query_one(Receiver)
        ui_thread = threading.get_ident()
    ran: list[str] = []
    errors: list[BaseException] = []

    def late() -> None:
        try:
            hand_over(receiver, ui_thread, ran.append, "late")
        except BaseException as error:  # the test reports any
            errors.append(error)

    _from_worker(late)
    assert errors == [] and ran == []


async def test_a_bot_answer_never_holds_the_worker_that_delivers_it() -> None:
    """The game screen hands a bot's answer over without waiting: the worker's callback thread
    is free at once, even when the UI takes a while to run the answer."""
    from nfgalaxy.ui.app import NfGalaxyApp
    from tests.ui.playtest import start

    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start(app, pilot, "new-frontiers", ["human", "greedy"])
        ran: list[str] = []

        def slow(word: str) -> None:
            time.sleep(0.5)
            ran.append(word)

        took = _from_worker(lambda: game.deliver(slow, "answer"))
        assert took < 0.25
        for _ in range(100):
            await pilot.pause(0.02)
            if ran:
                break
        assert ran == ["answer"]
