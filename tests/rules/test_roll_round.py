"""Roll for the Galaxy: setup (§4), Roll and Assign (§5.1–5.2), Reveal (§5.3), and the hidden
information the round keeps (§3). Positions come from ``roll_scenario``; the rest is the engine."""

from __future__ import annotations

import pytest
from roll_scenario import (
    assign_for,
    cup,
    dice_total,
    force_phases,
    offered,
    pick,
    quiet_table,
    refused,
    select_and_ready,
    set_empire,
    set_roll,
    tiles_total,
    waiting,
)

from nfgalaxy.core import Decision, new_game
from nfgalaxy.core.rng import Rng
from nfgalaxy.games.roll.rules import RollGame
from nfgalaxy.games.roll.state import DEV, PHASES, WORLD
from nfgalaxy.games.roll.tileset import builtin

TILES = builtin()

# A roll with one die of each kind, so every die has its own (colour, face, column) key.
ROLL = [
    ("white", "explore"),
    ("white", "develop"),
    ("white", "produce"),
    ("red", "settle"),
    ("blue", "ship"),
]


def assigning(tableau_extra: list[str] | None = None, players: int = 2, seed: int = 1):
    """A table where the first player in order is assigning ``ROLL`` with Home/faction tiles
    plus ``tableau_extra``; returns (game, seat)."""
    g = quiet_table(players, seed)
    me = g.order[0]
    p = g.players[me]
    set_empire(g, me, tableau=[*p.tableau, *(tableau_extra or [])], citizenry={"white": 2})
    set_roll(g, me, ROLL)
    assign_for(g, me)
    return g, me


# ====================================================================== §4 setup


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_gives_every_player_start_money_dice_and_one_tile_per_stack(players: int) -> None:
    """§4 / WE-01: $1 (Doomed World $8), 3 white dice in the cup and 2 in the citizenry plus the
    dice of the home and faction worlds, a tableau of faction halves + home world, 1 tile on
    each stack; the VP pool is 12 per player; nothing is created or lost."""
    g = new_game("roll", players=players, seed=players * 11)
    assert isinstance(g, RollGame)
    assert g.vp_pool == 12 * players
    while waiting(g) and waiting(g)[0] == "start_tiles":
        g.apply(g.legal_decisions()[0])
    for p in g.players:
        expected_credits = 8 if TILES.by_id[p.home].name == "Doomed World" else 1
        assert p.credits == expected_credits
        assert p.tableau == [p.faction + "a", p.faction + "b", p.home]
        assert len(p.stacks[DEV]) == 1 and len(p.stacks[WORLD]) == 1
        assert p.stacks[DEV][0][:-1] != p.stacks[WORLD][0][:-1]
        assert p.vp == 0
        owned = p.dice_owned()
        assert owned["white"] == 5  # no home or faction world gives white dice
        assert sum(owned.values()) >= 6
    assert sum(dice_total(g).values()) == 111
    assert tiles_total(g) == 55


def test_start_tiles_offer_exactly_the_two_ways_to_split_the_drawn_pair() -> None:
    """§4 step 5: one tile development side up, the other world side up; never both on one
    stack."""
    g = new_game("roll", players=3, seed=5)
    seat = g.queue[0][1]
    a, b = g.players[seat].drawn
    assert {d.args for d in g.legal_decisions()} == {(a,), (b,)}
    g.apply(Decision("start_tiles", (b,)))
    assert g.players[seat].stacks == {DEV: [b + "d"], WORLD: [a + "w"]}


def test_each_round_every_player_rolls_all_the_dice_in_their_cup() -> None:
    """§5.1 / §5.2.1: every cup die is rolled (the cup is empty while assigning); each die
    lies in the column its face shows, a wild one unplaced."""
    g = new_game("roll", players=3, seed=2)
    before = [dict(p.cup) for p in g.players]
    while waiting(g)[0] == "start_tiles":
        g.apply(g.legal_decisions()[0])
    for p, had in zip(g.players, before, strict=True):
        assert sum(p.cup.values()) == 0
        rolled = {c: sum(1 for w in p.workers if w["colour"] == c) for c in had}
        assert rolled == had
        for w in p.workers:
            assert w["column"] == ("" if w["face"] == "wild" else w["face"])


# ====================================================================== §5.2 assign


