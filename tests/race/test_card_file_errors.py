"""A broken Race for the Galaxy card file is refused with the card and field at fault, and an
owner's correction file is merged over the built-in cards or refused in favour of them.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from nfgalaxy.games.race import cards as card_data
from nfgalaxy.games.race.cards import TileDataError, parse
from nfgalaxy.games.race.components import CardSet
from nfgalaxy.games.race.statistics import check

SPACE_MARINES = """
[[card]]
id = "space_marines"
name = "Space Marines"
kind = "development"
set = "base"
count = 2
cost = 2
vp = 1
keywords = []
source = "cards.md A, Developments, row 12"
powers = [
    { phase = "settle", code = "military", value = 2, text = "+2 Military" },
]
"""

SPICE_WORLD = """
[[card]]
id = "spice_world"
name = "Spice World"
kind = "world"
set = "base"
count = 1
cost = 2
vp = 1
military = false
goods = "novelty"
goods_mode = "production"
keywords = []
source = "cards.md A, Worlds, row 28"
powers = [
    { phase = "trade", code = "sell_bonus", value = 2, goods = "novelty", text = "+2 cards" },
]
"""


def refused(text: str) -> str:
    with pytest.raises(TileDataError) as caught:
        parse(text, "broken.toml")
    return str(caught.value)


def test_the_two_sample_cards_parse() -> None:
    cards = parse(SPACE_MARINES + SPICE_WORLD, "sample.toml")
    assert [card.name for card in cards.designs] == ["Space Marines", "Spice World"]


def test_a_missing_field_names_the_card_and_field() -> None:
    text = SPACE_MARINES.replace("cost = 2\n", "")
    assert refused(text) == "broken.toml: card 'space_marines': field 'cost': missing"


def test_an_unknown_power_code_names_the_card_and_the_codes_of_its_phase() -> None:
    message = refused(SPACE_MARINES.replace('code = "military"', 'code = "extra_military"'))
    assert message.startswith(
        "broken.toml: card 'space_marines': field 'powers[0].code': "
        "'extra_military' is not a settle code ("
    )
    assert "pay_for_military" in message


def test_a_bad_goods_kind_names_the_world_and_field() -> None:
    message = refused(SPICE_WORLD.replace('goods = "novelty"\n', 'goods = "spice"\n'))
    assert message.startswith("broken.toml: card 'spice_world': field 'goods': 'spice' is not")


def test_a_bad_goods_kind_in_a_power_names_the_power() -> None:
    message = refused(SPICE_WORLD.replace('goods = "novelty", text', 'goods = "blue", text'))
    assert "card 'spice_world': field 'powers[0].goods': 'blue' is not one of" in message


@pytest.mark.parametrize(
    ("change", "field", "problem"),
    [
        (('name = "Space Marines"', 'name = "Space Marines"\nflavour = "x"'), "flavour", "unknown"),
        (('phase = "settle"', 'phase = "action"'), "powers[0].phase", "not one of"),
        (("value = 2", "value = 0"), "powers[0].value", "changes nothing"),
        (("value = 2", "value = 2, times = 2"), "powers[0].times", "not a parameter"),
        (("value = 2,", "value = 2, rebel = 1,"), "powers[0].rebel", "true or false"),
        (("value = 2,", "value = -1, rebel = true,"), "powers[0].value", "never conditional"),
        (("value = 2,", "value = 2, discard_self = true,"), "powers[0].optional", "'may'"),
        ((', text = "+2 Military"', ""), "powers[0].text", "missing"),
        (("count = 2", "count = 4"), "count", "outside 1..3"),
        (('set = "base"', 'set = "bow"'), "set", "not one of"),
        (("keywords = []", 'keywords = ["rebel", "rebel"]'), "keywords", "twice"),
        (("vp = 1\n", ""), "vp", "missing"),
        (("cost = 2", 'cost = 2\ngoods = "rare"'), "goods", "only worlds"),
        (('source = "cards.md A, Developments, row 12"', 'source = " "'), "source", "name"),
    ],
)
def test_a_broken_development_names_the_field_at_fault(
    change: tuple[str, str], field: str, problem: str
) -> None:
    old, new = change
    assert old in SPACE_MARINES
    message = refused(SPACE_MARINES.replace(old, new, 1))
    assert message.startswith(f"broken.toml: card 'space_marines': field '{field}': ")
    assert problem in message


@pytest.mark.parametrize(
    ("change", "field", "problem"),
    [
        (("military = false", "military = true"), "cost", "defense, not a cost"),
        (("cost = 2", "cost = 2\ndefense = 2"), "defense", "only military worlds"),
        (('goods_mode = "production"\n', ""), "goods_mode", "missing"),
        (('goods_mode = "production"', 'goods_mode = "bonus"'), "goods_mode", "not one of"),
        (('goods = "novelty"\n', 'goods = "none"\n'), "goods_mode", "without goods"),
        (("value = 2, goods", "value = 2, this_world = true, goods"), "powers[0].this_world", ""),
        (("keywords = []", "start_number = 7\nkeywords = []"), "start_colour", "both"),
        (("vp = 1", 'vp = 1\nscoring = [{ vp = 1, counts = "total_military", text = "x" }]'),
         "scoring", "only 6-cost developments"),
    ],
)  # fmt: skip
def test_a_broken_world_names_the_field_at_fault(
    change: tuple[str, str], field: str, problem: str
) -> None:
    old, new = change
    assert old in SPICE_WORLD
    message = refused(SPICE_WORLD.replace(old, new, 1))
    assert message.startswith(f"broken.toml: card 'spice_world': field '{field}': ")
    assert problem in message


def test_an_id_must_be_a_slug() -> None:
    message = refused(SPACE_MARINES.replace('id = "space_marines"', 'id = "Space Marines"'))
    assert message == (
        "broken.toml: card 'Space Marines': field 'id': 'Space Marines' is not a slug "
        "(lower case words joined by _)"
    )


SIX_COST = SPACE_MARINES.replace("cost = 2", "cost = 6").replace("vp = 1\n", "")


@pytest.mark.parametrize(
    ("term", "field", "problem"),
    [
        ('{ vp = 1, counts = "cards", text = "x" }', "counts", "at least one filter"),
        ('{ vp = 1, counts = "named_card", text = "x" }', "card", "names a card"),
        ('{ vp = 1, counts = "vp_chips", text = "x" }', "per", "per how many"),
        ('{ vp = 1, counts = "total_military", kind = "world", text = "x" }', "kind", "filter"),
        ('{ vp = 1, counts = "cards", keyword = "pirate", text = "x" }', "keyword", "not one of"),
        ('{ vp = 1, counts = "cards", kind = "world" }', "text", "missing"),
    ],
)
def test_a_broken_scoring_term_names_the_term_and_field(
    term: str, field: str, problem: str
) -> None:
    message = refused(SIX_COST.replace("powers = [", f"scoring = [{term}]\npowers = ["))
    assert message.startswith(f"broken.toml: card 'space_marines' scoring[0]: field '{field}': ")
    assert problem in message


def test_a_6_cost_development_with_scoring_has_no_printed_vp() -> None:
    term = '{ vp = 1, counts = "total_military", text = "x" }'
    text = SIX_COST.replace("powers = [", f"vp = 1\nscoring = [{term}]\npowers = [")
    assert "field 'vp': a card with scoring terms has variable VP" in refused(text)


def test_a_scoring_term_must_name_an_existing_card() -> None:
    term = '{ vp = 3, counts = "named_card", card = "contact_specialist", text = "x" }'
    text = SIX_COST.replace("powers = [", f"scoring = [{term}]\npowers = [")
    assert refused(text) == (
        "broken.toml: card 'space_marines': field 'scoring[0].card': "
        "no card has the id 'contact_specialist'"
    )


def test_ids_names_and_start_numbers_are_unique() -> None:
    assert "field 'id': 'space_marines' is used twice" in refused(SPACE_MARINES * 2)
    twin = SPICE_WORLD.replace('id = "spice_world"', 'id = "spice_world_2"')
    assert "card 'spice_world_2': field 'name': also the name of 'spice_world'" in refused(
        SPICE_WORLD + twin
    )
    start = 'start_number = 4\nstart_colour = "blue"\nkeywords = []'
    first = SPICE_WORLD.replace("keywords = []", start)
    second = twin.replace('name = "Spice World"', 'name = "Other"').replace("keywords = []", start)
    assert "field 'start_number': 4 is also 'spice_world'" in refused(first + second)


def test_bad_toml_and_unknown_top_level_entries_are_refused() -> None:
    assert refused("[[card]\n").startswith("broken.toml: not valid TOML")
    assert refused("[tile]\nid = 1\n") == "broken.toml: unknown top-level entry 'tile'"


# --- the rulebook's counts and correction files ------------------------------------------------


def without(card_id: str) -> CardSet:
    builtin = card_data.builtin()
    return CardSet({k: c for k, c in builtin.cards.items() if k != card_id}, source="test")


def test_check_reports_a_lost_card_with_the_numbers() -> None:
    problems = check(without("rebel_base"))
    assert "cards: expected 114, found 113" in problems
    assert "worlds besides the start worlds: expected 59, found 58" in problems


def test_check_reports_wrong_copies_and_a_changed_development_cost() -> None:
    builtin = card_data.builtin()
    cards = dict(builtin.cards)
    cards["drop_ships"] = replace(cards["drop_ships"], cost=5)
    cards["merchant_guild"] = replace(cards["merchant_guild"], count=2)
    problems = check(CardSet(cards, source="test"))
    assert "developments of cost 4: expected 8, found 6" in problems
    assert "developments of cost 5: expected 2, found 4" in problems
    assert "Merchant Guild: a 6-cost development has 1 copy" in problems


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / card_data.USER_FILE
    path.write_text(text, encoding="utf-8")
    return path


def test_a_correction_file_replaces_a_card_by_id(tmp_path: Path) -> None:
    corrected = SPICE_WORLD.replace("vp = 1", "vp = 2")
    cards = card_data.load_file(write(tmp_path, corrected))
    assert cards["spice_world"].vp == 2
    assert (
        len(cards.at_level("base")) == 95 and cards["old_earth"] == card_data.builtin()["old_earth"]
    )


def test_a_correction_that_breaks_the_counts_is_refused_and_the_builtin_set_kept(
    tmp_path: Path,
) -> None:
    path = write(tmp_path, "replace_all = true\n" + SPACE_MARINES)
    with pytest.raises(TileDataError, match=re.escape("cards: expected 114, found 2")):
        card_data.load_file(path)
    cards, problem = card_data.resolve(path)
    assert cards is card_data.builtin()
    assert problem is not None and problem.endswith("(using the built-in tiles instead)")
