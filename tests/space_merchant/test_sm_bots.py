"""The bots play Space Merchant: the greedy bot's route planning wins against random play and
reaches the target, not the round limit; it never proposes trades and decides on its view."""

from __future__ import annotations

import pytest

from nfgalaxy.bots.greedy import GreedyBot
from nfgalaxy.bots.random_bot import RandomBot
from nfgalaxy.core.registry import new_game
from nfgalaxy.games.space_merchant.board_facts import distances, exit_extra
from nfgalaxy.games.space_merchant.heuristics import Planner
from nfgalaxy.games.space_merchant.invariants import problems
from nfgalaxy.games.space_merchant.rules.common import PROPOSE


def play(seed: int, greedy_seat: int):  # type: ignore[no-untyped-def]
    g = new_game("space-merchant", players=2, seed=seed)
    bots = [RandomBot(seed), RandomBot(seed)]
    bots[greedy_seat] = GreedyBot(seed)
    proposals = 0
    while not g.is_over():
        seat = g.to_move()
        decision = bots[seat].choose(g)
        proposals += seat == greedy_seat and decision.kind == PROPOSE
        g.apply(decision)
    assert problems(g) == [] and proposals == 0
    return g


@pytest.mark.parametrize("seed", [1, 2])
def test_greedy_reaches_the_target_before_a_random_merchant(seed: int) -> None:
    g = play(seed, seed % 2)
    assert g.winners() == [seed % 2]
    assert g.net_worth(g.players[seed % 2]) >= 2000 and g.round < 100


@pytest.mark.slow
def test_greedy_wins_nine_games_in_ten_against_random() -> None:
    wins = sum(play(seed, seed % 2).winners() == [seed % 2] for seed in range(1, 41))
    assert wins >= 36


def test_a_navigation_exit_few_numbers_select_counts_the_turns_waited_for_it() -> None:
    g = new_game("space-merchant", players=2, seed=1)
    circle = next(s.id for s in g.board.spaces if s.kind.value == "navigation")
    exits = {
        n: len(g.board.link(circle, n).pilot_numbers_from(circle))
        for n in g.board.neighbours(circle)
    }
    extras = {n: exit_extra(g.board, circle, n) for n in exits}
    assert all(extras[a] >= extras[b] for a in exits for b in exits if exits[a] <= exits[b])
    assert distances(g.board, circle)[circle] == 0


def test_the_plan_values_an_undiscovered_city_and_landing_sells_what_it_carries() -> None:
    g = new_game("space-merchant", players=2, seed=3)
    while g.step_name() == "species":
        g.apply(g.legal_decisions()[0])
    planner = Planner(g, g.to_move())
    cities = [s for s in planner.goals() if g.space(s).kind.value.endswith("city")]
    assert cities and all(g.undiscovered(g.habitable(s)) for s in cities)


def test_the_kept_distances_stay_bounded_across_many_boards(monkeypatch) -> None:
    """Each generated board is a new object: a process playing game after game keeps the
    distances of no more boards than its bound, and a board's distances are kept while it
    is in use."""
    from nfgalaxy.games.space_merchant import board_facts

    monkeypatch.setattr(board_facts, "_BOARDS", {})
    monkeypatch.setattr(board_facts, "_BOARDS_KEPT", 2)
    boards = [
        new_game("space-merchant", players=2, seed=1, options={"board": board_seed}).board
        for board_seed in range(1, 5)
    ]
    assert len({id(board) for board in boards}) == 4
    for board in boards:
        target = board.spaces[0].id
        table = distances(board, target)
        assert distances(board, target) is table
        assert len(board_facts._BOARDS) <= 2


