"""The words of the Settle-phase events of the expansions (§B6, §B7): Military from hand
cards, and takeovers. Like every event they carry only public facts: a declaration is worded
only once the declarations are revealed (before that the log says "has chosen"), a hand card is
counted, never named. ``events.RENDERERS`` includes these."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from nfgalaxy.games.race.rules.common import plural


class _Namer(Protocol):
    def name(self, seat: int) -> str: ...

    def card_name(self, card_id: str) -> str: ...


_Render = Callable[[_Namer, int | None, tuple[str, ...], tuple[int, ...]], str]


def _who(g: _Namer, seat: int | None) -> str:
    return g.name(seat) if seat is not None else "The game"


def _hand_military(g: _Namer, seat: int | None, _c: tuple[str, ...], n: tuple[int, ...]) -> str:
    """``n``: hand cards discarded, Military gained (§B7)."""
    return (
        f"{_who(g, seat)} discards {plural(n[0], 'card')} from hand for +{n[1]} Military "
        "(to the end of the phase)."
    )


def _takeover_reveal(_g: _Namer, _s: int | None, _c: tuple[str, ...], n: tuple[int, ...]) -> str:
    if not n[0]:
        return "Takeovers revealed: nobody declares one."
    return f"Takeovers revealed: {plural(n[0], 'player')} declare{'s' if n[0] == 1 else ''}."


def _takeover_declare(g: _Namer, seat: int | None, c: tuple[str, ...], n: tuple[int, ...]) -> str:
    """``c``: the card with the takeover power, the target world; ``n``: the defending seat,
    the hand cards committed (§B6.3)."""
    committed = f", committing {plural(n[1], 'hand card')}" if n[1] else ""
    return (
        f"{_who(g, seat)} declares a takeover of {g.name(n[0])}'s {g.card_name(c[1])} "
        f"with {g.card_name(c[0])}{committed}."
    )


def _reinforce(g: _Namer, seat: int | None, c: tuple[str, ...], n: tuple[int, ...]) -> str:
    return f"{_who(g, seat)} defends with +{n[0]} Military ({g.card_name(c[0])})."


def _takeover_won(g: _Namer, seat: int | None, c: tuple[str, ...], n: tuple[int, ...]) -> str:
    return (
        f"{_who(g, seat)} takes over {g.card_name(c[0])} from {g.name(n[0])} "
        f"(Military {n[1]} against {n[2]})."
    )


def _takeover_lost(g: _Namer, seat: int | None, c: tuple[str, ...], n: tuple[int, ...]) -> str:
    """``n``: the defending seat, why it failed at once (1: the world changed hands, 2: the
    first attempt failed; 0: beaten), the Military of both sides."""
    name = g.card_name(c[0])
    why = {
        1: f"it is no longer in {g.name(n[0])}'s tableau",
        2: "the first takeover failed",
    }.get(n[1], f"Military {n[2]} against {n[3]}")
    return f"{_who(g, seat)} fails to take over {name} ({why})."


SETTLE_RENDERERS: dict[str, _Render] = {
    "hand_military": _hand_military,
    "takeover_reveal": _takeover_reveal,
    "takeover_declare": _takeover_declare,
    "reinforce": _reinforce,
    "takeover_won": _takeover_won,
    "takeover_lost": _takeover_lost,
}
