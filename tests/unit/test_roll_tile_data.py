"""The built-in Roll for the Galaxy components meet the rulebook's counts, match the facts file,
and bad tile files are refused with the tile and field at fault.

Each statistic test breaks the data in one place and expects the matching problem, so that every
check in ``statistics.py`` is shown to be able to fail. The spot checks compare values with
``shared/data/roll-for-the-galaxy-tiles.md``.
"""

from __future__ import annotations

import re
from dataclasses import fields, replace
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from nfgalaxy.games.roll import tileset
from nfgalaxy.games.roll.components import (
    EFFECT_FIELDS,
    EFFECTS,
    PARAMETERS,
    Destination,
    Development,
    DieColour,
    Face,
    Measure,
    Phase,
    Power,
    Start,
    TileSet,
    Timing,
    World,
    WorldColour,
)
from nfgalaxy.games.roll.statistics import check
from nfgalaxy.games.roll.tileset import TileDataError

BUILTIN = tileset.builtin()
BUILTIN_TEXT = (
    resources.files("nfgalaxy.games.roll")
    .joinpath("data", tileset.BUILTIN)
    .read_text(encoding="utf-8")
)

RED, BLUE, GREEN, YELLOW = DieColour.MILITARY, DieColour.NOVELTY, DieColour.GENES, DieColour.ALIEN
WHITE, PURPLE, BROWN = DieColour.HOME, DieColour.CONSUMPTION, DieColour.RARE


def side(side_id: str) -> Development | World:
    return BUILTIN.by_id[side_id]


def dev(side_id: str) -> Development:
    found = BUILTIN.by_id[side_id]
    assert isinstance(found, Development)
    return found


def world(side_id: str) -> World:
    found = BUILTIN.by_id[side_id]
    assert isinstance(found, World)
    return found


def changed(
    *,
    remove: tuple[str, ...] = (),
    dice: dict[str, dict[str, Any]] | None = None,
    start: Start | None = None,
    **updates: Any,
) -> TileSet:
    """A new tile set with some sides changed (``T01d={"cost": 2}``), replaced (a side object)
    or removed (tile ids or die colours in ``remove``). The cached built-in set is never touched.
    """

    def update(item: Any) -> Any:
        new = updates.get(item.id)
        if new is None:
            return item
        return new if isinstance(new, Development | World) else replace(item, **new)

    new_dice = {}
    for colour, die in BUILTIN.dice.items():
        if colour.value not in remove:
            new_dice[colour] = replace(die, **(dice or {}).get(colour.value, {}))
    return TileSet(
        dice=new_dice,
        start=start or BUILTIN.start,
        factions={
            key: replace(f, a=update(f.a), b=update(f.b))
            for key, f in BUILTIN.factions.items()
            if key not in remove
        },
        homes={key: update(h) for key, h in BUILTIN.homes.items() if key not in remove},
        game_tiles={
            key: replace(t, development=update(t.development), world=update(t.world))
            for key, t in BUILTIN.game_tiles.items()
            if key not in remove
        },
        source="test",
    )


def block(tile_id: str) -> str:
    """The TOML of one built-in top-level entry (with its side tables), to write files from."""
    for chunk in re.split(r"(?m)^(?=\[\[)", BUILTIN_TEXT):
        lines = chunk.splitlines()
        if len(lines) > 1 and lines[1] in (f'id = "{tile_id}"', f'colour = "{tile_id}"'):
            kept = [line for line in lines if not line.startswith("# ")]
            return "\n".join(kept).strip() + "\n"
    raise KeyError(tile_id)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "roll-for-the-galaxy-tiles.toml"
    path.write_text(text, encoding="utf-8")
    return path


def power(phase: str, effect: str, **params: Any) -> Power:
    return Power(Timing(phase), effect, **params)


# --- the built-in set -------------------------------------------------------------------------


def test_builtin_set_meets_every_count() -> None:
    assert check(BUILTIN) == []


def test_builtin_set_has_7_die_colours_9_factions_9_home_worlds_55_game_tiles() -> None:
    assert len(BUILTIN.dice) == 7
    assert (len(BUILTIN.factions), len(BUILTIN.homes), len(BUILTIN.game_tiles)) == (9, 9, 55)
    assert len(BUILTIN.by_id) == 18 + 9 + 110


