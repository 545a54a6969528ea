"""``nfgalaxy serve`` and the online tables: the store it opens (refusing a newer schema), what
each session's app is told, and who is connected. Real servers killed and sharing a database:
``tests/tables/test_table_servers.py``."""

from __future__ import annotations

from pathlib import Path

import asyncssh
from ssh_helpers import TERM, connect, running, to_lobby

from nfgalaxy.cli import EXIT_DATABASE, main
from nfgalaxy.server.tables import TablesDatabase
from nfgalaxy.tables import open_store
from nfgalaxy.tables.migrations import LATEST

ROOT = Path(__file__).resolve().parents[2]


def _environ(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(item.decode().split("=", 1) for item in raw if b"=" in item)


async def test_each_session_is_told_the_tables_store_its_player_and_runs_this_code(
    tmp_path: Path,
) -> None:
    server = await running(tmp_path)
    key = asyncssh.generate_private_key("ssh-ed25519")
    fingerprint = key.get_fingerprint()
    store = open_store(tmp_path / "server" / "tables.sqlite")
    store.register(fingerprint, "Ann")
    try:
        async with connect(server, "ann", key) as conn:
            proc = await conn.create_process(encoding=None, **TERM)
            await to_lobby(proc)  # Ann has her name: straight to the lobby
            (session,) = server.sessions
            env = _environ(session.process.pid)
            assert env["NFGALAXY_TABLES_DB"] == str(tmp_path / "server" / "tables.sqlite")
            assert env["NFGALAXY_PLAYER_KEY"] == fingerprint
            assert "NFGALAXY_TABLES_SCHEMA" not in env
            assert env["PYTHONPATH"] == str(ROOT)
            assert store.presence(fingerprint).here
            assert [p.name for p in store.online_players()] == ["Ann"]
            proc.close()
        async with connect(server) as guest:
            proc = await guest.create_process(encoding=None, **TERM)
            await to_lobby(proc)  # a guest is asked for no name: they may watch
            (session,) = [s for s in server.sessions if not s.connection.identity.lasting]
            env = _environ(session.process.pid)
            assert "NFGALAXY_PLAYER_KEY" not in env  # a guest may watch, not sit
            assert env["NFGALAXY_TABLES_DB"].endswith("tables.sqlite")
            # Ann's session has ended: she reads as away at once, not when her word runs out.
            assert not store.presence(fingerprint).here
            proc.close()
    finally:
        await server.shutdown()
        store.close()


def test_serve_refuses_a_database_of_a_newer_schema_by_its_exit_status(
    tmp_path, capsys, monkeypatch
):
    monkeypatch.setenv("NFGALAXY_DATA_DIR", str(tmp_path))
    path = tmp_path / "tables.sqlite"
    with open_store(path) as store, store._transaction(write=True) as tx:
        tx.change(
            "INSERT INTO schema_version (version, summary, applied) VALUES (?, 'later', 0)",
            (LATEST + 1,),
        )
    assert main(["serve", "--port", "0", "--database", str(path)]) == EXIT_DATABASE
    said = capsys.readouterr()
    assert f"schema is version {LATEST + 1}, newer than the version {LATEST}" in said.err
    assert "nfgalaxy serving" not in said.out


def test_a_relative_sqlite_database_is_given_to_sessions_as_an_absolute_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for given in ("tables.db", "sqlite:///tables.db"):
        database = TablesDatabase.given(given)
        assert database.target == str(tmp_path / "tables.db")
        assert database.environment(None) == {"NFGALAXY_TABLES_DB": str(tmp_path / "tables.db")}
    shared = TablesDatabase.given("postgresql://galaxy:secret@db/galaxy", "tables")
    assert shared.environment("SHA256:k") == {
        "NFGALAXY_TABLES_DB": "postgresql://galaxy:secret@db/galaxy",
        "NFGALAXY_TABLES_SCHEMA": "tables",
        "NFGALAXY_PLAYER_KEY": "SHA256:k",
    }
    assert shared.describe() == "PostgreSQL postgresql://galaxy:***@db/galaxy (schema tables)"
