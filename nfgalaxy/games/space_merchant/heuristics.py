"""How the greedy bot plays Space Merchant: route planning toward the best known trade.

Everything is decided on the bot's view, from what its seat may know: the cultures discovered
(public), the ones it observed itself, the markers lying with each culture (public), its cargo
and money. Goods, prices and buyer lists are public from the start (the overview display, §2.3);
only where a culture lives is hidden until it is discovered or observed.

**Goals.** Each trading site whose culture the seat knows has a value now (``site_value``): the
fares delivered there, the goods sold there with their demand bonuses (one sale on a landing
turn at a city, §7.1), and the best purchase or fare pick-up there, each worth its profit at
the nearest known buyer or destination less ``PER_MP`` dollars for every movement point it is
away. A city of a system nobody has discovered is worth ``EXPLORE`` (its IOU, and a market
found). A position is worth its best goal less ``PER_MP`` per movement point to it
(``potential``): the best known buy→sell profit per movement point within reach.

**Moving.** Before rolling, the first space is the one on the way to the best goal. After the
roll, every way the ship can go with its MP is searched with the rules' own step generator
(``movement.reach``), paying or stopping at penalties, and each end is valued: landing on a goal
earns its value, ending elsewhere leaves the potential of that space. The first step of the
best end is taken; the search is made again at each step (a revealed ?-marker changes the map).

**Trading.** At the landing site: take a relic, deliver fares, sell (the best first), redeem an
IOU before buying, buy a better ship when rich enough, buy the goods with the best profit, pick
up fares, buy a deed of one's own species (80% of its printed value, §7.9: net worth at once),
then end the turn. Credit (an IOU of the culture, a trade-in) pays first and lapses at the end
of the turn, so a purchase is judged by the cash it takes (``cash_profit``). A ship on a
trading site stays for a staying turn's unlimited trading when that would earn at least
``STAY_WORTH``. Proposals of other players are judged by ``value`` (one step ahead); the bot
proposes none. A commission the bank pays for a trade (§7.11) counts for the seat when it
earns it and against it when another player does.

**Judging a position** (``value``, what the search's worlds end on): the holdings
(``worth.holdings_value``) and a share of the best goal, valued by what landing there adds to
them: a sale earns its price less what the cargo counts for already. Counting the sale whole
on top of the cargo made a position beside a buyer worth more than the sale, and the search
kept a merchant with cargo near its buyer for 35 rounds (deal 3603).

Measured (``nfgalaxy tournament --game space-merchant --players 2 --bots greedy,random --games
100 --seed 1``): greedy won 100 of 100 (95% interval 96.3–100%), about 3 games a second, a
decision 0.5 ms (p95 2 ms); it reaches $2,000 in about 65 rounds (47–100 in 20 games), and
greedy tables of 4 and 6 end in 39–68 rounds. With $6 an MP instead of $2.5 every trade looked
too far and it only explored; without costing navigation exits it waited at circles for a die.
A goal is only a trade the bot then makes, and landing elsewhere earns nothing (``best_purchase``,
``end_worth``): before, 18 of 800 merchants in 2-player greedy games ended under $500, some
landing on the same two cities for 30 rounds; 1 of 400 since, against the former planner in the
other seat (which won 208 of those 400 games; itself in both seats, 200 of 400). Judging
purchases by their cash won 214 of 400 against the planner that counted credit as cash (deals
7001-7200, both seatings; greedy games 58.7 rounds long on average against 61.1, deals
6001-6040). Counting commissions and the fares in the hold changed the greedy game little: 98
of 200 against the planner without them (deals 7001-7100, both seatings).
"""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.descriptor import Heuristic, lazy
from nfgalaxy.games.space_merchant.board import SpaceKind
from nfgalaxy.games.space_merchant.board_facts import distances, trading_spaces
from nfgalaxy.games.space_merchant.content import BASE
from nfgalaxy.games.space_merchant.rules.bank import (
    FACTORY_COMMISSION,
    PORT_COMMISSION,
    commission_due,
    port_owner,
)
from nfgalaxy.games.space_merchant.rules.base import MerchantBase
from nfgalaxy.games.space_merchant.rules.common import (
    AUTO_PILOT,
    BUY,
    BUY_DEED,
    BUY_SHIP,
    DELIVER,
    DONE,
    FIRST,
    GATE_LOCK,
    JUMP_START,
    KEEP,
    LAND,
    MOVE,
    PAY,
    PICK_UP,
    REDEEM,
    REROLL,
    SELL,
    STAY,
    STEP,
    STOP,
    TAKE_RELIC,
    WITHDRAW,
    Step,
)
from nfgalaxy.games.space_merchant.rules.cup import good_of, is_goods
from nfgalaxy.games.space_merchant.rules.holds import GOOD, fits, half_holds, ship_type
from nfgalaxy.games.space_merchant.rules.movement import reach
from nfgalaxy.games.space_merchant.rules.trading import deed_price, site
from nfgalaxy.games.space_merchant.worth import (
    cargo_worth,
    demand_bonus,
    holdings_value,
    known_cultures,
)