def test_every_die_has_six_faces_and_111_dice_are_in_the_box() -> None:
    assert all(len(die.faces) == 6 for die in BUILTIN.dice.values())
    assert sum(die.count for die in BUILTIN.dice.values()) == 111


E, D, S, P, SH, W = Face.EXPLORE, Face.DEVELOP, Face.SETTLE, Face.PRODUCE, Face.SHIP, Face.WILD


@pytest.mark.parametrize(
    ("colour", "name", "count", "faces"),
    [
        (WHITE, "Home", 25, (E, E, D, S, P, SH)),
        (RED, "Military", 22, (E, D, D, S, S, W)),
        (PURPLE, "Consumption", 9, (E, D, SH, SH, SH, W)),
        (BLUE, "Novelty", 20, (E, P, P, SH, SH, W)),
        (BROWN, "Rare Elements", 14, (E, D, D, P, SH, W)),
        (GREEN, "Genes", 12, (E, S, S, P, W, W)),
        (YELLOW, "Alien Technology", 9, (D, S, P, W, W, W)),
    ],
)
def test_die_faces_and_counts_match_the_facts_file(
    colour: DieColour, name: str, count: int, faces: tuple[Face, ...]
) -> None:
    die = BUILTIN.dice[colour]
    assert (die.name, die.count, die.faces) == (name, count, faces)
    assert die.colour.label == name


def test_every_player_starts_with_3_white_dice_in_the_cup_2_in_the_citizenry_and_1_credit() -> None:
    assert dict(BUILTIN.start.cup) == {WHITE: 3}
    assert dict(BUILTIN.start.citizenry) == {WHITE: 2}
    assert BUILTIN.start.credits == 1


def test_wild_faces_have_no_phase_and_purple_matches_every_world_when_consuming() -> None:
    assert Face.WILD.phase is None and Face.SHIP.phase is Phase.SHIP
    assert all(PURPLE.matches(colour) for colour in WorldColour)
    assert GREEN.matches(WorldColour.GENES) and not GREEN.matches(WorldColour.NOVELTY)
    prices = [c.trade_price for c in WorldColour]
    assert prices == [3, 4, 5, 6, None]


# --- spot checks against the facts file ---------------------------------------------------------


@pytest.mark.parametrize(
    ("tile_id", "dev_name", "dev_cost", "world_name", "world_cost", "colour"),
    [
        ("T01", "Advanced Logistics", 1, "Designer Species, Ultd.", 5, WorldColour.GENES),
        ("T03", "Alien Research Team", 3, "Rebel Warrior Race", 3, WorldColour.GENES),
        ("T09", "Executive Power", 3, "Trading World", 3, WorldColour.GRAY),
        ("T11", "Free Trade Association", 6, "Sentient Robots", 2, WorldColour.GRAY),
        ("T12", "Free Trade Zone", 3, "Galactic Resort", 3, WorldColour.NOVELTY),
        ("T16", "Galactic Federation", 6, "Artist Colony", 1, WorldColour.NOVELTY),
        ("T22", "Galactic Reserves", 6, "Rebel Hideout", 2, WorldColour.GRAY),
        ("T27", "Investment Credits", 4, "Galactic Survey Headquarters", 2, WorldColour.NOVELTY),
        ("T29", "Jumpdrive Research", 1, "Deserted Alien Library", 6, WorldColour.ALIEN),
        ("T31", "Mad Scientists", 3, "Gateway Station", 3, WorldColour.GRAY),
        ("T37", "New Economy", 6, "High-Gravity World", 1, WorldColour.GRAY),
        ("T38", "New Galactic Order", 6, "Secluded World", 1, WorldColour.NOVELTY),
        ("T43", "Replicant Robots", 4, "Space Port", 2, WorldColour.NOVELTY),
        ("T47", "Space Marines", 3, "Prosperous World", 3, WorldColour.NOVELTY),
        ("T50", "Space Tourism", 3, "Universal Exports", 3, WorldColour.NOVELTY),
        ("T51", "System Diversification", 6, "Rebel Miners", 2, WorldColour.RARE),
        ("T55", "Trade Levies", 3, "Comet Zone", 3, WorldColour.RARE),
    ],
)
def test_both_sides_of_game_tiles_match_the_facts_file(
    tile_id: str,
    dev_name: str,
    dev_cost: int,
    world_name: str,
    world_cost: int,
    colour: WorldColour,
) -> None:
    tile = BUILTIN.game_tiles[tile_id]
    assert (tile.development.id, tile.world.id) == (f"{tile_id}d", f"{tile_id}w")
    assert (tile.development.name, tile.development.cost) == (dev_name, dev_cost)
    assert (tile.world.name, tile.world.cost, tile.world.colour) == (world_name, world_cost, colour)
    assert tile.development.vp == dev_cost and tile.world.vp == world_cost


