"""Issue 17.6: Roll's die faces and die colours never share a symbol, and the help lists every
colour's faces."""

from __future__ import annotations

from nfgalaxy.games.roll.components import DieColour
from nfgalaxy.games.roll.tileset import resolve
from nfgalaxy.games.roll.ui import GAME_UI
from nfgalaxy.games.roll.ui.glyphs import FACE_MARK, die


def test_no_face_mark_is_also_a_colour_letter() -> None:
    letters = {colour.letter for colour in DieColour}
    assert not letters & set(FACE_MARK.values())
    assert len(set(FACE_MARK.values())) == len(FACE_MARK)
    assert die("white", "ship").plain == "H⇄"  # a Home die showing Ship, not "HH"


def test_no_face_mark_is_the_credits_sign() -> None:
    """Issue 42.4: "$" on a Roll screen is credits; the Ship face has a mark of its own."""
    assert "$" not in FACE_MARK.values()
    assert "$" not in GAME_UI.describe_tile(GAME_UI.builtin_tiles().by_id["dice"])


def test_the_help_has_a_table_of_every_die_colours_faces() -> None:
    text = GAME_UI.help_markdown()
    dice = resolve(None)[0].dice
    for colour, kind in dice.items():
        row = next(line for line in text.splitlines() if line.startswith(f"| {colour.letter} "))
        faces = row.split("|")[3].split()
        assert faces == [FACE_MARK[f.value] for f in kind.faces]
        assert f"| {kind.count} |" in row


def test_the_inspector_lists_the_dice_with_every_colours_faces() -> None:
    from nfgalaxy.core.registry import new_game

    state = new_game("roll", players=2, seed=1)
    for tiles in (GAME_UI.builtin_tiles(), GAME_UI.tiles_of(state)):
        entry = tiles.by_id["dice"]
        text = GAME_UI.describe_tile(entry)
        for colour, kind in resolve(None)[0].dice.items():
            faces = " ".join(FACE_MARK[f.value] for f in kind.faces)
            line = next(row for row in text.splitlines() if row.startswith(f"{colour.letter} "))
            assert line.endswith(faces) and colour.label in line
        assert all(side_id in tiles.by_id for side_id in state.tiles.by_id)
