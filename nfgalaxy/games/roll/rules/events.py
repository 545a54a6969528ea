"""The words of Roll for the Galaxy's events: one renderer per event kind.

The rules record typed events (``nfgalaxy.core.events.Event``): a kind, the seat, the ids of
the components involved and the amounts. The text is rendered here once, when the event is
recorded. An event carries only what every player may know: a tile put under a stack, a
returned or discarded tile, an assignment before Reveal is never named.
"""

from __future__ import annotations

from collections.abc import Callable

from nfgalaxy.games.roll.rules.common import (
    DIE_LETTERS,
    FACE_LABELS,
    PHASE_LABELS,
    PHASE_NUMERALS,
    Namer,
    die_name,
    place_name,
    pronoun_stack,
)

Render = Callable[[Namer, int | None, tuple[str, ...], tuple[int, ...]], str]


def _plural(n: int, word: str, many: str = "") -> str:
    return word if n == 1 else (many or word + "s")


def _empire(g: Namer, seat: int | None, c: tuple[str, ...], n: tuple[int, ...]) -> str:
    a, b, home = c
    return (
        f"{g.name(seat)}: {g.side_name(a)} / {g.side_name(b)}, "
        f"home world {g.side_name(home)}; ${n[0]}"
    )


def _reveal(g: Namer, _s: int | None, c: tuple[str, ...], n: tuple[int, ...]) -> str:
    parts = [f"{g.name(seat)} selects {PHASE_LABELS[ph]}" for seat, ph in zip(n, c, strict=True)]
    return "Reveal: " + "; ".join(parts) + "."


def _white_die(_g: Namer, _s: int | None, c: tuple[str, ...], n: tuple[int, ...]) -> str:
    played = "that phase is played too" if n[0] else "no extra phase"
    return f"The 2-player white die shows {FACE_LABELS[c[0]]}: {played}."


def _reveal_dice(g: Namer, seat: int | None, c: tuple[str, ...], _n: tuple[int, ...]) -> str:
    """``c`` is (column, colours…) pairs: "explore", "white green"; "dictate" for Dictate."""
    summary = []
    for column, colours in zip(c[::2], c[1::2], strict=True):
        letters = "".join(DIE_LETTERS[x] for x in colours.split())
        if column == "dictate":
            summary.append("Dictate " + letters)
        else:
            summary.append(f"{PHASE_NUMERALS[column]} {''.join(sorted(letters))}")
    return f"  {g.name(seat)}: " + (", ".join(summary) or "no dice")


def _phase_end(g: Namer, seat: int | None, c: tuple[str, ...], n: tuple[int, ...]) -> str:
    """``c`` is the phase then the paying sides; ``n`` is (amount, 1 if VP else 0) per side."""
    reasons = []
    for i, side_id in enumerate(c[1:]):
        amount, vp = n[2 * i], n[2 * i + 1]
        gain = f"+{amount} VP" if vp else f"+${amount}"
        reasons.append(f"{g.side_name(side_id)} {gain}")
    return f"{g.name(seat)}, end of {PHASE_LABELS[c[0]]}: " + ", ".join(reasons) + "."


def _scout(g: Namer, seat: int | None, _c: tuple[str, ...], n: tuple[int, ...]) -> str:
    discarded, drawn = n
    text = f"{g.name(seat)} scouts"
    if discarded:
        text += f", discarding {discarded} {_plural(discarded, 'tile')},"
    return text + f" and draws {drawn}."


def _bottom(g: Namer, seat: int | None, c: tuple[str, ...], _n: tuple[int, ...]) -> str:
    where = g.describe_side(c[1]) if len(c) > 1 else "a tile"
    return f"{g.name(seat)} puts {where} at the bottom of the {pronoun_stack(c[0])}."


def _extra_tiles(g: Namer, seat: int | None, c: tuple[str, ...], n: tuple[int, ...]) -> str:
    drawn, credits = n
    bonus = f" and +${credits}" if credits else ""
    return (
        f"{g.name(seat)} draws {drawn} extra {_plural(drawn, 'tile')}{bonus} ({g.side_name(c[0])})."
    )


def _stack_empty(g: Namer, seat: int | None, c: tuple[str, ...], n: tuple[int, ...]) -> str:
    back = n[0]
    return (
        f"{g.name(seat)}'s {pronoun_stack(c[0])} is empty: {back} "
        f"{'die goes' if back == 1 else 'dice go'} back to the cup."
    )


_WHERE = {"cup": "to the cup", "citizenry": "to the citizenry", "good": "as a good on it"}