@pytest.mark.parametrize(
    ("side_id", "powers"),
    [
        ("T01d", [power("explore", "rearrange", optional=True)]),
        (
            "T01w",
            [
                power("immediate", "gain_credits", credits=1),
                power("immediate", "gain_dice", colour=GREEN, count=1, to=Destination.GOOD),
            ],
        ),
        ("T03d", [power("explore", "extra_tile", count=1, credits=1, colours=(YELLOW,))]),
        (
            "T03w",
            [
                power("immediate", "remove_die"),
                power("immediate", "gain_dice", colour=RED, count=1, to=Destination.CITIZENRY),
                power("immediate", "gain_dice", colour=GREEN, count=1, to=Destination.CITIZENRY),
            ],
        ),
        (
            "T09d",
            [
                power(
                    "assign",
                    "reassign",
                    optional=True,
                    count=2,
                    exact=True,
                    same_column=True,
                    to_selected=True,
                )
            ],
        ),
        (
            "T09w",
            [power("immediate", "gain_dice", colour=PURPLE, count=1, to=Destination.CITIZENRY)],
        ),
        (
            "T11d",
            [
                power("ship", "gain_credits", credits=2),
                power(
                    "game_end",
                    "bonus_vp",
                    measure=Measure.WORLD_COST,
                    world_colours=(WorldColour.NOVELTY,),
                    vp=1,
                    per=2,
                ),
            ],
        ),
        (
            "T12d",
            [
                power(
                    "settle",
                    "cost_reduction",
                    amount=2,
                    minimum=2,
                    world_colours=(WorldColour.GRAY,),
                )
            ],
        ),
        (
            "T22d",
            [
                power("permanent", "goods_capacity", amount=2),
                power("game_end", "bonus_vp", measure=Measure.GOODS, vp=1),
            ],
        ),
        ("T27w", [power("immediate", "gain_dice", colour=BLUE, count=1, to=Destination.CUP)]),
        (
            "T31d",
            [
                power(
                    "assign",
                    "reassign",
                    optional=True,
                    count=1,
                    count_if_most=2,
                    most_worlds=WorldColour.NOVELTY,
                )
            ],
        ),
        (
            "T37d",
            [
                power("ship", "consume_bonus", credits=2),
                power("game_end", "bonus_vp", measure=Measure.DEVELOPMENTS, reassign=False, vp=1),
            ],
        ),
        (
            "T38d",
            [
                power("settle", "workers_to_cup", colours=(RED,)),
                power("game_end", "bonus_vp", measure=Measure.DICE, colours=(RED,), vp=2, per=3),
            ],
        ),
        (
            "T47d",
            [
                power("immediate", "remove_die"),
                power("immediate", "gain_credits", credits=1),
                power("immediate", "gain_dice", colour=RED, count=1, to=Destination.CUP),
            ],
        ),
        (
            "T50d",
            [
                power("ship", "gain_credits", credits=1),
                power("ship", "credits_if_highest_world", credits=1),
            ],
        ),
        (
            "T53d",
            [
                power("explore", "credits_if_most_developments", credits=1),
                power("produce", "credits_if_most_developments", credits=1),
            ],
        ),
        (
            "T54d",
            [
                power("settle", "credits_per_completion", credits=1),
                power(
                    "settle", "credits_per_completion", credits=1, world_colours=(WorldColour.RARE,)
                ),
            ],
        ),
        (
            "F1a",
            [power("ship", "credits_per_citizenry_die", credits=1, per=2, colours=(RED,))],
        ),
        ("F5a", [power("produce", "credits_per_good", credits=2, colours=(GREEN,))]),
        ("F7a", [power("develop", "cost_reduction", amount=1, minimum=1, reassign=True)]),
        ("H2", [power("setup", "start_credits", credits=8)]),
        (
            "H9",
            [
                power("setup", "gain_dice", colour=BLUE, count=1, to=Destination.CITIZENRY),
                power("setup", "gain_dice", colour=RED, count=1, to=Destination.CITIZENRY),
            ],
        ),
    ],
)
def test_powers_encode_the_tile_texts(side_id: str, powers: list[Power]) -> None:
    assert list(side(side_id).powers) == powers


