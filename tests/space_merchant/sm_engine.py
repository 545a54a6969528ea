"""Helpers for the engine's rule tests: a one-player game on a fixture board, the ship put on a
chosen space with chosen equipment and relics, and dice that roll as the test says."""

from __future__ import annotations

from functools import cache
from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.rng import Rng
from nfgalaxy.games.space_merchant.board import Board
from nfgalaxy.games.space_merchant.content import Content
from nfgalaxy.games.space_merchant.pack import Pack, generate_pack
from nfgalaxy.games.space_merchant.rules.common import Step
from nfgalaxy.games.space_merchant.rules.game import MerchantGame
from nfgalaxy.games.space_merchant.state import Turn


class ScriptedDice(Rng):
    """Rolls the dice given, in order, then falls back to a seeded stream."""

    def __init__(self, dice: tuple[int, ...]) -> None:
        super().__init__(99)
        self.dice = list(dice)

    def below(self, n: int) -> int:
        if self.dice and n == 6:
            return self.dice.pop(0) - 1
        return super().below(n)


@cache
def content() -> Content:
    """Generated content: cultures beyond a fixture board's systems are set aside at setup."""
    return generate_pack(1).content


def game_on(
    board: Board,
    start: str,
    dice: tuple[int, ...] = (),
    *,
    relics: tuple[str, ...] = (),
    equipment: tuple[str, ...] = (),
    cash: int | None = None,
    options: dict[str, Any] | None = None,
) -> MerchantGame:
    """A one-player game on ``board`` whose turn starts with the ship on ``start``."""
    g = MerchantGame.new(Pack(board, content()), 5, {"players": 1, **(options or {})})
    g.apply(g.legal_decisions()[0])  # the species
    p = g.players[0]
    p.space = start
    p.relics += relics
    p.equipment += equipment
    if cash is not None:
        g.bank += p.cash - cash
        p.cash = cash
    g.rng = ScriptedDice(dice)
    g.turn = None
    g.round = 0
    g.queue = [[Step.TURN_START, 0, None]]
    g._advance()
    return g


def do(g: MerchantGame, kind: str, *args: Any) -> None:
    """Apply a decision given by kind and arguments, as a player or a save would."""
    g.apply(Decision(kind, tuple(args)))


def offered(g: MerchantGame) -> set[tuple[Any, ...]]:
    """The decisions offered now, as ``(kind, *args)``."""
    return {(d.kind, *d.args) for d in g.legal_decisions()}


def where(g: MerchantGame) -> str:
    return g.players[0].space


@cache
def market_pack() -> Pack:
    """A generated pack: its content's deeds name its board's orbit sites."""
    return generate_pack(1)


def market_game(
    culture: str,
    *,
    at: str = "city",
    stayed: bool = False,
    players: int = 1,
    cash: int | None = None,
    options: dict[str, Any] | None = None,
) -> MerchantGame:
    """A game at the landing-site step, seat 0's ship at a trading site of the system where
    ``culture`` lives, that culture discovered. ``at``: ``"city"``, ``"port"`` (an orbit space
    with a spaceport owned by the last seat), or ``"base"`` (Galactic Base). The turn landed
    there, or ``stayed``."""
    g = MerchantGame.new(market_pack(), 5, {"players": players, **(options or {})})
    while g.step_name() == "species":
        g.apply(g.legal_decisions()[0])
    system = (
        next(s for s, c in sorted(g.culture_at.items()) if c == culture)
        if culture in (g.culture_at.values())
        else _settle(g, culture)
    )
    if system not in g.discovered:
        g.discovered.append(system)
    p = g.players[0]
    spaces = g.board.spaces_of(system)
    if at == "city":
        p.space = next(s.id for s in spaces if s.kind.value in ("space_city", "surface_city"))
    elif at == "port":
        orbit = next(s for s in spaces if s.orbit_site)
        g.spaceports[orbit.id] = players - 1
        g.players[players - 1].deeds.append(f"port:{orbit.orbit_site}")
        p.space = orbit.id
    else:
        p.space = g.board.galactic_base
    if cash is not None:
        g.bank += p.cash - cash
        p.cash = cash
    g.turn = Turn(0, p.space, moving=not stayed, landed=not stayed, stayed=stayed)
    g.queue = [[Step.LANDED, 0, None], [Step.TURN_END, 0, None]]
    g._legal = None  # asked even with one choice: tests arrange the position first
    return g


def _settle(g: MerchantGame, culture: str) -> str:
    """Put a set-aside culture into the first habitable system (its culture set aside)."""
    system = sorted(g.culture_at)[0]
    g.set_aside_cultures.remove(culture)
    g.set_aside_cultures = sorted([*g.set_aside_cultures, g.culture_at[system]])
    g.culture_at[system] = culture
    return system


def take_marker(g: MerchantGame, marker: str) -> None:
    """Lift a goods or bonus marker from wherever it lies; from the cup, a goods marker lying
    with a culture goes in instead, so the cup keeps its 48."""
    if marker in g.cup:
        g.cup.remove(marker)
        spare = next(m for ms in g.market.values() for m in ms if "#" in m and m != marker)
        take_marker(g, spare)
        g.cup = sorted([*g.cup, spare])
        return
    for ms in [*g.market.values(), *(q.cargo for q in g.players)]:
        if marker in ms:
            ms.remove(marker)
            return


def give(g: MerchantGame, seat: int, *markers: str) -> None:
    """Put goods or fare markers into ``seat``'s hold (bought on an earlier turn)."""
    for marker in markers:
        take_marker(g, marker)
        g.players[seat].cargo.append(marker)
    g._legal = None


def lay(g: MerchantGame, culture: str, *markers: str) -> None:
    """Lay markers with a culture (drawn there earlier)."""
    for marker in markers:
        take_marker(g, marker)
        g.market.setdefault(culture, []).append(marker)
    g._legal = None
