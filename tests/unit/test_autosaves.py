"""Autosaves: a file per game, the games in play offered, old single autosaves still found,
damaged files reported and never written over, and only so many kept."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from nfgalaxy.core import new_game
from nfgalaxy.core.autosaves import KEEP_FINISHED, KEEP_IN_PLAY, Autosaves
from nfgalaxy.core.saves import SaveStore
from tests.unit.test_saves import SEATS, played


def finished():
    state = new_game("new-frontiers", players=2, seed=4)
    while not state.is_over():
        state.apply(state.legal_decisions()[0])
    return state


def test_two_games_of_the_same_seed_started_in_the_same_second_get_two_files(tmp_path) -> None:
    autosaves = Autosaves(SaveStore(tmp_path))
    now = datetime(2025, 3, 14, 20, 15, 2, tzinfo=UTC)
    first = autosaves.new_file("new-frontiers", now)
    second = autosaves.new_file("new-frontiers", now)
    assert first != second and first.parent == second.parent == tmp_path / "autosaves"
    assert first.name.startswith("20250314T201502Z-new-frontiers-")
    autosaves.write(first, played(5), SEATS)
    autosaves.write(second, played(9), SEATS)
    autosaves.write(first, played(7), SEATS)  # the first game goes on in its own file
    assert [e.path for e in autosaves.in_play()] == [first, second]
    assert autosaves.store.load(first)[0].to_json() == played(7).to_json()
    assert autosaves.store.load(second)[0].to_json() == played(9).to_json()


def test_a_finished_game_is_kept_but_not_offered_to_continue(tmp_path) -> None:
    autosaves = Autosaves(SaveStore(tmp_path))
    path = autosaves.new_file("new-frontiers")
    autosaves.write(path, finished(), SEATS)
    assert path.exists() and [e.path for e in autosaves.list()] == [path]
    assert autosaves.in_play() == []


def test_the_single_autosave_of_an_earlier_version_is_a_game_in_play_like_the_others(
    tmp_path,
) -> None:
    store = SaveStore(tmp_path)
    earlier = store.write("autosave", played(5), SEATS)
    store.write("autosave-2", played(6), SEATS)  # a save the player named so: not an autosave
    autosaves = Autosaves(store)
    newer = autosaves.write(autosaves.new_file("new-frontiers"), played(9), SEATS).path
    assert earlier == tmp_path / "autosave.json" and autosaves.holds(earlier)
    assert [e.path for e in autosaves.in_play()] == [newer, earlier]
    assert not autosaves.holds(tmp_path / "autosave-2.json")
    assert autosaves.write(earlier, played(7), SEATS).path == earlier  # and goes on in it


def test_a_damaged_autosave_is_offered_with_its_reason_and_never_written_over(tmp_path) -> None:
    autosaves = Autosaves(SaveStore(tmp_path))
    path = autosaves.write(autosaves.new_file("new-frontiers"), played(5), SEATS).path
    damaged = path.read_bytes()[:-40]
    path.write_bytes(damaged)
    [entry] = autosaves.in_play()
    assert entry.path == path and entry.problem.startswith("the file is cut short")
    moved = autosaves.write(path, played(6), SEATS).path
    assert moved != path and path.read_bytes() == damaged
    assert {e.path for e in autosaves.in_play()} == {path, moved}


def test_only_the_newest_games_in_play_and_finished_games_are_kept(tmp_path) -> None:
    autosaves = Autosaves(SaveStore(tmp_path))
    broken = autosaves.folder / "broken.json"
    autosaves.folder.mkdir(parents=True)
    broken.write_text("{")
    for _ in range(KEEP_FINISHED + 1):
        autosaves.write(autosaves.new_file("new-frontiers"), finished(), SEATS)
    paths = [autosaves.new_file("new-frontiers") for _ in range(KEEP_IN_PLAY + 2)]
    dropped = []
    for moves, path in enumerate(paths):
        dropped += autosaves.write(path, played(moves), SEATS).dropped
    assert [e.path for e in dropped] == paths[:2]
    kept = [e.path for e in autosaves.in_play() if e.readable]
    assert sorted(kept) == sorted(paths[2:])
    assert len([e for e in autosaves.list() if e.readable and e.over]) == KEEP_FINISHED
    assert broken.read_text() == "{"  # an unreadable file is neither counted nor deleted


def test_delete_takes_an_autosave_and_refuses_any_other_file(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    autosaves = Autosaves(store)
    path = autosaves.write(autosaves.new_file("new-frontiers"), played(5), SEATS).path
    named = store.write("before lunch", played(5), SEATS)
    with pytest.raises(ValueError, match="not an autosave"):
        autosaves.delete(named)
    autosaves.delete(path)
    assert not path.exists() and named.exists()
