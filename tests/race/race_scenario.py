"""Build Race for the Galaxy rule-test positions on top of the real engine.

``table()`` starts a real game and makes every initial discard: the game waits for the first
action choice of round 1. A test then changes only what its example needs:

- ``set_player()`` a player's tableau, hand, goods and chips;
- ``reveal()`` the actions chosen this round (as if every player had chosen them), which plays
  the round up to the first decision.

Cards stay conserved: a card put in front of a player is taken from the deck (or the discard
pile, or another player's hand) and a card taken away goes back to the bottom of the deck, so
the engine's own counts hold. ``pick()`` makes one decision, ``play_until()`` plays the first
offered decision until a step is waiting; both make the placement choices that can only be
"pass" (``pass_forced``). Everything else is the engine.
"""

from __future__ import annotations

from collections.abc import Iterable

from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.games.race.cards import builtin
from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.rules.common import PASS
from nfgalaxy.games.race.state import Action

CARDS = builtin()
A, B, C = 0, 1, 2


def table(players: int = 2, seed: int = 1, advanced: bool = False) -> RaceGame:
    """A game waiting for the first action choice (every initial discard made)."""
    g = RaceGame.new(CARDS, players, seed, {"advanced": advanced})
    while g.queue[0][0] == Step.START_DISCARD:
        g.apply(g.legal_decisions()[0])
    return g


def take(g: RaceGame, card_id: str) -> str:
    """Take one copy of a card from wherever it is not in play (deck, discards, a hand)."""
    for pile in (g.deck, g.discards, *[p.hand for p in g.players]):
        if card_id in pile:
            pile.remove(card_id)
            return card_id
    for p in g.players:
        if card_id in p.tableau and card_id != p.start:
            raise AssertionError(f"{card_id} is in a tableau already")
        if p.start == card_id and card_id in p.tableau:
            raise AssertionError(f"{card_id} is a start world in play")
    raise AssertionError(f"no copy of {card_id} left")


def set_player(
    g: RaceGame,
    seat: int,
    tableau: Iterable[str] | None = None,
    hand: Iterable[str] | None = None,
    goods: Iterable[str] | None = None,
    vp: int | None = None,
    filler: int = 0,
) -> None:
    """Give a player exactly this tableau (in order), hand (plus ``filler`` unnamed cards
    from the bottom of the deck) and a good on each world in ``goods``."""
    p = g.players[seat]
    if tableau is not None:
        g.deck[0:0] = p.tableau + list(p.goods.values())
        p.tableau, p.goods = [], {}
        p.tableau = [take(g, c) for c in tableau]
        p.start = p.tableau[0] if p.tableau else ""
    if hand is not None:
        g.deck[0:0] = p.hand
        p.hand = [take(g, c) for c in hand]
        named = set(CARDS.cards)
        wanted = set(hand) | set(p.tableau)
        for _ in range(filler):
            spare = next(i for i, c in enumerate(g.deck) if c in named and c not in wanted)
            p.hand.append(g.deck.pop(spare))
    if goods is not None:
        g.deck[0:0] = list(p.goods.values())
        p.goods = {}
        for world in goods:
            assert world in p.tableau
            p.goods[world] = g.deck.pop(0)
    if vp is not None:
        g.vp_pool += p.vp - vp
        p.vp = vp
    g._legal = None


def set_tableaux(g: RaceGame, tableaux: dict[int, list[str]]) -> None:
    """Give several players their tableaux at once (every old tableau goes back first, so a
    start world may change hands) and empty their hands."""
    for seat in tableaux:
        set_player(g, seat, tableau=[], hand=[])
    for seat, tableau in tableaux.items():
        set_player(g, seat, tableau=tableau)


def reveal(
    g: RaceGame,
    actions: dict[int, Action | tuple[Action, ...]],
    default: Action = Action.PRODUCE,
) -> None:
    """Every player has chosen (``actions``, one card or two; others ``default``): reveal and
    play on."""
    assert g.queue[0][0] == Step.CHOOSE_ACTION, g.queue[0]
    for p in g.players:
        chosen = actions.get(p.seat, default)
        p.actions = [a.value for a in (chosen if isinstance(chosen, tuple) else (chosen,))]
    g.queue = [[Step.REVEAL_ACTIONS, -1, 0]]
    g._legal = None
    g._advance()
    pass_forced(g)


def waiting(g: RaceGame) -> tuple[str, int]:
    name, seat, _arg = g.queue[0]
    return name, seat


def pass_forced(g: RaceGame) -> None:
    """Make the placement choices that can only be "pass". The engine asks even then (a
    secret choice: nobody may learn from being skipped), but an example is about the others."""
    while (
        not g.is_over()
        and g.queue[0][0] == Step.CHOOSE_PLACEMENT
        and [d.kind for d in g.legal_decisions()] == [PASS]
    ):
        g.apply(g.legal_decisions()[0])


def pick(g: RaceGame, kind: str, *args: object) -> None:
    g.apply(Decision(kind, tuple(args)))
    pass_forced(g)


def offered(g: RaceGame, kind: str | None = None) -> list[tuple[object, ...]]:
    return [d.args for d in g.legal_decisions() if kind is None or d.kind == kind]


def refused(g: RaceGame, kind: str, *args: object) -> IllegalDecision:
    try:
        pick(g, kind, *args)
    except IllegalDecision as refusal:
        return refusal
    raise AssertionError(f"{kind}{args} was accepted")


def play_until(g: RaceGame, step: str, seat: int | None = None, limit: int = 500) -> None:
    """Play the first offered decision until ``step`` (of ``seat``) waits."""
    for _ in range(limit):
        if g.is_over():
            raise AssertionError("the game ended first")
        name, who = waiting(g)
        if name == step and (seat is None or who == seat):
            return
        g.apply(g.legal_decisions()[0])
    raise AssertionError(f"{step} never came")


def conserved(g: RaceGame) -> bool:
    return g.card_count() == g.cards.copies()
