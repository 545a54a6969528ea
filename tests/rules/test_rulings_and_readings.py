"""Rulings, tile abilities and the spec's chosen readings, each checked with exact numbers.

Each test covers a rule, a tile ruling or a §16 chosen reading (named in its docstring) beyond
the rulebook examples in the other rule-test files. They were written as an audit of the engine
against the specification; the discrepancies it found are fixed and these tests keep them fixed.

Section numbers (§n) refer to ``shared/rules/new-frontiers.md``; "reconstruction" refers to the
conventions and tile rows of ``shared/data/new-frontiers-reconstruction.md``.
"""

from __future__ import annotations

from scenario import TILES, by_name, choose, give, kinds, pick, table

from nfgalaxy.core import Decision
from nfgalaxy.games.new_frontiers.components import Kind
from nfgalaxy.games.new_frontiers.scoring import score_player, winners
from nfgalaxy.games.new_frontiers.state import Player

# ---------------------------------------------------------------------------------- helpers

END_OF_ACTION = ("select", "start_round", "end_round")


def finish(state) -> None:
    """Everyone still to act in this action takes colonists / passes / stops, else option 1."""
    while state.queue and state.queue[0][0] not in END_OF_ACTION:
        options = state.legal_decisions()
        quiet = [d for d in options if d.kind in ("colonists", "done", "pass", "keep_secret")]
        state.apply(quiet[0] if quiet else options[0])


def until_turn(state, seat: int, step: str) -> None:
    """Play quietly until ``seat`` must decide in the step named ``step``."""
    while not deciding(state, seat, step):
        assert state.queue and state.queue[0][0] != "end_round", f"{seat} never reached {step}"
        options = state.legal_decisions()
        quiet = [d for d in options if d.kind in ("colonists", "done", "pass", "keep_secret")]
        state.apply(quiet[0] if quiet else options[0])


def deciding(state, seat: int, step: str) -> bool:
    """Is ``seat`` asked for a decision in the step named ``step`` right now?"""
    return bool(state.queue) and state.queue[0][0] == step and state.to_move() == seat


def seats(state) -> list[int]:
    """Players in track order (first disc of each)."""
    out: list[int] = []
    for seat, _disc in state.order:
        if seat not in out:
            out.append(seat)
    return out


def plain_homes(state, home: str = "Old Earth") -> None:
    """Give every player the same home colony, so no home ability gets in the way."""
    for seat in range(len(state.players)):
        give(state, seat, home=home)


def empire(colonies: list[str], developments: list[str] = (), **fields) -> Player:
    player = Player(
        seat=0,
        name="P",
        colonies=[by_name(c) for c in colonies],
        developments=[by_name(d) for d in developments],
    )
    for key, value in fields.items():
        setattr(player, key, value)
    return player


def bonus_of(player: Player, tile: str) -> int:
    """The "?" VP of one of the player's tiles at final scoring."""
    return dict(score_player(TILES, player, []).bonus_detail)[by_name(tile)]


# ====================================================================== setup (§3), §16.5, §16.18


def test_later_games_flip_only_large_tiles_and_right_column_stacks() -> None:
    """Reading §16.5: only large tiles and the variable (right-column) stacks are flipped; the
    other small stacks always show their first-game face."""
    flipped = {"large": 0, "variable": 0, "fixed": 0}
    for seed in range(20):
        state = table(3, seed=seed, first_game=False)
        assert len(state.supply) == 24
        for dev_id in state.supply:
            dev = TILES.developments[dev_id]
            flipped[dev.group] += 0 if dev.first_game else 1
        groups = [TILES.developments[d].group for d in state.supply]
        assert (groups.count("large"), groups.count("variable"), groups.count("fixed")) == (8, 8, 8)
    assert flipped["fixed"] == 0
    assert flipped["large"] > 0 and flipped["variable"] > 0


def test_initial_empire_has_one_colonist_on_the_home_colony_and_none_unused() -> None:
    """Reading §16.18: 12 colonists per player in the supply, 1 of which goes onto the home colony;
    the colonist area starts empty and nobody has VP, developments or explored worlds."""
    state = table(4, seed=21)
    assert state.colonist_supply == 4 * 12 - 4
    for player in state.players:
        assert (player.colonists, player.vp, player.developments, player.explored) == (0, 0, [], [])
        assert player.colonies == [player.home]


# ====================================================================== round order (§4), §16.6


def test_ambassador_when_already_first_only_gains_a_vp() -> None:
    """Reading §16.6: Send Ambassador by the player already first gives the VP and no movement."""
    state = table(3, seed=22)
    order = [list(d) for d in state.order]
    first = order[0][0]
    general = state.vp_general
    pick(state, "select", "ambassador")
    assert state.order == order
    assert state.players[first].vp == 1 and state.vp_general == general - 1
    assert state.to_move() == order[1][0]


def test_set_galactic_goals_when_already_first_moves_nobody() -> None:
    """Reading §16.6: Set Galactic Goals when already first moves nobody; +$1 and the goal draw
    still happen."""
    state = table(3, seed=23, goals=True)
    order = [list(d) for d in state.order]
    first = order[0][0]
    credits = state.players[first].credits
    pick(state, "select", "goals")
    assert state.order == order
    assert state.players[first].credits == credits + 1
    assert kinds(state) == {"keep_goal"} and len(state.legal_decisions()) == 6
    state.apply(state.legal_decisions()[0])
    assert len(state.goal_pile) == 8 - 1 and len(state.goals_hidden) == 1


def test_set_galactic_goals_with_an_empty_pile_still_moves_up_and_pays() -> None:
    """Reading §16.7: with an empty goal pile no goal is drawn; the other bonuses still apply."""
    state = table(3, seed=24, goals=True)
    state.goal_pile = []
    first, second, third = seats(state)
    pick(state, "select", "develop")
    finish(state)
    credits = state.players[second].credits
    pick(state, "select", "goals")
    assert state.players[second].credits == credits + 1
    assert seats(state) == [second, first, third]
    assert state.goals_hidden == [] and state.goals_revealed == []
    assert state.queue[0][0] == "select" and state.to_move() == third


def test_a_reorder_applies_at_once_to_the_execution_order_of_later_actions() -> None:
    """§4.2: Ambassador changes the execution order of the rest of the round at once."""
    state = table(3, seed=25)
    a, b, c = seats(state)
    pick(state, "select", "retreat")  # a
    pick(state, "select", "ambassador")  # b moves to first
    assert seats(state) == [b, a, c]
    pick(state, "select", "develop")  # c
    assert state.exec_order(state.action["disc"]) == [c, b, a]


def test_set_galactic_goals_swaps_with_the_disc_in_front_for_the_next_round() -> None:
    """§11.2 step 1 and §4.2: the chooser swaps with the disc directly in front of it, and the new
    order is kept next round."""
    state = table(4, seed=26, goals=True)
    a, b, c, d = seats(state)
    pick(state, "select", "develop")  # a
    finish(state)
    pick(state, "select", "ambassador")  # b goes first: b, a, c, d
    pick(state, "select", "goals")  # c swaps with a: b, c, a, d
    state.apply(state.legal_decisions()[0])
    assert seats(state) == [b, c, a, d]
    pick(state, "select", "explore")  # d
    finish(state)
    assert state.round == 2 and seats(state) == [b, c, a, d] and state.to_move() == b


