"""Roll for the Galaxy tile sides in the inspector: cost, colour, text, as a player reads them.

Every Roll tile side is transcribed from the printed tiles, so its status is "printed". The
sources each value was checked against and the transcription notes are for ``nfgalaxy tiles``,
not for a player at the table.
"""

from __future__ import annotations

from rich.markup import escape

from nfgalaxy.games.roll import components as roll


def roll_tile_details(side: roll.Development | roll.World) -> str:
    """A Roll for the Galaxy tile side (Rich markup): cost (= VP), colour or kind, text."""
    lines = [f"[b]{escape(side.name)}[/b]  ({side.id})"]
    if isinstance(side, roll.World):
        lines.append(escape(side.describe()))
    else:
        lines.append(f"Development ({side.category}): cost {side.cost} = {side.vp} VP")
    lines.append("")
    lines.append(escape(side.text) if side.text else "No power.")
    if isinstance(side, roll.Development) and side.bonus_text:
        lines.append(f"End of game: {escape(side.bonus_text)}")
    lines.append("")
    lines.append("[b]Status:[/b] printed (as on the tile in the box)")
    if side.german:
        lines.append(f"German name: {escape(side.german)}")
    return "\n".join(lines)
