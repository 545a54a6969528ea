"""A player's empire: home colony, colonies, explored worlds, developments and stocks."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.widgets import Static

from nfgalaxy.core.words import counted
from nfgalaxy.games.new_frontiers import abilities as ab
from nfgalaxy.games.new_frontiers.components import Phase
from nfgalaxy.games.new_frontiers.rules import NewFrontiers
from nfgalaxy.games.new_frontiers.ui.glyphs import good, world_mark, world_number


def _vp(value: int | None) -> str:
    return "?" if value is None else str(value)


#: The compact form's longest name; a longer one is cut with an ellipsis, so that it reads as
#: shortened, not misspelt ("Epsilon Eridan" was "Epsilon Eridani" cut at 14).
SHORT_NAME = 15


def _name(name: str, large: bool) -> str:
    if large or len(name) <= SHORT_NAME:
        return name
    return name[: SHORT_NAME - 1] + "…"


def tableau_text(state: NewFrontiers, seat: int, large: bool, private: bool = False) -> Group:
    """The empire as text; ``large`` lists every tile, the compact form one line per group.

    ``private`` adds what only this player may see (their hidden goal): the caller passes it
    only when that player, a human, is at the keyboard.
    """
    tiles = state.tiles
    player = state.players[seat]
    military = ab.base_military(player.abilities(tiles, Phase.SETTLE))
    slots = player.slots_used(tiles)
    head = Text.assemble(
        (player.name, "bold"),
        f"  ${player.credits}  {player.vp} VP chips  {counted(player.colonists, 'colonist')}  "
        f"military {military}  slots {slots}/12  worlds {player.world_count()}/9",
    )
    if player.stock_worlds or any(player.stock_goods) or player.stock_credits:
        head.append(
            f"  stockpile: {len(player.stock_worlds)} worlds, {sum(player.stock_goods)} goods, "
            f"${player.stock_credits}",
            style="italic",
        )
    lines: list[Text] = [head]
    colonies = Text("Colonies: ", style="bold")
    for index, colony in enumerate(player.colonies):
        world = tiles.world(colony)
        if index:
            colonies.append("  ")
        colonies.append_text(world_mark(world))
        name = _name(world.name, large)
        colonies.append(f" {name} {world_number(world)} {_vp(world.vp)}VP")
        if index == 0:
            colonies.append(" (home)", style="dim")
        if colony in player.goods:
            colonies.append(" ")
            colonies.append_text(good(player.goods[colony]))
    lines.append(colonies)
    explored = Text("Explored: ", style="bold")
    if not player.explored:
        explored.append("—", style="dim")
    for index, world_id in enumerate(player.explored):
        world = tiles.world(world_id)
        if index:
            explored.append("  ")
        explored.append_text(world_mark(world))
        explored.append(f" {_name(world.name, large)} {world_number(world)}")
        explored.append(f" {world.colonists}c {_vp(world.vp)}VP")
    lines.append(explored)
    devs = Text("Developments: ", style="bold")
    if not player.developments:
        devs.append("—", style="dim")
    for index, dev_id in enumerate(player.developments):
        dev = tiles.developments[dev_id]
        if index:
            devs.append("  ")
        devs.append(f"{_name(dev.name, large)} {_vp(dev.vp)}VP")
    lines.append(devs)
    if private:
        for holder, goal_id in state.goals_hidden:
            if holder == seat:
                goal = state.tiles.goals[goal_id]
                lines.append(Text(f"Your hidden goal: {goal.name} — {goal.text}", style="italic"))
    if large:
        for colony in player.colonies + player.developments:
            tile = tiles.by_id[colony]
            if tile.text:
                lines.append(Text(f"  {tile.name}: {tile.text}", style="dim"))
    return Group(*lines)


class Tableau(Static):
    """One player's empire; the player to move is shown large, the others compact."""

    def show(self, state: NewFrontiers, seat: int, large: bool, private: bool = False) -> None:
        self.set_class(large, "active")
        self.border_title = state.players[seat].name + (" — to move" if large else "")
        self.update(tableau_text(state, seat, large, private))