def test_the_planners_trading_sites_are_the_rules_own_as_spaceports_appear() -> None:
    """``trading_spaces`` works out once per board which spaces may become trading sites:
    at every turn of greedy games, on boards where spaceports get built and ?-boxes revealed,
    it names exactly the spaces the rules call trading sites, in board order."""
    from nfgalaxy.games.space_merchant.board_facts import trading_spaces

    grew = False
    for seed in (5021, 5022, 5023):
        g = new_game("space-merchant", players=2, seed=seed)
        bots = [GreedyBot(seed), GreedyBot(seed + 1)]
        first = sum(len(trading_spaces(g, s.id)) for s in g.board.systems)
        while not g.is_over() and g.round <= 60:
            if g.turn is None or not g.turn.moving:
                for system in g.board.systems:
                    expected = [
                        s.id for s in g.board.spaces_of(system.id) if g.is_trading_site(s.id)
                    ]
                    assert trading_spaces(g, system.id) == expected
            g.apply(bots[g.to_move()].choose(g))
        grew |= sum(len(trading_spaces(g, s.id)) for s in g.board.systems) > first
    assert grew, "no spaceport appeared: the games tested nothing that changes"


def _first_trading_choices(seeds: tuple[int, ...]):  # type: ignore[no-untyped-def]
    """(game, seat) at the first trading decision of every landing after a move, in 2-player
    greedy games of ``seeds``: what landing there offered, before any trade was made."""
    for seed in seeds:
        g = new_game("space-merchant", players=2, seed=seed)
        bots = [GreedyBot(seed), GreedyBot(seed + 1)]
        last = ""
        while not g.is_over():
            seat = g.to_move()
            if g.step_name() == "landed" and last in ("step", "jump", "land"):
                yield g, seat
            decision = bots[seat].choose(g)
            last = decision.kind
            g.apply(decision)


def test_a_site_is_a_goal_only_for_a_trade_the_merchant_makes_on_landing() -> None:
    """A site valued for a purchase the trading choice then declines (a profit under
    ``BUY_MARGIN``, a fare under ``PICK_UP_WORTH``) drew a merchant to land there for nothing,
    turn after turn: in these games the old valuation did so 5 times in 305 landings."""
    landings = 0
    for g, seat in _first_trading_choices((3, 4, 7, 8)):
        planner = Planner(g, seat)
        here = g.players[seat].space
        landings += 1
        if planner.site_value(here) > 0:
            assert planner.trade_choice(g.legal_decisions()).kind != "done", (g.round, here)
    assert landings > 100


def test_landing_on_a_site_that_is_no_goal_is_worth_only_the_way_on() -> None:
    """With every goal far away, landing on the nearest city must not beat travelling toward
    one (it was worth 0 against their negative potential: a merchant with $40 landed on the
    two cities of one system in turn for 30 rounds)."""
    g = new_game("space-merchant", players=2, seed=1)
    while g.step_name() == "species":
        g.apply(g.legal_decisions()[0])
    planner = Planner(g, g.to_move())
    base = g.board.galactic_base
    far = max(distances(g.board, base).items(), key=lambda item: item[1])[0]
    planner._goals = {far: 10.0}
    sites = [s.id for s in g.board.spaces if g.is_landing_site(s.id) and s.id != far]
    near = min(sites, key=lambda s: distances(g.board, far).get(s, 10_000))
    assert planner.potential(base) < 0
    assert planner.end_worth(base, landed=True) == planner.potential(base)
    assert planner.end_worth(near, landed=True) == planner.potential(near)
    assert planner.end_worth(far, landed=True) == 10.0


def _every_culture_known():  # type: ignore[no-untyped-def]
    """A 2-player game (seed 3) after the species, its first merchant to move knowing every
    culture, as if every system had been observed: (game, seat, player)."""
    g = new_game("space-merchant", players=2, seed=3)
    while g.step_name() == "species":
        g.apply(g.legal_decisions()[0])
    seat = g.to_move()
    p = g.players[seat]
    p.known_cultures = dict(g.culture_at)
    return g, seat, p


