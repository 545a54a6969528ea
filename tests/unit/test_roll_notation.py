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
    assert die("white", "ship").plain == "H$"  # a Home die showing Ship, not "HH"


def test_the_help_has_a_table_of_every_die_colours_faces() -> None:
    text = GAME_UI.help_markdown()
    dice = resolve(None)[0].dice
    for colour, kind in dice.items():
        row = next(line for line in text.splitlines() if line.startswith(f"| {colour.letter} "))
        faces = row.split("|")[3].split()
        assert faces == [FACE_MARK[f.value] for f in kind.faces]
        assert f"| {kind.count} |" in row