#: Dollars a movement point is worth: the discount of a goal one MP further away.
PER_MP = 2.5
#: A city of an undiscovered system: its IOU and a new market.
EXPLORE = 70
#: A goal not reached this turn: a little less than one landed on now.
NOT_YET = 5
#: Goods are bought for a known sale at least this much above their price, the way counted.
BUY_MARGIN = 10
#: A fare is picked up when its fare, the way to its destination counted, is above this.
PICK_UP_WORTH = 40
#: A staying turn is taken when its trades earn at least this much.
STAY_WORTH = 40
#: Cash kept after buying a ship or a deed, to trade with.
RESERVE = 120
#: A won game, for ``value``.
WIN = 100_000
#: The weight of the best other player's position in ``value``: a dollar the bank pays
#: another player counts this much against the seat.
OTHERS = 0.5
#: The share of a ship's best goal (less the way to it) counted in its position's value: a
#: trade ahead is not yet money.
POTENTIAL = 0.5


class Planner:
    """One decision's planning for one seat: what it knows, its goals, the worth of goods."""

    def __init__(self, g: MerchantBase, seat: int, *, net: bool = False) -> None:
        """``net``: value a goal by what landing there adds to ``holdings_value``, a sale or a
        delivery earning its price less what the cargo counts for already: the search's
        ``position_value`` adds a goal to the holdings. The route planning counts whole
        prices, as it was measured."""
        self.g = g
        self.seat = seat
        self.net = net
        self.known = known_cultures(g, seat)
        #: Culture (or ``BASE``) -> the trading spaces where this seat knows it trades.
        self.sites: dict[str, list[str]] = {BASE: [g.board.galactic_base]}
        for system, culture in self.known.items():
            self.sites[culture] = trading_spaces(g, system)
        self._sale: dict[tuple[str, str], float] = {}
        self._goals: dict[str, float] | None = None
        # The distance tables of ``sites`` and of the goals, looked up once: ``nearest`` and
        # ``potential`` run at every end of every move the planner weighs.
        self._site_tables: dict[str, list[dict[str, int]]] = {}
        self._goal_ways: list[tuple[float, dict[str, int]]] | None = None

    def nearest(self, culture: str, here: str) -> int | None:
        """MP from ``here`` to the nearest known trading space of ``culture``."""
        tables = self._site_tables.get(culture)
        if tables is None:
            board = self.g.board
            tables = [distances(board, s) for s in self.sites.get(culture, [])]
            self._site_tables[culture] = tables
        known = [d for d in (table.get(here) for table in tables) if d is not None]
        return min(known) if known else None

    def sale_worth(self, good: str, here: str) -> float:
        """The best known sale of one unit of ``good``, less the way to it from ``here``."""
        key = (good, here)
        if key not in self._sale:
            item = self.g.content.good(good)
            best = 0.0
            for buyer in item.buyers:
                d = self.nearest(buyer, here)
                if d is not None:
                    bonus = demand_bonus(self.g, buyer, good)
                    best = max(best, item.sell + bonus - PER_MP * d)
            self._sale[key] = best
        return self._sale[key]

    def fare_worth(self, marker: str, here: str) -> float:
        fare = self.g._fares[marker]
        d = self.nearest(fare.destination, here)
        return 0.0 if d is None else fare.fare - PER_MP * d

    # ------------------------------------------------------------------- goals

    def site_value(self, space: str) -> float:
        """What landing on ``space`` now would earn (the module docstring), 0 for nothing."""
        g, p = self.g, self.g.players[self.seat]
        system = g.habitable(space)
        if g.space(space).kind is SpaceKind.GALACTIC_BASE:
            culture = BASE
        elif system is not None and g.is_trading_site(space):
            found = self.known.get(system)
            if found is None:
                return EXPLORE if g.undiscovered(system) else 0.0
            culture = found
        else:
            return 0.0
        value = EXPLORE if system is not None and g.undiscovered(system) else 0.0
        limited = not g.is_spaceport(space)
        port = port_owner(g, space)
        delivered = []
        for marker in p.cargo:
            if not is_goods(marker) and g._fares[marker].destination == culture:
                value += g._fares[marker].fare - self._counted(marker)
                delivered.append(marker)
        # (price, what the good counts for already, the good), the best price first, as it is
        # sold.
        sales = sorted(
            (
                (
                    g.content.good(good_of(m)).sell + demand_bonus(g, culture, good_of(m)),
                    self._counted(m),
                    m,
                )
                for m in p.cargo
                if is_goods(m) and culture in g.content.good(good_of(m)).buyers
            ),
            reverse=True,
        )
        if sales:
            gains = [
                price - counted + self._commission(port, price, PORT_COMMISSION)
                for price, counted, _ in sales
            ]
            value += gains[0] + (0.5 if limited else 1.0) * sum(gains[1:])
        # The hold after the deliveries and the first sale (one is all a city allows). Fares
        # and drives take hold space too: counting goods alone valued a purchase that did not
        # fit, and the merchant landed for nothing.
        sold = sales[0][2] if sales else None
        left = [m for m in p.cargo if m not in delivered and m != sold]
        kind = ship_type(g, p.ship)
        room = 2 * kind.holds - half_holds(left, p.equipment, kind)
        credit = g.content.culture(culture).iou if culture in p.ious else 0
        cash = p.cash + (sales[0][0] if sales else 0)
        if room >= GOOD:
            value += max(0.0, self.best_purchase(culture, space, cash, credit))
        return value

    def _commission(self, owner: int | None, amount: int, percent: int) -> float:
        """What the bank's commission on a deal is worth to this seat: all of it when the
        seat earns it. When another player earns it, it counts against the seat as ``value``
        counts it once paid (``OTHERS``), divided by ``POTENTIAL``, the share of a goal that
        ``position_value`` counts: a cost that a landing will certainly bring is not
        discounted like its gains. Without it, landing at another's spaceport cost the search
        what the owner earned, while waiting beside the port cost nothing in a round, and the
        route planner never looked for the culture's other site: in deal 3603 a merchant
        waited beside such a port for 35 rounds."""
        if owner is None:
            return 0.0
        due = commission_due(amount, percent)
        return float(due) if owner == self.seat else -OTHERS / POTENTIAL * due

    def _counted(self, marker: str) -> float:
        """What a cargo marker counts for before it is sold or delivered: its
        ``holdings_value`` share when the planner is ``net``, else nothing."""
        return cargo_worth(self.g, marker) if self.net else 0.0

    def best_purchase(
        self, culture: str, here: str, cash: int, credit: int = 0, goods_only: bool = False
    ) -> float:
        """The profit of the best goods bought (or fare picked up) from ``culture`` here,
        among those ``trade_choice`` would make (0 if none): a site valued for a trade the bot
        then declines is a goal it lands on for nothing, turn after turn (a ship with $20 went
        to and fro between two cities of one system, each worth a purchase of $5-8 profit, for
        30 rounds). ``credit`` (an IOU of this culture, or this turn's credit) pays first and is
        good nowhere else, so a purchase costs only the cash it takes (``cash_profit``)."""
        best = 0.0
        port = port_owner(self.g, here)
        for marker in self.g.market.get(culture, []):
            if is_goods(marker):
                item = self.g.content.good(good_of(marker))
                profit = self.cash_profit(item.id, here, credit)
                if item.buy <= cash + credit and profit > BUY_MARGIN:
                    profit += self._commission(port, item.buy, PORT_COMMISSION)
                    if item.factory:
                        owner = self.g.factories.get(item.culture)
                        profit += self._commission(owner, item.buy, FACTORY_COMMISSION)
                    best = max(best, profit)
            elif marker in self.g._fares and not goods_only:
                worth = self.fare_worth(marker, here)
                if worth > PICK_UP_WORTH:
                    best = max(best, worth)
        return best

    def cash_profit(self, good: str, here: str, credit: int) -> float:
        """One unit of ``good`` bought here and sold at its best known buyer, less the cash it
        takes: ``credit`` pays first and lapses unspent (§7.2, §7.8), so what it pays costs
        nothing. Counting it as cash left a merchant with $0 and seven IOUs of $70-100 no
        purchase worth $10 at any of their cultures, and it flew about for 35 rounds (deal
        5048)."""
        return self.sale_worth(good, here) - max(0, self.g.content.good(good).buy - credit)

    def goals(self) -> dict[str, float]:
        """Every trading site worth landing on, by space, with its value now."""
        if self._goals is None:
            g = self.g
            spaces = [g.board.galactic_base]
            for system in g.board.systems:
                spaces += trading_spaces(g, system.id)
            found = [(space, self.site_value(space)) for space in spaces]
            self._goals = {space: value for space, value in found if value > 0}
        return self._goals

    def potential(self, here: str) -> float:
        """The best goal's value less the way to it from ``here``."""
        if self._goal_ways is None:
            board = self.g.board
            self._goal_ways = [(worth, distances(board, s)) for s, worth in self.goals().items()]
        best = -PER_MP * 60.0
        for worth, table in self._goal_ways:
            d = table.get(here)
            if d is not None:
                best = max(best, worth - PER_MP * d - NOT_YET)
        return best

    def end_worth(self, space: str, landed: bool) -> float:
        """A move ending on ``space``: the goal's value if landed on it, else the potential.
        Landing on a site that is no goal earns nothing: it is worth the potential too, not 0
        (which beat every end short of a goal when all of them lay far away, and a merchant
        with $40 landed on the nearest city turn after turn for 30 rounds)."""
        worth = self.potential(space)
        if landed:
            worth = max(worth, self.goals().get(space, worth))
        return worth

    # ------------------------------------------------------------------- moving

    def best_step(self, options: list[Decision]) -> Decision:
        """The move decision toward the best end of this roll (the module docstring)."""
        best, chosen = float("-inf"), options[0]
        for d, worth in zip(options, self.step_worths(options), strict=True):
            if worth > best + 1e-9:
                best, chosen = worth, d
        return chosen

    def step_worths(self, options: list[Decision]) -> list[float]:
        """The best end of this roll after each move decision. One scratch copy and one memo
        serve them all: a node's worth depends only on its key, whatever was looked at
        before it."""
        g = self.g
        t = g.turn
        assert t is not None
        here = g.players[self.seat].space
        scratch = g.copy(quiet=True)
        memo: dict[tuple[Any, ...], float] = {}
        real = t.real_steps > 0
        hops = reach(g).hops
        worths: list[float] = []
        for d in options:
            if d.kind == LAND:
                worth = self.end_worth(here, landed=True)
            elif d.kind == STOP:
                worth = self.end_worth(here, landed=False)
            elif d.kind == PAY:
                onward = [self._node(scratch, h, here, t.mp, t.pilot, real, memo) for h in hops]
                worth = max(onward, default=float("-inf")) - t.penalty_due
            else:
                hop = next(
                    h for h in hops if (h.target, h.pilot, h.jump) == (*d.args, d.kind != STEP)
                )
                worth = self._node(scratch, hop, here, t.mp, t.pilot, real, memo)
            worths.append(worth)
        return worths

    def _node(
        self,
        scratch: MerchantBase,
        hop: Any,
        here: str,
        mp: int,
        pilot: int,
        real: bool,
        memo: dict[tuple[Any, ...], float],
    ) -> float:
        """The best end of a move after ``hop`` from ``here`` (with ``mp`` MP and ``pilot``
        before it, ``real``: a step into a space costing MP made on the way, which frees the
        move from a declared first space): landing, stopping at a penalty instead of paying,
        or going on. The scratch copy is set up from these alone, as other branches used it
        before."""
        g, t = self.g, scratch.turn
        assert t is not None
        space, left = hop.target, mp - hop.cost
        previous = "" if hop.jump else here
        pilot = hop.pilot or pilot
        skipped = scratch.is_skipped(space)
        real = real or not skipped
        key = (space, previous, left, pilot, real)
        if key in memo:
            return memo[key]
        memo[key] = float("-inf")  # a loop back to a node on the way is no better
        landable = g.is_landing_site(space) and not skipped
        scratch.players[t.seat].space = space
        t.previous, t.mp, t.pilot = previous, left, pilot
        t.real_steps = 1 if real else 0
        t.path = [space]
        found = reach(scratch)
        if not found.hops:
            memo[key] = self.end_worth(space, landable)
            return memo[key]
        onward = max(self._node(scratch, h, space, left, pilot, real, memo) for h in found.hops)
        best = self.end_worth(space, True) if landable else float("-inf")
        if found.back_pilot:
            best = max(best, self.end_worth(space, False))
        due = 0
        if scratch.is_penalty(space) and not skipped:
            due = g.effective_penalty(g.players[self.seat], g.printed_penalty(space))
        if due:
            best = max(best, self.end_worth(space, False))
            if due <= g.players[self.seat].cash:
                best = max(best, onward - due)
        else:
            best = max(best, onward)
        memo[key] = best
        return best

    def first_space(self, options: list[Decision]) -> Decision:
        """Before rolling: the first space on the way to the best goal."""
        return max(options, key=lambda d: self.potential(d.args[0]) if d.args[0] else 0.0)

    # ------------------------------------------------------------------- trading

    def trade_choice(self, options: list[Decision]) -> Decision:
        """The landing site's next transaction (the module docstring), or the end of the
        turn."""
        g, seat = self.g, self.seat
        p = g.players[seat]
        here = p.space
        by_kind: dict[str, list[Decision]] = {}
        for d in options:
            by_kind.setdefault(d.kind, []).append(d)
        for kind in (TAKE_RELIC, DELIVER):
            if kind in by_kind:
                return by_kind[kind][0]
        culture = site(g, seat).culture
        if SELL in by_kind and culture is not None:
            return max(
                by_kind[SELL],
                key=lambda d: g.content.good(d.args[0]).sell + demand_bonus(g, culture, d.args[0]),
            )
        credit = g.turn.credit if g.turn is not None else 0
        buy = self._best_buy(by_kind.get(BUY, []), here, credit)
        if REDEEM in by_kind and culture is not None:
            redeemed = credit + g.content.culture(culture).iou
            if self.best_purchase(culture, here, p.cash, redeemed, goods_only=True) > BUY_MARGIN:
                return by_kind[REDEEM][0]
        ship = self._better_ship(by_kind.get(BUY_SHIP, []))
        if ship is not None:
            return ship
        if buy is not None:
            return buy
        for d in by_kind.get(PICK_UP, []):
            if fits(g, p, cargo=(d.args[0],)) and self.fare_worth(d.args[0], here) > PICK_UP_WORTH:
                return d
        for d in by_kind.get(BUY_DEED, []):
            own = culture is not None and p.species == culture
            if own and p.cash - deed_price(g, p, d.args[0], p.species) >= RESERVE:
                return d
        return next(d for d in options if d.kind == DONE)

    def _best_buy(self, buys: list[Decision], here: str, credit: int) -> Decision | None:
        best, chosen = float(BUY_MARGIN), None
        for d in buys:
            profit = self.cash_profit(d.args[0], here, credit)
            if profit > best:
                best, chosen = profit, d
        return chosen

    def _better_ship(self, ships: list[Decision]) -> Decision | None:
        """A ship of at least three dice that carries more per roll, once the swap leaves
        ``RESERVE`` in cash."""
        g, p = self.g, self.g.players[self.seat]
        mine = ship_type(g, p.ship)
        best, chosen = mine.holds * mine.dice, None
        for d in ships:
            kind = ship_type(g, d.args[0])
            if kind.dice < 3 or p.cash - (kind.cost - mine.trade_in) < RESERVE:
                continue
            if kind.holds * kind.dice > best:
                best, chosen = kind.holds * kind.dice, d
        return chosen

    def stay_or_move(self, options: list[Decision]) -> Decision:
        """Stay for unlimited trading when it earns at least ``STAY_WORTH``; else move."""
        g, seat = self.g, self.seat
        stay = next((d for d in options if d.kind == STAY), None)
        move = next(d for d in options if d.kind == MOVE)
        if stay is None or not g.is_trading_site(g.players[seat].space):
            return move
        trial = g.copy(quiet=True)
        before = holdings_value(trial, seat)
        trial.apply(stay)
        for _ in range(12):
            if trial.is_over() or trial.step_name() != Step.LANDED or trial.to_move() != seat:
                break
            choice = Planner(trial, seat).trade_choice(trial.legal_decisions())
            if choice.kind == DONE:
                break
            trial.apply(choice)
        return stay if holdings_value(trial, seat) - before >= STAY_WORTH else move