def test_two_player_actions_are_carried_out_once_per_player() -> None:
    """§4.3: with two discs each, every player still carries out an action once; only the chooser
    gets the bonus."""
    state = table(2, seed=27)
    a, b = seats(state)
    plain_homes(state)
    supply = state.colonist_supply
    pick(state, "select", "settle")  # nobody has explored worlds: everyone takes 2 colonists
    assert state.players[a].colonists == 1 + 2
    assert state.players[b].colonists == 2
    assert state.colonist_supply == supply - 5
    assert state.to_move() == b


def test_two_player_rounds_have_four_selections_and_the_produce_credit() -> None:
    """§4.3 and §4.4: selection order A, B, A, B uses four of the seven tiles per round; $1 goes
    on the Produce tile when it was not chosen."""
    state = table(2, seed=28)
    a, b = seats(state)
    selectors = []
    for tile in ("retreat", "ambassador", "develop", "explore"):
        assert state.queue[0][0] == "select"
        selectors.append(state.to_move())
        pick(state, "select", tile)
        finish(state)
    assert selectors == [a, b, a, b]  # the Ambassador reorder keeps who has yet to select
    assert state.round == 2 and state.produce_credits == 1
    assert len(state.chosen) == 0 and state.to_move() == b


# ====================================================================== develop (§5.2)


def test_deep_space_symbionts_pays_a_credit_after_a_development_is_bought() -> None:
    """Reconstruction WN17: "Develop: after you buy a development, gain 1 credit" (every buyer
    who owns it, not when buying nothing)."""
    state = table(3, seed=31)
    chooser, other, third = seats(state)
    plain_homes(state)
    give(state, chooser, colonies=["Deep Space Symbionts"], credits=2)
    give(state, other, colonies=["Deep Space Symbionts"], credits=5)
    give(state, third, colonies=["Deep Space Symbionts"], credits=5)
    choose(state, chooser, "develop")
    pick(state, "buy", by_name("Space Marines"))  # 2 - 1 bonus = $1, then +$1
    assert state.players[chooser].credits == 2 - 1 + 1
    pick(state, "buy", by_name("Investment Credits"))  # $3, then +$1
    assert state.players[other].credits == 5 - 3 + 1
    pick(state, "pass")
    assert state.players[third].credits == 5


def test_technology_investors_take_two_off_a_nine_cost_development() -> None:
    """Reconstruction S8b: "Develop: −1 cost; −2 instead when you buy a 9-cost development"."""
    state = table(3, seed=32)
    chooser = seats(state)[0]
    plain_homes(state)
    give(state, chooser, developments=["Technology Investors"], credits=6)
    choose(state, chooser, "develop")
    prices = {d.args[0]: d.label for d in state.legal_decisions() if d.kind == "buy"}
    assert prices[by_name("Space Marines")].endswith("$0")  # 2 - 1 - 1
    assert prices[by_name("Replicant Robots")].endswith("$1")  # 3 - 1 - 1
    pick(state, "buy", by_name("Galactic Federation"))  # 9 - 1 bonus - 2
    assert state.players[chooser].credits == 0


# ====================================================================== explore (§5.3), §16.14


def test_explore_lays_out_only_the_worlds_left_in_the_bag() -> None:
    """Reading §16.14: with fewer than 7 worlds in the bag, the worlds that remain are laid out."""
    state = table(3, seed=41)
    chooser, second, third = seats(state)
    plain_homes(state)
    keep = state.bag[:3]
    state.bag = list(keep)
    choose(state, chooser, "explore")
    assert sorted(state.display) == sorted(keep) and state.bag == []
    finish(state)
    got = [len(state.players[s].explored) for s in (chooser, second, third)]
    assert got == [1, 1, 1] and state.bag == [] and state.display == []


def test_colonists_gained_while_exploring_do_not_end_the_game() -> None:
    """§5.4 and §8.3: the colonist supply is checked only at the end of a Settle action."""
    state = table(3, seed=42)
    chooser = seats(state)[0]
    plain_homes(state)
    give(state, chooser, developments=["Homesteading Pioneers"], colonists=0)
    state.colonist_supply = 5
    choose(state, chooser, "explore")
    finish(state)
    assert state.colonist_supply == 4 and state.players[chooser].colonists == 1
    assert state.end_reasons == []


FOUR_EXPLORED = ["Asteroid Belt", "Artist Settlement", "Comet Zone", "Mining World"]


def _nine_worlds(state, seat: int, explored: list[str]) -> None:
    colonies = ["Volcanic World", "Pre-Sentient Race", "Spice World", "New Vinland"]
    give(state, seat, home="Old Earth", colonies=colonies, explored=explored)


def test_exploration_goal_stockpiles_at_most_one_world_per_action() -> None:
    """§11.3: during one Explore action a player may stockpile at most one returned world."""
    state = table(3, seed=43, goals=True)
    chooser = seats(state)[0]
    state.goal_pile.remove("exploration")
    state.goals_revealed = ["exploration"]
    _nine_worlds(state, chooser, FOUR_EXPLORED)
    choose(state, chooser, "explore")
    until_turn(state, chooser, "limit")
    assert state.players[chooser].world_count() == 11  # two picks: two worlds too many
    stock = [d for d in state.legal_decisions() if d.args[1] == 1]
    state.apply(stock[0])
    assert {d.args[1] for d in state.legal_decisions()} == {0}  # only the bag now
    state.apply(state.legal_decisions()[0])
    player = state.players[chooser]
    assert len(player.stock_worlds) == 1 and player.world_count() == 9


def test_exploration_goal_holds_at_most_four_worlds() -> None:
    """Reading §16.11: the Exploration stockpile maximum is its highest printed amount, 4."""
    state = table(3, seed=44, goals=True)
    chooser = seats(state)[0]
    state.goal_pile.remove("exploration")
    state.goals_revealed = ["exploration"]
    _nine_worlds(state, chooser, FOUR_EXPLORED)
    stocked = [w for w in state.bag if TILES.world(w).military][:4]
    for world in stocked:
        state.bag.remove(world)
    state.players[chooser].stock_worlds = list(stocked)
    choose(state, chooser, "explore")
    until_turn(state, chooser, "limit")
    assert {d.args[1] for d in state.legal_decisions()} == {0}  # to the bag only
    for _ in range(2):
        state.apply(state.legal_decisions()[0])
    player = state.players[chooser]
    assert len(player.stock_worlds) == 4 and player.world_count() == 9


# ====================================================================== settle (§5.4, §10)


def test_a_temporary_military_ability_is_used_once_per_settle_action() -> None:
    """Reconstruction (Settle): each "return 1 good: +N temporary military" ability is used at
    most once per Settle action; different abilities add up."""
    state = table(3, seed=51)
    chooser = seats(state)[0]
    plain_homes(state)
    depot, volcanic, miners = (
        by_name("Imperium Depot"),
        by_name("Volcanic World"),
        by_name("Rebel Miners"),
    )
    give(
        state,
        chooser,
        colonies=[depot, volcanic, miners],
        explored=["Rebel Outpost"],  # defence 5, Rebel, 2 colonists
        developments=["Military Industry"],
        goods={depot: Kind.RARE, volcanic: Kind.RARE, miners: Kind.RARE},
        colonists=1,
    )
    choose(state, chooser, "settle")
    pick(state, "boost", depot, depot)  # +2 against Rebel, +2 temporary: 4 < 5
    boosts = {d.args[0] for d in state.legal_decisions() if d.kind == "boost"}
    assert boosts == {by_name("Military Industry")}  # the Depot's ability is spent
    assert not any(d.kind == "settle" for d in state.legal_decisions())
    pick(state, "boost", by_name("Military Industry"), volcanic)  # +3 more: 7
    assert not any(d.kind == "boost" for d in state.legal_decisions())
    pick(state, "settle", by_name("Rebel Outpost"))
    player = state.players[chooser]
    assert by_name("Rebel Outpost") in player.colonies
    assert player.goods == {miners: Kind.RARE}
    assert player.colonists == 0