def _immediate_dice(g: Namer, _s: int | None, c: tuple[str, ...], n: tuple[int, ...]) -> str:
    side_id, colour, to = c
    got, lost = n
    return (
        f"  {g.side_name(side_id)}: {got} {die_name(colour)} {_plural(got, 'die', 'dice')} "
        f"{_WHERE[to]}" + (f" ({lost} lost: the supply is out of them)" if lost else "") + "."
    )


def _consume(g: Namer, seat: int | None, c: tuple[str, ...], n: tuple[int, ...]) -> str:
    good, world_id = c
    vp, credits = n
    return (
        f"{g.name(seat)} consumes a {die_name(good)} good from {g.side_name(world_id)}: {vp} VP"
        + (f", +${credits}" if credits else "")
        + "."
    )


def _trade(g: Namer, seat: int | None, c: tuple[str, ...], n: tuple[int, ...]) -> str:
    good, world_id = c
    text = f"{g.name(seat)} trades a {die_name(good)} good from {g.side_name(world_id)}: +${n[0]}"
    if len(n) > 1:
        text += f", pays ${n[1]} for {n[2]} VP"
    return text + "."


RENDERERS: dict[str, Render] = {
    "empire": _empire,
    "start_tiles": lambda g, s, c, n: (
        f"{g.name(s)} starts building {g.side_name(c[0])} and {g.side_name(c[1])}."
    ),
    "round": lambda g, s, c, n: f"— Round {n[0]} —",
    "bag_refilled": lambda g, s, c, n: "The bag is empty: the discarded tiles go back into it.",
    "reveal": _reveal,
    "white_die": _white_die,
    "reveal_dice": _reveal_dice,
    "phase_end": _phase_end,
    "rearrange": lambda g, s, c, n: (
        f"{g.name(s)} rearranges the construction zone (Advanced Logistics)."
    ),
    "stock": lambda g, s, c, n: f"{g.name(s)} stocks with a {die_name(c[0])} explorer: +${n[0]}.",
    "scout": _scout,
    "bag_short": lambda g, s, c, n: (
        f"The bag is still {n[0]} short: every player with 3 or more tiles under "
        "construction returns one to the bag."
    ),
    "place_top": lambda g, s, c, n: (
        f"{g.name(s)} puts {g.describe_side(c[1])} on top of the {pronoun_stack(c[0])}."
    ),
    "place_bottom": _bottom,
    "return_tile": lambda g, s, c, n: f"{g.name(s)} returns a tile to the bag.",
    "cannot_draw": lambda g, s, c, n: (
        f"{g.name(s)} cannot draw {n[0]} more: there are no tiles left."
    ),
    "extra_tiles": _extra_tiles,
    "stack_empty": _stack_empty,
    "complete": lambda g, s, c, n: f"{g.name(s)} completes {g.describe_side(c[0])}.",
    "immediate_credits": lambda g, s, c, n: f"  {g.side_name(c[0])}: +${n[0]}.",
    "immediate_dice": _immediate_dice,
    "completion_income": lambda g, s, c, n: f"  {g.name(s)} earns ${n[0]} for completing it.",
    "remove_die": lambda g, s, c, n: (
        f"  {g.name(s)} removes a {die_name(c[1])} die from {place_name(g, c[0], 'their')}."
    ),
    "producers_back": lambda g, s, c, n: (
        f"{g.name(s)}: {n[0]} {_plural(n[0], 'producer')} found no room and go back to the cup."
    ),
    "produce": lambda g, s, c, n: (
        f"{g.name(s)} produces a {die_name(c[0])} good on {g.side_name(c[1])}."
    ),
    "shippers_back": lambda g, s, c, n: (
        f"{g.name(s)}: {n[0]} {_plural(n[0], 'shipper')} had nothing to ship and go back to "
        "the cup."
    ),
    "consume": _consume,
    "trade": _trade,
    "recruit": lambda g, s, c, n: (
        f"{g.name(s)} recruits: {n[0]} {_plural(n[0], 'die', 'dice')} in the cup, {n[1]} in the "
        f"citizenry, ${n[2]}."
    ),
    "recall": lambda g, s, c, n: (
        f"{g.name(s)} recalls a {die_name(c[1])} die from {place_name(g, c[0], 'their')}."
    ),
    "game_over": lambda g, s, c, n: "Game over: " + "; ".join(c) + ".",
    "winner": lambda g, s, c, n: "Winner: " + " and ".join(g.name(w) for w in n) + ".",
}
