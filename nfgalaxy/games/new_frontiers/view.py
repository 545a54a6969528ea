"""What one seat may know of a New Frontiers game: everything else re-dealt (determinisation).

Public in New Frontiers: every tableau, the explore display, the supplies, the action tiles and
the log. Hidden: the order of the world bag (its contents follow by elimination), the goal pile,
the goals another player holds face down, and the goals another player is choosing among. A view
re-deals the hidden goals among the places the seat cannot tell apart, keeps the goals the seat
itself put under the pile where it put them (goals leave the pile from the top and return under
it, so the seat follows them until someone draws them), and gets a random generator of its own,
so no copy can foresee the real game's draws.
The re-deal depends only on what the seat knows (the unseen goals are sorted before they are
shuffled), so two games the seat cannot tell apart give the same view for the same ``rng``.
"""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.rng import Rng

#: A ``NewFrontiers`` state (not imported: the game module imports this one).
NewFrontiers = Any

KEEP_GOAL = "keep_goal"
SELECT = "select"
GOALS_TILE = "goals"
DRAWN = 3  # goals drawn by Set Galactic Goals (§11.2)


def _pile_as_seen(state: NewFrontiers, seat: int) -> list[str | None]:
    """The goal pile as ``seat`` knows it, top first: a goal it put under the pile itself, or
    None where it cannot tell. Followed through the history: Set Galactic Goals draws from the
    top, keeping a goal puts the others under the pile. Everything is unknown when the history
    does not account for the pile (a position built by hand, a view of a view)."""
    pile: list[str | None] = [None] * len(state.tiles.goals)
    for entry in state.history:
        kind = entry.get("kind")
        if kind == SELECT and entry.get("args") == [GOALS_TILE]:
            del pile[:DRAWN]
        elif kind == KEEP_GOAL:
            under = list(entry.get("args", [])[1:])
            pile += under if entry.get("seat") == seat else [None] * len(under)
    if len(pile) != len(state.goal_pile):
        return [None] * len(state.goal_pile)
    return [g if g == real else None for g, real in zip(pile, state.goal_pile, strict=True)]


def seat_view(state: NewFrontiers, seat: int, rng: Rng, quiet: bool = False) -> NewFrontiers:
    """A full, playable copy holding only what ``seat`` may know (see the module docstring)."""
    view = state.copy(quiet=quiet)
    view.rng = Rng(rng.next64())
    view.history = []  # other players' choices of hidden goals are in it
    view.bag.sort()  # the draw order is the view's own generator's
    if state.options.get("goals"):
        _redeal_goals(state, view, seat, rng)
        view._legal = None  # the decisions offered may name a re-dealt goal
    return view


def _redeal_goals(state: NewFrontiers, view: NewFrontiers, seat: int, rng: Rng) -> None:
    seen = _pile_as_seen(state, seat)
    slots: list[tuple[str, int]] = [("pile", i) for i, goal in enumerate(seen) if goal is None]
    slots += [("hidden", i) for i, (holder, _g) in enumerate(view.goals_hidden) if holder != seat]
    choosing = view.queue and view.queue[0][0] == KEEP_GOAL and view.queue[0][1] != seat
    if choosing:
        slots += [("drawn", i) for i in range(len(view.turn.get("drawn", [])))]
    unseen = sorted(_goal_at(view, place, i) for place, i in slots)
    rng.shuffle(unseen)
    for (place, i), goal in zip(slots, unseen, strict=True):
        if place == "pile":
            view.goal_pile[i] = goal
        elif place == "hidden":
            view.goals_hidden[i][1] = goal
        else:
            view.turn["drawn"][i] = goal


def _goal_at(view: NewFrontiers, place: str, index: int) -> str:
    if place == "pile":
        return view.goal_pile[index]
    if place == "hidden":
        return view.goals_hidden[index][1]
    return view.turn["drawn"][index]
