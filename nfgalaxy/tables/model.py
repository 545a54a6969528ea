"""The table model: players, what a table is set up as, and what the store keeps of it.

A table is its game, options, seed and seats, and the log of decisions made at it: the engines
are deterministic, so that log *is* the game, and nothing else of a game is ever stored. These
values are what the store hands out; they are frozen, so a view of a table cannot drift from
the database by being edited.

The checks a player can fail (a display name, a chat line) live here, next to the values, so
the store, the lobby and the tests apply one rule; each returns the reason in words, or None.
"""

from __future__ import annotations

import enum
import json
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from nfgalaxy.tables.errors import SpecRefused

NAME_MAX = 20
CHAT_MAX = 200
#: The chat rate limit, kept by the store: at most this many lines by one player at one table
#: within ``CHAT_WINDOW`` seconds (a burst of greetings passes, a flood does not).
CHAT_BURST = 5
CHAT_WINDOW = 10.0
INVITATION_MAX = 32
#: Seeds are stored as a signed 64-bit integer (BIGINT in both dialects).
SEED_LIMIT = 2**63
#: The options that a table's seats and seed give; a spec's own options may not set them.
DERIVED_OPTIONS = ("players", "seed")


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a display name, or None. Uniqueness is the store's to check."""
    if not isinstance(name, str) or not name.strip():
        return "a name needs at least one visible character"
    if len(name) > NAME_MAX:
        return f"a name has at most {NAME_MAX} characters ({len(name)} given)"
    if not name.isprintable():
        # isprintable() is False for control characters and for the invisible format marks
        # (zero-width spaces, bidirectional overrides) that let a name pose as another.
        return "a name holds only printable characters (no control or invisible characters)"
    if name != name.strip():
        return "a name does not begin or end with a space"
    return None


def name_key(name: str) -> str:
    """The form two names are compared in: ``Ann`` and ``ann`` (or a full-width ``Ａｎｎ``)
    read as one name to other players, so one of them is taken when the other is."""
    return unicodedata.normalize("NFKC", name).casefold()


def chat_problem(text: str) -> str | None:
    """Why ``text`` cannot be a chat line, or None (the rate limit is the store's)."""
    if not isinstance(text, str) or not text.strip():
        return "a chat line needs at least one visible character"
    if len(text) > CHAT_MAX:
        return f"a chat line has at most {CHAT_MAX} characters ({len(text)} given)"
    if not text.isprintable():
        return "a chat line holds only printable characters (no control characters)"
    return None


class SeatKind(enum.Enum):
    HUMAN = "human"
    BOT = "bot"


@dataclass(frozen=True)
class SeatSpec:
    """A seat as the table is set up: for a human, or for a bot of a level (a bot kind of
    ``nfgalaxy.bots``: the referee checks the name, the model only that one is given)."""

    kind: SeatKind = SeatKind.HUMAN
    level: str | None = None

    def __post_init__(self) -> None:
        if self.kind is SeatKind.BOT and not self.level:
            raise SpecRefused("a bot seat needs a level")
        if self.kind is SeatKind.HUMAN and self.level is not None:
            raise SpecRefused("a human seat has no bot level")

    @staticmethod
    def bot(level: str) -> SeatSpec:
        return SeatSpec(SeatKind.BOT, level)


class PaceKind(enum.Enum):
    #: Everyone at the table at once, with a clock on each decision.
    LIVE = "live"
    #: Players come and go; each has days for a move.
    ASYNC = "async"


@dataclass(frozen=True)
class Pace:
    """How fast a table plays: ``amount`` is seconds per decision when live, days per move
    when async (one integer column in the store, read by ``kind``)."""

    kind: PaceKind
    amount: int

    def __post_init__(self) -> None:
        if not isinstance(self.amount, int) or self.amount < 1:
            unit = "seconds" if self.kind is PaceKind.LIVE else "days"
            raise SpecRefused(f"a table's pace is at least 1 {unit}, not {self.amount!r}")

    @staticmethod
    def live(seconds: int) -> Pace:
        return Pace(PaceKind.LIVE, seconds)

    @staticmethod
    def by_days(days: int) -> Pace:
        return Pace(PaceKind.ASYNC, days)


