"""Words every game writes the same way."""

from __future__ import annotations


def counted(n: int, word: str, plural: str = "") -> str:
    """'1 colonist', '2 colonists', '1 die', '3 dice': a count as a player writes it (``plural``
    for a word whose plural is not ``word + 's'``)."""
    return f"{n} {word if n == 1 else (plural or word + 's')}"
