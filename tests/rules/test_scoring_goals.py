"""Final scoring (§9, WE-14), tie-breaks, and the goals variant (§11, WE-15 to WE-19, WE-22)."""

from __future__ import annotations

from scenario import TILES, by_name, choose, give, pick, table
from test_settle import finish_action

from nfgalaxy.games.new_frontiers.components import Kind
from nfgalaxy.games.new_frontiers.scoring import Score, score_player, winners
from nfgalaxy.games.new_frontiers.state import Player


def player_with(colonies: list[str], developments: list[str] = (), **fields) -> Player:
    ids = [by_name(c) for c in colonies]
    player = Player(seat=0, name="P", colonies=ids, developments=[by_name(d) for d in developments])
    for key, value in fields.items():
        setattr(player, key, value)
    return player


def test_we14_pan_galactic_league_counts_each_colony_for_its_best_line() -> None:
    player = player_with(
        [
            "Old Earth",
            "Aquatic Uplift Race",
            "Pre-Sentient Race",
            "Rebel Miners",
            "Rebel Fuel Cache",
        ],
        ["Pan-Galactic League"],
    )
    score = score_player(TILES, player, [])
    assert dict(score.bonus_detail)[by_name("Pan-Galactic League")] == 2 + 2 + 1 + 1
    printed = sum(TILES.world(c).vp for c in player.colonies)
    assert score.tiles == printed and score.bonus == 6


def test_score_adds_chips_printed_vp_bonuses_and_goals() -> None:
    player = player_with(["Old Earth", "Rebel Base"], ["Space Marines"], vp=7, colonists=5)
    conscription = TILES.goals["conscription"]
    score = score_player(TILES, player, [conscription])
    assert (score.chips, score.tiles, score.bonus, score.goals) == (7, 1 + 6 + 1, 0, 5)
    assert score.total == 7 + 8 + 5


def test_ties_are_broken_by_goods_plus_credits_and_may_be_shared() -> None:
    a = Score(chips=10, tiles=5, bonus=0, goals=0, tiebreak=4)
    b = Score(chips=12, tiles=3, bonus=0, goals=0, tiebreak=6)
    c = Score(chips=1, tiles=1, bonus=0, goals=0, tiebreak=20)
    assert winners([a, b, c]) == [1]
    assert winners([a, a, c]) == [0, 1]


def test_oort_refinery_counts_as_the_best_kind_at_scoring() -> None:
    player = player_with(
        ["Old Earth", "Alien Oort Cloud Refinery", "Pre-Sentient Race"], ["Pan-Galactic League"]
    )
    score = score_player(TILES, player, [])
    assert score.oort_kind == Kind.GENES
    assert score.bonus == 4  # two Genes colonies


def test_we15_stockpile_resources_thresholds() -> None:
    goal = TILES.goals["stockpile_resources"]
    assert [goal.vp_for(n) for n in range(7)] == [0, 0, 2, 2, 5, 5, 8]
    assert goal.maximum == 6


def test_we16_skilled_labor_counts_different_changed_actions() -> None:
    goal = TILES.goals["skilled_labor"]
    # Space Marines (settle), New Vinland (consume), Survey Team (explore), Spice World (trade).
    player = player_with(
        ["Old Earth", "New Vinland", "Spice World"], ["Space Marines", "Survey Team"]
    )
    score = score_player(TILES, player, [goal])
    assert score.goals == 2
    more = player_with(
        ["Old Earth", "New Vinland", "Spice World", "New Survivalists"],
        ["Space Marines", "Survey Team"],
    )
    assert score_player(TILES, more, [goal]).goals == 2


def test_we17_conscription_six_colonists_score_five() -> None:
    goal = TILES.goals["conscription"]
    player = player_with(["Old Earth"], colonists=6)
    assert score_player(TILES, player, [goal]).goals == 5


