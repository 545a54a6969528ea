"""The app finds the tables in its environment, as ``nfgalaxy serve`` starts each session's
child: ``NFGALAXY_TABLES_DB`` (and ``NFGALAXY_TABLES_SCHEMA`` on PostgreSQL) names the
store, ``NFGALAXY_PLAYER_KEY`` the player's key; without a key, a guest; without a store, the
local app."""

from __future__ import annotations

from nfgalaxy.ui.online import DB_VARIABLE, KEY_VARIABLE, SCHEMA_VARIABLE, session_from_environment
from tests.tables.conftest import ANN


def test_the_session_opens_the_store_and_knows_the_player_the_server_named(
    database, store, players, monkeypatch
):
    monkeypatch.setenv(DB_VARIABLE, database.target)
    if database.schema:
        monkeypatch.setenv(SCHEMA_VARIABLE, database.schema)
    monkeypatch.setenv(KEY_VARIABLE, ANN)
    session = session_from_environment()
    try:
        assert session is not None and session.key == ANN and not session.is_guest
        assert session.player().name == "Ann"
    finally:
        session.close()
    monkeypatch.delenv(KEY_VARIABLE)
    guest = session_from_environment()
    try:
        assert guest.is_guest and guest.player() is None
    finally:
        guest.close()
    monkeypatch.delenv(DB_VARIABLE)
    assert session_from_environment() is None