# ----------------------------------------------------------------------- values


def position_value(g: MerchantBase, seat: int) -> float:
    """Holdings (``holdings_value``) and where the ship is: a share of the best goal's value
    less the way to it (``Planner.potential``). Without the second part every space of a move
    is worth the same until a trade, and a search judging its moves at the end of a round
    cannot tell a ship on its way from one flying away from every market."""
    here = g.players[seat].space
    potential = Planner(g, seat, net=True).potential(here)
    return holdings_value(g, seat) + POTENTIAL * max(0.0, potential)


def value(g: MerchantBase, seat: int) -> float:
    """A position for ``seat``: its ``position_value`` against the best other's."""
    if g.is_over():
        return WIN if seat in g.winners() else -WIN
    others = [position_value(g, q.seat) for q in g.players if q.seat != seat]
    return position_value(g, seat) - OTHERS * max(others, default=0.0)


def plan(g: MerchantBase, seat: int, options: list[Decision]) -> Decision | None:
    """The decisions route planning makes; None leaves one to the one-step lookahead (a
    proposal of another player, the species)."""
    name = g.step_name()
    kinds = {d.kind for d in options}
    if name == Step.BEGIN:
        return Planner(g, seat).stay_or_move(options)
    if name == Step.MOVE:
        return Planner(g, seat).best_step(options)
    if name == Step.LANDED:
        return Planner(g, seat).trade_choice(options)
    if name == Step.DECLARE and FIRST in kinds:
        return Planner(g, seat).first_space(options)
    if name == Step.MULLIGAN:
        low = next((d for d in options if d.kind == REROLL and d.args[0] <= 2), None)
        return low if low is not None else next(d for d in options if d.kind == KEEP)
    if name in (Step.GATE_LOCK, Step.AUTO_PILOT, Step.JUMP_START):
        off = {GATE_LOCK: (0,), AUTO_PILOT: (0,), JUMP_START: ("",)}
        return next(d for d in options if d.args == off.get(d.kind))
    if name == Step.DRIVES:
        return options[0]
    if WITHDRAW in kinds:
        return next(d for d in options if d.kind == WITHDRAW)
    return None