def test_we19_trade_league_is_one_consume_ability_and_two_changed_actions() -> None:
    volunteer, skilled = TILES.goals["volunteer_program"], TILES.goals["skilled_labor"]
    from nfgalaxy.games.new_frontiers.scoring import goal_amount

    league = [TILES.developments[by_name("Trade League")]]
    player = Player(seat=0, name="P")
    assert goal_amount(volunteer, player, [], league, -1) == 1
    assert goal_amount(skilled, player, [], league, -1) == 2


def test_set_galactic_goals_moves_up_pays_and_keeps_one_goal_hidden() -> None:
    state = table(4, seed=3, goals=True)
    first, second = state.order[0][0], state.order[1][0]
    pick(state, "select", "ambassador")
    credits = state.players[second].credits
    pick(state, "select", "goals")
    assert [d[0] for d in state.order[:2]] == [second, first]
    assert state.players[second].credits == credits + 1
    keep = state.legal_decisions()
    assert len(keep) == 3 * 2  # keep one of three, the other two under the pile in any order
    pile_before = len(state.goal_pile)
    state.apply(keep[0])
    assert state.goals_hidden == [[second, keep[0].args[0]]]
    assert len(state.goal_pile) == pile_before + 2 and state.goal_pile[-2:] == list(
        keep[0].args[1:]
    )


def test_a_second_hidden_goal_reveals_the_earlier_one() -> None:
    state = table(3, seed=4, goals=True)
    pick(state, "select", "goals")
    first_goal = state.legal_decisions()[0].args[0]
    state.apply(state.legal_decisions()[0])
    for _ in range(2):
        pick(
            state,
            "select",
            next(
                d.args[0] for d in state.legal_decisions() if d.args[0] in ("develop", "ambassador")
            ),
        )
        finish_action(state)
    pick(state, "select", "goals")
    state.apply(state.legal_decisions()[0])
    assert state.goals_revealed == [first_goal]
    assert len(state.goals_hidden) == 1


def test_we18_exploration_goal_lets_a_returned_world_go_to_the_stockpile() -> None:
    state = table(3, seed=5, goals=True)
    chooser = state.order[0][0]
    state.goals_revealed = ["exploration"]
    state.goal_pile.remove("exploration")
    colonies = [
        "Volcanic World",
        "Pre-Sentient Race",
        "Spice World",
        "New Vinland",
        "Galactic News Center",
    ]
    give(
        state,
        chooser,
        colonies=colonies,
        explored=["Asteroid Belt", "Artist Settlement", "Comet Zone"],
        developments=["Terraforming Robots"],
        colonists=1,
        credits=5,
    )
    assert state.players[chooser].world_count() == 9
    choose(state, chooser, "settle")
    pick(state, "settle", by_name("Asteroid Belt"))
    while not (state.queue[0][0] == "limit" and state.to_move() == chooser):
        options = state.legal_decisions()
        state.apply(next((d for d in options if d.kind in ("colonists", "done")), options[0]))
    stock = [d for d in state.legal_decisions() if d.kind == "return" and d.args[1] == 1]
    assert stock
    state.apply(stock[0])
    assert state.players[chooser].stock_worlds == [stock[0].args[0]]


def test_we22_stockpile_resources_takes_old_and_new_goods_after_produce() -> None:
    state = table(3, seed=6, goals=True)
    chooser = state.order[0][0]
    state.goals_revealed = ["stockpile_resources"]
    state.goal_pile.remove("stockpile_resources")
    give(
        state,
        chooser,
        home="Old Earth",
        colonies=["Volcanic World", "Asteroid Belt"],
        goods={"Asteroid Belt": Kind.RARE},
    )
    choose(state, chooser, "produce")
    while not (state.queue[0][0] == "store_goods" and state.to_move() == chooser):
        state.apply(state.legal_decisions()[0])
    offered = {d.args[0] for d in state.legal_decisions() if d.kind == "store_good"}
    assert offered == {by_name("Volcanic World"), by_name("Asteroid Belt")}
    pick(state, "store_good", by_name("Asteroid Belt"))
    assert state.players[chooser].stock_goods[Kind.RARE] == 1
