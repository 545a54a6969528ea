"""Game records: a finished game kept, exported, imported and replayed comes to the same
scores; a record that is not the game it states is refused and nothing is stored."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from nfgalaxy.core.protocol import new_game
from nfgalaxy.core.replay import replay_log
from nfgalaxy.records import (
    GameRecord,
    RecordedPlayer,
    RecordError,
    RecordRefused,
    RecordStore,
    UnknownRecord,
    check,
)
from nfgalaxy.records.positions import ReplayedGame
from nfgalaxy.records.store import load_document, matching
from tests.unit.recorded_games import GAMES, played, recorded


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    ("seed", "kinds"), [(1, ("random", "random")), (2, ("greedy", "random"))], ids=["1", "2"]
)
def test_record_export_import_replay_gives_the_same_scores(
    game: str, seed: int, kinds: tuple[str, ...], tmp_path: Path
) -> None:
    state, seats = played(game, seed, kinds)
    mine = RecordStore(tmp_path / "mine")
    record = GameRecord.from_state(state, seats)
    mine.add(record)
    exported = tmp_path / "game.json"
    exported.write_text(json.dumps(mine.find(record.id[:6]).to_document()))
    theirs = RecordStore(tmp_path / "theirs")
    imported = load_document(exported)
    replayed = check(imported)
    theirs.add(imported)
    assert imported == record
    assert replayed.scores() == state.scores() and replayed.winners() == state.winners()
    again = ReplayedGame(theirs.find(record.id))
    assert again.state_at(again.length).scores() == state.scores()
    middle = again.length // 2
    expected = replay_log(game, state.options, state.history[:middle])
    assert again.state_at(middle).to_json() == expected.to_json()
    assert again.state_at(middle + 1).to_json() != expected.to_json()  # forward from there
    assert again.state_at(middle).to_json() == expected.to_json()  # and back again


def _forged(document: dict, tmp_path: Path) -> tuple[RecordStore, Path]:
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(document))
    return RecordStore(tmp_path / "records"), path


def _import(path: Path, store: RecordStore) -> GameRecord:
    record = load_document(path)
    check(record)
    store.add(record)
    return record


def test_a_changed_decision_is_refused_naming_the_first_that_is_not_legal(tmp_path: Path) -> None:
    record = recorded()
    document = record.to_document()
    state = replay_log(record.game, record.options, [])
    first = document["decisions"][0]
    others = [d.to_json() for d in state.legal_decisions()]
    document["decisions"][0] = {**first, "kind": first["kind"], "args": ["no such thing"]}
    assert {"kind": first["kind"], "args": ["no such thing"]} not in others
    store, path = _forged(document, tmp_path)
    with pytest.raises(RecordRefused, match=r"^decision 1 \(.*\) is not legal"):
        _import(path, store)
    assert store.records() == [] and not store.root.exists()


def _other_seat(document: dict) -> None:
    entry = document["decisions"][3]
    document["decisions"][3] = {**entry, "seat": 1 - entry["seat"]}


def _more_points(document: dict) -> None:
    document["scores"][1]["total"] += 5


def _other_winners(document: dict) -> None:
    document["winners"] = [seat for seat in (0, 1) if seat not in document["winners"]]


def _one_decision_less(document: dict) -> None:
    document["decisions"] = document["decisions"][:-1]


@pytest.mark.parametrize(
    ("forge", "refusal"),
    [
        (_other_seat, r"^decision 4 is said to be seat \d's, but seat \d is to decide"),
        (_more_points, r"^seat 2's score \(total\) is stated as \d+, but the replay gives \d+"),
        (_other_winners, r"^the winners are stated as"),
        (_one_decision_less, r"decisions end before the game does"),
    ],
    ids=["a decision by another seat", "a score", "the winners", "cut short of its end"],
)
def test_a_forged_record_is_refused_naming_what_differs_and_nothing_is_kept(
    forge, refusal: str, tmp_path: Path
) -> None:
    document = recorded().to_document()
    forge(document)
    store, path = _forged(document, tmp_path)
    with pytest.raises(RecordRefused, match=refusal):
        _import(path, store)
    assert not store.root.exists()


def test_a_truncated_file_is_refused_in_words(tmp_path: Path) -> None:
    text = json.dumps(recorded().to_document())
    path = tmp_path / "cut.json"
    path.write_text(text[: len(text) // 2])
    with pytest.raises(RecordError, match="cut short"):
        load_document(path)


def test_a_record_of_another_version_is_refused(tmp_path: Path) -> None:
    document = {**recorded().to_document(), "version": 2}
    _store, path = _forged(document, tmp_path)
    with pytest.raises(RecordError, match="newer version of nfgalaxy"):
        load_document(path)


def test_a_record_without_its_seed_is_damaged(tmp_path: Path) -> None:
    document = recorded().to_document()
    del document["seed"]
    _store, path = _forged(document, tmp_path)
    with pytest.raises(RecordError, match="damaged: its seed"):
        load_document(path)


def test_a_corrupt_record_file_is_listed_with_its_reason_and_left_untouched(
    tmp_path: Path,
) -> None:
    store = RecordStore(tmp_path)
    good = recorded()
    store.add(good)
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "nfgalaxy-record", "vers')
    entries = store.entries()
    assert [e.record for e in entries] == [good, None]
    assert "cut short" in entries[1].problem
    assert broken.read_text() == '{"format": "nfgalaxy-record", "vers'
    with pytest.raises(RecordError, match=r"broken\.json: the file is cut short"):
        store.find("broken")


def test_an_unknown_or_ambiguous_id_is_told(tmp_path: Path) -> None:
    store = RecordStore(tmp_path)
    with pytest.raises(UnknownRecord, match="no record 'abcdef'"):
        store.find("abcdef")
    with pytest.raises(UnknownRecord, match="at least 4 characters"):
        store.find("ab")


def test_records_are_listed_newest_first_and_filtered(tmp_path: Path) -> None:
    store = RecordStore(tmp_path)
    old = recorded(GAMES[0], 1, "2026-11-01T09:00:00")
    new = recorded(GAMES[1], 1, "2026-12-01T09:00:00")
    store.add(old)
    store.add(new)
    assert store.records() == [new, old]
    assert matching(store.records(), game=GAMES[0]) == [old]
    assert matching(store.records(), player="bot 1") == [new, old]
    assert matching(store.records(), player="Nobody") == []
    assert matching(store.records(), since=date(2026, 11, 15)) == [new]
    assert matching(store.records(), until=date(2026, 11, 1)) == [old]


def test_a_game_not_over_is_not_recorded() -> None:
    state = new_game(GAMES[0], players=2, seed=1)
    with pytest.raises(ValueError, match="only a finished game"):
        GameRecord.from_state(state, [RecordedPlayer("A"), RecordedPlayer("B")])


def test_turns_and_rounds_step_to_where_the_seat_or_the_round_changes() -> None:
    replayed = ReplayedGame(recorded())
    turn = replayed.next_turn(0)
    assert 0 < turn <= replayed.length
    assert all(replayed.seat_of(n) == replayed.seat_of(1) for n in range(1, turn + 1))
    if turn < replayed.length:
        assert replayed.seat_of(turn + 1) != replayed.seat_of(turn)
    assert replayed.previous_turn(turn) == 0
    second = replayed.next_round(0)
    assert replayed.rounds[second] != replayed.rounds[0]
    assert replayed.rounds[second - 1] == replayed.rounds[0]
    assert replayed.round_start(replayed.rounds[second]) == second
    assert replayed.previous_round(second) == 0
    assert replayed.next_round(replayed.length) == replayed.length
    final = [row[-1] for row in replayed.vp_until(replayed.length)]
    assert final == [score["total"] for score in replayed.record.scores]
    assert replayed.vp_until(0) == [[], []]
