"""New Frontiers' typed events and step names: the log in words, saves old and new."""

from __future__ import annotations

import json

from nfgalaxy.bots.random_bot import RandomBot
from nfgalaxy.core import load_game, new_game
from nfgalaxy.core.events import Event
from nfgalaxy.games.new_frontiers.rules import NewFrontiers, Step
from nfgalaxy.games.new_frontiers.rules.events import RENDERERS


def _played(seed: int = 2, goals: bool = True) -> NewFrontiers:
    state = new_game("new-frontiers", players=4, seed=seed, options={"goals": goals})
    bot = RandomBot(seed)
    while not state.is_over():
        state.apply(bot.choose(state))
    return state


def test_the_log_is_the_words_of_the_events() -> None:
    state = _played()
    assert state.log == [e.text for e in state.events]
    assert all(e.kind in RENDERERS and e.text.strip() for e in state.events)
    assert state.events[0].kind == "new_game"
    assert state.log[0].startswith("New game: 4 players, order ")
    assert [e.kind for e in state.events[-6:]] == ["game_over", *["score"] * 4, "winner"]


def test_keeping_a_goal_face_down_never_names_it() -> None:
    state = _played()
    kept = [e for e in state.events if e.kind == "keep_goal"]
    assert kept and all(e.components == () for e in kept)
    assert all(e.text.endswith("keeps a goal face down.") for e in kept)


def test_saves_hold_events_and_step_words() -> None:
    state = new_game("new-frontiers", players=3, seed=9)
    data = json.loads(json.dumps(state.to_json()))
    assert "log" not in data and data["events"][0]["kind"] == "new_game"
    assert all(isinstance(name, str) for name, _seat, _arg in data["queue"])
    restored = load_game(data)
    assert restored.events == state.events and restored.log == state.log
    assert all(type(entry[0]) is Step for entry in restored.queue)


def test_an_older_save_with_a_log_of_lines_loads_them_as_notes() -> None:
    state = new_game("new-frontiers", players=3, seed=9)
    data = state.to_json()
    data["log"] = [e["text"] for e in data.pop("events")]
    restored = load_game(data)
    assert restored.log == state.log
    assert {e.kind for e in restored.events} == {"note"}
    pick = restored.legal_decisions()[0]
    restored.apply(pick)  # and the game records typed events after them
    assert restored.events[-1].kind != "note"


def test_a_line_added_to_the_log_becomes_a_note_event() -> None:
    state = new_game("new-frontiers", players=2, seed=1)
    state.log.insert(0, "Tile file refused: using the built-in tiles.")
    assert state.events[0] == Event("note", text="Tile file refused: using the built-in tiles.")
    assert state.log == [e.text for e in state.events]


def test_a_copy_keeps_its_own_log() -> None:
    state = new_game("new-frontiers", players=2, seed=1)
    copy = state.clone()
    copy.apply(copy.legal_decisions()[0])
    assert len(copy.events) > len(state.events)
    assert state.log == [e.text for e in state.events]
    assert copy.log[: len(state.log)] == state.log
