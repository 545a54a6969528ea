"""The store's schema: created by its migrations, and never written by an older nfgalaxy."""

from __future__ import annotations

import pytest

from nfgalaxy.tables import open_store
from nfgalaxy.tables.errors import SchemaTooNew, StoreError
from nfgalaxy.tables.migrations import LATEST, MIGRATIONS, Dialect

STORE_TABLES = [
    "chat",
    "decisions",
    "mutes",
    "players",
    "rating_changes",
    "ratings",
    "retractions",
    "schema_version",
    "seats",
    "table_records",
    "tables",
]


def test_migrating_an_empty_database_creates_the_schema_and_records_each_version(database):
    store = database.connect(migrate=False)
    assert store.schema_version() == 0
    assert store.migrate() == LATEST
    assert database.tables() == STORE_TABLES
    recorded = database.execute("SELECT version FROM schema_version ORDER BY version")
    assert [row[0] for row in recorded] == [m.version for m in MIGRATIONS]


def test_migrating_again_changes_nothing(database, store):
    before = database.execute("SELECT version, applied FROM schema_version")
    assert store.migrate() == LATEST
    assert database.connect().schema_version() == LATEST
    assert database.execute("SELECT version, applied FROM schema_version") == before


def test_a_database_of_a_newer_schema_is_refused_naming_both_versions_and_left_as_it_was(
    database, store, players
):
    database.execute(
        "INSERT INTO schema_version (version, summary, applied) VALUES (?, ?, ?)",
        (LATEST + 1, "from a later nfgalaxy", 0.0),
    )
    before = (database.tables(), database.execute("SELECT * FROM schema_version ORDER BY 1"))
    later = database.connect(migrate=False)
    with pytest.raises(SchemaTooNew) as refused:
        later.migrate()
    assert f"version {LATEST + 1}" in str(refused.value)
    assert f"version {LATEST} this nfgalaxy knows" in str(refused.value)
    assert "nothing was changed" in str(refused.value)
    with pytest.raises(SchemaTooNew):
        later.check_schema()
    assert (database.tables(), database.execute("SELECT * FROM schema_version ORDER BY 1")) == (
        before
    )
    assert later.player(players[0]) is not None


def test_open_store_picks_the_database_from_its_target_and_refuses_a_newer_schema(database):
    target = database.target if database.kind == "postgresql" else f"sqlite:///{database.target}"
    store = open_store(target, schema=database.schema)
    database.opened.append(store)
    assert store.schema_version() == LATEST
    database.execute(
        "INSERT INTO schema_version (version, summary, applied) VALUES (?, ?, ?)",
        (LATEST + 1, "from a later nfgalaxy", 0.0),
    )
    with pytest.raises(SchemaTooNew):
        open_store(target, schema=database.schema)


def test_a_schema_is_for_postgresql_only(tmp_path):
    with pytest.raises(StoreError, match="PostgreSQL"):
        open_store(tmp_path / "tables.sqlite", schema="elsewhere")


def test_each_migration_is_the_same_sql_in_both_dialects_but_for_its_marked_words():
    for migration in MIGRATIONS:
        sqlite, postgresql = migration.sql(Dialect.SQLITE), migration.sql(Dialect.POSTGRESQL)
        assert len(sqlite) == len(postgresql) == len(migration.statements)
        assert not any("{" in statement for statement in sqlite + postgresql)
