"""What the table store refuses, and why, in words a player or an operator can act on.

A ``Refused`` request changed nothing: every store write is one transaction, and a refusal is
raised inside it, so it rolls back. ``reason`` is the sentence to show; the class says which
rule, so the lobby can react (refresh on ``PositionTaken``, ask for another name on
``NameRefused``) without reading the words.
"""

from __future__ import annotations


class StoreError(Exception):
    """Anything the table store cannot do, for the operator or the player to read."""


class SchemaTooNew(StoreError):
    """The database was migrated by a newer nfgalaxy: this one must not write to it."""

    def __init__(self, found: int, known: int) -> None:
        super().__init__(
            f"the database's schema is version {found}, newer than the version {known} this "
            "nfgalaxy knows; upgrade nfgalaxy (or point it at another database): nothing "
            "was changed"
        )
        self.found = found
        self.known = known


class Refused(StoreError):
    """A request the server's rules refuse; nothing was stored."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class NameRefused(Refused):
    """A display name that is taken, too long, blank or holds characters one cannot see."""


class UnknownPlayer(Refused):
    """A fingerprint that has not picked a name on this server yet."""


class UnknownTable(Refused):
    """No table has this id."""


class TableClosed(Refused):
    """The table is not in the state the request needs (not started, finished, abandoned)."""


class SeatRefused(Refused):
    """Joining or leaving a seat that is not free, not the player's, or not open to them."""


class SpecRefused(Refused):
    """A table that cannot be set up as asked (no human seat, a bot without a level…)."""


class ChatRefused(Refused):
    """A chat line that is too long, unprintable, blank, or one too many at once."""


class UndoRefused(Refused):
    """A decision that cannot be taken back: not the seat's, not the last, a rated table."""


class PositionTaken(Refused):
    """A decision offered at a position that is no longer the next one: another session
    decided first (or the offer was stale). Refresh the table and decide again."""

    def __init__(self, table_id: int, position: int, current: int) -> None:
        super().__init__(
            f"position {position} of table {table_id} is taken: the table holds {current} "
            f"decisions, so the next is position {current} (another session decided first, "
            "or this view was out of date)"
        )
        self.table_id = table_id
        self.position = position
        self.current = current
