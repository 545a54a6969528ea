"""Play in a plain terminal: numbered choices, bots for the other seats.

A line-based front end on the same decision interface the bots use. It works anywhere a Python
prompt works (pipes included), so a game can be played and scripted without the full-screen
app. Each game's descriptor supplies a ``TextAdapter``: how the table and an empire read to one
player, so a human is only ever shown what their seat may see. With two or more humans at one
terminal, the game asks the next one to take over (and clears the screen on a terminal) before
showing their choices.
"""

from __future__ import annotations

import contextlib
import sys
from typing import Any

from nfgalaxy.bots import make_bot
from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.core.descriptor import TextAdapter
from nfgalaxy.core.registry import descriptor
from nfgalaxy.core.rng import random_seed

HELP = "Type the number of a choice; 't' shows all empires, 'l' the recent log, 'q' quits."
CLEAR = "\x1b[2J\x1b[H"


def play(
    game: str,
    players: int,
    humans: int,
    bots: list[str] | None,
    seed: int | None,
    options: dict[str, Any],
) -> int:
    """Play one game at this terminal; returns the process exit code."""
    found = descriptor(game)
    view = found.text()
    humans = max(0, min(humans, players))
    bots = bots or ["greedy"] * (players - humans)
    if len(bots) == 1:
        bots = bots * (players - humans)
    if humans + len(bots) != players:
        humans_words = f"{humans} human" if humans == 1 else f"{humans} humans"
        bots_words = f"{len(bots)} bot" if len(bots) == 1 else f"{len(bots)} bots"
        print(f"{players} seats: {humans_words} and {bots_words} do not add up.")
        return 2
    seed = seed if seed is not None else random_seed()
    names = [f"Human {i + 1}" for i in range(humans)]
    names += [f"{kind.title()} bot {i + 1}" for i, kind in enumerate(bots)]
    state = found.new_game(players, seed, {**options, "names": names})
    seats = {humans + i: make_bot(kind, seed + i) for i, kind in enumerate(bots)}
    print(f"{found.title}, seed {seed}. {HELP}")
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
        decision = _ask(state, seat, view, players)
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


def _ask(state: Any, seat: int, view: TextAdapter, players: int) -> Decision | None:
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
            for other in range(players):
                print(view.empire(state, other, seat))
            continue
        if answer == "l":
            print("\n".join(state.log[-20:]))
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(options):
            return options[int(answer) - 1]
        print(HELP, file=sys.stdout)
