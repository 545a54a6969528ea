"""The state of a Space Merchant game and what its spaces are *now*.

``MerchantBase`` holds the table: the pack (board and content), the players, where each culture
lives (hidden until discovered), the ?-markers on their boxes (hidden until revealed), the cup,
the markers lying with each culture, the bank and the turn being played. The board is fixed, but
what a space is changes in play: a revealed ?-marker turns its ?-box into an asteroid, a penalty
space, a telegate or an open spaceport (§5.11), a built spaceport makes an orbit space a landing
site (§10), and Gate Lock closes every telegate for a turn (§9). The questions below answer
for the board as it is now, so the movement and turn modules never look at a printed kind alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Any, Self

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.events import Event, EventLog
from nfgalaxy.core.rng import Rng
from nfgalaxy.core.steps import StepQueueGame
from nfgalaxy.games.space_merchant.board import Colour, Space, SpaceKind, SystemKind
from nfgalaxy.games.space_merchant.content import (
    EquipmentKind,
    MarkerKind,
    QMarker,
    Relic,
)
from nfgalaxy.games.space_merchant.pack import Pack
from nfgalaxy.games.space_merchant.rules.common import GAME_ID
from nfgalaxy.games.space_merchant.rules.events import RENDERERS
from nfgalaxy.games.space_merchant.state import SHIELD_DISCOUNT, Player, Turn

#: What a ?-box is called once its marker is face up (a relic's box is an asteroid, §5.11).
REVEALED_KIND = {
    MarkerKind.TELEGATE: "telegate",
    MarkerKind.OPEN_SPACEPORT: "open spaceport",
    MarkerKind.PENALTY: "penalty",
    MarkerKind.RELIC: "asteroid",
}


class MerchantBase(StepQueueGame):
    """A Space Merchant state: the table and the questions every rules module asks of it."""

    game_id = GAME_ID
    END_RULE = "§11"
    RENDERERS = RENDERERS

    #: Plain fields saved as they are (``game.py``).
    _FIELDS = (
        "order",
        "round",
        "culture_at",
        "set_aside_cultures",
        "discovered",
        "qbox",
        "revealed",
        "set_aside_markers",
        "lying",
        "spaceports",
        "factories",
        "suns",
        "cup",
        "market",
        "bank",
        "end_reasons",
        "winner_seats",
        "over",
        "queue",
        "history",
    )

    def __init__(self, pack: Pack) -> None:
        self.pack = pack
        self.board = pack.board
        self.content = pack.content
        self._markers = {m.id: m for m in pack.content.qmarkers}
        self._demands = {d.id: d for d in pack.content.demands}
        self._fares = {f.id: f for f in pack.content.fares}
        self.options: dict[str, Any] = {}
        self.rng = Rng(0)
        self.players: list[Player] = []
        self.order: list[int] = []  # seats in turn order (§3.1 step 7)
        self.round = 0
        #: Habitable system -> the culture whose IOU lies face down there (hidden until
        #: discovered); cultures beyond the systems are set aside unseen.
        self.culture_at: dict[str, str] = {}
        self.set_aside_cultures: list[str] = []
        self.discovered: list[str] = []  # systems whose culture is face up (§6)
        self.qbox: dict[str, str] = {}  # ?-box -> its face-down ?-marker
        self.revealed: dict[str, str] = {}  # ?-box -> its face-up ?-marker (§5.11)
        self.set_aside_markers: list[str] = []  # the leftover ?-markers, unseen (§3.1 step 3)
        self.lying: dict[str, list[str]] = {}  # space -> relics lying there for anyone (§7.12)
        self.spaceports: dict[str, int] = {}  # orbit space -> the owner's seat (§10)
        self.factories: dict[str, int] = {}  # culture ID -> the factory owner's seat (§10)
        #: Habitable system -> the relics traded in there, on its sun, for sale (§7.6).
        self.suns: dict[str, list[str]] = {}
        #: The cup: always 48 bonus markers (§7.10). Unordered: a draw picks at random then.
        self.cup: list[str] = []
        #: Culture ID (or ``base``) -> the markers lying with it, on the board once the culture
        #: is discovered, on the overview display before (§6, §7.10): both are public.
        self.market: dict[str, list[str]] = {}
        #: The bank's money; below 0 only when it is unlimited (the option ``bank`` is None).
        self.bank = 0
        self.end_reasons: list[str] = []
        self.winner_seats: list[int] = []
        self.over = False
        self.queue: list[list] = []
        self.history: list[dict[str, Any]] = []
        self.events: list[Event] = []
        self._log = EventLog(self.events)
        self.quiet = False
        self.turn: Turn | None = None
        self._legal: list[Decision] | None = None

    # ------------------------------------------------------------------ protocol answers

    def scores(self) -> list[dict[str, int]]:
        """Net worth (§11): cash plus the printed value of deeds."""
        return [
            {"cash": p.cash, "deeds": self.deed_value(p), "total": self.net_worth(p)}
            for p in self.players
        ]

    def winners(self) -> list[int]:
        if self.winner_seats:
            return list(self.winner_seats)
        best = max(self.net_worth(p) for p in self.players)
        return [p.seat for p in self.players if self.net_worth(p) == best]

    def name(self, seat: int) -> str:
        return self.players[seat].name

    @property
    def log(self) -> list[str]:
        return self._log

    @property
    def active(self) -> Player:
        """The player whose turn it is."""
        assert self.turn is not None
        return self.players[self.turn.seat]

    # ------------------------------------------------------------------ money

    def deed_value(self, p: Player) -> int:
        """Deeds count at their printed value (§2.8, §11), whatever the player paid. A deed is
        ``"port:<orbit site>"`` or ``"factory:<culture ID>"`` (§7.9)."""
        ports = {d.site: d.cost for d in self.content.spaceport_deeds}
        total = 0
        for deed in p.deeds:
            kind, _, name = deed.partition(":")
            if kind == "port":
                total += ports[name]
            else:
                total += self.content.culture(name).factory_deed
        return total

    def net_worth(self, p: Player) -> int:
        return p.cash + self.deed_value(p)

    def pay_bank(self, p: Player, amount: int) -> None:
        """``p`` pays the bank; never more than its cash (§5.7, §11: nobody goes bankrupt)."""
        assert 0 <= amount <= p.cash, "a player never pays more than their cash"
        p.cash -= amount
        self.bank += amount

    def total_money(self) -> int:
        """Cash of every player plus the bank: constant for a whole game."""
        return self.bank + sum(p.cash for p in self.players)

    # ------------------------------------------------------------------ equipment and relics

    def has_relic(self, p: Player, relic: Relic) -> bool:
        return relic.value in p.relics

    def shields(self, p: Player) -> int:
        """Shields carried, the relic shield included (§5.7)."""
        bought = p.equipment.count(EquipmentKind.SHIELD.value)
        return bought + (1 if self.has_relic(p, Relic.SHIELD) else 0)

    def effective_penalty(self, p: Player, printed: int) -> int:
        """§5.7: the printed penalty less $20 a shield, never below 0."""
        return max(0, printed - SHIELD_DISCOUNT * self.shields(p))

    def drive_sets(self, p: Player) -> list[frozenset[Colour]]:
        """Every set of colours ``p`` can have skipped this turn by switching drives off before
        rolling (§5.1, §5.8): the unions of its drives' colours. A combined drive skips both or
        nothing; two drives of one colour are one choice. The first is everything on."""
        drives = {EquipmentKind(e).skips for e in p.equipment if EquipmentKind(e).skips}
        if self.has_relic(p, Relic.YELLOW_DRIVE):
            drives.add(frozenset({Colour.YELLOW}))
        kinds = sorted(drives, key=lambda s: sorted(c.value for c in s))
        found: list[frozenset[Colour]] = []
        for size in range(len(kinds), -1, -1):
            for chosen in combinations(kinds, size):
                union = frozenset().union(*chosen)
                if union not in found:
                    found.append(union)
        return found

    # ------------------------------------------------------------------ ?-markers

    def marker(self, marker_id: str) -> QMarker:
        return self._markers[marker_id]

    def face_up(self, space_id: str) -> QMarker | None:
        """The face-up ?-marker on a ?-box, if it has been revealed."""
        found = self.revealed.get(space_id)
        return self._markers[found] if found is not None else None

    def face_down(self, space_id: str) -> bool:
        return space_id in self.qbox

    def place(self, space_id: str, with_id: bool = True) -> str:
        """A space as a player names it now (``Board.place``): a ?-box whose marker is face
        up is what the marker made of it, a telegate, an open spaceport, a penalty or an
        asteroid, and no longer a ?-box."""
        marker = self.face_up(space_id)
        kind = REVEALED_KIND[marker.kind] if marker is not None else ""
        return self.board.place(space_id, with_id, kind)

    # ------------------------------------------------------------------ what a space is now

    def space(self, space_id: str) -> Space:
        return self.board.space(space_id)

    def colour(self, space_id: str) -> Colour:
        """The colour a drive sees (§5.8): a revealed penalty marker has its own colour; a
        telegate closed by Gate Lock is a blue dot."""
        marker = self.face_up(space_id)
        if marker is not None and marker.kind is MarkerKind.PENALTY and marker.colour:
            return marker.colour
        space = self.space(space_id)
        return space.colour if space.kind.may_be_coloured else Colour.BLUE

    def is_skipped(self, space_id: str) -> bool:
        """Whether the active ship's drives skip this space (§5.8). A face-down ?-marker is
        never skipped in advance; blue is never skipped."""
        if self.turn is None or not self.turn.skip or self.face_down(space_id):
            return False
        colour = self.colour(space_id)
        return colour is not Colour.BLUE and colour.value in self.turn.skip

    def printed_penalty(self, space_id: str) -> int:
        """The printed amount of a penalty oval or a revealed penalty marker; 0 elsewhere."""
        marker = self.face_up(space_id)
        if marker is not None:
            return marker.penalty if marker.kind is MarkerKind.PENALTY else 0
        space = self.space(space_id)
        return space.penalty if space.kind is SpaceKind.PENALTY else 0

    def is_penalty(self, space_id: str) -> bool:
        marker = self.face_up(space_id)
        if marker is not None:
            return marker.kind is MarkerKind.PENALTY
        return self.space(space_id).kind is SpaceKind.PENALTY

    def telegate_number(self, space_id: str) -> int | None:
        """The number of a working telegate here: printed, or a revealed marker (§5.10); None
        while Gate Lock closes every telegate (§9)."""
        if self.turn is not None and self.turn.gate_lock:
            return None
        marker = self.face_up(space_id)
        if marker is not None:
            return marker.telegate if marker.kind is MarkerKind.TELEGATE else None
        space = self.space(space_id)
        return space.telegate if space.kind is SpaceKind.TELEGATE else None

    def telegates(self) -> dict[int, str]:
        """Working telegates by number: the printed ones and the revealed ones."""
        if self.turn is not None and self.turn.gate_lock:
            return {}
        gates = dict(self.board.telegates())
        for space_id, marker_id in self.revealed.items():
            marker = self._markers[marker_id]
            if marker.kind is MarkerKind.TELEGATE and marker.telegate is not None:
                gates[marker.telegate] = space_id
        return dict(sorted(gates.items()))

    def is_navigation(self, space_id: str) -> bool:
        return self.space(space_id).kind is SpaceKind.NAVIGATION

    def is_spaceport(self, space_id: str) -> bool:
        """A built spaceport on an orbit space, or an open spaceport revealed on a ?-box."""
        if space_id in self.spaceports:
            return True
        marker = self.face_up(space_id)
        return marker is not None and marker.kind is MarkerKind.OPEN_SPACEPORT

    def is_trading_site(self, space_id: str) -> bool:
        """A city, a spaceport or Galactic Base (§7.1): where a ship may stay and trade."""
        return self.space(space_id).kind.is_printed_trading_site or self.is_spaceport(space_id)

    def is_landing_site(self, space_id: str) -> bool:
        """Where a ship may end its move by choice (§1, §5.6): an asteroid, a ?-box whose
        marker was a relic, a spaceport, a city or Galactic Base."""
        if self.space(space_id).kind.is_printed_landing_site or self.is_spaceport(space_id):
            return True
        marker = self.face_up(space_id)
        return marker is not None and marker.kind is MarkerKind.RELIC

    def is_empty_orbit(self, space_id: str) -> bool:
        return self.space(space_id).kind is SpaceKind.ORBIT and space_id not in self.spaceports

    def habitable(self, space_id: str) -> str | None:
        """The habitable system a space belongs to, or None."""
        system = self.board.system_of(space_id)
        return system.id if system.kind is SystemKind.HABITABLE else None

    def undiscovered(self, system_id: str) -> bool:
        return system_id in self.culture_at and system_id not in self.discovered

    def adjacent_face_down(self, space_id: str) -> Iterator[str]:
        """Face-down ?-boxes next to a space (Spy Eye, §9)."""
        for other in self.board.neighbours(space_id):
            if other in self.qbox:
                yield other

    # ------------------------------------------------------------------ copies

    def clone(self) -> Self:
        return self.copy(self.quiet)

    def copy(self, quiet: bool = False, fork: bool = True) -> Self:
        """An independent copy; ``quiet``: no events (for search); ``fork``: its generator is
        derived from this one's, else the same (an exact copy)."""
        other = object.__new__(type(self))
        d = self.__dict__.copy()
        d["rng"] = self.rng.fork() if fork else Rng(self.rng.state)
        d["quiet"] = quiet
        d["players"] = [p.copy() for p in self.players]
        d["turn"] = self.turn.copy() if self.turn is not None else None
        for key in ("order", "set_aside_cultures", "discovered", "set_aside_markers", "cup"):
            d[key] = list(getattr(self, key))
        for key in ("culture_at", "qbox", "revealed", "spaceports", "factories"):
            d[key] = dict(getattr(self, key))
        d["lying"] = {k: list(v) for k, v in self.lying.items()}
        d["market"] = {k: list(v) for k, v in self.market.items()}
        d["suns"] = {k: list(v) for k, v in self.suns.items()}
        d["end_reasons"] = list(self.end_reasons)
        d["winner_seats"] = list(self.winner_seats)
        d["queue"] = [list(entry) for entry in self.queue]
        d["history"] = list(self.history)
        if quiet:
            d["events"] = []
            d["_log"] = EventLog.of_new(d["events"])
        else:
            d["events"] = list(self.events)
            d["_log"] = self._log.copy_for(d["events"])
        d["_legal"] = None
        other.__dict__ = d
        return other
