"""The state of a Race for the Galaxy game and the small operations every phase uses.

``RaceBase`` holds the table (players, deck, discard pile, VP pool, the step queue) and the
helpers the phase modules share: drawing with the reshuffle (§4, §15.2), discarding, paying VP
from the pool (§15.3), and the powers of a tableau that work now (§13.3). The phase modules
type their game argument with it; ``game.RaceGame`` adds the handler table, views, refusals and
saves on top, so no rules module imports one that imports it back.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any, ClassVar, Self

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.events import Event, EventLog
from nfgalaxy.core.rng import Rng
from nfgalaxy.core.steps import StepQueueGame
from nfgalaxy.games.race.components import Card, CardSet, Phase, Power
from nfgalaxy.games.race.rules.common import GAME_ID, Entry, Step
from nfgalaxy.games.race.rules.events import RENDERERS
from nfgalaxy.games.race.rules.goals import goal_vp
from nfgalaxy.games.race.rules.levels import REVISION
from nfgalaxy.games.race.scoring import Score, score_tableau, winners
from nfgalaxy.games.race.state import PHASE_BONUS, Player


class RaceBase(StepQueueGame):
    """A Race for the Galaxy state: the table and the operations shared by every phase."""

    game_id = GAME_ID
    END_RULE = "§16"
    #: A player with nothing to place still chooses (to pass) behind the screen, like everyone
    #: else, so nobody learns from being skipped that their hand holds nothing placeable.
    ALWAYS_ASK: ClassVar[frozenset[str]] = frozenset({Step.CHOOSE_PLACEMENT})
    #: ``record`` (core) words events with these; events carry only what every player may know.
    RENDERERS = RENDERERS

    _FIELDS = (
        "order",
        "deck",
        "discards",
        "vp_pool",
        "round",
        "revealed",
        "phases",
        "phase",
        "end_reasons",
        "over",
        "queue",
        "history",
        "goals",
        "goal_claims",
        "hand_limit_discarders",
    )
    #: Fields newer than the first saves, with what a save without them means (no goals).
    _FIELD_DEFAULTS: ClassVar[dict[str, Any]] = {
        "goals": [],
        "goal_claims": {},
        "hand_limit_discarders": [],
    }

    def __init__(self, cards: CardSet) -> None:
        self.cards = cards
        self.options: dict[str, Any] = {}
        self.rng = Rng(0)
        self.players: list[Player] = []
        self.order: list[int] = []  # seats in player order: lowest start world first (§14)
        self.deck: list[str] = []  # face down; the top card is the last
        self.discards: list[str] = []  # face down and unordered (§4)
        self.vp_pool = 0
        self.round = 0
        self.revealed = True  # this round's actions are public
        self.phases: list[str] = []  # phases played this round, in order ("develop_2"…)
        self.phase = ""  # the phase being played
        self.end_reasons: list[str] = []
        self.over = False
        self.queue: list[Entry] = []
        self.events: list[Event] = []
        self._log = EventLog(self.events)
        #: A quiet copy (made for search) records no events and leaves decision labels empty.
        self.quiet = False
        self.history: list[dict[str, Any]] = []
        self.final: list[Score] = []
        #: Goals in play (§B5, ``goals.py``): their ids, who claimed or holds each, and who
        #: discarded for the hand limit at this round's end (Budget Surplus).
        self.goals: list[str] = []
        self.goal_claims: dict[str, list[int]] = {}
        self.hand_limit_discarders: list[int] = []
        self._legal: list[Decision] | None = None

    # ------------------------------------------------------------------ protocol answers

    def scores(self) -> list[dict[str, int]]:
        return [s.as_dict() for s in self.score_details()]

    def score_details(self) -> list[Score]:
        if self.final:
            return self.final
        goals = goal_vp(self) if self.goals else [0] * len(self.players)
        return [
            score_tableau(
                self.cards, p.seat, p.tableau, p.vp, len(p.hand) + len(p.goods), goals[p.seat]
            )
            for p in self.players
        ]

    def winners(self) -> list[int]:
        return winners(self.score_details())

    @property
    def log(self) -> list[str]:
        """The events' words, oldest first."""
        return self._log

    def name(self, seat: int) -> str:
        return self.players[seat].name

    def card_name(self, card_id: str) -> str:
        return self.cards[card_id].name

    # ------------------------------------------------------------------ cards

    def draw(self, n: int) -> list[str]:
        """Up to ``n`` cards from the top of the deck. The moment its last card is drawn the
        shuffled discard pile becomes the deck (§4, §15.2), so cards discarded later start a
        new pile; with both empty nothing more is drawn (App. A.4)."""
        drawn: list[str] = []
        while len(drawn) < n:
            if not self.deck:
                if not self.discards:
                    break
                # The deck ran out while the pile was empty: the pile has grown since.
                self.reshuffle()
            drawn.append(self.deck.pop())
            if not self.deck and self.discards and self.revision() >= 2:
                self.reshuffle()
        if drawn:  # someone sees the cards (or they lie face down, §4): no undo across it
            self.information_revealed()
        return drawn

    def reshuffle(self) -> None:
        """The discard pile becomes the deck. Sorted first, so the new order depends only on
        the generator, not on the order cards were discarded."""
        self.deck = sorted(self.discards)
        self.discards = []
        self.rng.shuffle(self.deck)
        for p in self.players:
            p.seen = []
        self.record("reshuffle", None, (), (len(self.deck),))

    def draw_to_hand(self, p: Player, n: int, why: str) -> int:
        """Draw ``n`` cards into ``p``'s hand; ``why`` names the card or bonus, for the log."""
        got = self.draw(n)
        p.hand.extend(got)
        if n:
            self.record("draw", p.seat, (why,), (len(got),))
        return len(got)

    def discard(self, cards: Iterable[str], p: Player | None = None) -> None:
        """Cards onto the discard pile, face down; ``p`` is the player who saw them go (a
        consumed good is seen by nobody, §4)."""
        cards = list(cards)
        self.discards.extend(cards)
        if p is not None:
            p.seen.extend(cards)

    def discard_public(self, cards: Iterable[str]) -> None:
        """Cards everyone saw go onto the discard pile (a card discarded from a tableau, a
        card revealed by Gambling World): every player knows they are there."""
        cards = list(cards)
        self.discards.extend(cards)
        for p in self.players:
            p.seen.extend(cards)

    def award_vp(self, p: Player, vp: int) -> None:
        """VP from the pool; when it runs out, paying goes on with the 10-VP chips (§15.3)."""
        p.vp += vp
        self.vp_pool -= vp

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]

    def card_count(self) -> Counter[str]:
        """Every card in the game, wherever it is: the box, if nothing was lost."""
        found = Counter(self.deck) + Counter(self.discards)
        for p in self.players:
            found += p.cards()
        return found

    # ------------------------------------------------------------------ powers

    def powers(self, p: Player, phase: Phase) -> Iterator[tuple[str, Power]]:
        """``p``'s powers of ``phase`` that work now, with their keys: cards placed in this
        phase are not yet working (§13.3)."""
        fresh = p.fresh
        cards = self.cards.cards
        for card_id in p.tableau:
            if card_id not in fresh:
                yield from cards[card_id].keyed_powers.get(phase, ())

    def revision(self) -> int:
        """The revision of the rules this game plays (``levels.REVISION``): an older one only
        for a game saved before, so that its decisions replay as they were made."""
        return int(self.options.get("revision", REVISION))

    def has_bonus(self, p: Player) -> bool:
        """Whether ``p`` gets the bonus of the Develop or Settle phase being played (§8.4,
        §9.1.4, §18)."""
        bonus = PHASE_BONUS.get(self.phase)
        return bonus is not None and p.chose(bonus)

    def power_of(self, key: str) -> Power:
        """The power a key names ("card#index", ``common.power_key``)."""
        card_id, _, index = key.partition("#")
        return self.cards[card_id].powers[int(index)]

    def power_sum(self, p: Player, phase: Phase, code: str) -> int:
        """The total ``value`` of ``p``'s working powers of one code (they add up, §13.1)."""
        return sum(power.value for _, power in self.powers(p, phase) if power.code == code)

    # ------------------------------------------------------------------ queue and copies

    def clone(self) -> Self:
        """A copy that draws from a stream of its own: it cannot foresee this game's draws."""
        return self.copy(self.quiet)

    def copy(self, quiet: bool = False, fork: bool = True) -> Self:
        """An independent copy; ``quiet``: no events, no labels (for search); ``fork``: its
        generator is derived from this one's, else the same (an exact copy)."""
        other = object.__new__(type(self))
        d = self.__dict__.copy()
        d["rng"] = self.rng.fork() if fork else Rng(self.rng.state)
        d["quiet"] = quiet
        d["players"] = [p.copy() for p in self.players]
        d["deck"] = self.deck[:]
        d["discards"] = self.discards[:]
        d["order"] = self.order[:]
        d["phases"] = self.phases[:]
        d["end_reasons"] = self.end_reasons[:]
        d["queue"] = [entry[:] for entry in self.queue]
        d["history"] = self.history[:]
        d["final"] = self.final[:]
        d["goal_claims"] = {goal: seats[:] for goal, seats in self.goal_claims.items()}
        d["hand_limit_discarders"] = self.hand_limit_discarders[:]
        if quiet:
            d["events"] = []
            d["_log"] = EventLog.of_new(d["events"])
            if not self.quiet:
                d["_legal"] = None
        else:
            d["events"] = self.events[:]
            d["_log"] = self._log.copy_for(d["events"])
        other.__dict__ = d
        return other
