"""Game records: every finished game kept, to list, export, import and replay.

A record is what a finished game leaves behind: the game, its options and seed, who sat where
(names, and for a bot its kind, which is its level), every decision, the scores and winners,
when it ended and how long it took. As every engine is deterministic, the seed and decisions
are the whole game: a record replays exactly, and a record from elsewhere is believed only once
its replay reaches the scores it states (``nfgalaxy.records.check``). Nothing here imports
Textual or names a game.
"""

from nfgalaxy.records.check import RecordRefused, check
from nfgalaxy.records.record import FORMAT, VERSION, GameRecord, RecordedPlayer, RecordError
from nfgalaxy.records.store import RecordEntry, RecordStore, UnknownRecord, default_root

__all__ = [
    "FORMAT",
    "VERSION",
    "GameRecord",
    "RecordEntry",
    "RecordError",
    "RecordRefused",
    "RecordStore",
    "RecordedPlayer",
    "UnknownRecord",
    "check",
    "default_root",
]
