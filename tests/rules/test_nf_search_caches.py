"""What the engine keeps to make search playouts fast must always agree with reading the rules
afresh: the players' ability tables and Settle/Develop readings (kept until tiles with abilities
in that phase come or go), the Settle terms remembered per world, the shared action plans, and
a Settle turn that ends without asking again."""

from __future__ import annotations

import pytest

from nfgalaxy.bots.random_bot import RandomBot
from nfgalaxy.core.registry import new_game
from nfgalaxy.core.rng import Rng
from nfgalaxy.games.new_frontiers import abilities as ab
from nfgalaxy.games.new_frontiers.components import Phase
from nfgalaxy.games.new_frontiers.rules import NewFrontiers, settle
from nfgalaxy.games.new_frontiers.rules import round as rounds
from nfgalaxy.games.new_frontiers.state import Player

GAMES = [(3, 1, False), (4, 2, True), (5, 3, False), (2, 4, True)]


def _random_game(players: int, seed: int, goals: bool, quiet_from: int | None = None):
    """Every state of a random game (a quiet view of it from decision ``quiet_from`` on)."""
    state = new_game("new-frontiers", players=players, seed=seed, options={"goals": goals})
    bot = RandomBot(seed)
    count = 0
    while not state.is_over():
        if count == quiet_from:
            state = state.view(state.to_move(), Rng(seed), quiet=True)
        yield state
        state.apply(bot.choose(state))
        count += 1
    yield state


def _settle_reading(powers: ab.SettlePowers) -> tuple:
    return (
        powers.discount,
        powers.discount_by_kind,
        powers.military,
        powers.conditional,
        powers.reductions,
        powers.second_settle,
        powers.temporary,
        powers.upgrade_limit,
        powers.replace_self,
    )


def _fresh_table(state: NewFrontiers, player: Player) -> dict:
    fresh = Player.from_json(player.to_json())
    return {phase: fresh.abilities(state.tiles, phase) for phase in Phase}


@pytest.mark.parametrize(("players", "seed", "goals"), GAMES)
def test_kept_ability_tables_and_readings_match_a_fresh_reading(players, seed, goals) -> None:
    checked = 0
    for state in _random_game(players, seed, goals, quiet_from=150):
        for player in state.players:
            table = _fresh_table(state, player)
            if player._abilities is not None:
                assert player._abilities == table
            for (build, phase), kept in (player._powers or {}).items():
                fresh = build(table[phase])
                if isinstance(kept, ab.SettlePowers):
                    assert _settle_reading(kept) == _settle_reading(fresh)
                    for world_id in list(kept._terms):
                        world = state.world(world_id)
                        assert kept.terms(world) == fresh.terms(world)
                else:
                    assert kept == fresh
                checked += 1
    assert checked > 100, "the readings were never kept"


def test_settle_terms_are_the_rules_answers_for_every_world() -> None:
    *_, final = _random_game(4, 9, False)
    for player in final.players:
        active = player.abilities(final.tiles, Phase.SETTLE)
        powers = ab.SettlePowers(active)
        for world in final.tiles.worlds.values():
            price, strength, pay = powers.terms(world)
            assert strength == (ab.military_against(active, world, 0) if world.military else 0)
            assert price == (None if world.military else ab.settle_price(active, world))
            assert pay == ab.pay_for_military_price(active, world)


@pytest.mark.parametrize(("players", "seed", "goals"), GAMES)
def test_a_settle_turn_ends_early_only_when_no_option_is_left(
    players, seed, goals, monkeypatch
) -> None:
    ended = 0
    real = settle._nothing_left

    def checked(g: NewFrontiers, seat: int) -> bool:
        nonlocal ended
        nothing = real(g, seat)
        if nothing:
            assert settle._opt_settle(g, seat, 0) == []
            ended += 1
        return nothing

    monkeypatch.setattr(settle, "_nothing_left", checked)
    for _state in _random_game(players, seed, goals, quiet_from=100):
        pass
    assert ended > 0, "no Settle turn ended early"


def test_shared_action_plans_are_never_changed() -> None:
    before = {key: [list(step) for step in plan] for key, plan in rounds._PLANS.items()}
    for players, seed, goals in GAMES:
        for _state in _random_game(players, seed, goals, quiet_from=60):
            pass
    assert rounds._PLANS, "no plan was made"
    for key, plan in before.items():
        assert [list(step) for step in rounds._PLANS[key]] == plan
    made = {key: [list(step) for step in plan] for key, plan in rounds._PLANS.items()}
    for _state in _random_game(4, 7, True, quiet_from=30):
        pass
    for key, plan in made.items():
        assert [list(step) for step in rounds._PLANS[key]] == plan


def test_a_copy_whose_tiles_change_keeps_its_own_readings() -> None:
    """A copy shares the readings its game has kept until its own tiles change (then it keeps
    its own): also when nothing was kept yet. A copy gaining a tile while the shared table was
    still empty once wrote its readings into it, so that the game it came from offered a
    boost from a tile it did not have (found by an expert bot's playouts to the end)."""
    state = new_game("new-frontiers", players=2, seed=3)
    tiles = state.tiles
    player = state.players[0]
    player.abilities(tiles, Phase.SETTLE)  # the ability table is read and kept
    player._powers = {}  # nothing kept yet, as after a change of tiles
    world = next(
        w.id
        for w in tiles.worlds.values()
        if any(p is Phase.SETTLE for p, _entry in tiles.phased[w.id])
        and w.id not in player.colonies
    )
    copy = state.clone()
    twin = copy.players[0]
    twin.colonies = [*twin.colonies, world]  # replaced, never changed (shared with copies)
    twin.tiles_changed(tiles, world)
    gained = copy.powers(0, Phase.SETTLE, ab.SettlePowers)
    kept = state.powers(0, Phase.SETTLE, ab.SettlePowers)
    fresh = ab.SettlePowers(_fresh_table(state, player)[Phase.SETTLE])
    assert _settle_reading(kept) == _settle_reading(fresh)
    assert _settle_reading(gained) != _settle_reading(kept)
