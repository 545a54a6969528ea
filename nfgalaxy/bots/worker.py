"""Where bots think: a thread for the quick ones, a process of its own for search.

A search holds the interpreter for up to its time cap; in a thread it would take the GIL from
the interface for as long (on a 2-core machine the app would stutter while a bot thinks). So a
bot that says ``thinks_long`` thinks in a worker process: it gets the game as its JSON save
(never the live state, so a worker that dies or is killed mid-think leaves the game as it
was), and it sends back its decision and itself, with its random generator advanced, so the
next decision of that bot is the one it would have made in-process. A broken pool is replaced
on the next request. Nothing here imports Textual or names a game.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from nfgalaxy.bots.base import Bot
from nfgalaxy.core.decision import Decision
from nfgalaxy.core.protocol import GameState
from nfgalaxy.core.registry import load_game


def _think(bot: Bot, save: dict[str, Any]) -> tuple[dict[str, Any], Bot]:
    """In the worker process: the bot's decision on the loaded game, and the bot after it."""
    state = load_game(save)
    return bot.choose(state).to_json(), bot


def _analyse(
    bot: Any, save: dict[str, Any], keep: dict[str, Any] | None
) -> list[tuple[dict[str, Any], float, int]]:
    """In the worker process: the search's estimates for the seat to move."""
    state = load_game(save)
    kept = Decision.from_json(keep) if keep is not None else None
    return [(e.decision.to_json(), e.value, e.visits) for e in bot.analyse(state, keep=kept)]


def then(inner: Future, convert: Callable[[Any], Any]) -> Future:
    """A future of ``convert(inner's result)``: cancelled and failed as ``inner`` is (a broken
    process pool included), and failed if ``convert`` raises."""
    outer: Future = Future()

    def done(result: Future) -> None:
        if result.cancelled():
            outer.cancel()
            outer.set_running_or_notify_cancel()
            return
        error = result.exception()
        if error is not None:
            outer.set_exception(error)
            return
        try:
            outer.set_result(convert(result.result()))
        except Exception as failure:  # a malformed answer is the bot's failure
            outer.set_exception(failure)

    inner.add_done_callback(done)
    return outer


def _quiet_worker() -> None:
    """A worker shares the app's terminal: anything it printed would land on the screen."""
    sys.stdout = sys.stderr = open(os.devnull, "w")  # noqa: SIM115 (the worker's lifetime)


def _start_resource_tracker() -> None:
    """Start multiprocessing's resource tracker with a real file as its stderr.

    The tracker hands ``sys.stderr.fileno()`` to its process; inside the Textual app stderr is
    the app's capture, whose ``fileno()`` is -1, and spawning then fails with "bad value(s) in
    fds_to_keep". Once running, the tracker serves every later worker."""
    from multiprocessing import resource_tracker

    saved = sys.stderr
    try:
        usable = saved is not None and saved.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        usable = False
    if usable:
        resource_tracker.ensure_running()
        return
    with open(os.devnull, "w") as quiet:
        sys.stderr = quiet
        try:
            resource_tracker.ensure_running()
        finally:
            sys.stderr = saved


class Thinker:
    """Runs bots' ``choose`` (and the search's ``analyse``) off the calling thread."""

    def __init__(self) -> None:
        self._threads = ThreadPoolExecutor(max_workers=1, thread_name_prefix="nfgalaxy-bot")
        self._processes: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._closed = False

    def _pool(self) -> Executor:
        with self._lock:
            if self._processes is None:
                _start_resource_tracker()
                # spawn: a fork of a process with threads (the app's) may inherit held locks.
                context = multiprocessing.get_context("spawn")
                self._processes = ProcessPoolExecutor(
                    max_workers=1, mp_context=context, initializer=_quiet_worker
                )
            return self._processes

    def _submit(self, work: Callable[..., Any], *args: Any) -> Future:
        """``work(*args)`` in the worker process; a pool broken by a dead worker is dropped
        when that shows, so the next request starts a new one."""
        future = self._pool().submit(work, *args)
        future.add_done_callback(
            lambda f: None if f.cancelled() else self._reset_if_broken(f.exception())
        )
        return future

    def _reset_if_broken(self, error: BaseException | None) -> None:
        if isinstance(error, BrokenProcessPool):
            with self._lock:
                broken, self._processes = self._processes, None
            if broken is not None:
                broken.shutdown(wait=False, cancel_futures=True)

    def choose(self, bot: Bot, state: GameState) -> Future[tuple[Decision, Bot]]:
        """The bot's decision for a copy of ``state`` and the bot as it is after deciding
        (for a process, a changed copy of it: the caller keeps that one)."""
        if not getattr(bot, "thinks_long", False):
            snapshot = state.clone()  # the bot works on its own copy, off the caller's thread
            return self._threads.submit(lambda: (bot.choose(snapshot), bot))
        inner = self._submit(_think, bot, state.to_json())
        return then(inner, lambda pair: (Decision.from_json(pair[0]), pair[1]))

    def analyse(
        self, bot: Any, state: GameState, keep: Decision | None = None
    ) -> Future[list[tuple[Decision, float, int]]]:
        """A search's estimates (decision, win estimate, visits) for the seat to move, in the
        worker process; best first (``keep``: see ``SearchBot.analyse``)."""
        kept = keep.to_json() if keep is not None else None
        inner = self._submit(_analyse, bot, state.to_json(), kept)
        return then(inner, lambda rows: [(Decision.from_json(d), v, n) for d, v, n in rows])

    def worker_pids(self) -> list[int]:
        """The worker processes now running (for tests that kill one mid-think)."""
        processes = self._processes
        if processes is None:
            return []
        return [p.pid for p in getattr(processes, "_processes", {}).values() if p.pid]

    @property
    def closed(self) -> bool:
        """Whether ``close`` was called: a future failing after it is the close, not a fault."""
        return self._closed

    def close(self) -> None:
        """Stop both pools; a bot still thinking finishes or dies on its copy, unheard."""
        self._closed = True
        self._threads.shutdown(wait=False, cancel_futures=True)
        with self._lock:
            processes, self._processes = self._processes, None
        if processes is not None:
            for pid_process in getattr(processes, "_processes", {}).values():
                pid_process.terminate()
            processes.shutdown(wait=False, cancel_futures=True)