def test_conflicts_between_sources_are_resolved_as_the_facts_file_says() -> None:
    assert world("T01w").cost == 5  # Designer Species, Ultd.: not J's 4
    assert (world("F9a").cost, world("F9a").colour) == (0, WorldColour.GRAY)  # Destroyed Colony
    assert world("F9b").cost == 3  # Awakened Alien Outpost: not K's 1
    assert dev("T37d").powers[0].credits == 2 and dev("T37d").powers[0].vp == 0  # New Economy
    assert world("T05w").powers[0] == power("immediate", "gain_credits", credits=2)
    assert world("T10w").powers[0] == power("immediate", "gain_credits", credits=1)
    assert world("T27w").powers[0].to is Destination.CUP  # Galactic Survey HQ
    assert world("T35w").powers[0] == power("immediate", "gain_credits", credits=1)
    assert dev("T11d").cost == 6 and dev("T11d").powers[0].credits == 2  # Free Trade Association
    assert (dev("F5a").name, dev("F5a").german) == ("Genetics Lab", "Genlabor")
    assert dev("F2a").powers[0].phase is Timing.EXPLORE  # Alien Archaeology: not Ship


def test_destroyed_colony_is_a_faction_of_two_worlds_worth_3_vp() -> None:
    faction = BUILTIN.factions["F9"]
    assert faction.developments == ()
    assert [w.name for w in faction.worlds] == ["Destroyed Colony", "Awakened Alien Outpost"]
    assert sum(w.vp for w in faction.worlds) == 3
    gains = [(p.colour, p.to) for w in faction.worlds for p in w.powers]
    assert gains == [(PURPLE, Destination.CUP), (RED, Destination.CITIZENRY)]


def test_factions_and_home_worlds_match_the_facts_file() -> None:
    names = {f.id: (f.a.name, f.b.name) for f in BUILTIN.factions.values()}
    assert names["F1"] == ("Space Piracy", "Hidden Fortress")
    assert names["F4"] == ("Improved Reconnaissance", "Wormhole Station")
    homes = {h.id: (h.name, h.cost, h.colour) for h in BUILTIN.homes.values()}
    assert homes["H3"] == ("Alpha Centauri", 1, WorldColour.RARE)
    assert homes["H7"] == ("Old Earth", 3, WorldColour.GRAY)
    assert world("F6b").powers[0].to is Destination.GOOD  # Pilgrimage World


def test_german_names_and_their_sources_are_kept() -> None:
    assert (dev("T43d").german, dev("T43d").german_source) == ("Replikator-Roboter", "S")
    assert dev("T43d").german_also == ("Selbstreplizierende Roboter",)
    assert (world("H9").german, world("H9").german_source) == ("Epsilon Eridani", "J")
    assert sum(1 for s in BUILTIN.by_id.values() if s.german_source == "S") == 29


def test_sources_and_notes_are_kept() -> None:
    assert dev("F1a").sources == ("S", "K", "B", "J", "A")
    assert world("T01w").notes.startswith("J gives cost 4")
    assert "Executive Powers" in dev("T09d").notes


def test_the_18_reassign_developments_include_backup_planning_and_galactic_mandate() -> None:
    reassign = {d.name for d in BUILTIN.developments() if d.reassign}
    assert len(reassign) == 18
    assert {"Backup Planning", "Galactic Mandate", "Local Subsidies"} <= reassign
    immediate = {d.name for d in BUILTIN.developments() if d.category == "immediate"}
    assert immediate == {"Conscription", "Information Tech", "Space Marines"}


