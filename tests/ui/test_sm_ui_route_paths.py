"""The route preview keeps its word: every place it offers is reached by playing exactly the
route it shows, one engine decision after another, on the real game (not the view the preview
searched), with the MP and the money it says; a route passes no face-down ?-box the mover has
not seen, except into the box at its end, where the preview promises nothing beyond.

Positions: games of a greedy merchant against random ones, stopped at their movement moments
(every step decision of a move, and the Mulligan Gear's choice). In some games a random
merchant starts with the drives and the movement relics (Air Foil, Spy Eye, Switch Switch,
Gate Lock, Jump Start, Auto Pilot, Mulligan Gear), handed over for the test, so that skipped
spaces, refunds, free pilot numbers, jumps and re-rolls come up."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from nfgalaxy.bots.greedy import GreedyBot
from nfgalaxy.bots.random_bot import RandomBot
from nfgalaxy.games.space_merchant.content import Relic
from nfgalaxy.games.space_merchant.pack import generate_pack
from nfgalaxy.games.space_merchant.rules.common import PAY, Step
from nfgalaxy.games.space_merchant.rules.game import MerchantGame
from nfgalaxy.games.space_merchant.ui.routes import Destination, Ending, route_preview

#: (seed, players, whether a random merchant starts equipped): boards and deals differ by seed.
GAMES = [(seed, 2 + seed % 2, seed % 3 == 0) for seed in range(1, 13)]
#: Each game stops this many rounds in: long enough for relics, spaceports and bigger ships.
ROUNDS = 30
MOVING = (Step.MOVE, Step.MULLIGAN)
EQUIPMENT = ["combined_drive", "shield"]
RELICS = [
    Relic.AIR_FOIL,
    Relic.SPY_EYE,
    Relic.SWITCH_SWITCH,
    Relic.GATE_LOCK,
    Relic.JUMP_START,
    Relic.AUTO_PILOT,
    Relic.MULLIGAN_GEAR,
]


def movement_moments(seed: int, players: int, equipped: bool) -> Iterator[MerchantGame]:
    """The game at each of its movement moments (the live game: callers only copy it)."""
    g = MerchantGame.new(generate_pack(seed), seed, {"players": players})
    bots = [GreedyBot(seed)] + [RandomBot(seed * 7 + seat) for seat in range(1, players)]
    while g.step_name() == Step.SPECIES:
        g.apply(bots[g.to_move()].choose(g))
    if equipped:
        rich = g.players[1]
        rich.equipment += EQUIPMENT
        rich.relics += [r.value for r in RELICS]
        g.bank -= 500
        rich.cash += 500
        g._legal = None
    while not g.is_over() and g.round <= ROUNDS:
        if g.step_name() in MOVING:
            yield g
        g.apply(bots[g.to_move()].choose(g))


def fly(g: MerchantGame, seat: int, d: Destination) -> list[str]:
    """Play ``d``'s route on a copy of the real game; what broke the preview's word."""
    game = g.copy(fork=False)  # not quiet: as the app plays it
    turn, p = game.turn, game.players[seat]
    assert turn is not None
    start, cash = len(turn.path), p.cash
    unseen = {box for box in game.qbox if box not in p.known_markers}
    route = d.route
    for index, decision in enumerate(route.decisions):
        if game.to_move() != seat or game.step_name() not in MOVING:
            return [f"the move was over before decision {index} of {len(route.decisions)}"]
        if decision not in game.legal_decisions():
            return [f"{decision} is not offered at {p.space}"]
        game.apply(decision)
        opened = unseen & set(game.revealed)
        if opened and index < len(route.decisions) - 1:
            return [f"the route opened the ?-box {sorted(opened)} before its end"]
    broken = []
    entered = tuple(turn.path[start:])
    moving = game.step_name() == Step.MOVE and game.to_move() == seat and game.turn is turn
    if d.ending is Ending.UNKNOWN:  # beyond the box its marker decides: nothing is promised
        if d.space not in game.revealed or route.mp is not None:
            broken.append("the route's last step did not open its ?-box")
        if route.spaces != entered[: len(route.spaces)] or route.spaces[-1] != d.space:
            broken.append(f"the ship entered {entered}, the preview drew {route.spaces}")
        if unseen & set(route.spaces[:-1]):
            broken.append("the route passed another face-down ?-box first")
        return broken
    if entered != route.spaces:
        broken.append(f"the ship entered {entered}, the preview drew {route.spaces}")
    if p.space != d.space or turn.mp != route.mp:
        broken.append(f"the ship is at {p.space} with {turn.mp} MP, not {d.space}, {route.mp}")
    if cash - p.cash != route.paid:
        broken.append(f"paid ${cash - p.cash}, not ${route.paid}")
    if moving or turn.landed != (d.ending is Ending.LAND):
        broken.append(f"the move did not {d.ending.words}")
    if d.ending is Ending.STOP and turn.mp == 0:
        broken.append("stopped with no MP left")
    return broken


def test_every_place_the_preview_offers_is_reached_by_the_route_it_shows() -> None:
    seen: Counter[str] = Counter()
    failures: list[str] = []
    for seed, players, equipped in GAMES:
        for g in movement_moments(seed, players, equipped):
            seat = g.to_move()
            preview = route_preview(g, seat)
            assert preview is not None
            seen["positions"] += 1
            seen["incomplete"] += not preview.complete
            seen[g.step_name()] += 1
            for d in preview.destinations:
                seen["places"] += 1
                seen[d.ending.value] += 1
                seen["paying"] += any(x.kind == PAY for x in d.route.decisions)
                seen["looking"] += bool(d.route.looks)
                seen["long"] += len(d.route.decisions) >= 3
                for problem in fly(g, seat, d):
                    failures.append(f"seed {seed}, {g.players[seat].space}, {d.space}: {problem}")
    assert not failures, f"{len(failures)} broken promises, e.g. {failures[:5]}"
    # The positions cover what a route may meet (counted over these games once).
    assert seen["positions"] >= 2000 and seen["places"] >= 15000, seen
    assert seen["incomplete"] == 0 and seen[Step.MULLIGAN] >= 30, seen
    assert min(seen[e.value] for e in Ending) >= 1000, seen
    assert min(seen["paying"], seen["looking"]) >= 1000 and seen["long"] >= 10000, seen
