"""What ``nfgalaxy serve`` tells each session's app, in its environment: where the tables are
kept and who the player is. Written once for both sides (the server sets them, the app reads
them); a module of its own, so the app reads the names without loading the server or the
tables before its first screen.
"""

from __future__ import annotations

#: The tables' store: a SQLite path or a ``postgresql://`` URL.
DB_VARIABLE = "NFGALAXY_TABLES_DB"
#: The PostgreSQL schema of the store (absent: the default one).
SCHEMA_VARIABLE = "NFGALAXY_TABLES_SCHEMA"
#: The fingerprint of the SSH key the player connected with; absent for a keyless guest.
KEY_VARIABLE = "NFGALAXY_PLAYER_KEY"
