"""Movement with drives (§5.8), telegates (§5.10), ?-boxes (§5.11) and the movement relics
(§9), and observation and discovery on the way (§6)."""

from __future__ import annotations

from sm_boards import (
    coloured_run,
    fork_with_navigation,
    penalty_ovals,
    question_boxes,
    sibling_cities,
    telegate_pair,
)
from sm_engine import do, game_on, offered, where


def kinds(g) -> list[str]:
    return [e.kind for e in g.events]


def moved(g) -> tuple[int, ...]:
    return next(e for e in g.events if e.kind == "move").numbers


# --- drives (§5.8) ----------------------------------------------------------------------


def test_a_yellow_drive_skips_yellow_spaces_for_free() -> None:
    g = game_on(coloured_run(), "base", (1, 1, 1), equipment=("yellow_drive",))
    assert offered(g) == {("move",), ("stay",)}
    do(g, "move")
    assert offered(g) == {("drives", "yellow"), ("drives",)}  # switch off before rolling
    do(g, "drives", "yellow")
    # b1 (1 MP), y1 and y2 skipped, r1 (1), y3 skipped, b2 (1): 3 MP
    assert where(g) == "b2"


def test_without_the_drive_the_same_roll_ends_on_the_yellow_dot() -> None:
    g = game_on(coloured_run(), "base", (1, 1, 1), equipment=("yellow_drive",))
    do(g, "move")
    do(g, "drives")  # switched off for the whole turn
    assert where(g) == "y2"


def test_a_combined_drive_skips_red_and_yellow() -> None:
    g = game_on(coloured_run(), "base", (1, 1, 1), equipment=("combined_drive",))
    do(g, "move")
    do(g, "drives", "red", "yellow")
    assert where(g) == "rock"  # b1, b2 and the asteroid cost MP, all else skipped


def test_a_skipped_space_cannot_be_named_as_the_first_space() -> None:
    g = game_on(coloured_run(), "b1", (1, 1, 1), equipment=("yellow_drive",))
    do(g, "drives", "yellow")
    assert offered(g) == {("first", "base"), ("first", "r1")}  # y1 is looked through


def test_a_drive_skips_a_penalty_oval_of_its_colour_without_penalty() -> None:
    g = game_on(penalty_ovals(), "d2", (1, 1, 1), relics=("yellow_drive",), cash=100)
    do(g, "drives", "yellow")
    do(g, "first", "d3")
    assert where(g) == "rock" and g.players[0].cash == 100


# --- ?-boxes (§5.11) ----------------------------------------------------------------------


def qbox_game(marker: str, dice=(1, 1, 1), **kw):
    g = game_on(question_boxes(), "base", dice, cash=100, **kw)
    g.qbox["q1"] = marker
    return g


def test_entering_a_question_box_reveals_its_marker_for_good() -> None:
    g = qbox_game("blue-20a")
    do(g, "move")
    assert "reveal" in kinds(g) and g.revealed["q1"] == "blue-20a" and "q1" not in g.qbox
    assert offered(g) == {("pay", 20), ("stop",)}  # a penalty marker: pay or stop


def test_a_revealed_relic_makes_an_asteroid_where_the_relic_may_be_taken() -> None:
    g = qbox_game("spy-eye", dice=(1, 1, 3))
    do(g, "move")
    assert ("land",) in offered(g)
    do(g, "land")
    assert offered(g) == {("take_relic", "spy_eye"), ("done",)}
    do(g, "take_relic", "spy_eye")
    assert g.players[0].relics == ["spy_eye"] and "q1" not in g.lying


def test_a_revealed_penalty_of_a_skipped_colour_refunds_the_step() -> None:
    g = qbox_game("yellow-30", equipment=("yellow_drive",))
    do(g, "move")
    do(g, "drives", "yellow")
    assert "refund" in kinds(g)
    assert where(g) == "q2"  # d1, q1 (refunded), d2, q2: 3 MP paid
    assert g.players[0].cash == 100


def test_a_revealed_telegate_works_at_once() -> None:
    g = qbox_game("telegate-3")
    assert g.telegates() == {}
    do(g, "move")
    assert g.telegates() == {3: "q1"}


def test_a_revealed_open_spaceport_is_a_landing_and_trading_site_and_discovers() -> None:
    g = qbox_game("open-spaceport-1", dice=(1, 1, 3))
    do(g, "move")
    do(g, "land")
    assert g.is_trading_site("q1")
    assert g.discovered == ["h1"] and g.players[0].ious == [g.culture_at["h1"]]


# --- observation and discovery (§6) ------------------------------------------------------


def test_entering_an_empty_orbit_observes_the_culture_privately() -> None:
    g = game_on(sibling_cities(), "s1", (1, 1, 1))
    do(g, "first", "orbit1")
    assert g.players[0].known_cultures == {"h1": g.culture_at["h1"]}
    observe = next(e for e in g.events if e.kind == "observe")
    assert observe.components == ("h1",)  # where, never which culture
    assert g.content.culture(g.culture_at["h1"]).name not in observe.text


