"""Decisions: the small immutable values that humans, bots and saves all speak.

A decision is a ``kind`` and a tuple of plain arguments (strings and integers), so its JSON form
is stable and a saved game can be replayed from its decision log. The ``label`` is the words a
player reads; it is not part of equality, so a decision rebuilt from JSON equals the one offered.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Decision:
    kind: str
    args: tuple[Any, ...] = ()
    label: str = field(default="", compare=False, hash=False)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "args": list(self.args)}

    @staticmethod
    def from_json(data: Any) -> Decision:
        """Rebuild a decision; raises ``ValueError`` for anything that is not one."""
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ValueError(f"not a decision: {data!r}")
        args = data.get("args", [])
        if not isinstance(args, list):
            raise ValueError(f"decision args must be a list: {data!r}")
        return Decision(data["kind"], tuple(_freeze(a) for a in args))

    def __str__(self) -> str:
        return self.label or f"{self.kind}{list(self.args)}"


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


class IllegalDecision(Exception):
    """A decision the rules do not allow now. ``rule`` names the rule (with its section)."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.message = message
