"""The words of Space Merchant's events: one renderer per event kind.

The rules record typed events (``nfgalaxy.core.events.Event``): a kind, the seat, the ids of the
spaces, systems, markers or cultures involved, and the amounts. An event carries only what every
player at the table may know (§2.11): that a player observed a culture or spied on a ?-marker is
public, what they saw is not, so those events name the place and never the culture or marker.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from nfgalaxy.games.space_merchant.board import Board
from nfgalaxy.games.space_merchant.content import BASE, Content, MarkerKind, Relic


class Namer(Protocol):
    """What the words need of a game: players' names, the board and the content."""

    board: Board
    content: Content

    def name(self, seat: int) -> str: ...

    def place(self, space_id: str, with_id: bool = True) -> str: ...


Render = Callable[[Namer, int | None, tuple[str, ...], tuple[int, ...]], str]


def relic_name(relic: str) -> str:
    return Relic(relic).value.replace("_", " ").title()


def marker_words(g: Namer, marker_id: str) -> str:
    """A revealed ?-marker in words: "telegate 3", "a red penalty of $20", "the relic Spy Eye"."""
    marker = next(m for m in g.content.qmarkers if m.id == marker_id)
    if marker.kind is MarkerKind.TELEGATE:
        return f"telegate {marker.telegate}"
    if marker.kind is MarkerKind.OPEN_SPACEPORT:
        return "an open spaceport"
    if marker.kind is MarkerKind.PENALTY and marker.colour is not None:
        return f"a {marker.colour.value} penalty of ${marker.penalty}"
    assert marker.relic is not None
    return f"the relic {relic_name(marker.relic.value)}"


def _who(g: Namer, seat: int | None) -> str:
    return g.name(seat) if seat is not None else "The game"


def _at(g: Namer, space: str) -> str:
    """A space as it is when the event happens (a revealed telegate is no ?-box any more)."""
    return g.place(space)


def _system(g: Namer, system: str) -> str:
    return g.board.system(system).name or system


def _culture(g: Namer, culture: str) -> str:
    return f"{g.content.culture(culture).name} ({culture})"


def _place(g: Namer, culture: str) -> str:
    return "Galactic Base" if culture == BASE else _culture(g, culture)


def _words(name: str) -> str:
    return name.replace("_", " ").replace(":", " ")


def _good(g: Namer, marker: str) -> str:
    return g.content.good(marker.partition("#")[0]).name


def _item(g: Namer, marker: str) -> str:
    """A goods or bonus marker in words (every marker drawn or placed is public, §2.11)."""
    if "#" in marker:
        return _good(g, marker)
    for demand in g.content.demands:
        if demand.id == marker:
            return f"a demand for {g.content.good(demand.good).name} (${demand.bonus})"
    fare = next(f for f in g.content.fares if f.id == marker)
    return f"a fare to {_place(g, fare.destination)} (${fare.fare})"


def trade_item_words(g: Namer, kind: str, what: str) -> str:
    """A thing one player offers another (§7.12) in words: "$50", "the relic Spy Eye"…"""
    if kind == "money":
        return f"${what}"
    if kind == "goods":
        return g.content.good(what).name
    if kind == "fare":
        return _item(g, what)
    if kind == "relic":
        return f"the relic {relic_name(what)}"
    if kind == "equipment":
        return f"a {_words(what)}"
    if kind == "iou":
        return f"the IOU of {_culture(g, what)}"
    return "nothing"


def _trade(g: Namer, c: tuple[str, ...]) -> str:
    """A proposal's two things: what the proposer gives, then what it asks."""
    return f"{trade_item_words(g, c[1], c[2])} for {trade_item_words(g, c[3], c[4])}"


def _colours(c: tuple[str, ...]) -> str:
    return " and ".join(c) if c else "nothing"


_T = tuple[str, ...]
_N = tuple[int, ...]