def test_pay_for_military_abilities_do_not_add_up() -> None:
    """Reconstruction (Settle): Contact Specialist and Galactic Trade Emissaries each pay
    defence − 1; owning both still pays defence − 1, not − 2 (other discounts still apply)."""
    state = table(3, seed=52)
    chooser = seats(state)[0]
    plain_homes(state)
    give(
        state,
        chooser,
        home="Galactic Trade Emissaries",
        explored=["Rebel Base"],  # defence 6, gray, 2 colonists
        developments=["Contact Specialist", "Replicant Robots"],
        colonists=1,
        credits=9,
    )
    choose(state, chooser, "settle")
    offered = [d for d in state.legal_decisions() if d.kind == "settle"]
    assert [d.args for d in offered] == [(by_name("Rebel Base"), 1)]
    pick(state, "settle", by_name("Rebel Base"), 1)
    assert state.players[chooser].credits == 9 - (6 - 1 - 1)


def test_contact_specialist_price_takes_kind_discounts_and_never_goes_below_zero() -> None:
    """Reading §16.19: the defence is the cost, −1, then the other (kind) discounts, minimum 0."""
    state = table(3, seed=53)
    chooser = seats(state)[0]
    plain_homes(state)
    depot, miners = by_name("Imperium Depot"), by_name("Rebel Miners")  # Rare, defence 4 / 2
    give(
        state,
        chooser,
        home="Alpha Centauri",
        explored=[depot, miners],
        developments=["Contact Specialist", "Mining Robots"],
        colonists=0,
        credits=1,
    )
    choose(state, chooser, "settle")
    labels = {d.args: d.label for d in state.legal_decisions() if d.kind == "settle"}
    assert "pay $1" in labels[(depot, 1)]  # 4 - 1 - 1 (Alpha Centauri) - 1 (Mining Robots)
    assert "pay $0" in labels[(miners, 1)]  # 2 - 3 -> 0
    assert (miners, 0) in labels  # conditional military 1 + 1 against Rare = defence 2
    pick(state, "settle", depot, 1)
    assert state.players[chooser].credits == 0


def test_improved_logistics_gives_no_second_world_after_taking_colonists() -> None:
    """Reading §16.8: Improved Logistics settles a second world only as part of option (b)."""
    state = table(3, seed=54)
    chooser = seats(state)[0]
    plain_homes(state)
    give(
        state,
        chooser,
        explored=["Devolved Uplift Race", "Artist Settlement"],
        developments=["Improved Logistics"],
        colonists=0,
        credits=5,
    )
    choose(state, chooser, "settle")
    pick(state, "colonists")
    # Taking colonists ends the turn: no settling afterwards, even with Improved Logistics.
    player = state.players[chooser]
    assert not deciding(state, chooser, "settle")
    assert player.colonists == 3 and len(player.explored) == 2 and player.credits == 5


def test_after_settle_triggers_of_hologrid_and_frontier_settlers_fire_per_world() -> None:
    """§7.7 and reconstruction L1b/L7b: "after you settle a world, gain $1 / 1 colonist" fire
    once per settled world, so twice with Improved Logistics."""
    state = table(3, seed=55)
    chooser = seats(state)[0]
    plain_homes(state)
    artist, devolved = by_name("Artist Settlement"), by_name("Devolved Uplift Race")
    give(
        state,
        chooser,
        explored=[artist, devolved],
        developments=["Pan-Galactic Hologrid", "Frontier Settlers", "Improved Logistics"],
        colonists=0,
        credits=1,
    )
    supply = state.colonist_supply
    choose(state, chooser, "settle")  # +1 bonus colonist
    pick(state, "settle", artist)  # $1, then +$1 and +1 colonist
    player = state.players[chooser]
    assert (player.credits, player.colonists) == (1, 1)
    pick(state, "settle", devolved)  # $0, then +$1 and +1 colonist
    assert (player.credits, player.colonists) == (2, 1)
    others = [p for p in state.players if p.seat != chooser]
    assert [p.colonists for p in others] == [2, 2]  # they took colonists after the chooser
    assert state.colonist_supply == supply - 3 - 4  # bonus + two triggers, then 2 + 2


def test_taking_colonists_does_not_fire_after_settle_triggers() -> None:
    """§7.7: a trigger does nothing if its event does not happen."""
    state = table(3, seed=56)
    chooser = seats(state)[0]
    plain_homes(state)
    give(
        state,
        chooser,
        developments=["Pan-Galactic Hologrid", "Frontier Settlers"],
        colonists=0,
        credits=0,
    )
    choose(state, chooser, "settle")
    player = state.players[chooser]
    assert (player.credits, player.colonists) == (0, 3)


def test_the_first_worlds_temporary_military_cannot_help_settle_the_second() -> None:
    """§7.4 and §10 (Improved Logistics): abilities of the first world settled in the action are
    not active for the second, including its "return a good" temporary military."""
    w1, w2 = by_name("Primitive Rebel World"), by_name("Rebel Warrior Race")  # defence 1 / 3
    state = table(3, seed=57)
    chooser = seats(state)[0]
    plain_homes(state)
    give(
        state,
        chooser,
        home="New Sparta",  # +2 military
        explored=[w1, w2],
        developments=["Improved Logistics"],
        colonists=1,
    )
    choose(state, chooser, "settle")
    pick(state, "settle", w1)  # military 2 >= 1; it receives its Novelty windfall good
    player = state.players[chooser]
    # Its +1 temporary military (which would reach defence 3) is not offered: the turn is over.
    assert not deciding(state, chooser, "settle")
    assert player.goods == {w1: Kind.NOVELTY} and player.explored == [w2]
    assert player.colonists == 1
    # Control: the same ability on a colony settled earlier does help.
    state = table(3, seed=57)
    chooser = seats(state)[0]
    plain_homes(state)
    give(
        state,
        chooser,
        home="New Sparta",
        colonies=[w1],
        explored=[w2],
        goods={w1: Kind.NOVELTY},
        colonists=0,
    )
    choose(state, chooser, "settle")
    pick(state, "boost", w1, w1)
    pick(state, "settle", w2)
    assert state.players[chooser].goods == {w2: Kind.GENES}


def test_terraforming_engineers_return_the_good_to_the_supply_and_surplus_colonists() -> None:
    """Reading §16.9: replacing is an extra optional step, a good on the replaced colony goes back
    to the supply, and surplus colonists go back to the colonist area (§10)."""
    state = table(3, seed=58)
    chooser = seats(state)[0]
    plain_homes(state)
    old, new = by_name("Mining World"), by_name("Comet Zone")  # Rare, cost 3 / 3, 2 / 1 colonists
    give(
        state,
        chooser,
        colonies=[old],
        explored=[new],
        developments=["Terraforming Engineers"],
        goods={old: Kind.RARE},
        colonists=0,
        credits=0,
    )
    rare = state.goods_supply[Kind.RARE]
    choose(state, chooser, "settle")  # +1 bonus colonist
    pick(state, "upgrade", old, new)
    player = state.players[chooser]
    assert player.goods == {}  # Comet Zone is a production colony: no windfall good
    # 1 bonus + 1 surplus, and then the Settle option itself: 2 colonists (the only one left).
    assert player.colonists == 1 + 1 + 2
    assert player.colonies == [player.home, new]
    finish(state)
    assert old in state.bag and state.goods_supply[Kind.RARE] == rare + 1


