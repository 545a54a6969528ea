"""Random games (property test): 2–4 players, every game ends, and at every decision the 114
cards and the VP chips are all accounted for; views of a seat keep what it knows."""

from __future__ import annotations

import pytest
from race_scenario import CARDS

from nfgalaxy.core.rng import Rng
from nfgalaxy.games.race.components import Phase
from nfgalaxy.games.race.invariants import problems
from nfgalaxy.games.race.rules import RaceGame, consume, develop, explore, produce, settle
from nfgalaxy.games.race.vocabulary import CODES

GAMES = 210
MAX_DECISIONS = 3000


def play(seed: int) -> RaceGame:
    players = 2 + seed % 3
    # Every third 2-player game is the advanced game of §18 (two action cards a round).
    advanced = players == 2 and seed % 9 == 0
    g = RaceGame.new(CARDS, players, seed, {"advanced": advanced})
    rng = Rng(seed * 7919 + 1)
    for made in range(MAX_DECISIONS):
        if made % 11 == 4 and not g.is_over():
            # Views at many points: whole and playable; one of them played to the end.
            seat = g.to_move()
            assert seat is not None
            v = g.view(seat, Rng(seed + made), quiet=True)
            assert problems(v) == []
            assert sorted(v.players[seat].hand) == sorted(g.players[seat].hand)
            play_to_the_end(v, Rng(seed), limit=MAX_DECISIONS if made == 59 else 5)
        if g.is_over():
            return g
        options = g.legal_decisions()
        assert options, "a game that is not over always offers a decision"
        g.apply(options[rng.below(len(options))])
        assert problems(g) == []
    raise AssertionError(f"game {seed} did not end")


def play_to_the_end(v: RaceGame, rng: Rng, limit: int) -> None:
    """A view is a full game: it plays on (to the end, given the time) with every invariant
    holding."""
    for _ in range(limit):
        if v.is_over():
            return
        options = v.legal_decisions()
        v.apply(options[rng.below(len(options))])
        assert problems(v) == []
    assert limit < MAX_DECISIONS, "a view did not end"


@pytest.mark.parametrize("chunk", range(GAMES // 30))
def test_random_games_end_with_every_card_and_chip_accounted_for(chunk: int) -> None:
    for seed in range(chunk * 30, chunk * 30 + 30):
        g = play(seed)
        assert g.end_reasons
        assert any(len(p.tableau) >= 12 for p in g.players) or g.vp_pool <= 0
        scores = g.scores()
        parts = ("chips", "printed", "bonus", "goals")
        assert all(s["total"] == sum(s[part] for part in parts) for s in scores)
        assert g.winners()
        assert_log_names_only_public_cards(g)


def assert_log_names_only_public_cards(g: RaceGame) -> None:
    """§4: the log names a card only once it is public: placed in a tableau (and perhaps
    discarded from it later) or revealed by Gambling World. Hands, explored cards, payments,
    discards and goods are never named."""
    public = {c for p in g.players for c in p.tableau}
    for event in g.events:
        if event.kind == "tableau_discard":
            public.add(event.components[0])
        if event.kind == "gamble":
            public.add(event.components[0])
    named = {c for e in g.events for c in e.components if c in CARDS.cards}
    assert named <= public, sorted(named - public)
    public_names = sorted((CARDS[c].name for c in public), key=len, reverse=True)
    hidden_names = [CARDS[c].name for c in set(CARDS.cards) - public]
    for line in g.log:
        for name in public_names:  # "Mining World" is part of "Bio-Hazard Mining World"
            line = line.replace(name, "")
        assert not any(name in line for name in hidden_names), line


def test_every_power_code_of_the_vocabulary_has_its_mechanism() -> None:
    """One mechanism per phase reads every code (DATA.md): a new code fails here first."""
    handled = {
        Phase.EXPLORE: explore.HANDLED,
        Phase.DEVELOP: develop.HANDLED,
        Phase.SETTLE: settle.HANDLED,
        Phase.TRADE: consume.TRADE_HANDLED,
        Phase.CONSUME: frozenset(consume.USABLE),
        Phase.PRODUCE: produce.HANDLED,
    }
    for phase, codes in CODES.items():
        assert set(codes) == set(handled[phase]), phase
    assert set(consume.USABLE) == set(consume.START)
