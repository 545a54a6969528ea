"""Who a connection is, for their saves: a key holder (lasting) or a keyless guest (one visit).

A player's SSH public key is their identity, as in SSH apps such as charm's *wish*: whoever proves
they hold a key gets that key's save directory back on every connection, whatever user name they
type, with no account and no ``--authorized-keys`` file. User names are never trusted for this:
anyone may type any name. A client without a key can play as a guest, whose saves are deleted when
the connection ends (the app tells them so on its first screen).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import asyncssh

KEYS_DIR = "keys"
GUESTS_DIR = "guests"
OLD_USERS_DIR = "users"  # per-user-name saves of earlier versions, no longer used


def key_directory_name(key: asyncssh.SSHKey) -> str:
    """The directory name of a key's saves: the SHA-256 of the public key, in lowercase hex.

    Hex rather than the base64 of ``ssh-keygen -l`` keeps names distinct on case-insensitive
    file systems and free of ``/``; the directory's ``public_key`` file says whose it is."""
    return "sha256-" + hashlib.sha256(key.public_data).hexdigest()


@dataclass(frozen=True)
class Identity:
    """A connection's identity: ``key`` is None for a keyless guest."""

    key: asyncssh.SSHKey | None
    guest_id: str

    @property
    def lasting(self) -> bool:
        """True when the saves outlive the connection (the client proved it holds a key)."""
        return self.key is not None

    @property
    def fingerprint(self) -> str:
        """The key's fingerprint as ``ssh-keygen -l`` prints it, or ``guest`` for a guest."""
        return self.key.get_fingerprint() if self.key is not None else "guest"

    def saves_dir(self, root: Path) -> Path:
        """Where this identity's app keeps its data (saves, theme choice) under the server root."""
        if self.key is not None:
            return root / KEYS_DIR / key_directory_name(self.key)
        return root / GUESTS_DIR / self.guest_id

    def prepare(self, root: Path) -> Path:
        """Create the saves directory; a key's also records the public key, so that an
        administrator can tell whose directory it is (``ssh-keygen -lf public_key``)."""
        directory = self.saves_dir(root)
        directory.mkdir(parents=True, exist_ok=True)
        if self.key is not None:
            marker = directory / "public_key"
            if not marker.exists():
                marker.write_bytes(self.key.export_public_key())
        return directory


def old_user_directories_note(root: Path) -> str | None:
    """A note for the operator when saves of an earlier version, kept by user name, exist.

    They are left untouched: a user name proves nothing, so they cannot be handed to a key
    automatically; the operator may move a user's files into that key's directory."""
    old = root / OLD_USERS_DIR
    if not old.is_dir() or not any(old.iterdir()):
        return None
    return (
        f"Note: saves kept by user name in {old} (earlier versions) are no longer used; each "
        f"SSH key now has its own directory under {root / KEYS_DIR}. Move a user's files there "
        "to give them back."
    )