def test_terraforming_engineers_replace_gray_with_gray_but_oort_is_never_gray() -> None:
    """§10 and §7.10: gray for gray (this ability only); the Oort refinery may replace a colony of
    a kind, never a gray one; printed costs 0 to 3 higher."""
    state = table(3, seed=59)
    chooser = seats(state)[0]
    plain_homes(state)
    camp, artist, terraformed = (
        by_name("Abandoned Alien Uplift Camp"),  # gray, cost 1
        by_name("Artist Settlement"),  # Novelty, cost 1
        by_name("Terraformed World"),  # gray, cost 5
    )
    oort, seat_ = by_name("Alien Oort Cloud Refinery"), by_name("Imperium Seat")  # any 4, gray 5
    give(
        state,
        chooser,
        colonies=[camp, artist, terraformed],
        explored=[oort, seat_],
        developments=["Terraforming Engineers"],
        colonists=0,
    )
    choose(state, chooser, "settle")
    upgrades = {d.args for d in state.legal_decisions() if d.kind == "upgrade"}
    # The gray home colony, Old Earth (cost 3), too: home colonies are normal colonies here.
    home = by_name("Old Earth")
    assert upgrades == {(artist, oort), (terraformed, seat_), (home, seat_)}


def test_terraforming_engineers_cannot_replace_the_world_settled_in_this_action() -> None:
    """§10: Terraforming Engineers cannot be used on the world settled in the same action."""
    state = table(3, seed=60)
    chooser = seats(state)[0]
    plain_homes(state)
    spice, artist, trend = (
        by_name("Spice World"),  # Novelty, cost 2
        by_name("Artist Settlement"),  # Novelty, cost 1
        by_name("Galactic Trendsetters"),  # Novelty, cost 4
    )
    give(
        state,
        chooser,
        colonies=[spice],
        explored=[artist, trend],
        developments=["Terraforming Engineers"],
        colonists=0,
        credits=1,
    )
    choose(state, chooser, "settle")
    assert {d.args for d in state.legal_decisions() if d.kind == "upgrade"} == {(spice, trend)}
    pick(state, "settle", artist)
    assert {d.args for d in state.legal_decisions() if d.kind == "upgrade"} == {(spice, trend)}


def test_dying_colony_takes_any_non_military_non_alien_world_for_free() -> None:
    """Reconstruction WN03: Dying Colony is replaced for $0 by an explored non-military world
    without the Alien keyword (any cost); its colonist moves, a missing one is added."""
    state = table(3, seed=61)
    chooser = seats(state)[0]
    plain_homes(state)
    dying = by_name("Dying Colony")
    new_earth, outpost, base = (
        by_name("New Earth"),  # Rare, cost 5, 2 colonists
        by_name("Deserted Alien Outpost"),  # Alien keyword
        by_name("Rebel Base"),  # military
    )
    give(
        state,
        chooser,
        colonies=[dying],
        explored=[new_earth, outpost, base],
        goods={dying: Kind.NOVELTY},
        colonists=0,
        credits=0,
    )
    novelty = state.goods_supply[Kind.NOVELTY]
    choose(state, chooser, "settle")  # +1 bonus colonist
    assert {d.args for d in state.legal_decisions() if d.kind == "replace"} == {(dying, new_earth)}
    pick(state, "replace", dying, new_earth)
    player = state.players[chooser]
    assert new_earth in player.colonies and player.credits == 0 and player.goods == {}
    assert player.colonists == 0 + 1 - 1 + 2  # bonus, 1 added, then 2 taken as the option
    finish(state)
    assert dying in state.bag and state.goods_supply[Kind.NOVELTY] == novelty + 1


def test_dying_colonys_good_returns_to_the_supply_only_after_the_settle_action() -> None:
    """Reconstruction WN03: "Dying Colony goes back to the bag, and any good on it to the supply,
    after all players finish the Settle action" (S4a says the same for Terraforming Engineers).
    With no Novelty good in the supply, a later player's Novelty windfall world stays empty."""
    state = table(3, seed=93)
    chooser, other, _third = seats(state)
    plain_homes(state)
    dying, mining, devolved = (
        by_name("Dying Colony"),
        by_name("Mining World"),
        by_name("Devolved Uplift Race"),  # Novelty windfall, cost 0
    )
    give(state, chooser, colonies=[dying], explored=[mining], goods={dying: Kind.NOVELTY})
    give(state, chooser, colonists=1)
    give(state, other, explored=[devolved], colonists=1)
    state.goods_supply[Kind.NOVELTY] = 0
    choose(state, chooser, "settle")
    pick(state, "replace", dying, mining)
    until_turn(state, other, "settle")
    pick(state, "settle", devolved)
    assert state.players[other].goods == {}
    finish(state)
    assert state.goods_supply[Kind.NOVELTY] == 1


# ====================================================================== produce (§5.5), §16.10


def test_the_oort_refinery_produces_a_good_of_the_declared_kind() -> None:
    """Reading §16.10: the Oort refinery produces a good of the kind declared for that Produce."""
    state = table(3, seed=71)
    chooser, other, _third = seats(state)
    plain_homes(state)
    oort = by_name("Alien Oort Cloud Refinery")
    give(state, other, colonies=[oort], developments=["Pan-Galactic League"], credits=0)
    choose(state, chooser, "produce")
    until_turn(state, other, "produce")
    assert {d.args for d in state.legal_decisions()} == {(0,), (1,), (2,), (3,)}
    state.apply(Decision("declare", (int(Kind.GENES),)))
    player = state.players[other]
    assert player.goods == {oort: Kind.GENES}
    assert player.credits == 1  # Pan-Galactic League: $1 for the Genes colony it declared


def test_mining_industry_pays_only_the_player_who_produced_most_rare_elements() -> None:
    """Reconstruction F6: $2 to the player who produced more Rare Elements goods in this Produce
    action than each other player (at least 1); the Produce bonus good counts."""
    state = table(3, seed=72)
    chooser, other, third = seats(state)
    plain_homes(state)
    give(
        state,
        chooser,
        colonies=["Volcanic World", "Asteroid Belt"],  # production + windfall (bonus)
        developments=["Mining Industry"],
        credits=0,
    )
    give(state, other, colonies=["Mining World"], developments=["Mining Industry"], credits=0)
    give(state, third, developments=["Mining Industry"], credits=0)
    choose(state, chooser, "produce")
    finish(state)
    assert [state.players[s].credits for s in (chooser, other, third)] == [2, 0, 0]


def test_mining_industry_pays_nobody_on_a_tie() -> None:
    """Reconstruction F6: "more ... than on the colonies of each other player"."""
    state = table(3, seed=73)
    chooser, other, _third = seats(state)
    plain_homes(state)
    give(state, chooser, colonies=["Volcanic World"], developments=["Mining Industry"], credits=0)
    give(state, other, colonies=["Mining World"], developments=["Mining Industry"], credits=0)
    choose(state, chooser, "produce")
    finish(state)
    assert state.players[chooser].credits == 0 and state.players[other].credits == 0