def turn_of(g: MerchantBase) -> int | None:
    """The seat whose turn is under way (None between turns): the game is played in whole
    turns, a round being every player's."""
    return g.turn.seat if g.turn is not None else None


#: The search levels as this game plays them. Every level judges by the value margin, not the
#: win model (``SearchLevel.fitted``): judged by a fitted model ``expert`` lost to ``hard``
#: (``nfgalaxy.bots.levels``), and the levels' figures were measured by the margin; the model
#: ships for the hint's reasons and as the start of the learned value. ``expert`` searches as
#: ``hard`` does with three times its time and half the planner's benefit of the doubt: every
#: way of settling or looking further measured weaker than ``hard`` here, and more worlds alone
#: no stronger.
LEVEL_CHANGES = {
    "normal": {"fitted": False},
    "hard": {"fitted": False},
    "expert": {
        "rounds": 1,
        "settle_margin": 0.0,
        "seconds": 2.5,
        "plan_edge": 0.02,
        "fitted": False,
    },
}

#: The greedy bot's knowledge of Space Merchant (``nfgalaxy.bots.greedy``). Values are
#: dollars: a lead of about $150 is what the search reads as a win three times as likely as a
#: loss (a few good trades; the target is $2,000).
HEURISTIC = Heuristic(
    value=value,
    plan=plan,
    lookahead=1,
    follow_limit=4,
    margin=150.0,
    plan_edge=0.05,
    turn_of=turn_of,
    win_features=lazy("nfgalaxy.games.space_merchant.win_features:FEATURES"),
    levels=LEVEL_CHANGES,
)
