"""Bots that think long think in a worker process: the answer is the bot's, the game is never
touched, and a worker killed mid-think costs nothing but a retry."""

from __future__ import annotations

import os
import signal
import time
from concurrent.futures.process import BrokenProcessPool

import pytest

from nfgalaxy.bots.levels import SearchLevel
from nfgalaxy.bots.search import SearchBot
from nfgalaxy.bots.worker import Thinker
from nfgalaxy.core.registry import game_ids, new_game
from nfgalaxy.table import Seat, Table

TINY = SearchLevel("tiny", iterations=16, seconds=30.0, playout=6)
LONG = SearchLevel("long", iterations=10**7, seconds=120.0)


def _state():
    state = new_game(game_ids()[0], players=3, seed=11)
    while len(state.legal_decisions()) == 1:
        state.apply(state.legal_decisions()[0])
    return state


def test_a_search_bot_decides_in_a_process_like_in_this_one():
    state = _state()
    here = SearchBot(3, TINY)
    expected = here.choose(state.clone())
    thinker = Thinker()
    try:
        decision, after = thinker.choose(SearchBot(3, TINY), state).result(timeout=120)
    finally:
        thinker.close()
    assert decision == expected
    assert after.rng.state == here.rng.state  # the bot came back with its generator moved on


def test_a_worker_killed_mid_think_leaves_the_game_untouched_and_the_next_think_works():
    state = _state()
    before = state.to_json()
    thinker = Thinker()
    try:
        future = thinker.choose(SearchBot(1, LONG), state)
        deadline = time.monotonic() + 60
        while not thinker.worker_pids() and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(1.0)  # the worker has loaded the game and is searching
        for pid in thinker.worker_pids():
            os.kill(pid, signal.SIGKILL)
        with pytest.raises(BrokenProcessPool):
            future.result(timeout=60)
        assert state.to_json() == before
        decision, _bot = thinker.choose(SearchBot(1, TINY), state).result(timeout=120)
        assert decision in state.legal_decisions()
    finally:
        thinker.close()


def test_the_table_hints_the_best_decisions_labelled_as_offered():
    state = _state()
    seat = state.to_move()
    table = Table(state, [Seat(f"P{i}") for i in range(3)])
    try:
        rows = table.hint(seat, level="normal").result(timeout=120)
    finally:
        table.close()
    offered = state.legal_decisions()
    assert rows and all(decision in offered for decision, _value, _trials in rows)
    assert all(decision.label for decision, _value, _trials in rows)
    assert all(0.0 <= value <= 1.0 and trials >= 1 for _decision, value, trials in rows)
