"""What the online tests share: a store in a SQLite file, sessions on it, apps driven by keys."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from nfgalaxy.tables import open_store
from nfgalaxy.tables.model import Pace, SeatSpec, Table, TableSpec
from nfgalaxy.tables.referee import Referee
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.online import OnlineSession
from tests.ui.hotseat import notices

__all__ = [
    "ANN",
    "BOB",
    "CAT",
    "SIZE",
    "app_for",
    "connected",
    "create_table",
    "lobby_app",
    "notices",
    "register",
    "session",
    "started",
    "table_form",
    "until",
]

ANN, BOB, CAT = "SHA256:ann", "SHA256:bob", "SHA256:cat"
SIZE = (100, 30)


def session(path: Path, key: str | None) -> OnlineSession:
    """A session of its own on the store at ``path``, as each ``serve`` child opens one."""
    store = open_store(path)
    return OnlineSession(store, Referee(store), key)


def app_for(path: Path, key: str | None) -> NfGalaxyApp:
    return NfGalaxyApp(bot_delay=0, online=session(path, key))


def started(
    path: Path, game: str, seed: int, *hosts_and_guests: str, pace: Pace | None = None
) -> Table:
    """A started table of ``game`` with a seat for each player named (the first hosts), at
    ``pace`` (by default the store's: three days a move)."""
    direct = session(path, None)
    seats = tuple(SeatSpec() for _ in hosts_and_guests)
    spec = TableSpec(game, seats, seed=seed, **({"pace": pace} if pace else {}))
    table = direct.referee.new_table(spec, hosts_and_guests[0])
    for key in hosts_and_guests[1:]:
        direct.store.join(table.id, key)
    table = direct.store.start(table.id)
    direct.store.close()
    return table


def lobby_app(folder: Path, key: str, *players: tuple[str, str]) -> tuple[Path, NfGalaxyApp]:
    """A store in ``folder`` with ``players`` registered, and the app of ``key`` on it."""
    path = folder / "tables.sqlite"
    register(path, *players)
    return path, app_for(path, key)


async def table_form(pilot: Any, app: NfGalaxyApp) -> Any:
    """The table form, opened from the lobby with ``c``."""
    from nfgalaxy.ui.screens.table_form import TableFormScreen

    await pilot.pause()
    await pilot.press("c")
    await pilot.pause()
    assert isinstance(app.screen, TableFormScreen)
    return app.screen


async def create_table(pilot: Any) -> None:
    """Ask the table form to create its table (it stays, with a notice, if refused)."""
    await pilot.pause()
    await pilot.press("ctrl+s")
    await pilot.pause()


def register(path: Path, *players: tuple[str, str]) -> None:
    direct = session(path, None)
    for key, name in players:
        direct.store.register(key, name)
    direct.store.close()


def connected(path: Path, *keys: str) -> None:
    """Say these players are connected, as the serve process holding their SSH sessions does
    (``ServerTables.present``): the lobby's "players online" is that word, not the app's."""
    direct = session(path, None)
    direct.store.mark_present(keys)
    direct.store.close()


async def until(pilot: Any, done: Callable[[], bool], seconds: float = 3.0) -> None:
    """Let the app run until ``done()`` holds (a decision from another session to arrive)."""
    for _ in range(int(seconds / 0.02)):
        if done():
            return
        await pilot.pause(0.02)
    assert done(), "it did not happen in time"