class Visibility(enum.Enum):
    #: Listed in the lobby; anyone may join a free seat.
    OPEN = "open"
    #: Not listed; joining needs the table's invitation code.
    PRIVATE = "private"


class Absence(enum.Enum):
    """What a live table does once a player has been away for its grace period."""

    #: The table waits for them to come back (their clock stands still while they are away).
    WAIT = "wait"
    #: A bot plays their seat until they come back, and they take it over again then.
    BOT = "bot"


#: How long a live table waits for a player who dropped out before its ``Absence`` applies.
GRACE_SECONDS = 120


class StandIn(enum.Enum):
    """Why a bot made a decision for a human's seat (kept with the decision, for the log)."""

    #: The seat's clock ran out on a live table: a bot made this one decision.
    CLOCK = "clock"
    #: The player was away past the grace period of a live table that plays on.
    ABSENT = "absent"

    def note(self, name: str) -> str:
        """The log's line for a decision made so for the player called ``name``."""
        if self is StandIn.CLOCK:
            return f"{name}'s clock ran out: a bot decided for them"
        return f"{name} is away: a bot plays for them until they return"


@dataclass(frozen=True)
class TableSpec:
    """What a table is set up as; with its decisions, a whole game."""

    game: str
    seats: tuple[SeatSpec, ...]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    pace: Pace = field(default_factory=lambda: Pace.by_days(3))
    visibility: Visibility = Visibility.OPEN
    invitation: str | None = None
    #: Its result moves the ratings of its players (``nfgalaxy.tables.ratings``); no decision
    #: is taken back. Only players sit at a rated table, unless it is on the ``ladder``.
    rated: bool = False
    #: A rated table where the server's bots sit too, and are rated as players are: what a
    #: level is worth, on the same ladder. A ladder table is rated.
    ladder: bool = False
    #: Whether someone without a seat may watch the game (and read its chat).
    spectators: bool = True
    #: On a live table: what happens once a player has been away ``grace`` seconds.
    absence: Absence = Absence.WAIT
    grace: int = GRACE_SECONDS

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(self.seats))
        if not isinstance(self.grace, int) or self.grace < 0:
            raise SpecRefused(f"a grace period is a whole number of seconds, not {self.grace!r}")
        if not isinstance(self.game, str) or not self.game:
            raise SpecRefused("a table needs a game")
        if not any(seat.kind is SeatKind.HUMAN for seat in self.seats):
            raise SpecRefused("a table needs at least one seat for a human")
        if not isinstance(self.seed, int) or not 0 <= self.seed < SEED_LIMIT:
            raise SpecRefused(f"a seed is a whole number from 0 to {SEED_LIMIT - 1}")
        derived = sorted(set(DERIVED_OPTIONS) & set(self.options))
        if derived:
            raise SpecRefused(f"the seats and the seed set {' and '.join(derived)}, not options")
        try:
            json.dumps(self.options)
        except (TypeError, ValueError) as error:
            raise SpecRefused(f"a table's options are plain JSON values: {error}") from None
        self._check_invitation()
        self._check_rating()

    def _check_rating(self) -> None:
        bots = any(seat.kind is SeatKind.BOT for seat in self.seats)
        if self.ladder:
            object.__setattr__(self, "rated", True)
            if not bots:
                raise SpecRefused("a bot-ladder table has at least one bot (or make it rated)")
        elif self.rated and bots:
            raise SpecRefused(
                "a rated table is for players only: with bots, make it a bot-ladder table"
            )

    def _check_invitation(self) -> None:
        if self.visibility is Visibility.OPEN:
            if self.invitation is not None:
                raise SpecRefused("an open table has no invitation code")
            return
        code = self.invitation
        if not code or len(code) > INVITATION_MAX or not code.isprintable() or " " in code:
            raise SpecRefused(
                f"a private table needs an invitation code of 1 to {INVITATION_MAX} "
                "printable characters without spaces"
            )

    def game_options(self) -> dict[str, Any]:
        """The options to start the game with: the spec's, plus players and seed."""
        return {**self.options, "players": len(self.seats), "seed": self.seed}


class TableStatus(enum.Enum):
    #: Seats are being taken; nothing has been decided.
    OPEN = "open"
    #: Started: decisions are appended.
    PLAYING = "playing"
    #: The game is over; its result is kept.
    FINISHED = "finished"
    #: Given up before its end (every human left before the start, or it was stopped).
    ABANDONED = "abandoned"


