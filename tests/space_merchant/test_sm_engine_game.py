"""The engine as a whole: setup (§3.1), saves, views that hide what they must, and random play
on generated boards that keeps the money, the cup's 48 markers and every marker in one place."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.rng import Rng
from nfgalaxy.games.space_merchant.board import SpaceKind
from nfgalaxy.games.space_merchant.pack import Pack, generate_pack
from nfgalaxy.games.space_merchant.rules.checks import state_problems
from nfgalaxy.games.space_merchant.rules.game import MerchantGame


def new(seed: int = 3, players: int = 3) -> MerchantGame:
    return MerchantGame.new(generate_pack(seed), seed, {"players": players})


def play(g: MerchantGame, decisions: int, rng: Rng, check: bool = False) -> None:
    money = g.total_money()
    for _ in range(decisions):
        if g.is_over():
            break
        options = g.legal_decisions()
        assert options, "never empty while the game is not over"
        g.apply(options[rng.below(len(options))])
        if check:
            assert state_problems(g) == []
            assert g.total_money() == money and len(g.cup) == 48


# --- setup (§3.1) ------------------------------------------------------------------------


def test_setup_deals_cultures_markers_cash_and_ships() -> None:
    g = new(players=4)
    assert state_problems(g) == []
    assert len(g.cup) == 48 and all(not markers for c, markers in g.market.items() if c == "base")
    assert len(g.qbox) == 24 and not g.revealed and len(g.set_aside_markers) == 11
    assert len(g.culture_at) == 14 and not g.discovered
    base = g.board.galactic_base
    assert all(p.cash == 80 and p.space == base and p.ship == "scout" for p in g.players)
    assert sorted(g.order) == [0, 1, 2, 3] and g.step_name() == "species"


def test_each_player_chooses_a_species_nobody_else_has() -> None:
    g = new(players=3)
    chosen = []
    while g.step_name() == "species":
        option = g.legal_decisions()[0]
        assert option.args[0] not in chosen
        chosen.append(option.args[0])
        g.apply(option)
    assert len(set(chosen)) == 3 and g.step_name() == "begin"


def test_the_same_seed_sets_up_the_same_game() -> None:
    assert new(5).to_json() == new(5).to_json()
    assert new(5).to_json()["culture_at"] != new(6).to_json()["culture_at"]


def test_too_many_players_or_unknown_options_are_refused() -> None:
    with pytest.raises(ValueError):
        MerchantGame.new(generate_pack(1), 1, {"players": 7})
    with pytest.raises(ValueError):
        MerchantGame.new(generate_pack(1), 1, {"players": 2, "speed": 3})


# --- saves -------------------------------------------------------------------------------


def test_a_save_round_trips_and_plays_on_the_same() -> None:
    g = new()
    play(g, 150, Rng(4))
    data = json.loads(json.dumps(g.to_json()))
    assert data["pack"] == {"seed": 3}
    loaded = MerchantGame.from_json(data)
    assert loaded.to_json() == g.to_json()
    play(g, 100, Rng(8))
    play(loaded, 100, Rng(8))
    assert loaded.to_json() == g.to_json()


def test_a_save_on_a_pack_not_generated_embeds_it() -> None:
    pack = generate_pack(7)
    pack = Pack(replace(pack.board, label="A board of my own", seed=None), pack.content)
    g = MerchantGame.new(pack, 2, {"players": 1})
    data = json.loads(json.dumps(g.to_json()))
    assert "data" in data["pack"]
    assert MerchantGame.from_json(data).to_json() == g.to_json()


def test_a_foreign_or_damaged_save_is_refused_with_a_value_error() -> None:
    g = new()
    play(g, 40, Rng(2))
    good = g.to_json()
    with pytest.raises(ValueError, match="not a Space Merchant save"):
        MerchantGame.from_json({**good, "game": "race-for-the-galaxy"})
    with pytest.raises(ValueError, match="version"):
        MerchantGame.from_json({**good, "version": 99})
    with pytest.raises(ValueError, match="another board"):
        MerchantGame.from_json({**good, "pack": {"seed": 4}})
    with pytest.raises(ValueError, match="cup"):
        MerchantGame.from_json({**good, "cup": good["cup"][1:]})
    with pytest.raises(ValueError, match="damaged"):
        MerchantGame.from_json({**good, "players": [{"seat": 0}]})
    swapped = dict(good["culture_at"])
    first = sorted(swapped)[0]
    swapped[first] = "nonsense"
    with pytest.raises(ValueError, match="cultures"):
        MerchantGame.from_json({**good, "culture_at": swapped})
    with pytest.raises(ValueError, match="names no pack"):
        MerchantGame.from_json({**good, "pack": None})


# --- views -------------------------------------------------------------------------------


def hidden_swapped(g: MerchantGame) -> MerchantGame:
    """The same game with the hidden things dealt differently: unknown cultures rotated, the
    face-down ?-markers and the set-aside ones exchanged."""
    other = g.copy(fork=False)
    known = {s for p in g.players for s in p.known_cultures} | set(g.discovered)
    systems = sorted(s for s in g.culture_at if s not in known)
    cultures = [g.culture_at[s] for s in systems]
    other.culture_at.update(zip(systems, cultures[1:] + cultures[:1], strict=True))
    seen = {b for p in g.players for b in p.known_markers}
    boxes = sorted(b for b in g.qbox if b not in seen)
    taken = [g.qbox[b] for b in boxes[:3]]
    for box, marker in zip(boxes[:3], g.set_aside_markers[:3], strict=True):
        other.qbox[box] = marker
    other.set_aside_markers = sorted(g.set_aside_markers[3:] + taken)
    return other


def comparable(g: MerchantGame) -> dict:
    data = g.to_json()
    data.pop("events")
    return data


def test_views_of_states_differing_only_in_hidden_things_are_equal() -> None:
    g = new()
    play(g, 120, Rng(6))
    other = hidden_swapped(g)
    assert comparable(other) != comparable(g)
    for seat in range(3):
        assert comparable(g.view(seat, Rng(11))) == comparable(other.view(seat, Rng(11)))


def test_a_view_keeps_what_the_seat_knows_and_is_playable() -> None:
    g = new()
    play(g, 300, Rng(9))
    for seat in range(3):
        v = g.view(seat, Rng(seat))
        me = g.players[seat]
        assert v.players[seat].known_cultures == me.known_cultures
        assert v.players[seat].known_markers == me.known_markers
        for system in g.discovered:
            assert v.culture_at[system] == g.culture_at[system]
        assert v.revealed == g.revealed and v.history == []
        assert state_problems(v) == []
        play(v, 50, Rng(1), check=True)


def test_a_view_re_deals_the_unknown() -> None:
    g = new()
    views = {tuple(sorted(g.view(0, Rng(n)).culture_at.items())) for n in range(5)}
    assert len(views) > 1


def test_a_quiet_view_keeps_no_log() -> None:
    g = new()
    play(g, 30, Rng(3))
    assert g.view(1, Rng(2), quiet=True).log == []
    assert g.view(1, Rng(2)).log == g.log


def test_no_decision_offered_names_a_hidden_marker_or_culture() -> None:
    g = new()
    rng = Rng(12)
    for _ in range(400):
        options = g.legal_decisions()
        # a discovered culture is public (§6) and is traded with by name
        hidden = {c for s, c in g.culture_at.items() if s not in g.discovered}
        hidden |= set(g.set_aside_cultures)
        face_down = set(g.qbox.values()) | set(g.set_aside_markers)
        words = {a for d in options for a in d.args if isinstance(a, str)}
        assert not face_down & words
        if g.step_name() != "species":
            assert not hidden & words
        g.apply(options[rng.below(len(options))])


# --- random play (a property test) ---------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_random_play_keeps_money_markers_and_the_cup(seed: int) -> None:
    g = new(seed, players=2 + seed)
    play(g, 600, Rng(seed), check=True)
    assert g.round > 10


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3, 23))
def test_random_play_keeps_money_markers_and_the_cup_long(seed: int) -> None:
    g = new(seed, players=1 + seed % 6)
    play(g, 4000, Rng(seed), check=True)
    assert any(g.revealed) and g.round > 50


#: A merchant's leanings for random play that ends: sell and deliver when it can, buy goods
#: and pick up fares often, land readily; everything else stays possible.
LEANINGS = {"sell": 200, "deliver": 200, "pick_up": 50, "buy": 30, "redeem": 20, "land": 8}
LEANINGS |= {"move": 6, "take_relic": 5, "buy_deed": 3, "done": 3}


def merchant_choice(options: list[Decision], rng: Rng) -> Decision:
    weights = [LEANINGS.get(d.kind, 1) for d in options]
    pick = rng.below(sum(weights))
    for option, weight in zip(options, weights, strict=True):
        pick -= weight
        if pick < 0:
            return option
    raise AssertionError("unreachable")


def play_to_end(seed: int, rounds: int) -> MerchantGame:
    """A random game to its end (§11), every third one with a bank holding only the starting
    cash, a low target for victory and the round limit as the bound; money, the cup and every
    marker kept after each decision; half the seats lean to trading, half choose uniformly."""
    players = 1 + seed % 6
    start = 20 * players
    bank = start * players if seed % 3 == 0 else None
    options = {"players": players, "victory": start + 60, "bank": bank, "round_limit": rounds}
    g = MerchantGame.new(generate_pack(seed), seed, options)
    rng, money = Rng(seed), g.total_money()
    bound = rounds * players * 200
    for _ in range(bound):
        if g.is_over():
            break
        options_now = g.legal_decisions()
        seat = g.to_move()
        leaning = seat is not None and seat % 2 == 0
        g.apply(merchant_choice(options_now, rng) if leaning else rng.choice(options_now))
        assert state_problems(g) == []
        assert g.total_money() == money and len(g.cup) == 48
    assert g.is_over() and g.end_reasons and g.winners()
    return g


def test_random_games_end_by_victory_the_empty_bank_or_the_round_limit() -> None:
    reasons = set()
    for seed in [*range(1, 13), 30]:  # seed 30: the first whose bank runs dry
        g = play_to_end(seed, 40)
        kinds = {e.kind for e in g.events}
        reasons.add(
            "bank" if "bank_empty" in kinds else "rounds" if "round_limit" in kinds else "victory"
        )
        again = MerchantGame.from_json(json.loads(json.dumps(g.to_json())))
        assert again.to_json() == g.to_json() and again.is_over()
    assert reasons == {"victory", "bank", "rounds"}


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(13, 113))
def test_random_games_end_long(seed: int) -> None:
    play_to_end(seed, 300)


def test_events_are_words_and_carry_public_facts() -> None:
    g = new()
    play(g, 200, Rng(5))
    assert all(e.text for e in g.events)
    assert g.log == [e.text for e in g.events]
    assert any(e.kind == "roll" for e in g.events)
    assert all(SpaceKind.QBOX.value not in e.kind for e in g.events)


def test_an_illegal_decision_is_refused_and_changes_nothing() -> None:
    g = new()
    play(g, 20, Rng(5))
    before = g.to_json()
    from nfgalaxy.core.decision import IllegalDecision

    with pytest.raises(IllegalDecision):
        g.apply(Decision("step", ("nowhere", 0)))
    assert g.to_json() == before
