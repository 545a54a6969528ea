"""The route preview asks the engine: every way the rules allow this roll ends at a place the
preview names, a face-down ?-box ends a way without giving its marker away, and there is no
preview but the mover's own, after the roll."""

from __future__ import annotations

from nfgalaxy.core.rng import Rng
from nfgalaxy.games.space_merchant.pack import generate_pack
from nfgalaxy.games.space_merchant.rules.common import JUMP, LAND, STEP, Step
from nfgalaxy.games.space_merchant.rules.game import MerchantGame
from nfgalaxy.games.space_merchant.ui.routes import Ending, route_preview


def game_at_move(seed: int, moves: int = 0, seat: int = 0) -> MerchantGame:
    """A two-player game played at random until ``seat`` has rolled and moves, the
    ``moves``-th time (counting each step decision of its moves)."""
    g = MerchantGame.new(generate_pack(seed), seed, {"players": 2})
    rng = Rng(seed)
    count = 0
    for _ in range(20000):
        if g.step_name() == Step.MOVE and g.to_move() == seat:
            if count == moves:
                return g
            count += 1
        options = g.legal_decisions()
        g.apply(options[rng.below(len(options))])
    raise AssertionError("no move reached")


def walk(g: MerchantGame, seat: int, rng: Rng) -> tuple[str, str]:
    """Play the rest of the move at random on a copy: (how it ended, where)."""
    g = g.copy(quiet=True, fork=False)
    known = set(g.players[seat].known_markers)
    while g.step_name() == Step.MOVE and g.to_move() == seat:
        options = g.legal_decisions()
        if any(d.kind == LAND for d in options) and rng.below(3) == 0:
            return "land", g.players[seat].space
        before = set(g.revealed)
        g.apply(options[rng.below(len(options))])
        opened = [s for s in g.revealed if s not in before and s not in known]
        if opened:
            return "unknown", opened[0]
    return "ended", g.players[seat].space


def test_every_way_the_rules_allow_ends_where_the_preview_says() -> None:
    rng = Rng(99)
    checked = 0
    for seed in (3, 5, 8):
        for moves in (0, 3, 9):
            g = game_at_move(seed, moves)
            preview = route_preview(g, 0)
            assert preview is not None and preview.complete
            places = {(d.ending.value, d.space) for d in preview.destinations}
            for _ in range(12):
                how, where = walk(g, 0, rng)
                if how == "ended":  # MP used up, landed, or stopped (penalty, pilot leading back)
                    assert {("end", where), ("land", where), ("stop", where)} & places
                elif how == "unknown":
                    assert ("unknown", where) in places
                else:
                    assert ("land", where) in places
                checked += 1
    assert checked == 108


def test_the_next_steps_are_the_offered_steps_and_each_route_starts_with_one() -> None:
    g = game_at_move(5, 2)
    preview = route_preview(g, 0)
    assert preview is not None
    offered = [d for d in g.legal_decisions() if d.kind in (STEP, JUMP)]
    assert {str(d.args[0]) for d in offered} == set(preview.next_steps)
    assert all(d in g.legal_decisions() for ds in preview.next_steps.values() for d in ds)
    for destination in preview.destinations:
        assert destination.route.decisions[0] in g.legal_decisions()


def test_a_face_down_box_ends_a_way_and_its_marker_stays_unknown() -> None:
    for seed in range(1, 30):
        g = game_at_move(seed, 0)
        before = g.to_json()
        preview = route_preview(g, 0)
        assert preview is not None
        assert g.to_json() == before  # the real game is untouched
        unknown = [d.space for d in preview.destinations if d.ending is Ending.UNKNOWN]
        if unknown:
            assert all(g.face_down(space) for space in unknown)
            return
    raise AssertionError("no roll reached a face-down ?-box in 29 games")


def test_no_preview_for_another_seat_or_before_the_roll() -> None:
    g = game_at_move(3, 0)
    assert route_preview(g, 1) is None
    g = MerchantGame.new(generate_pack(3), 3, {"players": 2})
    assert route_preview(g, g.to_move()) is None  # choosing a species