def test_every_cost_6_development_prints_its_end_game_bonus() -> None:
    six = [d for d in BUILTIN.developments() if d.cost == 6]
    assert len(six) == 10
    assert all(d.bonus and d.bonus_text for d in six)


def test_every_side_has_its_text() -> None:
    assert [s.id for s in BUILTIN.by_id.values() if not s.text.strip()] == []


# --- the vocabulary --------------------------------------------------------------------------


def test_every_effect_and_parameter_is_documented() -> None:
    effects = {effect for _timing, effect in EFFECT_FIELDS}
    assert effects == set(EFFECTS)
    used = {name for required, accepted in EFFECT_FIELDS.values() for name in required | accepted}
    assert used | {"optional"} == set(PARAMETERS)
    assert set(PARAMETERS) == {f.name for f in fields(Power)} - {"phase", "effect"}


def test_every_effect_of_the_vocabulary_is_used_by_a_tile() -> None:
    used = {p.effect for s in BUILTIN.by_id.values() for p in s.powers}
    assert used == set(EFFECTS)


# --- each statistic can fail -----------------------------------------------------------------


def test_dice_per_colour_and_the_total_are_checked() -> None:
    assert check(changed(dice={"red": {"count": 21}})) == [
        "dice: expected 111, found 110",
        "red dice: expected 22, found 21",
    ]


def test_a_missing_die_colour_is_reported() -> None:
    assert check(changed(remove=("yellow",))) == [
        "dice: yellow (Alien Technology) is missing",
        "dice: expected 111, found 102",
    ]


def test_six_faces_per_die_are_checked() -> None:
    assert check(changed(dice={"red": {"faces": (D, D, S, S, W)}})) == [
        "red die faces: expected 6, found 5"
    ]


def test_the_rulebooks_emphasis_per_colour_is_checked() -> None:
    assert check(changed(dice={"blue": {"faces": (E, P, P, P, SH, W)}})) == [
        "blue die: most frequent faces: expected produce, ship, found produce"
    ]
    assert check(changed(dice={"purple": {"faces": (E, D, D, SH, SH, W)}})) == [
        "purple die: most frequent faces: expected ship, found develop, ship",
        "purple die: ship faces: expected 3, found 2",
    ]


def test_white_dice_have_no_wild_and_yellow_dice_no_explore_face() -> None:
    assert check(changed(dice={"white": {"faces": (E, E, D, S, P, W)}})) == [
        "white die: wild faces: expected 0, found 1"
    ]
    assert check(changed(dice={"yellow": {"faces": (E, S, P, W, W, W)}})) == [
        "yellow die: explore faces: expected 0, found 1"
    ]


def test_the_start_dice_and_credits_are_checked() -> None:
    start = Start(cup={WHITE: 4}, citizenry={WHITE: 2, RED: 1}, credits=2)
    assert check(changed(start=start)) == [
        "start cup: expected 3 white, found 4 white",
        "start citizenry: expected 2 white, found 2 white, 1 red",
        "start credits: expected 1, found 2",
    ]


def test_55_game_tiles_are_checked() -> None:
    problems = check(changed(remove=("T55",)))
    assert "game tiles: expected 55, found 54" in problems
    assert "physical tiles: expected 73, found 72" in problems
    assert "world sides brown (Rare Elements): expected 13, found 12" in problems


def test_world_colours_are_checked() -> None:
    assert check(changed(T02w={"colour": WorldColour.RARE})) == [
        "world sides blue (Novelty): expected 15, found 14",
        "world sides brown (Rare Elements): expected 13, found 14",
    ]


def test_the_three_kinds_of_development_are_checked() -> None:
    reassign = (power("assign", "reassign", count=1, optional=True),)
    assert check(changed(T55d={"powers": reassign})) == [
        "development sides with a reassign power: expected 18, found 19",
        "development sides with other powers: expected 34, found 33",
    ]