@dataclass(frozen=True)
class Result:
    """The end of a game as the engine scored it (``GameState.scores()`` and ``winners()``)."""

    scores: tuple[dict[str, int], ...]
    winners: tuple[int, ...]

    def to_json(self) -> str:
        return json.dumps({"scores": list(self.scores), "winners": list(self.winners)})

    @staticmethod
    def from_json(text: str) -> Result:
        data = json.loads(text)
        return Result(tuple(data["scores"]), tuple(data["winners"]))


@dataclass(frozen=True)
class Player:
    """Someone known to the server: their SSH key's fingerprint and the name they picked."""

    fingerprint: str
    name: str
    created: float


#: How long a front end's word that a player is connected holds: it says so again every
#: third of this, so a player reads as away this long at most after their front end died.
PRESENCE_SECONDS = 15.0


@dataclass(frozen=True)
class Presence:
    """Whether a player is connected to any front end, and ``since`` when they have been
    (when ``here``) or since when they have been away (0.0: never seen)."""

    here: bool
    since: float


@dataclass(frozen=True)
class Table:
    """A table as stored. ``occupants`` holds, seat by seat, the fingerprint of the human
    sitting there, or None for a free seat or a bot's. Times are Unix seconds."""

    id: int
    spec: TableSpec
    status: TableStatus
    host: str
    created: float
    updated: float
    occupants: tuple[str | None, ...]
    result: Result | None = None
    #: When the game ended (Unix seconds), and each seat's name then (``seat_name``): kept
    #: when it finishes, so its record is the game as played, whoever renames since. None
    #: for a table not finished, or finished before the store kept them.
    finished: float | None = None
    names: tuple[str, ...] | None = None

    @property
    def clock_started(self) -> float:
        """When the decision being waited for began: every write to a table once it plays is
        its start or a decision, and each stamps ``updated``."""
        return self.updated

    def seat_of(self, fingerprint: str) -> int | None:
        """The seat ``fingerprint`` sits in, or None."""
        return next((n for n, who in enumerate(self.occupants) if who == fingerprint), None)

    def refusal(self, doing: str) -> str:
        """Why ``doing`` cannot be done at this table in its status."""
        state = {
            TableStatus.OPEN: "has not started",
            TableStatus.PLAYING: "is being played",
            TableStatus.FINISHED: "is finished",
            TableStatus.ABANDONED: "was abandoned",
        }[self.status]
        return f"table {self.id} {state}: you cannot {doing} now"

    def watch_refusal(self, fingerprint: str | None) -> str | None:
        """Why ``fingerprint`` (None: a guest) may not see this table's game and chat, or
        None: its players always may; others not at a private table, nor at one that
        forbids spectators."""
        if fingerprint is not None and self.seat_of(fingerprint) is not None:
            return None
        if self.spec.visibility is Visibility.PRIVATE:
            return f"table {self.id} is private: only its players see it"
        if not self.spec.spectators:
            return f"table {self.id} allows no spectators: only its players see it"
        return None

    def free_seats(self) -> list[int]:
        """The human seats nobody has taken yet."""
        return [
            n
            for n, (seat, who) in enumerate(zip(self.spec.seats, self.occupants, strict=True))
            if seat.kind is SeatKind.HUMAN and who is None
        ]


def seat_name(number: int, seat: SeatSpec, player: str | None) -> str:
    """The name the game gives seat ``number`` (from 0): the display name ``player`` of who
    sits there, a bot's number and level, or a free seat's number."""
    if seat.kind is SeatKind.BOT:
        return f"Bot {number + 1} ({seat.level})"
    return player if player else f"Seat {number + 1}"


@dataclass(frozen=True)
class StoredDecision:
    """One decision of a table's log: ``decision`` is its JSON form (``Decision.to_json()``),
    ``position`` its place in the log, counted from 0."""

    table_id: int
    position: int
    seat: int
    decision: dict[str, Any]
    at: float
    #: Set when a bot decided for a human's seat, and why.
    stand_in: StandIn | None = None


@dataclass(frozen=True)
class ChatLine:
    """A line of a table's chat; ``number`` orders a table's chat (and pages it with since)."""

    number: int
    table_id: int
    author: str
    text: str
    at: float
