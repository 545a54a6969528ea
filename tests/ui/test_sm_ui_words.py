"""Space Merchant's words on the table (issue 42.4): a ?-box whose marker turned out to be a
telegate is called a telegate wherever the space is named (the labels, the Merchants panel,
the line under the map), the map's key says what "+" is (two or more ships on one space),
and the merchants are listed in turn order."""

from __future__ import annotations

from nfgalaxy.games.space_merchant.content import MarkerKind
from nfgalaxy.games.space_merchant.pack import generate_pack
from nfgalaxy.games.space_merchant.rules.game import MerchantGame
from nfgalaxy.games.space_merchant.rules.turn import opt_jump_start
from nfgalaxy.games.space_merchant.ui import GAME_UI
from nfgalaxy.games.space_merchant.ui.glyphs import KEY, describe_space, place_words
from nfgalaxy.games.space_merchant.ui.map import MerchantMap
from tests.ui.layout import text_in
from tests.ui.test_sm_ui_board import Host


def with_telegate_revealed(seed: int = 5) -> tuple[MerchantGame, str]:
    """A new game with one ?-box's telegate marker turned face up, as flying onto it does."""
    g = MerchantGame.new(generate_pack(seed), seed, {"players": 3})
    space = next(s for s, m in g.qbox.items() if g.marker(m).kind is MarkerKind.TELEGATE)
    g.revealed[space] = g.qbox.pop(space)
    return g, space


def test_a_revealed_telegate_is_named_a_telegate_and_no_longer_a_box() -> None:
    g, space = with_telegate_revealed()
    number = g.marker(g.revealed[space]).telegate
    assert g.place(space).startswith("telegate in ")
    assert place_words(g, space).startswith(f"{number} telegate in ")
    assert "?-box" not in describe_space(g, space, 0)
    jump = next(d.label for d in opt_jump_start(g, 0, None) if d.args == (space,))
    assert jump.startswith(f"Jump Start to telegate {number} (telegate in ")
    assert "?-box" not in jump
    still_hidden = next(iter(g.qbox))
    assert g.place(still_hidden).startswith("?-box in ")


def test_the_maps_key_says_what_a_plus_is() -> None:
    assert "+ several ships" in KEY
    assert "+ where two or more ships share a space" in GAME_UI.help_markdown()


async def test_ships_sharing_a_space_are_a_plus_and_the_line_under_the_map_says_so() -> None:
    """Every ship starts at Galactic Base: the map draws one "+" there, and with the cursor
    on it the line under the map says that the "+" is these ships."""
    g = MerchantGame.new(generate_pack(5), 5, {"players": 3})
    base = g.board.galactic_base
    assert all(p.space == base for p in g.players)
    app = Host(g, g.to_move())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board_map = app.query_one(MerchantMap)
        x, y = board_map.chart.at[base]
        assert board_map.strips[y].text[x] == "+"
        board_map.move_cursor(base)
        await pilot.pause()
        names = ", ".join(f"{s + 1} {g.players[s].name}" for s in g.order)  # in turn order
        line = text_in(app, app.query_one("#space-info"))
        assert f"ships (+ on the map): {names}" in line


async def test_the_merchants_are_listed_in_turn_order() -> None:
    """The highest roll starts and play goes on clockwise (§3.1 step 7): the panel lists the
    merchants from the one who starts, not by seat."""
    g = next(
        game
        for seed in range(1, 40)
        if (game := MerchantGame.new(generate_pack(5), seed, {"players": 3})).order[0] != 0
    )
    app = Host(g, g.to_move())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = str(app.query_one("#players").render())
        found = sorted(g.players, key=lambda p: text.index(p.name))
        assert [p.seat for p in found] == g.order