def test_a_wild_die_goes_under_any_phase_and_several_wilds_may_share_a_column() -> None:
    """§5.2.1: while a wild die is unplaced only wild placements are offered, for all five
    columns; two wilds may go to the same column."""
    g, me = assigning()
    set_roll(g, me, [("red", "wild"), ("red", "wild"), ("white", "explore")])
    assert {d.args for d in offered(g)} == {("red", ph) for ph in PHASES}
    refused(g, Decision("select", ("white", "explore", "explore", "explore")), "§5.2.1")
    pick(g, "wild", "red", "produce")
    pick(g, "wild", "red", "produce")
    assert [w["column"] for w in g.players[me].workers] == ["produce", "produce", "explore"]
    assert {d.kind for d in offered(g)} == {"select"}


def test_selecting_is_mandatory_and_any_die_whatever_its_face_selects_any_phase() -> None:
    """§5.2.2: Done is not offered before selecting; a Ship-face die may select Develop and
    then is a developer."""
    g, me = assigning()
    assert {d.kind for d in offered(g)} == {"select"}
    assert len(offered(g)) == len(ROLL) * len(PHASES)
    refused(g, Decision("done", ()), "§5")
    pick(g, "select", "blue", "ship", "ship", "develop")
    p = g.players[me]
    selector = p.worker(p.selector)
    assert (selector["colour"], selector["face"], selector["column"]) == ("blue", "ship", "develop")
    assert p.selected == "develop"


def test_each_player_selects_exactly_one_phase() -> None:
    """§5.2.2: after selecting, a second selection is refused naming the rule."""
    g, _me = assigning()
    pick(g, "select", "white", "explore", "explore", "explore")
    assert not offered(g, "select")
    refused(g, Decision("select", ("red", "settle", "settle", "settle")), "§5.2.2")


def test_reassigning_is_only_allowed_after_selecting() -> None:
    """§5.2.3 / WE-03: Dictate and reassign powers wait for the selection."""
    g, _me = assigning(["Local Subsidies"])
    refused(g, Decision("dictate", ("white", "develop", "develop")), "§5.2.3")
    refused(g, Decision("power", ("T30d",)), "§5.2.3")


def test_dictate_gives_up_one_worker_to_move_exactly_one_other_to_any_column() -> None:
    """§5.2.4: the Dictate die leaves the strip; one other worker moves, keeping its face.
    (Local Subsidies is there so that Assign still offers a choice after the move.)"""
    g, me = assigning(["Local Subsidies"])
    pick(g, "select", "white", "explore", "explore", "explore")
    pick(g, "dictate", "white", "develop", "develop")
    p = g.players[me]
    assert p.dictated == ["white"]
    moves = offered(g, "move")
    assert {m.args[3] for m in moves} == set(PHASES)
    assert not any(m.args[:3] == ("white", "explore", "explore") for m in moves)  # selector
    pick(g, "move", "red", "settle", "settle", "ship")
    red = next(w for w in p.workers if w["colour"] == "red")
    assert (red["face"], red["column"]) == ("settle", "ship")
    assert waiting(g) == ("assign", me)  # one move only: back to assigning
    assert not offered(g, "dictate")


def test_dictate_is_used_at_most_once_a_round() -> None:
    """§5.2.3: a second Dictate is refused (Backup Planning is the only exception)."""
    g, _me = assigning(["Local Subsidies"])
    pick(g, "select", "white", "explore", "explore", "explore")
    pick(g, "dictate", "white", "develop", "develop")
    pick(g, "move", "red", "settle", "settle", "ship")
    refused(g, Decision("dictate", ("red", "settle", "ship")), "§5.2.3")


def test_the_selection_die_cannot_be_dictated_or_moved_by_a_power() -> None:
    """§5.2.3 [I], §14.3 reading: the selection die is neither a Dictate die nor movable, so
    the player ends Assign with exactly one selection."""
    g, me = assigning(["Local Subsidies"])
    pick(g, "select", "white", "explore", "explore", "explore")
    assert ("white", "explore", "explore") not in {d.args for d in offered(g, "dictate")}
    refused(g, Decision("dictate", ("white", "explore", "explore")), "§5.2.3")
    pick(g, "power", "T30d")  # Local Subsidies: one Home worker to any phase
    assert all(m.args[:3] != ("white", "explore", "explore") for m in offered(g, "move"))
    refused(g, Decision("move", ("white", "explore", "explore", "ship")), "§5.2.3")
    assert g.players[me].worker(g.players[me].selector)["column"] == "explore"


