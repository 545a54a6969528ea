"""Statistics of players and bots, per game, from their game records.

For each player (by name) or bot (by kind, which is its level) and game: games played and won,
the score and place of each game (oldest first, for a chart) and their means, the game's
length in rounds, and the phases or action cards they chose most. The records hold every
decision with the seat that made it, and a game names what a decision chooses
(``GameDescriptor.phase_chosen``), so the favourites are counted from the log itself; a game
that names none has no favourites. Nothing here names a game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.registry import UnknownGame, descriptor
from nfgalaxy.records.record import GameRecord, RecordedPlayer


@dataclass(frozen=True)
class Statistics:
    """One player's (or bot kind's) games of one game."""

    game: str
    #: The player's name, or the bot's kind.
    name: str
    is_bot: bool
    #: Per game, oldest first.
    scores: tuple[int, ...]
    placings: tuple[int, ...]
    rounds: tuple[int, ...]
    wins: int
    #: The phases or action cards chosen, the most chosen first, with how often.
    phases: tuple[tuple[str, int], ...] = field(default=())

    @property
    def games(self) -> int:
        return len(self.scores)

    @property
    def average_score(self) -> float:
        return sum(self.scores) / len(self.scores)

    @property
    def average_placing(self) -> float:
        return sum(self.placings) / len(self.placings)

    @property
    def average_rounds(self) -> float:
        return sum(self.rounds) / len(self.rounds)

    @property
    def win_share(self) -> float:
        return self.wins / self.games

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "name": self.name,
            "bot": self.is_bot,
            "games": self.games,
            "wins": self.wins,
            "average_score": round(self.average_score, 2),
            "average_placing": round(self.average_placing, 2),
            "average_rounds": round(self.average_rounds, 2),
            "scores": list(self.scores),
            "placings": list(self.placings),
            "phases": dict(self.phases),
        }


def who(player: RecordedPlayer) -> tuple[bool, str]:
    """Whose statistics a seat counts for: a bot by its kind, a player by name (any case)."""
    return (True, player.kind) if player.is_bot else (False, player.name.casefold())


@dataclass
class _Tally:
    name: str
    is_bot: bool
    scores: list[int] = field(default_factory=list)
    placings: list[int] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    wins: int = 0
    phases: Counter[str] = field(default_factory=Counter)


def statistics(
    records: Iterable[GameRecord], player: str | None = None, game: str | None = None
) -> list[Statistics]:
    """The statistics of everyone in ``records`` (only ``player``, by name in any case, or
    bot kind; only ``game``), by game, then the most games first."""
    wanted = player.casefold() if player else None
    tallies: dict[tuple[str, bool, str], _Tally] = {}
    namers: dict[str, Callable[[Decision], str | None] | None] = {}
    for record in sorted(records, key=lambda r: (r.finished_at, r.id)):
        if game is not None and record.game != game:
            continue
        if record.game not in namers:
            namers[record.game] = _namer(record.game)
        chosen = _chosen_by_seat(record, namers[record.game])
        places = record.placings()
        for seat, seated in enumerate(record.players):
            is_bot, key = who(seated)
            if wanted is not None and wanted != key.casefold():
                continue
            shown = seated.kind if is_bot else seated.name
            tally = tallies.setdefault((record.game, is_bot, key), _Tally(shown, is_bot))
            tally.scores.append(record.scores[seat]["total"])
            tally.placings.append(places[seat])
            tally.rounds.append(record.rounds)
            tally.wins += seat in record.winners
            tally.phases.update(chosen.get(seat, {}))
    found = [
        Statistics(g, t.name, t.is_bot, tuple(t.scores), tuple(t.placings), tuple(t.rounds),
                   t.wins, tuple(sorted(t.phases.items(), key=lambda kv: (-kv[1], kv[0]))))
        for (g, _, _), t in tallies.items()
    ]  # fmt: skip
    return sorted(found, key=lambda s: (s.game, -s.games, s.is_bot, s.name.casefold()))


def _namer(game: str) -> Callable[[Decision], str | None] | None:
    try:
        hook = descriptor(game).phase_chosen
    except UnknownGame:
        return None
    return hook() if hook is not None else None


def _chosen_by_seat(
    record: GameRecord, namer: Callable[[Decision], str | None] | None
) -> dict[int, Counter[str]]:
    """Per seat, the phases its decisions chose."""
    chosen: dict[int, Counter[str]] = {}
    if namer is None:
        return chosen
    for entry in record.decisions:
        seat = entry.get("seat")
        if not isinstance(seat, int):
            continue
        try:
            phase = namer(Decision.from_json(entry))
        except ValueError:
            continue
        if phase is not None:
            chosen.setdefault(seat, Counter())[phase] += 1
    return chosen
