"""Saves written before the skeleton was rebuilt still load and play on.

``tests/data/old_saves`` holds one save per game written by nfgalaxy at commit f776fc5 (log as
plain strings, history without seats, step names as strings); Race's was written at 6856cc7, before
its rules' revision 2 (a 2-player game of seed 16 where New Military Tactics, Pilgrimage World
and the reshuffle each play otherwise under revision 2). Each must load, match a replay of its
own seed and decisions, and play to the end.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from nfgalaxy.bots.random_bot import RandomBot
from nfgalaxy.core.replay import replay
from nfgalaxy.core.saves import SaveStore

OLD = Path(__file__).parents[1] / "data" / "old_saves"


@pytest.mark.parametrize("name", sorted(p.name for p in OLD.glob("*.json")))
def test_an_old_save_loads_replays_and_plays_to_the_end(name: str, tmp_path: Path) -> None:
    shutil.copy(OLD / name, tmp_path / name)
    state, seats = SaveStore(tmp_path).load(tmp_path / name)
    assert len(seats) == len(state.scores()) and state.log
    old = json.loads((OLD / name).read_text())
    assert len(state.history) == len(old["decisions"])
    again = replay(state)
    assert again.to_move() == state.to_move()
    assert again.legal_decisions() == state.legal_decisions()
    assert again.scores() == state.scores()
    bot = RandomBot(1)
    while not state.is_over():
        state.apply(bot.choose(state))
    assert state.winners()
