"""Every finished online table is a game record: the same record as a player's own games,
listed, exported and replayed from the table store (``--database``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nfgalaxy.cli import main
from nfgalaxy.records import GameRecord, check
from nfgalaxy.tables.table_records import OnlineRecords, TableRecordError, table_record
from tests.tables.conftest import ANN, BOB
from tests.tables.finished_tables import finished_table


def test_a_finished_table_is_a_record_that_replays_to_its_result(store, players):
    table = finished_table(store, [ANN, BOB], ("random",))
    record = table_record(store, table)
    assert record.game == table.spec.game and record.seed == table.spec.seed
    assert [(p.name, p.kind) for p in record.players] == [
        ("Ann", "human"),
        ("Bob", "human"),
        ("Bot 3", "random"),
    ]
    assert len(record.decisions) == len(store.decisions(table.id))
    assert list(record.scores) == list(table.result.scores)
    assert list(record.winners) == list(table.result.winners)
    assert record.source == "online"
    assert record.date.timestamp() == pytest.approx(table.finished, abs=1)
    state = check(record)  # a record like any other: it replays to what it states
    assert state.scores() == list(record.scores)
    assert GameRecord.from_document(record.to_document()) == record
    assert record.seats_text().endswith(f"Bot 3 (random) {record.scores[2]['total']}" +
                                        ("*" if 2 in record.winners else ""))  # fmt: skip


def test_a_rename_after_the_game_changes_neither_its_names_nor_its_record(store, players):
    table = finished_table(store, [ANN, BOB])
    before = table_record(store, table)
    store.rename(ANN, "Annabel")
    after = table_record(store, store.table(table.id))
    assert after == before and after.players[0].name == "Ann"


def test_only_finished_tables_are_records_the_last_finished_first(store, players, clock):
    first = finished_table(store, [ANN, BOB], seed=1)
    clock.advance(60)
    second = finished_table(store, [ANN, BOB], seed=2)
    store.create(store.table(first.id).spec, ANN)  # open: no record
    entries = OnlineRecords(store).entries()
    assert [e.label for e in entries] == [f"table {second.id}", f"table {first.id}"]
    assert OnlineRecords(store).find(entries[1].id[:6]) == entries[1].record


def test_a_table_whose_log_was_altered_is_listed_as_unreadable_not_as_a_game(
    database, store, players
):
    table = finished_table(store, [ANN, BOB])
    database.execute(
        "DELETE FROM decisions WHERE table_id = ? AND position = "
        "(SELECT MAX(position) FROM decisions WHERE table_id = ?)",
        (table.id, table.id),
    )
    (entry,) = OnlineRecords(store).entries()
    assert entry.record is None and "end before the game does" in entry.problem
    with pytest.raises(TableRecordError):
        table_record(store, store.table(table.id))


def test_records_and_export_read_a_servers_finished_tables_with_database(
    tmp_path: Path, capsys, monkeypatch
):
    from nfgalaxy.tables import open_store

    monkeypatch.setenv("NFGALAXY_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "tables.sqlite"
    with open_store(path) as store:
        store.register(ANN, "Ann")
        store.register(BOB, "Bob")
        table = finished_table(store, [ANN, BOB])
        record = table_record(store, table)
    assert main(["records", "--database", str(path), "--player", "bob"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(record.id) and "Ann " in out and "Bob " in out
    assert main(["records", "--database", f"sqlite:///{path}", "--json"]) == 0
    (listed,) = json.loads(capsys.readouterr().out)
    assert listed["source"] == "online" and listed["id"] == record.id
    assert main(["export", record.id[:6], "--database", str(path)]) == 0
    assert GameRecord.from_document(json.loads(capsys.readouterr().out)) == record
    assert main(["records"]) == 0  # the player's own records are another place
    assert "No finished games kept yet." in capsys.readouterr().out


def test_replay_with_database_opens_the_app_on_the_tables_record(tmp_path: Path, monkeypatch):
    from nfgalaxy.tables import open_store
    from nfgalaxy.ui.app import NfGalaxyApp

    path = tmp_path / "tables.sqlite"
    with open_store(path) as store:
        store.register(ANN, "Ann")
        store.register(BOB, "Bob")
        record = table_record(store, finished_table(store, [ANN, BOB]))
    opened = []
    monkeypatch.setattr(NfGalaxyApp, "run", lambda app: opened.append(app.first_replay))
    assert main(["replay", record.id[:6], "--database", str(path)]) == 0
    assert opened == [record]


def test_a_missing_table_store_is_told_and_not_created(tmp_path: Path, capsys):
    missing = tmp_path / "nothing.sqlite"
    assert main(["records", "--database", str(missing)]) == 1
    assert "there is no table store" in capsys.readouterr().err
    assert not missing.exists()


def _replays_counted(monkeypatch) -> list[str]:
    """The games replayed from now on to make a table's record (each one's game id)."""
    from nfgalaxy.tables import record_keeping

    replayed: list[str] = []
    real = record_keeping.replay_log

    def counted(game, options, decisions):
        replayed.append(game)
        return real(game, options, decisions)

    monkeypatch.setattr(record_keeping, "replay_log", counted)
    return replayed


def test_a_tables_record_is_kept_as_it_finishes_and_listed_without_a_replay(
    database, store, players, monkeypatch
):
    tables = [finished_table(store, [ANN, BOB], seed=seed) for seed in (1, 2)]
    kept = database.execute("SELECT table_id, document FROM table_records ORDER BY table_id")
    assert [row[0] for row in kept] == [t.id for t in tables]
    for (_, document), table in zip(kept, tables, strict=True):
        assert GameRecord.from_document(json.loads(document)) == table_record(store, table)
    replayed = _replays_counted(monkeypatch)
    entries = OnlineRecords(store).entries()
    assert [e.record for e in entries] == [table_record(store, t) for t in reversed(tables)]
    assert len(replayed) == 2  # the two table_record calls just above, not the listing


def test_a_table_finished_before_records_were_kept_gets_its_record_when_first_listed(
    database, store, players, monkeypatch
):
    table = finished_table(store, [ANN, BOB])
    # The database as it was at version 6, finished table and all, then migrated again.
    database.execute("DROP TABLE table_records")
    database.execute("DELETE FROM schema_version WHERE version = 7")
    assert database.connect(migrate=False).migrate() == 7
    assert database.execute("SELECT COUNT(*) FROM table_records") == [(0,)]
    replayed = _replays_counted(monkeypatch)
    (entry,) = OnlineRecords(store).entries()
    assert entry.record == table_record(store, table) and len(replayed) == 2
    assert database.execute("SELECT table_id FROM table_records") == [(table.id,)]
    OnlineRecords(store).entries()
    assert len(replayed) == 2  # kept now: the second listing replays nothing


def test_a_kept_record_that_no_longer_matches_its_table_is_made_again(
    database, store, players, monkeypatch
):
    table = finished_table(store, [ANN, BOB])
    record = table_record(store, table)
    forged = {**record.to_document(), "winners": [1 - record.winners[0]]}
    database.execute("UPDATE table_records SET document = ?", (json.dumps(forged),))
    replayed = _replays_counted(monkeypatch)
    (entry,) = OnlineRecords(store).entries()
    assert entry.record == record and len(replayed) == 1
    # A result changed in the database: the kept record was made from another one.
    scores = [dict(s, total=s["total"] + 1) for s in table.result.scores]
    database.execute(
        "UPDATE tables SET result = ? WHERE id = ?",
        (json.dumps({"scores": scores, "winners": list(table.result.winners)}), table.id),
    )
    (entry,) = OnlineRecords(store).entries()
    assert entry.record is None and "another result" in entry.problem


def test_the_listing_tells_its_progress_over_the_finished_tables(store, players):
    for seed in (1, 2, 3):
        finished_table(store, [ANN, BOB], seed=seed)
    told: list[tuple[int, int]] = []
    records = OnlineRecords(store)
    assert records.count() == 3
    assert len(records.entries(lambda done, total: told.append((done, total)))) == 3
    assert told == [(0, 3), (1, 3), (2, 3), (3, 3)]