def test_an_iou_pays_for_goods_at_its_culture_when_the_merchant_has_no_cash() -> None:
    """Credit is good only where it was given and lapses at the turn's end: a merchant with $0
    and an IOU finds a purchase worth flying to at the IOU's culture, costing it no cash. Judged
    as cash, the same purchase showed no profit and the merchant flew about for 35 rounds."""
    from nfgalaxy.games.space_merchant.rules.cup import good_of, is_goods

    g, seat, p = _every_culture_known()
    p.cash = 0
    planner = Planner(g, seat)
    sales = {
        (culture, good_of(m)): planner.sale_worth(good_of(m), sites[-1])
        for culture, sites in planner.sites.items()
        for m in g.market.get(culture, [])
        if is_goods(m) and g.content.good(good_of(m)).buy <= g.content.culture(culture).iou
    }
    (culture, good), sale = max(sales.items(), key=lambda item: item[1])
    space = planner.sites[culture][-1]
    iou = g.content.culture(culture).iou
    before = planner.site_value(space)
    assert planner.best_purchase(culture, space, cash=0) == 0.0  # no cash to buy with
    assert planner.cash_profit(good, space, credit=iou) == sale > 10  # costs no cash
    assert planner.best_purchase(culture, space, cash=0, credit=iou) >= sale
    p.ious = [culture]
    assert Planner(g, seat).site_value(space) >= before + sale


def _landings_with_a_sale(seeds: tuple[int, ...]):  # type: ignore[no-untyped-def]
    for g, seat in _first_trading_choices(seeds):
        if any(d.kind == "sell" for d in g.legal_decisions()):
            yield g, seat


def test_the_trades_of_a_landing_never_lower_the_searchs_value_of_the_position() -> None:
    """A position counted the cargo at its price and again in its best goal's value, the
    sale in full: selling lost the search that part of the goal, and it kept a ship with
    cargo waiting near its buyer for 35 rounds (deal 3603). In these games the
    former valuation fell in 30 of 151 landings with a sale."""
    from nfgalaxy.games.space_merchant.heuristics import position_value

    landings = 0
    for g, seat in _landings_with_a_sale((3, 4, 5, 6, 7, 8)):
        trial = g.copy(quiet=True)
        before = position_value(trial, seat)
        while trial.step_name() == "landed" and trial.to_move() == seat:
            choice = Planner(trial, seat).trade_choice(trial.legal_decisions())
            trial.apply(choice)
            if choice.kind == "done" or trial.is_over():
                break
        landings += 1
        assert position_value(trial, seat) >= before - 1e-9, (g.round, g.players[seat].space)
    assert landings > 120


def test_a_spaceport_of_another_player_is_worth_less_by_the_commission_it_earns() -> None:
    """The bank pays an owned spaceport 10% of every sale there (§7.11): to the seat itself
    that is money, to another player a step toward the other's win."""
    from nfgalaxy.games.space_merchant.board import SpaceKind

    g, seat, p = _every_culture_known()
    other = 1 - seat
    good = next(item for item in g.content.goods if not item.factory and item.buyers)
    buyer = sorted(good.buyers)[0]
    system = next(s for s, c in g.culture_at.items() if c == buyer)
    orbit = next(
        s.id for s in g.board.spaces if s.kind is SpaceKind.ORBIT and g.habitable(s.id) == system
    )
    p.cargo = [f"{good.id}#1"]
    g.spaceports[orbit] = other
    theirs = Planner(g, seat).site_value(orbit)
    g.spaceports[orbit] = seat
    mine = Planner(g, seat).site_value(orbit)
    assert mine - theirs >= 2 * (good.sell // 10) > 0


def test_a_purchase_counts_only_when_the_hold_has_room_for_it_fares_and_all() -> None:
    """Fares take hold space (§8): a hold full of fares bound elsewhere leaves a market worth
    nothing. Counting goods alone valued a purchase there, and in a greedy game a merchant
    landed at its own spaceport for a good that did not fit."""
    from nfgalaxy.games.space_merchant.heuristics import EXPLORE

    g, seat, p = _every_culture_known()
    p.cash = 1000
    planner = Planner(g, seat)
    worth = {
        space: planner.site_value(space)
        for culture, spaces in planner.sites.items()
        for space in spaces
        if culture != "base"
    }
    space, value = max(worth.items(), key=lambda item: item[1])
    culture = g.culture_at[g.habitable(space)]
    elsewhere = [m for m, fare in g._fares.items() if fare.destination != culture]
    p.cargo = elsewhere[: 2 * 2]  # a scout's two holds, half a hold a fare
    assert p.ship == "scout"
    found = EXPLORE if g.undiscovered(g.habitable(space)) else 0.0  # landing discovers it
    assert value > found
    assert Planner(g, seat).site_value(space) == found