def test_rebel_cantina_pays_for_rebel_military_colonies_but_not_for_itself() -> None:
    """Reconstruction H6b: "gain $1 for each Rebel military colony"; the non-military Cantina
    does not count itself."""
    state = table(3, seed=74)
    chooser, other, _third = seats(state)
    plain_homes(state)
    give(
        state,
        other,
        home="Rebel Cantina",
        colonies=["Rebel Miners", "Rebel Colony", "Imperium Depot"],
        credits=0,
    )
    choose(state, chooser, "produce")
    finish(state)
    assert state.players[other].credits == 2


def test_with_a_goods_shortage_production_goes_in_player_order_from_the_chooser() -> None:
    """§5.5: with too few goods, production goes in order from the chooser and later players get
    fewer or none (and a colony that did not produce triggers nothing)."""
    state = table(3, seed=75)
    chooser, other, third = seats(state)
    plain_homes(state)
    give(state, chooser, colonies=["Volcanic World"])
    give(state, other, colonies=["Mining World"])
    give(state, third, colonies=["Comet Zone"], credits=0)
    state.goods_supply[Kind.RARE] = 2
    choose(state, chooser, "produce")
    finish(state)
    held = [len(state.players[s].goods) for s in (chooser, other, third)]
    assert held == [1, 1, 0] and state.goods_supply[Kind.RARE] == 0
    assert state.players[third].credits == 0


def _reveal(state, goal: str) -> None:
    state.goal_pile.remove(goal)
    state.goals_revealed.append(goal)


def test_stockpile_resources_holds_at_most_six_goods() -> None:
    """Reading §16.11: the Stockpile Resources maximum is its highest printed amount, 6."""
    state = table(3, seed=76, goals=True)
    chooser = seats(state)[0]
    plain_homes(state)
    _reveal(state, "stockpile_resources")
    give(state, chooser, colonies=["Volcanic World", "Artist Settlement"])
    state.players[chooser].stock_goods = [0, 5, 0, 0]
    choose(state, chooser, "produce")
    until_turn(state, chooser, "store_goods")
    pick(state, "store_good", by_name("Volcanic World"))
    player = state.players[chooser]
    assert sum(player.stock_goods) == 6 and player.stock_goods[Kind.RARE] == 6
    assert player.goods == {by_name("Artist Settlement"): Kind.NOVELTY}
    assert not deciding(state, chooser, "store_goods")


def test_a_hidden_stockpile_goal_revealed_before_produce_lets_everyone_stockpile() -> None:
    """§11.3: the holder may reveal a hidden stockpile goal right after an action is chosen and
    before it is carried out; then every player may stockpile in that action."""
    state = table(3, seed=77, goals=True)
    chooser, other, third = seats(state)
    plain_homes(state)
    state.goal_pile.remove("stockpile_resources")
    state.goals_hidden = [[third, "stockpile_resources"]]
    give(state, other, colonies=["Volcanic World"])
    choose(state, chooser, "produce")
    assert state.queue[0][0] == "reveal" and state.to_move() == third
    pick(state, "reveal")
    assert state.goals_revealed == ["stockpile_resources"] and state.goals_hidden == []
    until_turn(state, other, "store_goods")
    pick(state, "store_good", by_name("Volcanic World"))
    assert state.players[other].stock_goods == [0, 1, 0, 0]


def test_a_hidden_stockpile_goal_may_be_revealed_after_any_chosen_action() -> None:
    """§11.3 (and §17): "They can do this only right after any player has chosen an action and
    before that player carries it out" — any action, e.g. Develop."""
    state = table(3, seed=78, goals=True)
    chooser, _other, third = seats(state)
    state.goal_pile.remove("trade_taxes")
    state.goals_hidden = [[third, "trade_taxes"]]
    choose(state, chooser, "develop")
    assert state.queue[0][0] == "reveal" and state.to_move() == third
    pick(state, "reveal")
    assert state.goals_revealed == ["trade_taxes"]


# ====================================================================== trade / consume (§5.6)


def test_trade_leagues_consume_sale_counts_for_booming_economy_the_trade_sale_does_not() -> None:
    """§5.6 and reconstruction F5/S8a: Booming Economy counts goods returned by other Consume
    abilities, Trade League's sale included, not the Trade-step sale."""
    state = table(3, seed=81)
    chooser, other, _third = seats(state)
    plain_homes(state)
    artist, volcanic, comet = (
        by_name("Artist Settlement"),
        by_name("Volcanic World"),
        by_name("Comet Zone"),
    )
    give(
        state,
        other,
        colonies=[artist, volcanic, comet],
        developments=["Booming Economy", "Trade League"],
        goods={artist: Kind.NOVELTY, volcanic: Kind.RARE, comet: Kind.RARE},
        credits=0,
        vp=0,
    )
    choose(state, chooser, "trade")
    until_turn(state, other, "trade")
    pick(state, "trade", artist)  # $1 + $1 (Trade League's Trade ability)
    assert state.players[other].credits == 2
    pick(state, "consume", by_name("Trade League"), 1, volcanic)  # $2 + $1
    player = state.players[other]
    # Old Earth needs 2 goods and only 1 is left: the turn is over.
    assert not deciding(state, other, "consume")
    assert (player.credits, player.vp) == (5, 1)
    assert player.goods == {comet: Kind.RARE}


def test_trade_abilities_add_to_trade_leagues_consume_sale() -> None:
    """Reconstruction (Trade): "+$N when you sell a X good" also adds to Trade League's sale."""
    state = table(3, seed=82)
    chooser, other, _third = seats(state)
    plain_homes(state)
    spice = by_name("Spice World")
    give(
        state,
        other,
        colonies=[spice],
        developments=["Trade League"],
        goods={spice: Kind.NOVELTY},
        credits=0,
    )
    choose(state, chooser, "trade")
    until_turn(state, other, "trade")
    pick(state, "pass")
    pick(state, "consume", by_name("Trade League"), 1, spice)
    assert state.players[other].credits == 1 + 2 + 1  # base, Spice World, Trade League


def test_trade_league_cannot_sell_the_oort_refinerys_good() -> None:
    """§7.10 and reconstruction S8a: the Oort refinery's good can never be sold."""
    state = table(3, seed=83)
    chooser, other, _third = seats(state)
    plain_homes(state)
    oort = by_name("Alien Oort Cloud Refinery")
    give(
        state,
        other,
        colonies=[oort],
        developments=["Trade League"],
        goods={oort: Kind.ALIEN},
        credits=0,
    )
    choose(state, chooser, "trade")
    finish(state)  # no sale possible: the trade and consume steps had nothing to offer
    assert state.players[other].goods == {oort: Kind.ALIEN} and state.players[other].credits == 0


