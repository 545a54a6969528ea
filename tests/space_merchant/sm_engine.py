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
