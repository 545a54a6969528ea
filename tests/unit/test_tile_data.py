"""The built-in New Frontiers tiles meet the rulebook's statistics, and bad tile files are refused.

Each statistic test breaks the data in one place and expects the matching problem, so that every
check in ``statistics.py`` is shown to be able to fail.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from nfgalaxy.games.new_frontiers import tileset
from nfgalaxy.games.new_frontiers.components import (
    GoodsType,
    HomeSide,
    Kind,
    Status,
    TileSet,
)
from nfgalaxy.games.new_frontiers.statistics import check
from nfgalaxy.games.new_frontiers.tileset import TileDataError

BUILTIN = tileset.builtin()
BUILTIN_TEXT = (
    resources.files("nfgalaxy.games.new_frontiers")
    .joinpath("data", tileset.BUILTIN)
    .read_text(encoding="utf-8")
)


def changed(tiles: TileSet = BUILTIN, *, remove: tuple[str, ...] = (), **updates: Any) -> TileSet:
    """A new tile set with some tiles changed (``WM01={"number": 3}``) or removed.

    A fresh ``TileSet`` is built rather than ``dataclasses.replace``d, so that the cached
    built-in set (and its ``by_id`` index) is never touched.
    """
    parts: dict[str, dict[str, Any]] = {
        "worlds": dict(tiles.worlds),
        "homes": dict(tiles.homes),
        "developments": dict(tiles.developments),
        "goals": dict(tiles.goals),
    }
    for part in parts.values():
        for tile_id in remove:
            part.pop(tile_id, None)
        for tile_id, fields in updates.items():
            if tile_id in part:
                part[tile_id] = replace(part[tile_id], **fields)
    return TileSet(**parts, source="test")


def block(tile_id: str) -> str:
    """The TOML table of one built-in tile, to write override files from."""
    for chunk in BUILTIN_TEXT.split("\n\n"):
        if f'\nid = "{tile_id}"\n' in chunk:
            return chunk.strip() + "\n"
    raise KeyError(tile_id)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "new-frontiers-tiles.toml"
    path.write_text(text, encoding="utf-8")
    return path


# --- the built-in set -------------------------------------------------------------------------


def test_builtin_tiles_meet_every_statistic() -> None:
    assert check(BUILTIN) == []


def test_builtin_set_has_60_worlds_16_homes_40_development_faces_8_goals() -> None:
    assert (len(BUILTIN.worlds), len(BUILTIN.homes)) == (60, 16)
    assert (len(BUILTIN.developments), len(BUILTIN.goals)) == (40, 8)


def test_every_tile_keeps_the_status_counts_of_the_reconstruction() -> None:
    def counts(tiles: Any) -> tuple[int, int, int]:
        found = Counter(tile.status for tile in tiles)
        return found[Status.KNOWN], found[Status.KNOWN_FILLED], found[Status.RECONSTRUCTED]

    devs = BUILTIN.developments.values()
    assert counts(BUILTIN.worlds.values()) == (1, 14, 45)
    assert counts(BUILTIN.homes.values()) == (0, 2, 14)
    assert counts(d for d in devs if d.group == "large") == (0, 16, 0)
    assert counts(d for d in devs if d.group == "variable") == (0, 16, 0)
    assert counts(d for d in devs if d.group == "fixed") == (0, 6, 2)


def test_filled_tiles_say_which_values_the_design_filled() -> None:
    filled = [t for t in BUILTIN.by_id.values() if t.status is Status.KNOWN_FILLED]
    assert [t.id for t in filled if "Filled by design:" not in t.notes] == []


def test_tile_texts_carry_no_reconstruction_marks() -> None:
    marked = [t.id for t in BUILTIN.by_id.values() if re.search(r"\]\*|\*\*", t.text + t.notes)]
    assert marked == []


def test_question_mark_tiles_print_their_condition_in_the_text() -> None:
    missing = [t.id for t in BUILTIN.by_id.values() if t.vp is None and "?:" not in t.text]
    assert missing == []


@pytest.mark.parametrize(
    "name",
    [
        "Alpha Centauri",
        "Old Earth",
        "Space Marines",
        "Homesteading Pioneers",
        "Investment Credits",
        "Improved Logistics",
        "Contact Specialist",
        "Terraforming Robots",
        "Terraforming Engineers",
        "Survey Team",
        "Booming Economy",
        "Galactic Salon",
        "Consumer Markets",
        "Trade League",
        "Mining Industry",
        "Pan-Galactic League",
        "Imperium Lords",
        "Alien Tech Institute",
        "Mining League",
        "Alien Oort Cloud Refinery",
        "Dying Colony",
        "New Vinland",
        "Spice World",
        "Comet Zone",
        "Designer Species, Ultd.",
        "Deep Space Symbionts",
        "Rebel Outpost",
        "Galactic News Center",
        "Imperium Armaments Factories",
        "Imperium Depot",
        "Alien Defence System",
    ],
)
def test_tiles_named_in_the_rules_are_present(name: str) -> None:
    assert name in {tile.name for tile in BUILTIN.by_id.values()}


def test_german_names_are_kept_for_tiles_the_rulebook_names() -> None:
    german = {tile.name: tile.german for tile in BUILTIN.by_id.values()}
    assert german["Space Marines"] == "Raumtruppen"
    assert german["Improved Logistics"] == "Verbesserte Logistik"
    assert german["Comet Zone"] == "Kometenschwarm"
    assert german["Survey Team"] == "Erkundungsteam"


def test_goals_have_the_thresholds_of_the_goal_tiles() -> None:
    goals = BUILTIN.goals
    assert goals["conscription"].vp_for(6) == 5
    assert goals["diversification"].thresholds == ((3, 3), (4, 8))
    maxima = {g.id: (g.maximum, g.action) for g in goals.values() if g.type == "stockpile"}
    assert maxima == {
        "exploration": (4, "explore_settle"),
        "stockpile_resources": (6, "produce"),
        "trade_taxes": (7, "trade"),
    }


# --- each statistic can fail ------------------------------------------------------------------


def test_world_count_and_military_split_are_checked() -> None:
    problems = check(changed(remove=("WM26",)))
    assert "worlds in the bag: expected 60, found 59" in problems
    assert "military: expected 26 worlds, found 25" in problems
    assert "military defence 9: expected 2 worlds, found 1" in problems


def test_military_defence_distribution_is_checked() -> None:
    problems = check(changed(WM01={"number": 3}))
    assert problems[:2] == [
        "military defence 1: expected 5 worlds, found 4",
        "military defence 3: expected 3 worlds, found 4",
    ]


def test_a_defence_outside_the_table_is_reported() -> None:
    problems = check(changed(WM25={"number": 10}))
    assert "military defence 10: expected 0 worlds, found 1" in problems


def test_non_military_cost_distribution_is_checked() -> None:
    problems = check(changed(WN01={"number": 1}))
    assert problems == [
        "non-military cost 0: expected 1 world, found 0",
        "non-military cost 1: expected 3 worlds, found 4",
    ]


@pytest.mark.parametrize(
    ("tile_id", "expected"),
    [
        ("WM01", "military 1 colonist: expected 18 worlds, found 17"),
        ("WN01", "non-military 2 colonists: expected 13 worlds, found 14"),
    ],
)
def test_colonists_per_type_are_checked(tile_id: str, expected: str) -> None:
    assert expected in check(changed(**{tile_id: {"colonists": 2}}))


def test_windfall_production_gray_per_type_are_checked() -> None:
    problems = check(changed(WM01={"goods": GoodsType.PRODUCTION}))
    assert problems == [
        "military windfall: expected 12 worlds, found 11",
        "military production: expected 6 worlds, found 7",
    ]
    problems = check(changed(WN34={"goods": GoodsType.WINDFALL}))
    assert "non-military production: expected 20 worlds, found 19" in problems


def test_the_one_gray_non_military_alien_world_is_checked() -> None:
    problems = check(changed(WN04={"keywords": frozenset({"Uplift"})}))
    assert problems == ["non-military gray with keyword Alien: expected 1 world, found 0"]


def test_kinds_per_type_are_checked() -> None:
    problems = check(changed(WM01={"kind": Kind.NOVELTY}))
    assert problems == [
        "military Novelty: expected 3 worlds, found 4",
        "military Rare Elements: expected 4 worlds, found 3",
    ]
    problems = check(changed(WN22={"kind": Kind.NOVELTY, "any_kind": False}))
    assert problems == [
        "non-military Novelty: expected 12 worlds, found 13",
        "non-military any-kind: expected 1 world, found 0",
    ]


def test_keywords_per_type_are_checked() -> None:
    # Parsed from edited TOML text, as an owner's corrected file would be.
    imperium_fortress = 'defence = 9\ncolonists = 2\nkind = "gray"\ngoods = "gray"\n'
    text = BUILTIN_TEXT.replace(
        imperium_fortress + 'keywords = ["Imperium"]', imperium_fortress + 'keywords = ["Rebel"]'
    )
    assert text != BUILTIN_TEXT
    assert check(tileset.parse(text, "test")) == [
        "military keyword Imperium: expected 3 worlds, found 2",
        "military keyword Rebel: expected 11 worlds, found 12",
    ]
    problems = check(changed(WN01={"keywords": frozenset({"Uplift", "Rebel"})}))
    assert problems == ["non-military keyword Rebel: expected 0 worlds, found 1"]


def test_exactly_one_military_world_is_both_rebel_and_uplift() -> None:
    # Keeps the Rebel and Uplift totals: only the overlap changes.
    tiles = changed(
        WM03={"keywords": frozenset({"Rebel", "Uplift"})},
        WM01={"keywords": frozenset()},
    )
    assert check(tiles) == ["military with both Rebel and Uplift: expected 1 world, found 2"]


def test_vp_ranges_are_checked_at_both_ends() -> None:
    top = changed(WM25={"vp": 8}, WM26={"vp": 8})  # the two defence-9 worlds
    assert check(top) == ["military VP range 0–9: no world has 9 VP"]
    problems = check(changed(WN34={"vp": 7}))
    assert problems == [
        "non-military world WN34 'Alien Data Repository': VP 7 is outside 0–6",
        "non-military VP range 0–6: no world has 6 VP",
    ]


def test_keywords_named_by_question_mark_worlds_are_checked() -> None:
    underground = BUILTIN.worlds["WM12"]
    bonus = (replace(underground.bonus[0], keyword="Imperium"),)
    problems = check(changed(WM12={"bonus": bonus}))
    assert problems == [
        'keywords referred to by military "?"-VP worlds: expected Rebel, Uplift, '
        "found Imperium, Uplift"
    ]


def test_large_development_faces_cost_9_and_score_question_mark() -> None:
    problems = check(changed(L1a={"cost": 8}, L1b={"vp": 5, "bonus": ()}))
    assert problems == [
        "large development stack I: L1a 'Free Trade Association': expected cost 9, found 8",
        "large development stack I: L1b 'Pan-Galactic Hologrid': expected \"?\" VP, found 5",
    ]


def test_each_tile_and_stack_has_exactly_one_first_game_face() -> None:
    assert check(changed(L1b={"first_game": True})) == [
        "large development stack I: expected exactly 1 first-game face, found 2"
    ]
    assert check(changed(S1a={"first_game": False})) == [
        "variable development stack A: expected exactly 1 first-game face, found 0"
    ]
    assert check(changed(F2={"first_game": False})) == [
        "fixed development stack F2: expected exactly 1 first-game face, found 0"
    ]


def test_variable_stacks_have_two_faces() -> None:
    problems = check(changed(remove=("S1b",)))
    assert problems == [
        "variable development stack A: expected faces a, b, found a",
        "development faces: expected 40, found 39",
    ]


def test_small_developments_cost_less_than_9() -> None:
    assert check(changed(S7a={"cost": 9})) == [
        "variable development stack G: S7a 'Galactic Salon': a small development costs less than 9"
    ]


def test_fixed_kinds_have_exactly_one_ability() -> None:
    assert check(changed(F1={"abilities": ()})) == [
        "fixed development stack F1: F1 'Space Marines': expected exactly 1 ability, found 0"
    ]


def test_development_stack_and_tile_totals_are_checked() -> None:
    problems = check(changed(remove=("F8",)))
    assert problems == [
        "fixed development stacks: expected 8, found 7",
        "development tiles: expected 56, found 53",
        "development faces: expected 40, found 39",
    ]


def test_a_face_in_the_wrong_group_is_reported() -> None:
    problems = check(changed(S1b={"group": "fixed"}))
    assert "variable development stack A: faces S1b belong to another group" in problems


def test_each_empire_mat_has_two_sides_and_one_first_game_side() -> None:
    assert check(changed(H1a={"home": HomeSide(mat=1, side="a", first_game=False)})) == [
        "empire mat 1: expected exactly 1 first-game side, found 0"
    ]
    assert check(changed(remove=("H8b",))) == [
        "home colonies: expected 16, found 15",
        "empire mat 8: expected sides a, b, found a",
    ]
    problems = check(changed(H8b={"home": HomeSide(mat=9, side="b", first_game=False)}))
    assert "empire mats: expected 8, found 9" in problems


def test_every_home_colony_has_an_ability() -> None:
    assert check(changed(H8b={"abilities": ()})) == [
        "home colony H8b 'Damaged Alien Factory': expected at least 1 ability, found none"
    ]


def test_eight_goals_are_checked() -> None:
    assert check(changed(remove=("trade_taxes",))) == ["goal tiles: expected 8, found 7"]


def test_tiles_named_by_bonus_lines_must_exist() -> None:
    association = BUILTIN.developments["L1a"]
    bonus = (*association.bonus[:2], replace(association.bonus[2], ids=("F9",)))
    assert check(changed(L1a={"bonus": bonus})) == [
        "L1a 'Free Trade Association' names tile F9, which is not in the set"
    ]


def test_the_builtin_set_is_not_changed_by_these_tests() -> None:
    assert BUILTIN.worlds["WM01"].number == 1
    assert BUILTIN.by_id["WM01"] is BUILTIN.worlds["WM01"]
    assert check(tileset.builtin()) == []


# --- tile files -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("edit", "tile_id", "field"),
    [
        (lambda t: t.replace('kind = "rare"', 'kind = "purple"'), "WM01", "kind"),
        (
            lambda t: t.replace('effect = "temporary_military"', 'effect = "teleport"'),
            "WM02",
            "abilities[0].effect",
        ),
        (lambda t: t + 'colour = "red"\n', "WM01", "colour"),
        (lambda t: t.replace("colonists = 1\n", ""), "WM01", "colonists"),
        (lambda t: t.replace("vp = 1\n", 'vp = "many"\n'), "WM01", "vp"),
    ],
    ids=["bad kind", "unknown effect", "unknown field", "missing field", "bad vp"],
)
def test_a_bad_tile_names_the_tile_and_the_field(
    tmp_path: Path, edit: Any, tile_id: str, field: str
) -> None:
    path = write(tmp_path, edit(block(tile_id)))
    with pytest.raises(TileDataError) as error:
        tileset.load_file(path)
    message = str(error.value)
    assert str(path) in message
    assert f"'{tile_id}'" in message
    assert f"field '{field}'" in message


def test_an_id_used_twice_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, block("WM01") + "\n" + block("WM01"))
    with pytest.raises(TileDataError, match=r"world 'WM01': field 'id': used twice"):
        tileset.load_file(path)


def test_a_file_that_is_not_toml_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "[[world]\nid = ")
    with pytest.raises(TileDataError, match="not valid TOML"):
        tileset.load_file(path)


def test_a_file_that_breaks_the_statistics_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, block("WM01").replace("defence = 1", "defence = 3"))
    with pytest.raises(TileDataError, match="military defence 1: expected 5 worlds, found 4"):
        tileset.load_file(path)


def test_resolve_keeps_the_builtin_set_when_a_file_is_bad(tmp_path: Path) -> None:
    path = write(tmp_path, block("WM01").replace('kind = "rare"', 'kind = "purple"'))
    tiles, message = tileset.resolve(path)
    assert tiles is tileset.builtin()
    assert message is not None
    assert "WM01" in message and "'kind'" in message
    assert "using the built-in tiles instead" in message


def test_resolve_keeps_the_builtin_set_when_a_file_is_missing(tmp_path: Path) -> None:
    tiles, message = tileset.resolve(tmp_path / "absent.toml")
    assert tiles is tileset.builtin()
    assert message is not None and "cannot be read" in message


def test_a_valid_override_replaces_tiles_by_id(tmp_path: Path) -> None:
    text = block("WM01").replace('name = "Rebel Fuel Cache"', 'name = "Rebel Fuel Depot"')
    path = write(tmp_path, text)
    tiles, message = tileset.resolve(path)
    assert message is None
    assert tiles.source == str(path)
    assert tiles.worlds["WM01"].name == "Rebel Fuel Depot"
    assert tiles.by_id["WM01"].name == "Rebel Fuel Depot"
    assert tiles.worlds["WM02"] == BUILTIN.worlds["WM02"]
    assert len(tiles.worlds) == 60
    assert BUILTIN.worlds["WM01"].name == "Rebel Fuel Cache"


def test_an_override_can_correct_a_development_and_keep_the_statistics(tmp_path: Path) -> None:
    text = block("F1").replace("amount = 2", "amount = 3")
    tiles = tileset.load_file(write(tmp_path, text))
    assert tiles.developments["F1"].abilities[0].amount == 3
    assert check(tiles) == []
