"""Saved games: atomic, versioned, checksummed; bad files are reported and never touched."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nfgalaxy.core import new_game
from nfgalaxy.core.saves import SaveError, SaveStore, slug

SEATS = [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "greedy"}]


def played(moves: int = 25):
    state = new_game("new-frontiers", players=2, seed=4)
    for _ in range(moves):
        state.apply(state.legal_decisions()[0])
    return state


def test_a_save_loads_back_to_the_identical_state(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    state = played()
    path = store.write("My game", state, SEATS)
    loaded, seats = store.load(path)
    assert loaded.to_json() == state.to_json() and seats == SEATS
    info = store.list()[0]
    assert info.readable and info.name == "My game" and info.players == ("Ann", "Bot")
    assert info.round == state.round
    # The decision log replays to the same game.
    data = json.loads(path.read_text())
    replay = new_game("new-frontiers", players=2, seed=data["seed"], options=data["options"])
    from nfgalaxy.core import Decision

    for decision in data["decisions"]:
        replay.apply(Decision.from_json(decision))
    assert replay.to_json() == state.to_json()


def test_saving_replaces_the_file_atomically_and_leaves_no_temporary_files(tmp_path) -> None:
    store = SaveStore(tmp_path)
    store.write("autosave", played(5), SEATS)
    store.write("autosave", played(9), SEATS)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["autosave.json"]


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b'{"format": "nfgalaxy-save", "vers', "the file is cut short"),
        (b'{"format": "nfgalaxy-save", "name": "x", "sna', "the file is cut short"),
        (b'{"format": "nfgalaxy-save", "version": 1,', "the file is cut short"),
        (b"", "the file is empty"),
        (b"{not a save}", "the file is damaged: its text is not a saved game's"),
        (b"\x00\x01\xff truncated", "the file is damaged: it holds bytes that are not text"),
        (b"[1, 2, 3]", "this is not a game saved by nfgalaxy"),
        (b'{"format": "other"}', "this is not a game saved by nfgalaxy"),
        (b'{"format": "nfgalaxy-save", "version": 99}', "made by a newer version of nfgalaxy"),
        (b'{"format": "nfgalaxy-save", "version": 0}', "made by an older version of nfgalaxy"),
        (b'{"format": "nfgalaxy-save", "version": "2"}', "made by another version"),
    ],
)
def test_unreadable_files_are_listed_with_the_reason_in_words_and_left_untouched(
    tmp_path: Path, content: bytes, reason: str
) -> None:
    store = SaveStore(tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    info = store.list()[0]
    assert not info.readable and info.problem.startswith(reason)
    with pytest.raises(SaveError, match=reason):
        store.load(bad)
    assert bad.read_bytes() == content


def test_a_save_cut_short_anywhere_says_so_not_what_the_json_parser_expected(tmp_path) -> None:
    store = SaveStore(tmp_path)
    whole = store.write("game", played(), SEATS).read_bytes()
    cut = tmp_path / "cut.json"
    for end in range(1, len(whole), max(1, len(whole) // 97)):
        cut.write_bytes(whole[:end])
        assert store.info(cut).problem.startswith("the file is cut short"), whole[:end][-30:]


def test_a_changed_file_fails_its_checksum(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    path = store.write("game", played(), SEATS)
    data = json.loads(path.read_text())
    data["snapshot"]["players"][0]["vp"] = 99
    path.write_text(json.dumps(data))
    before = path.read_text()
    with pytest.raises(SaveError, match=r"checksum does not match: .*changed outside the game"):
        store.load(path)
    assert path.read_text() == before


def test_save_names_never_become_paths() -> None:
    assert slug("../../etc/passwd") == "etc-passwd"
    assert slug("  ") == "save"
    assert "/" not in slug("a/b\\c")


def test_an_unreadable_file_is_never_overwritten_by_a_save_of_the_same_name(tmp_path) -> None:
    store = SaveStore(tmp_path)
    broken = tmp_path / "autosave.json"
    broken.write_text("garbage")
    path = store.write("autosave", played(3), SEATS)
    assert path.name == "autosave-1.json"
    assert broken.read_text() == "garbage"
    assert store.load(path)[0].to_json() == played(3).to_json()


def _resigned(path: Path, change) -> str:
    """Change a save's document with ``change`` and sign it anew, as another version of
    nfgalaxy (or a hand edit that recomputes the checksum) would leave it."""
    from nfgalaxy.core.saves import _checksum

    data = json.loads(path.read_text())
    change(data)
    body = {k: v for k, v in data.items() if k != "checksum"}
    text = json.dumps({**body, "checksum": _checksum(body)})
    path.write_text(text)
    return text


def test_a_snapshot_this_version_cannot_play_is_replaced_by_the_replayed_game(tmp_path) -> None:
    store = SaveStore(tmp_path)
    state = played()
    path = store.write("game", state, SEATS)

    def break_snapshot(data) -> None:
        del data["snapshot"]["players"][0]["colonies"]
        data["snapshot"]["queue"] = [["no such step", 0, 0]]

    text = _resigned(path, break_snapshot)
    loaded, seats = store.load(path)
    assert loaded.to_json() == state.to_json() and seats == SEATS
    assert path.read_text() == text  # the file is left as it was


def test_a_save_whose_snapshot_and_decisions_both_fail_is_refused_and_left_untouched(
    tmp_path,
) -> None:
    store = SaveStore(tmp_path)
    path = store.write("game", played(), SEATS)

    def break_both(data) -> None:
        data["snapshot"]["queue"] = [["no such step", 0, 0]]
        data["decisions"][3] = {"kind": "no such decision", "args": []}

    text = _resigned(path, break_both)
    with pytest.raises(SaveError, match=r"cannot be restored .*no such step"):
        store.load(path)
    assert path.read_text() == text


def test_the_load_list_survives_a_save_whose_fields_have_the_wrong_types(tmp_path) -> None:
    store = SaveStore(tmp_path)
    path = store.write("game", played(), SEATS)

    def wrong_types(data) -> None:
        data["round"] = "three"
        data["seats"] = "Ann and Bot"

    _resigned(path, wrong_types)
    info = store.list()[0]
    assert info.readable and info.round == 0 and info.players == ()


def test_a_folder_that_can_be_written_passes_the_probe_and_keeps_no_trace(tmp_path) -> None:
    store = SaveStore(tmp_path / "data" / "saves")
    assert store.unwritable() is None
    assert list(store.root.iterdir()) == []


def test_a_folder_that_cannot_be_written_is_found_at_once_and_said_in_words(tmp_path) -> None:
    # A path through a file: refused to root as well, where permission bits are not.
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    store = SaveStore(blocker / "data" / "saves")
    problem = store.unwritable()
    assert problem == f"{store.root} cannot be written: a part of that path is a file, not a folder"
    with pytest.raises(OSError):
        store.write("game", played(3), SEATS)
