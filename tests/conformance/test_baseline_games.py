"""The same seed and decisions give the same games as before the engines' internals changed.

``tests/data/baseline_games.json`` was recorded by ``benchmarks/record_baseline.py`` before the
skeleton was rebuilt: random-bot games of every game at 2–5 players. Each is replayed here and
must make the same decisions (hash of the decision log) and end with the same scores.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.record_baseline import play

BASELINE = json.loads((Path(__file__).parents[1] / "data" / "baseline_games.json").read_text())


@pytest.mark.parametrize(
    "recorded",
    BASELINE["games"],
    ids=lambda g: f"{g['game']}-{g['players']}p-seed{g['seed']}-{len(g['options'])}opts",
)
def test_a_recorded_game_is_played_exactly_as_before(recorded: dict) -> None:
    again = play(recorded["game"], recorded["players"], recorded["seed"], recorded["options"])
    assert again == recorded