def test_landing_on_a_city_discovers_the_culture_and_takes_its_iou() -> None:
    g = game_on(sibling_cities(), "s1", (3, 3, 3))
    do(g, "first", "orbit1")
    do(g, "step", "port", 0)
    do(g, "land")
    culture = g.culture_at["h1"]
    assert g.discovered == ["h1"] and g.players[0].ious == [culture]
    assert g.players[0].known_cultures == {}  # now public knowledge


def test_spy_eye_looks_at_face_down_markers_next_to_the_ship() -> None:
    g = qbox_game("red-10", dice=(1, 1, 1), relics=("spy_eye",))
    g.qbox["q2"] = "gate-lock"
    do(g, "move")
    do(g, "pay", 10)
    assert g.players[0].known_markers == {"q2": "gate-lock"}
    assert g.players[0].known_cultures == {"h1": g.culture_at["h1"]}  # from any space


# --- telegates (§5.10) ---------------------------------------------------------------------


def test_leaving_a_telegate_jumps_to_the_gate_of_the_pilot_number() -> None:
    g = game_on(telegate_pair(), "a1", (4, 2, 1))
    do(g, "first", "gate1")
    # pilot 4 jumps to gate4; pilots 1 (this gate) and 2 (no gate) move on normally
    assert offered(g) == {("jump", "gate4", 4), ("step", "a2", 2), ("step", "a2", 1)}
    do(g, "jump", "gate4", 4)
    assert "jump" in kinds(g)
    assert offered(g) == {("step", "b1", 4), ("step", "b2", 4)}  # a jump is no reversal
    do(g, "step", "b2", 4)
    assert where(g) == "brock"  # 1 + 1 (jump) + 1 + 1 + 1 MP... and the dead end


def test_gate_lock_closes_every_telegate() -> None:
    g = game_on(telegate_pair(), "a1", (4, 2, 1), relics=("gate_lock",))
    do(g, "gate_lock", 1)
    do(g, "first", "gate1")
    assert where(g) == "arock"  # gate1 is a plain dot this turn


def test_jump_start_jumps_first_when_a_die_shows_the_gate() -> None:
    g = game_on(telegate_pair(), "base", (4, 1, 1), relics=("jump_start",))
    do(g, "move")
    assert offered(g) == {("jump_start", ""), ("jump_start", "gate1"), ("jump_start", "gate4")}
    do(g, "jump_start", "gate4")
    assert "jump" in kinds(g) and "declare" not in kinds(g)
    assert offered(g) == {("step", "b1", 4), ("step", "b2", 4)}


def test_jump_start_fails_without_the_die_and_the_ship_moves_normally() -> None:
    g = game_on(telegate_pair(), "base", (2, 1, 1), relics=("jump_start",))
    do(g, "move")
    do(g, "jump_start", "gate4")
    assert "jump_failed" in kinds(g)
    assert offered(g) == {("step", "a1", 0), ("step", "b1", 0)}


# --- other relics (§9) -------------------------------------------------------------------


def test_air_foil_flies_between_sibling_cities_at_one_mp_a_step() -> None:
    g = game_on(sibling_cities(), "s1", (1, 1, 2), relics=("air_foil",))
    do(g, "first", "orbit1")
    do(g, "step", "north", 0)  # 1 MP with Air Foil
    assert offered(g) == {("step", "south", 0), ("land",)}
    do(g, "step", "south", 0)  # on through the sibling city, no need to end there
    assert offered(g) == {("step", "orbit2", 0), ("land",)}


def test_auto_pilot_rolls_one_die_fewer_and_adds_a_four() -> None:
    g = game_on(sibling_cities(), "base", (1, 1), relics=("auto_pilot",))
    do(g, "move")
    do(g, "auto_pilot", 1)
    do(g, "first", "s1")
    roll = next(e for e in g.events if e.kind == "roll")
    assert roll.numbers == (1, 1, 4, 6)


def test_mulligan_gear_rerolls_one_die_once() -> None:
    g = game_on(sibling_cities(), "base", (1, 1, 1, 6), relics=("mulligan_gear",))
    do(g, "move")
    do(g, "first", "s1")
    assert offered(g) == {("keep",), ("reroll", 1)}
    do(g, "reroll", 1)
    assert next(e for e in g.events if e.kind == "reroll").numbers == (1, 6, 8)


def test_switch_switch_lets_a_fixed_pilot_number_change() -> None:
    g = game_on(fork_with_navigation(), "base", (1, 3, 5), relics=("switch_switch",))
    g.turn.pilot = 1  # fixed earlier; its exit leads back to d1
    do(g, "move")
    assert offered(g) == {("step", "l1", 3), ("step", "r1", 5), ("stop", 1)}
