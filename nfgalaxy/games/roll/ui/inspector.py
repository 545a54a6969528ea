"""Roll for the Galaxy tile sides in the inspector: cost, colour, text, as a player reads them.

Every Roll tile side is transcribed from the printed tiles, so its status is "printed". The
sources each value was checked against and the transcription notes are for ``nfgalaxy tiles``,
not for a player at the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.markup import escape

from nfgalaxy.games.roll import components as roll
from nfgalaxy.games.roll.ui.glyphs import FACE_MARK, SHIP_MARK


@dataclass(frozen=True)
class DiceFaces:
    """The inspector's entry for the dice: not a tile, but what a player looks up beside the
    tiles (which colour rolls what)."""

    dice: Any
    id: str = "dice"
    name: str = "Dice: the faces of every colour"


class Inspectable:
    """A tile set as the inspector lists it: every tile side, then the dice table. Anything
    else is asked of the tile set itself."""

    def __init__(self, tiles: Any) -> None:
        self._tiles = tiles
        self.by_id = {**tiles.by_id, DiceFaces.id: DiceFaces(tiles.dice)}

    def __getattr__(self, name: str) -> Any:
        return getattr(self._tiles, name)


def dice_details(entry: DiceFaces) -> str:
    """Every die colour with its letter, how many the box holds and its six faces."""
    lines = ["[b]Dice[/b]", "", "Die                      In the box  Faces"]
    for colour, kind in entry.dice.items():
        faces = " ".join(FACE_MARK[face.value] for face in kind.faces)
        lines.append(f"{colour.letter} {colour.label:22} {kind.count:>6}      {escape(faces)}")
    lines += [
        "",
        f"Faces: E Explore, D Develop, S Settle, P Produce, {SHIP_MARK} Ship, * wild (any phase).",
        "Colours: the letter before the face; no face mark is also a colour letter.",
        "",
        "[b]Status:[/b] printed (as on the dice in the box)",
    ]
    return "\n".join(lines)


def roll_tile_details(side: roll.Development | roll.World | DiceFaces) -> str:
    """A Roll for the Galaxy tile side (Rich markup): name and cost, then its power at once
    (the preview beside the decisions may have four lines at 80x24: the power must be in
    them), then the end-of-game bonus, kind, colour and status."""
    if isinstance(side, DiceFaces):
        return dice_details(side)
    lines = [f"[b]{escape(side.name)}[/b]  (cost {side.cost})"]
    lines.append(escape(side.text) if side.text else "No power.")
    if isinstance(side, roll.Development) and side.bonus_text:
        lines.append(f"End of game: {escape(side.bonus_text)}")
    lines.append("")
    if isinstance(side, roll.World):
        lines.append(escape(side.describe()))
    else:
        lines.append(f"Development ({side.category}): cost {side.cost} = {side.vp} VP")
    lines.append(f"Tile side {side.id}")
    lines.append("[b]Status:[/b] printed (as on the tile in the box)")
    if side.german:
        lines.append(f"German name: {escape(side.german)}")
    return "\n".join(lines)
