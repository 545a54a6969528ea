"""New Frontiers tiles in the inspector: what a player reads on the tile, and whether it is the
printed tile or one reconstructed for nfgalaxy.

The inspector is for players, so it says where a tile comes from in a plain sentence and leaves
out the data file's notes (sources, design remarks): those are for ``nfgalaxy tiles``.
"""

from __future__ import annotations

from rich.markup import escape

from nfgalaxy.games.new_frontiers.components import Development, Status, World

#: The status line a player reads for each kind of tile data.
STATUS_WORDS = {
    Status.KNOWN: "printed",
    Status.KNOWN_FILLED: "printed, partly reconstructed",
    Status.RECONSTRUCTED: "reconstructed",
}


def status_sentence(tile: World | Development) -> str:
    """Why a tile may differ from the one in the box, in a sentence (empty for a printed tile)."""
    if tile.status is Status.KNOWN_FILLED:
        return (
            "This tile is printed in the game, but not all of its values have been published: "
            "the missing ones were chosen to fit the rulebook."
        )
    if tile.status is Status.RECONSTRUCTED:
        origin = f" the Race for the Galaxy card {tile.adapts}" if tile.adapts else " its name"
        return (
            "This is NOT the printed tile: the game's tiles have not been published, so this "
            f"one was made for nfgalaxy after{origin}, to fit the rulebook's numbers."
        )
    return ""


def tile_details(tile: World | Development) -> str:
    """A tile in full (Rich markup): its name and ability first (the preview beside the
    decisions may have four lines at 80x24: the ability must be in them), then its numbers,
    keywords and status."""
    lines = [f"[b]{escape(tile.name)}[/b]  ({tile.id})"]
    lines.append(escape(tile.text) if tile.text else "No ability.")
    lines.append("")
    if isinstance(tile, World):
        lines.append(escape(tile.describe()))
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
    lines.append(f"[b]Status:[/b] {STATUS_WORDS[tile.status]}")
    sentence = status_sentence(tile)
    if sentence:
        lines.append(sentence)
    if tile.german:
        lines.append(f"German name: {escape(tile.german)}")
    return "\n".join(lines)