def test_trade_taxes_stockpile_only_credits_from_the_trade_step_sale() -> None:
    """Reading §16.12: Trade Taxes takes credits from the Trade sale only, not from Consume
    (Trade League's sale included)."""
    state = table(3, seed=84, goals=True)
    chooser, other, _third = seats(state)
    plain_homes(state)
    _reveal(state, "trade_taxes")
    spice, volcanic = by_name("Spice World"), by_name("Volcanic World")
    give(
        state,
        other,
        colonies=[spice, volcanic],
        developments=["Trade League"],
        goods={spice: Kind.NOVELTY, volcanic: Kind.RARE},
        credits=0,
    )
    choose(state, chooser, "trade")
    until_turn(state, other, "trade")
    pick(state, "trade", volcanic)  # $2 + $1
    assert {d.args for d in state.legal_decisions()} == {(0,), (1,), (2,), (3,)}
    pick(state, "store_credits", 2)
    pick(state, "consume", by_name("Trade League"), 1, spice)  # $1 + $2 + $1, not stockpiled
    player = state.players[other]
    assert not deciding(state, other, "consume")
    assert (player.credits, player.stock_credits) == (1 + 4, 2)


def test_trade_taxes_holds_at_most_seven_credits() -> None:
    """Reading §16.11: the Trade Taxes maximum is its highest printed amount, 7."""
    state = table(3, seed=85, goals=True)
    chooser, other, _third = seats(state)
    plain_homes(state)
    _reveal(state, "trade_taxes")
    toy = by_name("Alien Toy Shop")
    give(state, other, colonies=[toy], goods={toy: Kind.ALIEN}, credits=0)
    state.players[other].stock_credits = 5
    choose(state, chooser, "trade")
    until_turn(state, other, "trade")
    pick(state, "trade", toy)  # $4
    assert {d.args for d in state.legal_decisions()} == {(0,), (1,), (2,)}
    pick(state, "store_credits", 2)
    assert (state.players[other].credits, state.players[other].stock_credits) == (2, 7)


def test_galactic_exchange_consumes_as_many_different_kinds_as_possible() -> None:
    """§5.6 and reconstruction L4b: "up to 4 goods of different kinds" takes one good of each
    kind present, 1 VP each."""
    state = table(3, seed=86)
    chooser, other, _third = seats(state)
    plain_homes(state, "New Sparta")  # no Consume ability
    artist, volcanic, comet, ark = (
        by_name("Artist Settlement"),
        by_name("Volcanic World"),
        by_name("Comet Zone"),
        by_name("Lost Species Ark World"),
    )
    give(
        state,
        other,
        colonies=[artist, volcanic, comet, ark],
        developments=["Galactic Exchange"],
        goods={artist: Kind.NOVELTY, volcanic: Kind.RARE, comet: Kind.RARE, ark: Kind.GENES},
        vp=0,
    )
    choose(state, chooser, "trade")
    until_turn(state, other, "trade")
    pick(state, "pass")
    exchange = [
        d
        for d in state.legal_decisions()
        if d.kind == "consume" and d.args[0] == by_name("Galactic Exchange")
    ]
    assert len(exchange) == 2 and all(len(d.args) - 2 == 3 for d in exchange)
    state.apply(exchange[0])
    assert state.players[other].vp == 3 and len(state.players[other].goods) == 1


def test_diversified_economy_needs_exactly_three_different_kinds() -> None:
    """Reconstruction S5b: "return exactly 3 goods of 3 different kinds; gain 4 VP"."""
    for goods, usable in (
        ({"Artist Settlement": Kind.NOVELTY, "Volcanic World": Kind.RARE}, False),
        (
            {
                "Artist Settlement": Kind.NOVELTY,
                "Volcanic World": Kind.RARE,
                "Lost Species Ark World": Kind.GENES,
            },
            True,
        ),
    ):
        state = table(3, seed=87)
        chooser, other, _third = seats(state)
        plain_homes(state, "New Sparta")  # no Consume ability
        give(
            state,
            other,
            colonies=list(goods),
            developments=["Diversified Economy"],
            goods=goods,
            vp=0,
        )
        choose(state, chooser, "trade")
        until_turn(state, other, "trade")
        pick(state, "pass")
        player = state.players[other]
        assert player.vp == (4 if usable else 0)
        assert len(player.goods) == (0 if usable else 2)


def test_galactic_salon_and_new_economy_pay_even_without_goods() -> None:
    """Reconstruction (Consume): abilities that return no good are used in every Trade/Consume
    action, even with no goods."""
    state = table(3, seed=88)
    chooser, other, _third = seats(state)
    plain_homes(state)
    give(
        state,
        other,
        developments=["Galactic Salon", "New Economy", "Booming Economy"],
        credits=0,
        vp=0,
    )
    choose(state, chooser, "trade")
    finish(state)
    # Salon 1 VP, New Economy $1, Booming Economy 0 goods + 1 VP for owning Galactic Salon.
    assert (state.players[other].credits, state.players[other].vp) == (1, 2)


def test_the_order_of_consume_abilities_is_free_even_if_it_leaves_goods() -> None:
    """§5.6: the player picks the order, including one that leaves goods unconsumed."""
    state = table(3, seed=89)
    chooser, other, _third = seats(state)
    plain_homes(state, "New Sparta")
    artist, volcanic = by_name("Artist Settlement"), by_name("Volcanic World")
    give(
        state,
        other,
        colonies=[artist, volcanic, "Designer Species, Ultd."],
        developments=["Public Works"],
        goods={artist: Kind.NOVELTY, volcanic: Kind.RARE},
        vp=0,
    )
    choose(state, chooser, "trade")
    until_turn(state, other, "trade")
    pick(state, "pass")
    sources = {d.args[0] for d in state.legal_decisions()}
    assert sources == {by_name("Public Works"), by_name("Designer Species, Ultd.")}
    pick(state, "consume", by_name("Public Works"), 0, artist)
    player = state.players[other]
    assert not deciding(state, other, "consume")  # Designer Species needs 2 goods
    assert player.vp == 1 and player.goods == {volcanic: Kind.RARE}


def test_a_vp_award_larger_than_the_general_supply_is_paid_from_the_reserve() -> None:
    """Reading §16.15: the game end is triggered when the general supply reaches 0 or an award
    cannot be paid from it in full; the rest comes from the reserve."""
    state = table(3, seed=90)
    chooser, other, _third = seats(state)
    plain_homes(state)
    artist, volcanic = by_name("Artist Settlement"), by_name("Volcanic World")
    give(
        state,
        other,
        colonies=[artist, volcanic],
        goods={artist: Kind.NOVELTY, volcanic: Kind.RARE},
        vp=0,
    )
    state.vp_general = 3
    choose(state, chooser, "trade")  # bonus: 1 VP from the general supply
    assert state.vp_general == 2 and state.end_reasons == []
    until_turn(state, other, "trade")
    pick(state, "pass")  # Old Earth: 2 goods for 3 VP, the only Consume choice
    assert state.players[other].vp == 3
    assert (state.vp_general, state.vp_reserve) == (0, 1)
    assert state.end_reasons == ["VP chips"] and not state.is_over()


# ====================================================================== game end (§8), scoring (§9)


def test_final_scoring_returns_explored_worlds_and_reveals_the_hidden_goal() -> None:
    """§9.1 and §9.3: explored worlds go back to the bag and score nothing; the face-down goal is
    revealed and scores for every player; goals left in the pile do not score."""
    state = table(3, seed=91, goals=True)
    a, b, c = seats(state)
    plain_homes(state)
    state.goal_pile.remove("conscription")
    state.goals_hidden = [[c, "conscription"]]
    give(state, a, explored=["Rebel Base"], colonists=5, vp=0)
    give(state, b, colonists=3, vp=0)
    state.vp_general = 1
    pick(state, "select", "ambassador")  # a takes the last chip: the game ends after the round
    for tile in ("develop", "explore"):
        pick(state, "select", tile)
        finish(state)
    assert state.is_over()
    assert by_name("Rebel Base") in state.bag and state.players[a].explored == []
    assert state.goals_revealed == ["conscription"] and state.goals_hidden == []
    details = state.score_details()
    assert details[a].goal_detail == (("conscription", 5),)  # 5 unused colonists
    assert details[b].goals == 2 and details[c].goals == 0
    assert details[a].tiles == 1  # Old Earth only: the explored Rebel Base scores nothing


