"""The store's players: a key's fingerprint and its display name (one player's on the
server), and who is connected now (each front end's word, kept a while).
"""

from __future__ import annotations

from collections.abc import Sequence

from nfgalaxy.tables.dialect import Duplicate, Transaction
from nfgalaxy.tables.errors import (
    NameRefused,
    UnknownPlayer,
)
from nfgalaxy.tables.model import (
    PRESENCE_SECONDS,
    Player,
    Presence,
    name_key,
    name_problem,
)
from nfgalaxy.tables.store_core import StoreCore


class PlayerStore(StoreCore):
    """Players and their presence, over the store's footing."""

    # -- players ------------------------------------------------------------------------

    def register(self, fingerprint: str, name: str) -> Player:
        """A new player: a key's fingerprint and the display name they picked."""
        _check_name(name)
        if not fingerprint:
            raise UnknownPlayer("a player is known by their key's fingerprint")
        now = self._clock()
        with self._transaction(write=True) as tx:
            if self._player(tx, fingerprint) is not None:
                raise NameRefused("this key already has a name here: rename it instead")
            self._check_name_free(tx, name, fingerprint)
            try:
                tx.change(
                    "INSERT INTO players (fingerprint, name, name_key, created) "
                    "VALUES (?, ?, ?, ?)",
                    (fingerprint, name, name_key(name), now),
                )
            except Duplicate:
                raise _name_taken(name) from None
        return Player(fingerprint, name, now)

    def rename(self, fingerprint: str, name: str) -> Player:
        """Change a player's display name; the old one is free again."""
        _check_name(name)
        with self._transaction(write=True) as tx:
            player = self._known_player(tx, fingerprint)
            self._check_name_free(tx, name, fingerprint)
            try:
                tx.change(
                    "UPDATE players SET name = ?, name_key = ? WHERE fingerprint = ?",
                    (name, name_key(name), fingerprint),
                )
            except Duplicate:
                raise _name_taken(name) from None
        return Player(fingerprint, name, player.created)

    def player(self, fingerprint: str) -> Player | None:
        with self._transaction(write=False) as tx:
            return self._player(tx, fingerprint)

    def player_named(self, name: str) -> Player | None:
        """The player whose name reads as ``name`` (case and width aside)."""
        with self._transaction(write=False) as tx:
            rows = tx.rows(
                "SELECT fingerprint, name, created FROM players WHERE name_key = ?",
                (name_key(name),),
            )
        return Player(*rows[0]) if rows else None

    def _player(self, tx: Transaction, fingerprint: str) -> Player | None:
        rows = tx.rows(
            "SELECT fingerprint, name, created FROM players WHERE fingerprint = ?", (fingerprint,)
        )
        return Player(*rows[0]) if rows else None

    def _known_player(self, tx: Transaction, fingerprint: str) -> Player:
        player = self._player(tx, fingerprint)
        if player is None:
            raise UnknownPlayer("this key has no name on this server yet: pick one first")
        return player

    def _check_name_free(self, tx: Transaction, name: str, fingerprint: str) -> None:
        if tx.rows(
            "SELECT 1 FROM players WHERE name_key = ? AND fingerprint <> ?",
            (name_key(name), fingerprint),
        ):
            raise _name_taken(name)

    # -- who is connected ---------------------------------------------------------------

    def mark_present(self, fingerprints: Sequence[str]) -> None:
        """A front end's word that these players are connected to it now: it holds for
        ``PRESENCE_SECONDS`` and is said again before then (keys without a name are no
        players yet, and are passed over). A player who was away is present from now."""
        now = self._clock()
        with self._transaction(write=True) as tx:
            for fingerprint in fingerprints:
                tx.change(
                    "UPDATE players SET present_since = CASE "
                    "WHEN present_until IS NULL OR present_until <= ? THEN ? "
                    "ELSE present_since END, present_until = ? WHERE fingerprint = ?",
                    (now, now, now + PRESENCE_SECONDS, fingerprint),
                )

    def mark_gone(self, fingerprint: str) -> None:
        """The player's last session on a front end ended: away from now on."""
        now = self._clock()
        with self._transaction(write=True) as tx:
            tx.change(
                "UPDATE players SET present_until = ? WHERE fingerprint = ? AND present_until > ?",
                (now, fingerprint, now),
            )

    def presence(self, fingerprint: str) -> Presence:
        """Whether the player is connected now, since when, or since when they are away."""
        with self._transaction(write=False) as tx:
            rows = tx.rows(
                "SELECT present_since, present_until FROM players WHERE fingerprint = ?",
                (fingerprint,),
            )
        since, until = rows[0] if rows else (None, None)
        if until is not None and float(until) > self._clock():
            return Presence(True, float(since))
        return Presence(False, 0.0 if until is None else float(until))

    def online_players(self) -> list[Player]:
        """The players connected now, by name (the lobby's "players online")."""
        with self._transaction(write=False) as tx:
            rows = tx.rows(
                "SELECT fingerprint, name, created FROM players WHERE present_until > ? "
                "ORDER BY name_key",
                (self._clock(),),
            )
        return [Player(*row) for row in rows]


def _check_name(name: str) -> None:
    problem = name_problem(name)
    if problem:
        raise NameRefused(problem)


def _name_taken(name: str) -> NameRefused:
    return NameRefused(f"the name {name!r} is taken: choose another")