def test_costs_per_side_are_checked() -> None:
    assert check(changed(T02w={"cost": 3})) == [
        "world sides of cost 2: expected 14, found 13",
        "world sides of cost 3: expected 15, found 16",
    ]
    assert check(changed(T23d={"cost": 7})) == [
        "development sides of cost 4: expected 6, found 5",
        "development sides of cost 7: expected 0, found 1",
    ]


def test_cost_6_developments_and_only_they_have_an_end_game_bonus() -> None:
    association = dev("T11d")
    assert check(changed(T11d={"powers": association.powers[:1]})) == [
        "development T11d 'Free Trade Association': a cost-6 development has an end-game bonus"
    ]
    duties = dev("T10d")
    assert check(changed(T10d={"powers": duties.powers + association.powers[1:]})) == [
        "development T10d 'Export Duties': only cost-6 developments have an end-game bonus, "
        "this one costs 2"
    ]


def test_every_world_has_an_immediate_effect_and_every_development_a_power() -> None:
    assert check(changed(T02w={"powers": ()})) == [
        "world T02w 'Spice World': every world has an immediate effect"
    ]
    assert "development T05d 'Backup Planning': expected at least 1 power, found none" in check(
        changed(T05d={"powers": ()})
    )


def test_nine_factions_of_a_development_and_a_world_and_one_of_two_worlds() -> None:
    assert check(changed(remove=("F9",))) == [
        "faction tiles: expected 9, found 8",
        "faction halves: expected 18, found 16",
        "factions with halves world + world: expected 1, found 0",
        "physical tiles: expected 73, found 72",
    ]
    piracy_twice = replace(dev("F1a"), id="F1b", name="Space Piracy II")
    assert check(changed(F1b=piracy_twice)) == [
        "factions with halves development + world: expected 8, found 7",
        "faction F1: halves development + development do not occur",
    ]


def test_nine_home_worlds_are_checked() -> None:
    assert check(changed(remove=("H9",))) == [
        "home worlds: expected 9, found 8",
        "physical tiles: expected 73, found 72",
    ]


def test_every_side_has_its_own_name() -> None:
    assert check(changed(T02w={"name": "Gem World"})) == ["tile name 'Gem World': used by 2 sides"]


def test_the_builtin_set_is_not_changed_by_these_tests() -> None:
    assert BUILTIN.dice[RED].count == 22
    assert BUILTIN.by_id["T02w"] is BUILTIN.game_tiles["T02"].world
    assert check(tileset.builtin()) == []


# --- tile files -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tile_id", "edit", "side_id", "field"),
    [
        ("T01", ('colour = "green"', 'colour = "purple"'), "T01w", "colour"),
        ("T01", ('effect = "rearrange"', 'effect = "teleport"'), "T01d", "powers[0].effect"),
        (
            "T01",
            ('name = "Advanced Logistics"', 'name = "Advanced Logistics"\nflavour = "x"'),
            "T01d",
            "flavour",
        ),
        ("T01", ("cost = 1\n", ""), "T01d", "cost"),
        ("T01", ("cost = 5", "cost = 7"), "T01w", "cost"),
        ("T09", ("count = 2", 'count = "two"'), "T09d", "powers[0].count"),
        ("T10", ("credits = 1 }", "credits = 1, vp = 1 }"), "T10d", "powers[0].vp"),
        (
            "T33",
            ('effect = "gain_credits", credits = 2', 'effect = "gain_credits"'),
            "T33d",
            "powers[0].credits",
        ),
        ("T02", ('phase = "immediate"', 'phase = "setup"'), "T02w", "powers[0].phase"),
        ("T34", ('measure = "worlds"', 'measure = "dice"'), "T34d", "powers[1].world_colours"),
        ("T01", ('sources = ["K", "B", "J"]', 'sources = ["K", "Z"]'), "T01w", "sources"),
        ("T10", ("sources =", 'bonus_text = "+1 VP"\nsources ='), "T10d", "powers"),
        ("T05", ('id = "T05w"', 'id = "T06w"'), "T05w", "id"),
        ("H1", ('to = "citizenry"', 'to = "good"'), "H1", "powers[0].to"),
        ("F1", ('type = "world"', 'type = "planet"'), "F1b", "type"),
        ("F1", ('phase = "setup"', 'phase = "immediate"'), "F1b", "powers[0].phase"),
        ("red", ('"wild"', '"jump"'), "red", "faces"),
    ],
)
def test_a_bad_tile_names_the_tile_and_the_field(
    tmp_path: Path, tile_id: str, edit: tuple[str, str], side_id: str, field: str
) -> None:
    text = block(tile_id)
    assert edit[0] in text
    path = write(tmp_path, text.replace(edit[0], edit[1], 1))
    with pytest.raises(TileDataError) as error:
        tileset.load_file(path)
    message = str(error.value)
    assert str(path) in message
    assert f"'{side_id}'" in message
    assert f"field '{field}'" in message


