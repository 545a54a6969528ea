"""Ratings: a skill per player (and per bot level) per game, moved by rated tables' results.

The rating system is openskill's Plackett-Luce model (the Weng-Lin Bayesian approximation, MIT
licence): it rates any number of players in one game, from their order at the end, ties
included, which is what a game of 2 to 6 players finishing 1st, 2nd, 2nd, 4th needs (Elo rates
pairs; TrueSkill, the other such system, is Microsoft's patent). A skill is a mean ``mu`` and an
uncertainty ``sigma``; the ladder orders by the ``ordinal``, ``mu - 3 sigma``, a skill the
player is very likely above, so a newcomer's few lucky games do not put them at the top.

The places come from the engine's result (``nfgalaxy.records.record.placings``); the store
applies the update once per table, in the transaction that finishes it (``rating_store``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from nfgalaxy.tables.model import SeatKind, Table

#: The model's own defaults: mu 25, sigma 25/3 (so a newcomer's ordinal is 0).
MODEL = PlackettLuce()
#: A bot is rated by its level: every ``hard`` bot on the server is one rater.
BOT_RATER = "bot:"


@dataclass(frozen=True)
class Skill:
    """A rating: ``mu`` the skill estimated, ``sigma`` how unsure that estimate is."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The skill the ladder shows and orders by: ``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma

    @staticmethod
    def new() -> Skill:
        """A rater's skill before their first rated game."""
        fresh = MODEL.rating()
        return Skill(fresh.mu, fresh.sigma)


def updated(skills: Sequence[Skill], placings: Sequence[int]) -> list[Skill]:
    """The skills after a game in which each rater finished at ``placings`` (1 the first;
    equal places, a tie)."""
    if len(skills) != len(placings) or len(skills) < 2:
        raise ValueError("a rated game has two raters or more, each with a place")
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    rated = MODEL.rate(teams, ranks=[float(p) for p in placings])
    return [Skill(team[0].mu, team[0].sigma) for team in rated]


def raters(table: Table) -> list[str]:
    """Who each seat's result rates: its player (fingerprint), or its bot's level."""
    return [
        f"{BOT_RATER}{seat.level}" if seat.kind is SeatKind.BOT else str(who)
        for seat, who in zip(table.spec.seats, table.occupants, strict=True)
    ]


def is_bot(rater: str) -> bool:
    return rater.startswith(BOT_RATER)


@dataclass(frozen=True)
class Rating:
    """One rater's rating at a game: ``name`` their display name (a bot's level as
    ``Bot (hard)``), ``games`` the rated games it comes from."""

    game: str
    rater: str
    name: str
    skill: Skill
    games: int

    @property
    def ordinal(self) -> float:
        return self.skill.ordinal

    @property
    def is_bot(self) -> bool:
        return is_bot(self.rater)


@dataclass(frozen=True)
class RatingChange:
    """What one rated game did to one seat's rating."""

    table_id: int
    seat: int
    rater: str
    placing: int
    before: Skill
    after: Skill
    at: float
