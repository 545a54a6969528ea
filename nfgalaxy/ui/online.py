"""The app's way to the online tables: the store ``nfgalaxy serve`` names, and who plays.

Under ``serve``, each session's app is started with ``NFGALAXY_TABLES_DB`` (the store: a
SQLite path or a ``postgresql://`` URL, with ``NFGALAXY_TABLES_SCHEMA`` for the latter) and
``NFGALAXY_PLAYER_KEY``, the fingerprint of the SSH key the player connected with (absent for
a guest without a key, who may watch tables but not sit at one). Without a store the app is
the local one: new game, saves, hot-seat.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from nfgalaxy.server.environment import DB_VARIABLE, KEY_VARIABLE, SCHEMA_VARIABLE

if TYPE_CHECKING:  # the local app's first screen does not wait for the tables' modules
    from nfgalaxy.tables import TableStore
    from nfgalaxy.tables.model import Player
    from nfgalaxy.tables.referee import Referee

GUEST_WORDS = (
    "You connected without an SSH key: you may watch the tables, but only a player with a "
    "key (and a name) can sit at one."
)


@dataclass
class OnlineSession:
    """One session's link to the tables: the store, its referee, and the player's key."""

    store: TableStore
    referee: Referee
    #: The SSH key's fingerprint; None for a guest.
    key: str | None
    #: Display names by fingerprint, as read last (``forget_names`` reads them again).
    names: dict[str, str] = field(default_factory=dict)

    @property
    def is_guest(self) -> bool:
        return self.key is None

    def player(self) -> Player | None:
        """The player the key is known as here (None: a guest, or no name picked yet)."""
        return self.store.player(self.key) if self.key else None

    def name_of(self, fingerprint: str) -> str:
        """The display name of a player, read once (a rename shows after ``forget_names``)."""
        if fingerprint not in self.names:
            player = self.store.player(fingerprint)
            self.names[fingerprint] = player.name if player else "someone unknown"
        return self.names[fingerprint]

    def forget_names(self) -> None:
        self.names.clear()

    def close(self) -> None:
        # Who is connected is the serve process's word (it holds the SSH session), not ours.
        self.store.close()


def session_from_environment() -> OnlineSession | None:
    """The session the environment describes, or None for the local app."""
    target = os.environ.get(DB_VARIABLE, "").strip()
    if not target:
        return None
    from nfgalaxy.tables import open_store
    from nfgalaxy.tables.referee import Referee

    schema = os.environ.get(SCHEMA_VARIABLE, "").strip() or None
    store = open_store(target, schema=schema)
    key = os.environ.get(KEY_VARIABLE, "").strip() or None
    return OnlineSession(store, Referee(store), key)
