"""What the bots' route planner reads of a board again and again, worked out once per board:
the way in movement points from every space to a target (``distances``) and, by system, the
spaces that are or may become trading sites (``trading_spaces``). The planner
(``heuristics``) asks both at every end of every move it weighs, in every world a search plays.
"""

from __future__ import annotations

import heapq

from nfgalaxy.games.space_merchant.board import Board, SpaceKind
from nfgalaxy.games.space_merchant.rules.base import MerchantBase


class _BoardFacts:
    """One board's facts (the module docstring), filled as they are first asked for."""

    __slots__ = ("board", "distances", "sites")

    def __init__(self, board: Board) -> None:
        self.board = board
        self.distances: dict[str, dict[str, int]] = {}
        #: System -> (space, whether printed as a trading site) for its spaces that are one
        #: now or may be later: a city or Galactic Base, an orbit space a spaceport may be
        #: built on (§10), a ?-box whose marker may be an open spaceport.
        self.sites: dict[str, tuple[tuple[str, bool], ...]] = {
            system.id: tuple(
                (space.id, space.kind.is_printed_trading_site)
                for space in board.spaces_of(system.id)
                if space.kind.is_printed_trading_site
                or space.orbit_site
                or space.kind is SpaceKind.QBOX
            )
            for system in board.systems
        }


#: ``_BoardFacts`` per board. Each generated board is a new object, so a process that plays
#: many games (a tournament, the SSH server) starts afresh past this many boards.
_BOARDS: dict[int, _BoardFacts] = {}
_BOARDS_KEPT = 16


def _facts(board: Board) -> _BoardFacts:
    facts = _BOARDS.get(id(board))
    if facts is None or facts.board is not board:
        if len(_BOARDS) >= _BOARDS_KEPT:
            _BOARDS.clear()
        facts = _BOARDS[id(board)] = _BoardFacts(board)
    return facts


def distances(board: Board, target: str) -> dict[str, int]:
    """MP from every space to ``target`` along ordinary links, cached per board: an estimate
    (drives and telegates left out). Leaving a navigation circle by an exit few pilot numbers
    select costs the turns likely lost waiting for a die showing one (``exit_extra``)."""
    tables = _facts(board).distances
    table = tables.get(target)
    if table is None:
        table = {target: 0}
        heap = [(0, target)]
        while heap:
            d, here = heapq.heappop(heap)
            if d > table.get(here, d):
                continue
            for other in board.neighbours(here):  # the step other -> here
                nd = d + board.step_cost(other, here) + exit_extra(board, other, here)
                if nd < table.get(other, nd + 1):
                    table[other] = nd
                    heapq.heappush(heap, (nd, other))
        tables[target] = table
    return table


def exit_extra(board: Board, circle: str, exit_to: str) -> int:
    """MP likely lost leaving a navigation circle toward ``exit_to``: a turn (about 10 MP) for
    every roll of three dice that shows none of the exit's pilot numbers."""
    link = board.link(circle, exit_to)
    numbers = len(link.pilot_numbers_from(circle)) if link is not None else 0
    if not numbers or numbers >= 6:
        return 0
    chance = 1 - ((6 - numbers) / 6) ** 3
    return round(10 * (1 / chance - 1))


def trading_spaces(g: MerchantBase, system: str) -> list[str]:
    """The trading sites of ``system`` now (``MerchantBase.is_trading_site``), in board order.
    The planner asks this of every system at every decision it makes, so the board's part
    (which spaces may be sites at all) is worked out once (``_BoardFacts``)."""
    return [
        space
        for space, printed in _facts(g.board).sites.get(system, ())
        if printed or g.is_spaceport(space)
    ]
