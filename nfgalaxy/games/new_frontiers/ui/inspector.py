"""New Frontiers tiles in the inspector: numbers, text, and where each tile's data comes from."""

from __future__ import annotations

from nfgalaxy.games.new_frontiers.components import Development, World
from nfgalaxy.games.new_frontiers.report import SOURCE_NOTE


def tile_details(tile: World | Development) -> str:
    lines = [f"[b]{tile.name}[/b]  ({tile.id})"]
    if isinstance(tile, World):
        lines.append(tile.describe())
        if tile.home:
            lines.append(
                f"Home colony on empire mat {tile.home.mat}, side {tile.home.side}"
                + (" (first-game side)" if tile.home.first_game else "")
            )
    else:
        vp = "?" if tile.vp is None else tile.vp
        lines.append(
            f"Development: cost ${tile.cost}, {vp} VP, {tile.slots} slot{'s' * (tile.slots != 1)}, "
            f"{tile.group} stack {tile.stack} face {tile.face}"
            + (" (first-game face)" if tile.first_game else "")
        )
    if tile.keywords:
        lines.append("Keywords: " + ", ".join(sorted(tile.keywords)))
    lines.append("")
    lines.append(tile.text or "No ability.")
    lines.append("")
    lines.append(f"[b]Source:[/b] {tile.status.value} — {SOURCE_NOTE[tile.status]}")
    if tile.adapts:
        lines.append(f"Adapts the Race for the Galaxy card: {tile.adapts}")
    if tile.german:
        lines.append(f"German name: {tile.german}")
    if tile.notes:
        lines.append(f"Notes: {tile.notes}")
    return "\n".join(lines)