def test_ties_are_broken_by_goods_and_credits_counted_together() -> None:
    """Reading §16.13: the tie-break is one combined count of goods plus credits; stockpiled
    credits and goods do not count (§9.7)."""
    volcanic, artist = by_name("Volcanic World"), by_name("Artist Settlement")
    a = empire(["Old Earth", "Volcanic World", "Artist Settlement"], credits=1)
    a.goods = {volcanic: int(Kind.RARE), artist: int(Kind.NOVELTY)}  # 2 goods + $1 = 3
    b = empire(["Old Earth", "Comet Zone", "Spice World"], credits=2, stock_credits=5)
    b.stock_goods = [3, 0, 0, 0]  # 0 goods + $2 = 2; the stockpile does not count
    scores = [score_player(TILES, p, []) for p in (a, b)]
    assert [s.total for s in scores] == [3, 3]
    assert [s.tiebreak for s in scores] == [3, 2]
    assert winners(scores) == [0]


def test_imperium_lords_scores_one_per_imperium_tile_and_two_per_rebel_military_colony() -> None:
    """Reading §16.16: Imperium Lords "?" is 1 VP per Imperium tile (itself included) and 2 VP
    per Rebel military colony; a non-military Rebel colony is not counted."""
    player = empire(
        ["Rebel Cantina", "Imperium Seat", "Imperium Depot", "Rebel Miners", "Rebel Base"],
        ["Imperium Lords"],
    )
    assert bonus_of(player, "Imperium Lords") == 1 + 1 + 1 + 2 + 2


def test_imperium_lords_produce_pays_for_each_rebel_military_colony() -> None:
    """Reconstruction L6a: "Produce: gain $1 for each Rebel military colony you own"."""
    state = table(3, seed=92)
    chooser, other, _third = seats(state)
    plain_homes(state)
    give(
        state,
        other,
        colonies=["Rebel Base", "Rebel Colony", "Imperium Seat"],
        developments=["Imperium Lords"],
        credits=0,
    )
    choose(state, chooser, "produce")
    finish(state)
    assert state.players[other].credits == 2


def test_each_tile_counts_once_for_the_best_line_of_a_question_mark_tile() -> None:
    """§9.5: Imperium War Profiteers scores its named Imperium Rare worlds 3 each (not 2 + 1)."""
    player = empire(
        [
            "Alpha Centauri",  # Rare: 1
            "Imperium Armaments Factories",  # named: 3
            "Imperium Blaster Gem Consortium",  # named: 3
            "Imperium Depot",  # Imperium (and Rare): 2
            "Volcanic World",  # Rare: 1
        ],
        ["Imperium War Profiteers"],  # Imperium: 2
    )
    assert bonus_of(player, "Imperium War Profiteers") == 1 + 3 + 3 + 2 + 1 + 2


def test_alien_tech_institute_counts_an_alien_production_colony_on_its_better_line() -> None:
    """Reconstruction L4a: 2 VP per Alien tile, 3 VP per Alien Technology production colony."""
    player = empire(
        ["Old Earth", "Alien Robotic Factory", "Alien Toy Shop", "Rebel Fuel Cache"],
        ["Alien Tech Institute", "Alien Researchers"],
    )
    # Robotic Factory 3 (production), Toy Shop 2 (Alien, windfall), Institute 2, Researchers 2.
    assert bonus_of(player, "Alien Tech Institute") == 3 + 2 + 2 + 2


def test_frontier_settlers_scores_two_colonist_colonies_and_not_the_home_colony() -> None:
    """Reconstruction L7b: 2 VP per colony needing 2 colonists, 1 VP per other colony, home
    colony excluded."""
    player = empire(
        ["Old Earth", "Mining World", "Rebel Base", "Volcanic World"], ["Frontier Settlers"]
    )
    assert bonus_of(player, "Frontier Settlers") == 2 + 2 + 1


def test_galactic_exchange_scores_by_the_number_of_colony_kinds() -> None:
    """Reconstruction L4b: 1 / 3 / 6 / 10 VP for 1 / 2 / 3 / 4 kinds (gray does not count, the
    Oort refinery counts as its fixed kind), +3 VP with Diversified Economy."""
    two = empire(
        ["Old Earth", "Artist Settlement", "Spice World", "Volcanic World"], ["Galactic Exchange"]
    )
    assert bonus_of(two, "Galactic Exchange") == 3
    four = empire(
        ["Alpha Centauri", "Artist Settlement", "Pre-Sentient Race", "Alien Oort Cloud Refinery"],
        ["Galactic Exchange", "Diversified Economy"],
    )
    score = score_player(TILES, four, [])
    assert dict(score.bonus_detail)[by_name("Galactic Exchange")] == 10 + 3
    assert score.oort_kind == Kind.ALIEN


def test_new_galactic_order_counts_only_unconditional_military() -> None:
    """Reconstruction L3a: 1 VP per point of military strength; conditional and temporary
    military do not count."""
    player = empire(
        ["New Sparta", "Imperium Depot", "Imperium Warlord", "Alien Defence System"],
        ["New Galactic Order", "Space Marines", "Military Industry"],
    )
    # New Sparta 2 + Imperium Warlord 1 + New Galactic Order 2 + Space Marines 2.
    assert bonus_of(player, "New Galactic Order") == 7


def test_goal_measures_follow_the_tile_texts() -> None:
    """§11.5: Volunteer Program counts Consume abilities that return no good; Diversification
    ignores gray colonies; Tolerance counts different keywords; the Oort refinery's fixed kind
    counts for Diversification."""
    goals = [TILES.goals[g] for g in ("volunteer_program", "diversification", "tolerance")]
    player = empire(
        ["Old Earth", "Artist Settlement", "Volcanic World", "Alien Oort Cloud Refinery"],
        ["Galactic Salon", "Booming Economy", "Public Works", "Alien Researchers"],
    )
    score = score_player(TILES, player, goals)
    detail = dict(score.goal_detail)
    # Consume: Old Earth, Galactic Salon, Booming Economy, Public Works = 4 -> 5 VP.
    assert detail["volunteer_program"] == 5
    # Novelty, Rare and the Oort refinery fixed as a third kind -> 3 VP.
    assert detail["diversification"] == 3
    # Keywords: Alien only -> 0 VP.
    assert detail["tolerance"] == 0
    keywords = empire(
        ["Old Earth", "Rebel Miners", "Insect Uplift Race", "Imperium Seat"],
        ["Terraforming Robots"],
    )
    assert dict(score_player(TILES, keywords, goals).goal_detail)["tolerance"] == 5


def test_damaged_alien_factory_keeps_its_documented_rebalance() -> None:
    """H8b differs from the reconstruction on purpose (commit 2b952aa): as an Alien Technology
    windfall home it won 3.05 times its fair share in greedy-bot games, so it is a gray home that
    supplies Alien Technology windfall colonies, and its notes say so."""
    home = TILES.homes["H8b"]
    assert home.kind is None and home.goods.value == "gray"
    assert [(a.phase.value, a.effect, a.amount) for a in home.abilities] == [
        ("settle", "military", 1),
        ("produce", "windfall", 0),
    ]
    assert home.abilities[1].kind is Kind.ALIEN
    assert "Changed by nfgalaxy after simulation" in home.notes


