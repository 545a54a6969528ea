"""Setting up a game (rules §3): supplies, development stacks, player order, credits, mats."""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.rng import Rng
from nfgalaxy.games.new_frontiers.components import GOODS_IN_BOX, Kind
from nfgalaxy.games.new_frontiers.rules.common import Step
from nfgalaxy.games.new_frontiers.state import PER_PLAYER, STACK_COPIES, Player
from nfgalaxy.games.new_frontiers.tileset import REVISION

#: A ``NewFrontiers`` state (not imported: the game module imports this one).
NewFrontiers = Any


def set_up(state: NewFrontiers, players: int, seed: int, options: dict[str, Any]) -> None:
    """Set up ``state`` (a new, empty game) for 2–5 players (rules §3)."""
    if players not in STACK_COPIES:
        raise ValueError("New Frontiers is for 2 to 5 players")
    names = list(options.get("names") or [])
    names += [f"Player {i + 1}" for i in range(len(names), players)]
    state.options = {
        "players": players,
        "seed": seed,
        "goals": bool(options.get("goals", False)),
        "first_game": bool(options.get("first_game", True)),
        "names": names[:players],
        "tiles": options.get("tiles"),
        "revision": int(options.get("revision", REVISION)),
    }
    state.rng = Rng(seed)
    rng = state.rng
    tiles = state.tiles
    state.players = [Player(seat=i, name=names[i]) for i in range(players)]
    state.colonist_supply = PER_PLAYER * players
    state.vp_general = PER_PLAYER * players
    state.goods_supply = [GOODS_IN_BOX[k] for k in Kind]
    state.bag = list(tiles.worlds)
    _set_up_developments(state)
    # Player order at random; space 1 stays empty (§3.2 step 7).
    seats = list(range(players))
    rng.shuffle(seats)
    if players == 2:
        state.order = [[seats[0], 0], [seats[1], 0], [seats[0], 1], [seats[1], 1]]
    else:
        state.order = [[s, 0] for s in seats]
    # Credits: $3, +1 for the last, and for the second-to-last with 4–5 players (§3.2 step 8).
    for position, seat in enumerate(seats):
        extra = 1 if position == players - 1 else 0
        if players >= 4 and position == players - 2:
            extra = 1
        state.players[seat].credits = 3 + extra
    # Empire mats at random (§3.2 step 9).
    mats = list(tiles.mats())
    rng.shuffle(mats)
    state.action = {"mats": {str(seat): mats[i] for i, seat in enumerate(seats)}}
    if state.options["goals"]:
        state.goal_pile = list(tiles.goals)
        rng.shuffle(state.goal_pile)
    flags = (int(state.options["goals"]), int(state.options["first_game"]))
    state.record("new_game", None, (), (*flags, *seats))
    for seat in seats:
        state.queue.append([Step.HOME, seat, 0])
    state.queue.append([Step.START_ROUND, -1, 0])


def _set_up_developments(state: NewFrontiers) -> None:
    copies = STACK_COPIES[state.options["players"]]
    first_game = state.options["first_game"]
    for faces in state.tiles.stacks().values():
        group = faces[0].group
        face = next(f for f in faces if f.first_game)
        # Later games: a coin for each large tile and each variable stack (§3.2 step 1).
        if not first_game and group != "fixed" and len(faces) == 2 and state.rng.coin():
            face = next(f for f in faces if f is not face)
        state.supply[face.id] = 1 if group == "large" else copies