def test_dictate_needs_another_worker_besides_the_selection_die() -> None:
    """§5.2.4 with the §14.3 reading: with only the selection die and one more worker there is
    no 'other' worker to move, so Dictate is not offered."""
    g, me = assigning()
    set_roll(g, me, [("white", "explore"), ("red", "settle")])
    pick(g, "select", "white", "explore", "explore", "explore")
    assert not offered(g, "dictate")


def test_a_reassign_power_is_used_at_most_once_a_round() -> None:
    """§5.2.3 / WE-03: Local Subsidies moves one white worker, then is spent for the round."""
    g, me = assigning(["Local Subsidies"])
    pick(g, "select", "red", "settle", "settle", "settle")
    pick(g, "power", "T30d")
    assert {m.args[0] for m in offered(g, "move")} == {"white"}
    pick(g, "move", "white", "develop", "develop", "produce")
    assert not offered(g, "power")
    refused(g, Decision("power", ("T30d",)), "§5.2.3")
    moved = next(w for w in g.players[me].workers if w["face"] == "develop")
    assert moved["column"] == "produce"


def test_a_reassigned_die_never_enters_a_selection_slot() -> None:
    """§5.2.3: moves go to columns; a move 'to the selection' is refused naming the rule."""
    g, _me = assigning(["Local Subsidies"])
    pick(g, "select", "red", "settle", "settle", "settle")
    pick(g, "power", "T30d")
    refused(g, Decision("move", ("white", "develop", "develop", "selection")), "§5.2.3")


def test_a_dictated_die_cannot_be_reassigned_and_returns_to_the_cup_after_reveal() -> None:
    """§5.2.3 / §5.3 / WE-03: the Dictate zone is off the strip (no power may move it) and
    its die goes to the cup, not the citizenry, right after Reveal."""
    g, me = assigning(["Local Subsidies"])
    pick(g, "select", "red", "settle", "settle", "settle")
    pick(g, "dictate", "white", "develop", "develop")
    pick(g, "move", "blue", "ship", "ship", "settle")
    pick(g, "power", "T30d")  # Local Subsidies: one Home worker; the dictated one is gone
    movable = {m.args[:3] for m in offered(g, "move")}
    assert movable == {("white", "explore", "explore"), ("white", "produce", "produce")}
    pick(g, "move", "white", "produce", "produce", "settle")
    citizens = dict(g.players[me].citizenry)
    if offered(g, "done"):
        pick(g, "done")
    p = g.players[me]
    assert g.revealed and p.dictated == []
    whites_left_on_the_strip = sum(1 for w in p.workers if w["colour"] == "white")
    assert p.cup["white"] == 1 + (2 - whites_left_on_the_strip)  # the Dictate die + unplayed
    assert p.citizenry == citizens


def test_done_ends_the_assign_step_and_reveal_follows() -> None:
    """§5.2.6: the step ends when every player is done; then Reveal."""
    g = quiet_table(2, 3)
    for seat in g.order:
        set_roll(g, seat, [("white", "explore"), ("white", "produce")])
    first, second = g.order
    select_and_ready(g, first, "white", "explore", "explore", "explore")
    assert waiting(g) == ("assign", second)
    assert not g.revealed


# ====================================================================== §5.3 reveal


def test_dice_in_unplayed_columns_go_back_to_the_cup_at_reveal() -> None:
    """§5.3 / WE-04: in a 3-player game only the selected phases are played; the dice under
    the others go back to the cup, not to the citizenry."""
    g = quiet_table(3, 1)
    a, b, c = g.order
    set_roll(g, a, [("white", "explore"), ("blue", "ship"), ("red", "develop")])
    set_roll(g, b, [("white", "explore")])
    set_roll(g, c, [("white", "explore")])
    citizens = dict(g.players[a].citizenry)
    for seat in (a, b, c):
        select_and_ready(g, seat, "white", "explore", "explore", "explore")
    assert g.phases == ["explore"]
    assert cup(g, a) == {"red": 1, "blue": 1}
    assert g.players[a].citizenry == citizens


