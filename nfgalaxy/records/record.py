"""One finished game as a record, and its versioned JSON document.

The document is what ``nfgalaxy export`` writes and ``nfgalaxy import`` reads, and also what a
record's file in the store holds, so a record leaves the machine exactly as it is kept. It has
no checksum: a record from elsewhere is proved by replaying it (``check``), which a checksum
made anew by a forger would not be.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from nfgalaxy.core.protocol import GameState

FORMAT = "nfgalaxy-record"
VERSION = 1
#: What a record's ``source`` says of where it was played.
SOURCES = ("app", "tournament", "import", "online")


class RecordError(Exception):
    """A document that is not a record this version can read; the message says why."""


@dataclass(frozen=True)
class RecordedPlayer:
    """Who sat in a seat: a name, and ``human`` or the bot's kind (which is its level)."""

    name: str
    kind: str = "human"

    @property
    def is_bot(self) -> bool:
        return self.kind != "human"


@dataclass(frozen=True)
class GameRecord:
    """A finished game: enough to replay it, and what it came to."""

    game: str
    options: dict[str, Any]
    players: tuple[RecordedPlayer, ...]
    #: ``GameState.history``: each decision's JSON form with the seat that made it.
    decisions: tuple[dict[str, Any], ...]
    #: Per seat, ``GameState.scores()`` at the end.
    scores: tuple[dict[str, int], ...]
    winners: tuple[int, ...]
    #: When the game ended, ISO 8601 in UTC (seconds).
    finished_at: str
    #: The round the game ended in.
    rounds: int
    source: str = "app"
    #: Why the game ended (the engine's words), for a list.
    end_reasons: tuple[str, ...] = field(default=())

    @property
    def seed(self) -> int:
        return int(self.options["seed"])

    @property
    def id(self) -> str:
        """The record's name: a digest of the game it holds, so the same game imported twice
        is the same record (12 hex digits: a collision among one player's games is not a
        worry), and nothing outside the game (its source) changes it."""
        body = {
            "game": self.game,
            "options": self.options,
            "players": [[p.name, p.kind] for p in self.players],
            "decisions": list(self.decisions),
            "finished_at": self.finished_at,
        }
        canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        return hashlib.sha256(canonical.encode("ascii")).hexdigest()[:12]

    def placings(self) -> list[int]:
        """Each seat's place (``placings``)."""
        return placings(self.scores, self.winners)

    @property
    def date(self) -> datetime:
        return datetime.fromisoformat(self.finished_at)

    def names(self) -> list[str]:
        return [player.name for player in self.players]

    def seats_text(self) -> str:
        """Each player with their score, a winner starred and a bot's kind in brackets:
        ``Ann 45*, Bot 1 (hard) 40``."""
        return ", ".join(
            f"{p.name}{f' ({p.kind})' if p.is_bot else ''} {score['total']}"
            f"{'*' if seat in self.winners else ''}"
            for seat, (p, score) in enumerate(zip(self.players, self.scores, strict=True))
        )

    @staticmethod
    def from_state(
        state: GameState,
        players: Sequence[RecordedPlayer],
        source: str = "app",
        now: datetime | None = None,
    ) -> GameRecord:
        """The record of a finished game; ``ValueError`` for one not over (it has no scores
        to state yet) or with a seat too many or too few."""
        if not state.is_over():
            raise ValueError("only a finished game is recorded")
        scores = state.scores()
        if len(players) != len(scores):
            raise ValueError(f"{len(players)} players for a game of {len(scores)} seats")
        finished = (now or datetime.now(UTC)).astimezone(UTC)
        return GameRecord(
            game=state.game_id,
            options=json.loads(json.dumps(state.options)),
            players=tuple(players),
            decisions=tuple(dict(entry) for entry in state.history),
            scores=tuple(dict(score) for score in scores),
            winners=tuple(state.winners()),
            finished_at=finished.isoformat(timespec="seconds"),
            rounds=state.round,
            source=source,
            end_reasons=tuple(state.end_reasons),
        )

    def to_document(self) -> dict[str, Any]:
        """The versioned JSON document (``nfgalaxy export``): a copy, to change at will."""
        return copy.deepcopy(
            {
                "format": FORMAT,
                "version": VERSION,
                "id": self.id,
                "game": self.game,
                "seed": self.seed,
                "options": self.options,
                "players": [{"name": p.name, "kind": p.kind} for p in self.players],
                "decisions": list(self.decisions),
                "scores": list(self.scores),
                "winners": list(self.winners),
                "finished_at": self.finished_at,
                "rounds": self.rounds,
                "length": len(self.decisions),
                "end_reasons": list(self.end_reasons),
                "source": self.source,
            }
        )

    @staticmethod
    def from_document(data: Any) -> GameRecord:
        """The record a document holds; ``RecordError`` naming what is wrong with its shape.
        Whether its game is a legal one is ``check``'s to say."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("this is not a game record of nfgalaxy")
        version = data.get("version")
        if version != VERSION:
            raise RecordError(_other_version(version))
        try:
            return _parsed(data)
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(f"the record is damaged: {_field_problem(error)}") from None


def placings(scores: Sequence[dict[str, int]], winners: Sequence[int]) -> list[int]:
    """Each seat's place, from 1: the winners share the first (the engine broke any tie it
    breaks); the others follow by their total, equal totals sharing a place, each place
    after as many seats as finished ahead (1, 1, 3, 3, 5)."""
    won = set(winners)
    totals = [score["total"] for score in scores]
    return [
        1
        if seat in won
        else 1
        + len(won)
        + sum(1 for other, total in enumerate(totals) if other not in won and total > totals[seat])
        for seat in range(len(totals))
    ]


def _parsed(data: dict[str, Any]) -> GameRecord:
    options = _mapping(data["options"], "options")
    if data.get("seed") != options.get("seed") or type(options.get("seed")) is not int:
        raise ValueError("its seed is not the seed of its options")
    players = tuple(
        RecordedPlayer(_text(p["name"], "a player's name"), _text(p["kind"], "a player's kind"))
        for p in _list(data["players"], "players")
    )
    decisions = tuple(_mapping(d, "a decision") for d in _list(data["decisions"], "decisions"))
    scores = tuple(_score(s) for s in _list(data["scores"], "scores"))
    winners = tuple(_number(w, "a winner") for w in _list(data["winners"], "winners"))
    if len(scores) != len(players) or options.get("players") != len(players):
        raise ValueError("its players, scores and options do not agree on how many played")
    if any(not 0 <= w < len(players) for w in winners):
        raise ValueError("a winner is not one of its players")
    finished_at = _text(data["finished_at"], "finished_at")
    datetime.fromisoformat(finished_at)  # a date, or ValueError
    source = _text(data.get("source", "import"), "source")
    return GameRecord(
        game=_text(data["game"], "game"),
        options=options,
        players=players,
        decisions=decisions,
        scores=scores,
        winners=winners,
        finished_at=finished_at,
        rounds=_number(data["rounds"], "rounds"),
        source=source if source in SOURCES else "import",
        end_reasons=tuple(
            _text(r, "an end reason") for r in _list(data.get("end_reasons", []), "end_reasons")
        ),
    )


def _field_problem(error: Exception) -> str:
    if isinstance(error, KeyError):
        return f"it has no {error.args[0]!r}"
    return str(error)


def _mapping(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise TypeError(f"{what} is not an object")
    return value


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise TypeError(f"{what} is not a list")
    return value


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{what} is not text")
    return value


def _number(value: Any, what: str) -> int:
    if type(value) is not int:  # bool is an int to isinstance
        raise TypeError(f"{what} is not a whole number")
    return value


def _score(value: Any) -> dict[str, int]:
    score = _mapping(value, "a score")
    for key, points in score.items():
        _number(points, f"the score's {key!r}")
    if "total" not in score:
        raise ValueError("a score has no total")
    return dict(score)


def _other_version(version: Any) -> str:
    """Why a record of another format version is refused, saying which way they differ."""
    if type(version) is not int:
        return "made by another version of nfgalaxy (its record format is not known)"
    if version > VERSION:
        return f"made by a newer version of nfgalaxy (format {version}; this one reads {VERSION})"
    return f"made by an older version of nfgalaxy (format {version})"