RENDERERS: dict[str, Render] = {
    "order": lambda g, s, c, n: f"{_who(g, s)} rolls highest ({n[0]}) and starts.",
    "species": lambda g, s, c, n: f"{_who(g, s)} plays the species {_culture(g, c[0])}.",
    "turn": lambda g, s, c, n: f"Round {n[0]}: {_who(g, s)}'s turn at {_at(g, c[0])}.",
    "stay": lambda g, s, c, n: (
        f"{_who(g, s)} stays at {_at(g, c[0])}"
        + (f" and pays the ${n[0]} penalty." if n and n[0] else ".")
    ),
    "drives": lambda g, s, c, n: f"{_who(g, s)}'s drives will skip {_colours(c)} spaces.",
    "gate_lock": lambda g, s, c, n: f"{_who(g, s)} closes every telegate with Gate Lock.",
    "auto_pilot": lambda g, s, c, n: f"{_who(g, s)} uses the Auto Pilot.",
    "jump_start": lambda g, s, c, n: (
        f"{_who(g, s)} names telegate {n[0]} at {_at(g, c[0])} for Jump Start."
    ),
    "declare": lambda g, s, c, n: f"{_who(g, s)} names {_at(g, c[0])} as the first space.",
    "roll": lambda g, s, c, n: (
        f"{_who(g, s)} rolls {', '.join(map(str, n[:-1]))}: {n[-1]} MP"
        + (" (the Auto Pilot's 4 included)." if c else ".")
    ),
    "reroll": lambda g, s, c, n: (
        f"{_who(g, s)} re-rolls a {n[0]} with Mulligan Gear: {n[1]}, now {n[2]} MP."
    ),
    "jump_failed": lambda g, s, c, n: f"{_who(g, s)}'s Jump Start fails: no die shows {n[0]}.",
    "pilot": lambda g, s, c, n: f"{_who(g, s)}'s pilot number is {n[0]}.",
    "jump": lambda g, s, c, n: (
        f"{_who(g, s)} jumps from {_at(g, c[0])} to telegate {n[0]} at {_at(g, c[1])}."
    ),
    "reveal": lambda g, s, c, n: (
        f"{_who(g, s)} reveals {marker_words(g, c[1])} at {g.board.place(c[0])}."  # the ?-box
    ),
    "refund": lambda g, s, c, n: (
        f"{_who(g, s)}'s drive skips the revealed penalty at {_at(g, c[0])}: {n[0]} MP back."
    ),
    "pay_penalty": lambda g, s, c, n: (
        f"{_who(g, s)} pays the ${n[0]} penalty at {_at(g, c[0])} and flies on."
    ),
    "stop_penalty": lambda g, s, c, n: (
        f"{_who(g, s)} stops at the penalty at {_at(g, c[0])} instead of paying."
    ),
    "stop_back": lambda g, s, c, n: (
        f"{_who(g, s)} stops at {_at(g, c[0])}: pilot {n[0]} leads back."
    ),
    "observe": lambda g, s, c, n: (
        f"{_who(g, s)} secretly observes the culture of {_system(g, c[0])}."
    ),
    "spy": lambda g, s, c, n: (
        f"{_who(g, s)} secretly looks at the ?-marker at {_at(g, c[0])} with Spy Eye."
    ),
    "move": lambda g, s, c, n: (
        f"{_who(g, s)} moves from {_at(g, c[0])} to {_at(g, c[1])}"
        f" ({n[0]} step{'s' if n[0] != 1 else ''}, {n[1]} MP left)."
    ),
    "land": lambda g, s, c, n: f"{_who(g, s)} lands at {_at(g, c[0])}.",
    "discover": lambda g, s, c, n: (
        f"{_who(g, s)} discovers {_culture(g, c[1])} in {_system(g, c[0])} "
        f"and takes its IOU (${n[0]})."
    ),
    "take_relic": lambda g, s, c, n: (
        f"{_who(g, s)} takes the relic {relic_name(c[1])} at {_at(g, c[0])}."
    ),
    "buy": lambda g, s, c, n: (
        f"{_who(g, s)} buys {_good(g, c[0])} from {_place(g, c[1])} for ${n[0]}."
    ),
    "sell": lambda g, s, c, n: (
        f"{_who(g, s)} sells {_good(g, c[0])} to {_place(g, c[1])} for ${n[0]}"
        + (f" and a ${n[1]} demand bonus." if n[1] else ".")
    ),
    "draw": lambda g, s, c, n: (
        f"{_item(g, c[0])} goes into the cup; {_item(g, c[1])} is drawn for {_place(g, c[2])}."
    ),
    "commission": lambda g, s, c, n: f"The bank pays {_who(g, s)} a {n[1]}% commission: ${n[0]}.",
    "pick_up": lambda g, s, c, n: f"{_who(g, s)} picks up {_item(g, c[0])} at {_place(g, c[1])}.",
    "deliver": lambda g, s, c, n: f"{_who(g, s)} delivers {_item(g, c[0])} for ${n[0]}.",
    "buy_equipment": lambda g, s, c, n: f"{_who(g, s)} buys a {_words(c[0])} for ${n[0]}.",
    "trade_in": lambda g, s, c, n: (
        f"{_who(g, s)} trades in the {c[0]} {_words(c[1])} for ${n[0]} credit."
    ),
    "buy_relic": lambda g, s, c, n: (
        f"{_who(g, s)} buys back the relic {relic_name(c[0])} for ${n[0]}."
    ),
    "buy_ship": lambda g, s, c, n: (
        f"{_who(g, s)} trades in the {_words(c[0])} (${n[1]} credit) "
        f"and buys a {_words(c[1])} for ${n[0]}."
    ),
    "redeem": lambda g, s, c, n: (
        f"{_who(g, s)} redeems the IOU of {_culture(g, c[0])} for ${n[0]} credit."
    ),
    "buy_deed": lambda g, s, c, n: (
        f"{_who(g, s)} buys the deed {_words(c[0])} from {_place(g, c[1])} for ${n[0]}."
    ),
    "put_down": lambda g, s, c, n: (
        f"{_who(g, s)} puts down the relic {relic_name(c[1])} at {_at(g, c[0])}."
    ),
    "jettison": lambda g, s, c, n: (
        f"{_who(g, s)} jettisons "
        + (_item(g, c[1]) if c[0] == "cargo" else f"a {_words(c[1])}")
        + "."
    ),
    "trade_offer": lambda g, s, c, n: f"{_who(g, s)} offers {_who(g, int(c[0]))} {_trade(g, c)}.",
    "trade_accept": lambda g, s, c, n: (
        f"{_who(g, s)} accepts {_who(g, int(c[0]))}'s proposal: {_trade(g, c)}."
    ),
    "trade_decline": lambda g, s, c, n: (
        f"{_who(g, s)} declines {_who(g, int(c[0]))}'s proposal: {_trade(g, c)}."
    ),
    "bank_empty": lambda g, s, c, n: (
        f"The bank cannot pay ${n[0]} (it holds ${n[1]}): the game ends, the richest wins."
    ),
    "round_limit": lambda g, s, c, n: f"Round {n[0]} was the last: the richest wins.",
    "win": lambda g, s, c, n: f"{_who(g, s)} wins with a net worth of ${n[0]}.",
}