def test_quantity_goal_lines_are_read_as_thresholds() -> None:
    """Reading §16.11 (and §11.4): score the highest line reached, 0 below the first line."""
    goals = TILES.goals
    assert [goals["volunteer_program"].vp_for(n) for n in (1, 2, 3, 4, 5, 6, 9)] == [
        0,
        2,
        2,
        5,
        5,
        8,
        8,
    ]
    assert [goals["diversification"].vp_for(n) for n in (2, 3, 4)] == [0, 3, 8]
    assert [goals["exploration"].vp_for(n) for n in (0, 1, 2, 3, 4)] == [0, 2, 5, 5, 8]
    assert [goals["trade_taxes"].vp_for(n) for n in (2, 3, 6, 7)] == [0, 2, 5, 8]
    maxima = {g: goals[g].maximum for g in ("exploration", "stockpile_resources", "trade_taxes")}
    assert maxima == {"exploration": 4, "stockpile_resources": 6, "trade_taxes": 7}


# ====================================================================== more tile rulings


def test_conditional_military_for_each_matching_keyword_adds_up() -> None:
    """§5.4: conditional military counts against every world that has the property; a world
    with two keywords (Rebel Warrior Race: Rebel, Uplift) gets both."""
    state = table(3, seed=94)
    chooser = seats(state)[0]
    plain_homes(state)
    warrior, monolith = by_name("Rebel Warrior Race"), by_name("Alien Monolith")  # def 3 / 8
    give(
        state,
        chooser,
        colonies=["Imperium Seat"],  # +1 against Rebel
        explored=[warrior, monolith],
        developments=["Uplift Gene Hunters"],  # +2 against Uplift
        colonists=1,
    )
    choose(state, chooser, "settle")
    offered = {d.args for d in state.legal_decisions() if d.kind == "settle"}
    assert offered == {(warrior, 0)}


def test_an_untyped_settle_discount_applies_to_gray_worlds_but_kind_discounts_do_not() -> None:
    """Reconstruction (Settle): "−N cost when you settle a non-military X world" is for kind X
    only; Replicant Robots' "−1 for a non-military world" applies to every one, gray included."""
    state = table(3, seed=95)
    chooser = seats(state)[0]
    plain_homes(state)
    terraformed = by_name("Terraformed World")  # gray, cost 5, 2 colonists
    give(
        state,
        chooser,
        home="Alpha Centauri",  # -1 for Rare only
        explored=[terraformed],
        developments=["Replicant Robots"],
        colonists=1,
        credits=4,
    )
    choose(state, chooser, "settle")
    pick(state, "settle", terraformed)
    assert state.players[chooser].credits == 0


def test_up_to_abilities_stop_at_their_maximum_and_pay_per_good() -> None:
    """WE-13: Imperium Armaments Factories returns up to 2 Rare goods, 1 VP each; with 3 Rare
    goods it returns exactly 2."""
    state = table(3, seed=96)
    chooser, other, _third = seats(state)
    plain_homes(state, "New Sparta")
    iaf, volcanic, comet = (
        by_name("Imperium Armaments Factories"),
        by_name("Volcanic World"),
        by_name("Comet Zone"),
    )
    give(
        state,
        other,
        colonies=[iaf, volcanic, comet],
        goods={iaf: Kind.RARE, volcanic: Kind.RARE, comet: Kind.RARE},
        vp=0,
    )
    choose(state, chooser, "trade")
    until_turn(state, other, "trade")
    pick(state, "pass")
    offered = [d for d in state.legal_decisions() if d.kind == "consume"]
    assert len(offered) == 3 and all(len(d.args) - 2 == 2 for d in offered)
    state.apply(offered[0])
    assert state.players[other].vp == 2 and len(state.players[other].goods) == 1


def test_a_windfall_produce_ability_does_nothing_without_a_qualifying_colony() -> None:
    """Reconstruction (Produce): if no colony qualifies, the ability does nothing; the chooser's
    windfall bonus needs an empty windfall colony too."""
    state = table(3, seed=97)
    chooser = seats(state)[0]
    plain_homes(state)
    belt = by_name("Asteroid Belt")  # Rare windfall, already full
    give(
        state,
        chooser,
        colonies=[belt, "Pre-Sentient Race"],  # Genes windfall, empty
        developments=["Alien Tech Institute"],  # Alien Technology windfall only
        goods={belt: Kind.RARE},
    )
    choose(state, chooser, "produce")
    finish(state)
    assert state.players[chooser].goods == {
        belt: Kind.RARE,
        by_name("Pre-Sentient Race"): Kind.GENES,
    }


def test_terraforming_engineers_need_the_extra_colonist_for_a_bigger_world() -> None:
    """§10: if the new colony needs more colonists, they come from the colonist area, or the
    ability cannot be used."""
    artist, refugee = by_name("Artist Settlement"), by_name("Refugee World")  # 1 / 2 colonists
    for colonists, offered in ((0, set()), (1, {(artist, refugee)})):
        state = table(3, seed=98)
        chooser, other, _third = seats(state)
        plain_homes(state)
        give(
            state,
            other,
            colonies=[artist],
            explored=[refugee],
            developments=["Terraforming Engineers"],
            colonists=colonists,
            credits=0,
        )
        choose(state, chooser, "settle")
        player = state.players[other]
        if not offered:  # nothing to decide: taking colonists was made for the player
            finish(state)
            assert player.colonies == [player.home, artist] and player.colonists == 2
            continue
        until_turn(state, other, "settle")
        assert {d.args for d in state.legal_decisions() if d.kind == "upgrade"} == offered
        pick(state, "upgrade", artist, refugee)
        assert player.goods == {refugee: Kind.NOVELTY}
        assert player.colonists == 0 + 2  # 1 added to Refugee World, then 2 taken


def test_a_mandatory_produce_ability_offers_no_way_to_skip_it() -> None:
    """§7.2: an ability without "may" must be used; with two qualifying colonies the player only
    chooses which one."""
    state = table(3, seed=99)
    chooser, other, _third = seats(state)
    plain_homes(state)
    belt, convict = by_name("Asteroid Belt"), by_name("Rebel Convict Mines")  # Rare windfall
    give(state, other, colonies=["Interstellar Prospectors", belt, convict])
    choose(state, chooser, "produce")
    until_turn(state, other, "produce")
    assert {d.args for d in state.legal_decisions()} == {(belt,), (convict,)}
    pick(state, "produce_on", convict)
    assert state.players[other].goods == {
        by_name("Interstellar Prospectors"): Kind.RARE,
        convict: Kind.RARE,
    }


def test_develop_abilities_work_for_every_buyer_not_only_the_chooser() -> None:
    """Reconstruction conventions: an ability works for every player who carries out its action;
    a non-chooser with Investment Credits pays the printed cost − 1."""
    state = table(3, seed=100)
    chooser, other, _third = seats(state)
    plain_homes(state)
    give(state, other, developments=["Investment Credits"], credits=4)
    choose(state, chooser, "develop")
    until_turn(state, other, "develop")
    pick(state, "buy", by_name("Galactic Salon"))  # 5 - 1
    assert state.players[other].credits == 0