def test_two_player_white_die_adds_an_unselected_phase_and_returns_to_the_supply() -> None:
    """§5.3 step 2 / §11: with 2 players a white die from the supply is rolled at Reveal; a
    phase nobody chose is played too; the die goes back (the supply is unchanged). Over many
    seeds every outcome is a phase (white dice have no wild face)."""
    seen = set()
    for seed in range(1, 25):
        g = quiet_table(2, seed)
        for seat in g.order:
            set_roll(g, seat, [("white", "develop")])
        supply = dict(g.supply)
        for seat in g.order:
            select_and_ready(g, seat, "white", "develop", "develop", "develop")
        assert g.revealed and g.supply == supply
        assert g.extra_roll in PHASES
        seen.add(g.extra_roll)
        if g.extra_roll == "develop":
            assert g.phases == ["develop"] and g.extra_phase == ""
        else:
            assert g.phases == sorted({"develop", g.extra_roll}, key=PHASES.index)
            assert g.extra_phase == g.extra_roll
    assert len(seen) >= 3


def test_no_extra_white_die_with_three_players_and_a_shared_phase_is_played_once() -> None:
    """§5.3: the extra phase die is for the 2-player game only. §5.4: a phase selected by
    several players is played once."""
    g = quiet_table(3, 4)
    for seat in g.order:
        set_roll(g, seat, [("white", "develop")])
    for seat in g.order:
        select_and_ready(g, seat, "white", "develop", "develop", "develop")
    assert g.phases == ["develop"] and g.extra_roll == ""


# ====================================================================== §3 hidden information


def _two_rolls() -> tuple[RollGame, RollGame, int, int]:
    """Two games identical except for the first player's roll, after that player assigned."""
    games = []
    # The same dice colours (they are public) and the same number of decisions; only the faces
    # and the columns differ.
    for roll, column in (
        ([("red", "wild"), ("white", "explore")], "settle"),
        ([("red", "wild"), ("white", "ship")], "develop"),
    ):
        g = quiet_table(2, 9)
        first, second = g.order
        set_roll(g, second, [("white", "explore"), ("white", "produce")])
        set_roll(g, first, roll)
        pick(g, "wild", "red", column)
        g.apply(g.legal_decisions()[-1])  # some selection; Done is then forced
        games.append(g)
    return games[0], games[1], first, second


def test_nothing_shown_to_another_player_reveals_a_roll_before_reveal() -> None:
    """§3: before Reveal the second player's decisions, the log and ``view(second)`` are the
    same whatever the first player rolled and assigned."""
    a, b, first, second = _two_rolls()
    assert waiting(a) == waiting(b) == ("assign", second)
    assert a.legal_decisions() == b.legal_decisions()
    assert a.log == b.log
    va, vb = a.view(second, Rng(7)), b.view(second, Rng(7))
    assert va.players[first].to_json() == vb.players[first].to_json()
    assert va.players[second].to_json() == a.players[second].to_json()


def test_view_hides_the_tiles_below_the_top_of_another_players_stacks() -> None:
    """§3: only the top tile of each stack is public; the view deals the hidden ones anew from
    the unseen tiles, so it is the same whichever tile really lies below."""
    views = []
    for hidden in ("Spice World", "Gem World"):
        g = quiet_table(2, 6)
        first, second = g.order
        set_empire(g, first, worlds=["Mining World", hidden, "Comet Zone"])
        v = g.view(second, Rng(7))
        assert v.players[first].stacks[WORLD][0] == g.players[first].stacks[WORLD][0]
        views.append((v.players[first].stacks, sorted(v.bag)))
    assert views[0] == views[1]


def test_the_log_never_names_a_tile_put_at_the_bottom_of_a_stack() -> None:
    """§3 / §7.1: a scouted tile placed under others is hidden; the log says 'a tile'."""
    g = quiet_table(2, 3)
    me = g.order[0]
    set_empire(g, me, worlds=["Mining World"], developments=["Public Works"])
    set_roll(g, me, [("white", "explore", "explore")], select=(0, "explore"))
    force_phases(g, "explore")
    pick(g, "scout", "white")
    pick(g, "draw")
    drawn = g.players[me].drawn[0]
    pick(g, "place", drawn, WORLD, "bottom")
    names = {TILES.by_id[drawn + "d"].name, TILES.by_id[drawn + "w"].name}
    assert not any(name in line for line in g.log for name in names)


def test_illegal_decisions_name_a_rule_and_leave_the_state_unchanged() -> None:
    """Errors: every refusal raises IllegalDecision with a rule and changes nothing."""
    g, _me = assigning()
    refused(g, Decision("recruit", ("white",)), "§5")
    refused(g, Decision("select", ("yellow", "wild", "", "ship")), "§5")