def test_an_id_used_twice_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, block("T01") + "\n" + block("T01"))
    with pytest.raises(TileDataError, match=r"game tile 'T01': field 'id': 'T01' is used twice"):
        tileset.load_file(path)


def test_a_side_id_taken_from_another_tile_is_refused(tmp_path: Path) -> None:
    home = block("H1").replace('id = "H1"', 'id = "T01w"')
    with pytest.raises(TileDataError, match=r"'T01w' is also used by"):
        tileset.load_file(write(tmp_path, home))


def test_a_file_that_is_not_toml_is_refused(tmp_path: Path) -> None:
    with pytest.raises(TileDataError, match="not valid TOML"):
        tileset.load_file(write(tmp_path, "[[game_tile]\nid = "))


def test_an_unknown_section_is_refused(tmp_path: Path) -> None:
    with pytest.raises(TileDataError, match="unknown top-level entry 'goal'"):
        tileset.load_file(write(tmp_path, '[[goal]]\nid = "G1"\n'))


def test_a_complete_set_needs_the_start_table() -> None:
    text = BUILTIN_TEXT.replace("[start]", "[ignored]")
    with pytest.raises(TileDataError, match="unknown top-level entry 'ignored'"):
        tileset.parse(text, "test")
    without = re.sub(r"(?ms)^\[start\].*?(?=^# =)", "", BUILTIN_TEXT)
    with pytest.raises(TileDataError, match=r"needs a \[start\] table"):
        tileset.parse(without, "test")


def test_a_file_that_breaks_the_counts_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, block("T02").replace('colour = "blue"', 'colour = "brown"'))
    with pytest.raises(TileDataError, match=r"world sides blue \(Novelty\): expected 15, found 14"):
        tileset.load_file(path)


def test_resolve_keeps_the_builtin_set_when_a_file_is_bad(tmp_path: Path) -> None:
    path = write(tmp_path, block("T01").replace('colour = "green"', 'colour = "purple"'))
    tiles, message = tileset.resolve(path)
    assert tiles is tileset.builtin()
    assert message is not None
    assert "T01w" in message and "'colour'" in message
    assert "using the built-in tiles instead" in message


def test_resolve_keeps_the_builtin_set_when_a_file_is_missing(tmp_path: Path) -> None:
    tiles, message = tileset.resolve(tmp_path / "absent.toml")
    assert tiles is tileset.builtin()
    assert message is not None and "cannot be read" in message


def test_a_valid_override_replaces_tiles_by_id(tmp_path: Path) -> None:
    text = block("T02").replace('name = "Spice World"', 'name = "Spice Planet"')
    text += "\n" + block("red").replace("Militär", "Militaer")
    tiles, message = tileset.resolve(write(tmp_path, text))
    assert message is None
    assert tiles.game_tiles["T02"].world.name == "Spice Planet"
    assert tiles.by_id["T02w"].name == "Spice Planet"
    assert tiles.dice[RED].german == "Militaer"
    assert tiles.game_tiles["T03"] == BUILTIN.game_tiles["T03"]
    assert len(tiles.game_tiles) == 55
    assert world("T02w").name == "Spice World"


def test_an_override_can_correct_a_power_and_keep_the_counts(tmp_path: Path) -> None:
    text = block("T33").replace("credits = 2", "credits = 3")
    tiles = tileset.load_file(write(tmp_path, text))
    assert tiles.game_tiles["T33"].development.powers[0].credits == 3
    assert check(tiles) == []
