"""Play in a plain terminal: numbered choices, bots for the other seats.

A line-based front end on the same decision interface the bots use. It works anywhere a Python
prompt works (pipes included), so a game can be played and scripted without the full-screen
app. Each game supplies a ``TextView``: its options and how the table and an empire read to
one player, so a human is only ever shown what their seat may see. With two or more humans at
one terminal, the game asks the next one to take over (and clears the screen on a terminal)
before showing their choices.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from nfgalaxy.bots import make_bot
from nfgalaxy.core.decision import IllegalDecision
from nfgalaxy.core.protocol import new_game
from nfgalaxy.games.new_frontiers.components import GoodsType
from nfgalaxy.games.new_frontiers.rules import NewFrontiers
from nfgalaxy.games.new_frontiers.state import ActionTile

HELP = "Type the number of a choice; 't' shows all empires, 'l' the recent log, 'q' quits."
CLEAR = "\x1b[2J\x1b[H"


@dataclass(frozen=True)
class TextView:
    """How one game is played line by line."""

    title: str
    options: Callable[[argparse.Namespace], dict[str, Any]]  # new_game options from the CLI
    table: Callable[[Any, int], str]  # the shared table, as a seat sees it
    empire: Callable[[Any, int, int], str]  # (state, seat, viewer): an empire as viewer sees it


def describe_player(state: NewFrontiers, seat: int) -> str:
    tiles = state.tiles
    p = state.players[seat]
    colonies = []
    for c in p.colonies:
        world = tiles.world(c)
        good = f"[{'NRGA'[p.goods[c]]}]" if c in p.goods else ""
        mark = {GoodsType.WINDFALL: "w", GoodsType.PRODUCTION: "p", GoodsType.GRAY: ""}[world.goods]
        colonies.append(f"{world.name}({mark}){good}")
    explored = [tiles.world(w).name for w in p.explored]
    devs = [tiles.developments[d].name for d in p.developments]
    return (
        f"{p.name}: ${p.credits}, {p.vp} VP chips, {p.colonists} colonists, "
        f"slots {p.slots_used(tiles)}\n"
        f"   colonies: {', '.join(colonies)}\n"
        f"   explored: {', '.join(explored) or '-'}\n"
        f"   developments: {', '.join(devs) or '-'}"
    )


def table_line(state: NewFrontiers) -> str:
    taken = ", ".join(f"{ActionTile(t).label} ({state.name(p)})" for t, p in state.chosen.items())
    return (
        f"Round {state.round} | bag {len(state.bag)} | VP supply {state.vp_general} | "
        f"colonists {state.colonist_supply} | $ on Produce {state.produce_credits} | "
        f"taken: {taken or '-'}"
    )


def _nf_options(args: argparse.Namespace) -> dict[str, Any]:
    return {"goals": args.goals, "first_game": not args.random_sides, "tiles": args.tiles}


def _roll_view() -> TextView:
    from nfgalaxy.roll_textplay import describe_empire, describe_table

    return TextView(
        "Roll for the Galaxy", lambda args: {"tiles": args.tiles}, describe_table, describe_empire
    )


VIEWS: dict[str, Callable[[], TextView]] = {
    "new-frontiers": lambda: TextView(
        "New Frontiers",
        _nf_options,
        lambda state, _viewer: table_line(state),
        lambda state, seat, _viewer: describe_player(state, seat),
    ),
    "roll-for-the-galaxy": _roll_view,
}


def play(args: argparse.Namespace) -> int:
    from nfgalaxy.cli import random_seed

    game = getattr(args, "game", "new-frontiers")
    view = VIEWS[game]()
    humans = max(0, min(args.humans, args.players))
    bots = args.bots or ["greedy"] * (args.players - humans)
    if len(bots) == 1:
        bots = bots * (args.players - humans)
    if humans + len(bots) != args.players:
        print(f"{args.players} seats: {humans} human(s) + {len(bots)} bot(s) do not add up.")
        return 2
    seed = args.seed if args.seed is not None else random_seed()
    names = [f"Human {i + 1}" for i in range(humans)]
    names += [f"{kind.title()} bot {i + 1}" for i, kind in enumerate(bots)]
    state = new_game(
        game, players=args.players, seed=seed, options={**view.options(args), "names": names}
    )
    seats = {humans + i: make_bot(kind, seed + i) for i, kind in enumerate(bots)}
    print(f"{view.title}, seed {seed}. {HELP}")
    shown = 0
    last_human: int | None = None
    while not state.is_over():
        for line in state.log[shown:]:
            print("  " + line)
        shown = len(state.log)
        seat = state.to_move()
        assert seat is not None
        if seat in seats:
            state.apply(seats[seat].choose(state))
            continue
        if humans > 1 and seat != last_human:
            _hand_over(state.name(seat))
        last_human = seat
        decision = _ask(state, seat, view)
        if decision is None:
            print(f"Game abandoned. Seed {seed}.")
            return 0
        try:
            state.apply(decision)
        except IllegalDecision as exc:
            print(f"Refused: {exc}")
    for line in state.log[shown:]:
        print("  " + line)
    return 0


def _hand_over(name: str) -> None:
    """Between two humans at one terminal: the next one takes over before anything is shown."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        print(CLEAR, end="")
        with contextlib.suppress(EOFError):
            input(f"Pass the keyboard to {name} and press Enter.")
        print(CLEAR, end="")
    else:
        print(f"--- {name} takes over ---")


def _ask(state: Any, seat: int, view: TextView):
    options = state.legal_decisions()
    print()
    print(view.table(state, seat))
    print(view.empire(state, seat, seat))
    for index, decision in enumerate(options, 1):
        print(f"  {index:2}. {decision.label}")
    while True:
        try:
            answer = input(f"{state.name(seat)}> ").strip().lower()
        except EOFError:
            return None
        if answer == "q":
            return None
        if answer == "t":
            for other in range(len(state.players)):
                print(view.empire(state, other, seat))
            continue
        if answer == "l":
            print("\n".join(state.log[-20:]))
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(options):
            return options[int(answer) - 1]
        print(HELP, file=sys.stdout)
