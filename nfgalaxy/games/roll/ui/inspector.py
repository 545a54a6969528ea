"""Roll for the Galaxy tile sides in the inspector: cost, colour, text and their sources."""

from __future__ import annotations

from nfgalaxy.games.roll import components as roll


def roll_tile_details(side: roll.Development | roll.World) -> str:
    """A Roll for the Galaxy tile side: cost (= VP), colour or kind, text, and its sources."""
    lines = [f"[b]{side.name}[/b]  ({side.id})"]
    if isinstance(side, roll.World):
        lines.append(side.describe())
    else:
        lines.append(f"Development ({side.category}): cost {side.cost} = {side.vp} VP")
    lines.append("")
    lines.append(side.text or "No power.")
    if isinstance(side, roll.Development) and side.bonus_text:
        lines.append(f"End of game: {side.bonus_text}")
    lines.append("")
    lines.append(
        "[b]Sources:[/b] "
        + (", ".join(side.sources) or "none recorded")
        + " (see shared/data/roll-for-the-galaxy-tiles.md)"
    )
    german = side.german + (f" ({side.german_source})" if side.german_source else "")
    if side.german:
        lines.append(f"German name: {german}")
    if side.notes:
        lines.append(f"Notes: {side.notes}")
    return "\n".join(lines)
