"""Race cards in short form on the board: the powers by phase, prices, goods letters."""

from __future__ import annotations

import re

from nfgalaxy.games.race.cards import resolve
from nfgalaxy.games.race.components import GoodKind
from nfgalaxy.games.race.ui.card_grid import CELL_WIDTH
from nfgalaxy.games.race.ui.end import race_details
from nfgalaxy.games.race.ui.faces import (
    card_cell,
    card_face,
    card_full,
    good_mark,
    power_short,
    price,
)
from nfgalaxy.games.race.ui.inspector import builtin_catalogue, race_card_details

CARDS = resolve(None)[0]


def short(card_id: str) -> list[str]:
    return [power_short(p) for p in CARDS[card_id].powers]


def test_specialized_military_says_against_what() -> None:
    assert short("galactic_imperium") == ["III: +4 mil vs Rebel"]


def test_consume_and_trade_powers_say_what_they_take_and_give() -> None:
    assert short("consumer_markets")[0] == "IV: ≤3 N goods → 1 VP each"
    assert short("free_trade_association")[0] == "IV: ≤3 N goods → 1 VP + 1 card each"
    assert short("new_survivalists") == ["IV: 1 N good → 1 card"]
    assert short("mining_conglomerate")[0] == "IV: ⇄ +1 sale R"
    assert short("gambling_world")[-1] == "IV: gamble 1–7"


def test_every_power_of_every_card_has_a_short_form_under_its_phase() -> None:
    for card in CARDS.designs:
        for power in card.powers:
            text = power_short(power)
            assert text.startswith(power.phase.numeral + ": ") and len(text) <= 48, text
            # A data word ("discard_goods") is no player's word.
            assert "_" not in text, f"{card.id}: a data word leaked: {text}"


def test_a_military_world_shows_its_defence_and_a_good_its_letter() -> None:
    rebel = CARDS.by_name("Rebel Homeworld")
    assert price(rebel) == "def 7"
    assert price(CARDS["gambling_world"]) == "pay 1"
    face = card_face(CARDS.by_name("Gem World")).plain
    assert face.startswith("N Gem World") and "pay 2" in face and "prod world" in face
    assert good_mark(GoodKind.RARE).plain == "[R]"
    assert "REBEL" in card_full(rebel).plain


def test_the_inspector_lists_every_card_with_its_source() -> None:
    catalogue = builtin_catalogue()
    assert len(catalogue.by_id) == len(CARDS)
    text = race_card_details(catalogue.by_id["galactic_imperium"])
    assert "Galactic Imperium" in text and "+4 mil vs Rebel" in text
    card = catalogue.by_id["galactic_imperium"]
    row = card.source.split(", ", 1)[1]  # the card list's table and row, without our file name
    assert f"Transcribed from the published card list: {row}" in text
    six = next(c for c in CARDS.designs if c.scoring)
    assert "End of game" in race_card_details(six)


def test_end_details_name_each_six_cost_card_and_the_tie_break() -> None:
    from nfgalaxy.games.race import new

    game = new(2, seed=4)
    six = next(c for c in CARDS.designs if c.scoring and c.is_development)
    game.players[0].tableau.append(six.id)
    lines = race_details(game)
    assert f"{six.name} +" in lines[0] and "tie-break" in lines[0]
    assert "no 6-cost developments" in lines[1]


def test_the_hand_shows_what_placing_each_card_costs_as_the_engine_offers_it() -> None:
    """While a player chooses what to place, each placeable hand card says its cost after
    reductions, the same as the engine's options; the others say nothing."""
    import random

    from nfgalaxy.games.race import new
    from nfgalaxy.games.race.ui.hand import placement_note, placing_now

    state = new(3, seed=9)
    rng = random.Random(9)
    seen = {"develop": 0, "settle": 0}
    while not state.is_over() and min(seen.values()) < 5:
        seat = state.to_move()
        phase = placing_now(state, seat) if seat is not None else ""
        if phase:
            offered = {d.args[0]: d.label for d in state.legal_decisions() if d.kind == "place"}
            for card_id in set(state.players[seat].hand):
                note = placement_note(state, seat, phase, card_id)
                assert bool(note) == (card_id in offered), (card_id, note)
                if phase == "develop" and card_id in offered:
                    cost = offered[card_id].rsplit("(pay ", 1)[1].rstrip(")")
                    assert note == f"→ pay {cost}"
            seen[phase] += bool(offered)
        state.apply(rng.choice(state.legal_decisions()))
    assert min(seen.values()) >= 1


def test_no_card_name_is_cut_and_every_head_line_fits_the_hand() -> None:
    for card in CARDS.designs:
        head = card_face(card).plain.splitlines()[0]
        assert card.name in head and len(head) <= 54, head


def test_a_price_is_paid_in_cards_and_every_cell_line_fits_its_cell() -> None:
    """Race has no money: a price says "pay 3", never "$3" (issue 42.4), and the cell's price
    line says the kind in short rather than wrap ("pay 4 · 3 VP · windf")."""
    for card in CARDS.designs:
        line = card_cell(card).plain.splitlines()[1]
        assert "$" not in line and len(line) <= CELL_WIDTH - 2, line
    assert card_cell(CARDS.by_name("Gem World")).plain.splitlines()[1] == "pay 2 · 1 VP · prod"


def test_a_short_power_is_said_in_words_not_as_a_formula() -> None:
    """Issue 42.4: Pilgrimage World's "n-1 VP" was a formula; the short form says it."""
    assert "IV: all goods → 1 VP each but one" in short("pilgrimage_world")
    for card in CARDS.designs:
        for power in card.powers:
            assert not re.search(r"\bn ?[-−+] ?\d|\bceil|\bfloor", power_short(power)), card.id
