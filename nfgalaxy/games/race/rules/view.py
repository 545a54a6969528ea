"""Hidden information (§4): what one seat may know, with everything else re-dealt.

A seat knows its own hand and the cards it is exploring, every tableau, hand sizes, goods
counts, chips, and the cards it put on the discard pile itself since the last reshuffle. It does
not know the deck's order, the rest of the discard pile, the others' hands and explored cards,
or the face of any good (nobody does, not even the owner). Those cards are pooled, sorted, and
dealt back into the same places in the same numbers; a card revealed for placement and not
yet placed stays in its owner's hand. Others' choices not yet revealed (their action card,
the card they put face down, a takeover declaration) are made again at random from what they
hold in the view. The copy draws from a generator of its own, taken from the caller's ``rng``.

In the RvI setup (§B4.2) the others' two start worlds, or the one they kept, are face down
until the reveal: they are pooled too and dealt back first, one blue and one red start world
to a player who has not chosen yet, any start world to one who has.
"""

from __future__ import annotations

from collections import Counter
from typing import TypeVar

from nfgalaxy.core.choice_model import Chooser
from nfgalaxy.core.rng import Rng
from nfgalaxy.games.race.components import StartColour
from nfgalaxy.games.race.rules.base import RaceBase
from nfgalaxy.games.race.rules.common import PLACE, TAKEOVER, Step
from nfgalaxy.games.race.rules.placement import opt_choose_placement
from nfgalaxy.games.race.rules.rounds import opt_choose_action
from nfgalaxy.games.race.rules.takeover import opt_declare

G = TypeVar("G", bound=RaceBase)


def view(g: G, seat: int, rng: Rng, quiet: bool = False) -> G:
    """``seat``'s view of ``g``, re-dealt with ``rng`` (which advances by one draw)."""
    v = g.copy(quiet)
    v.history = []  # others' secret choices are in it
    v.rng = Rng(rng.next64())
    me = v.players[seat]
    known = Counter(me.seen)
    unknown_discards = list((Counter(v.discards) - known).elements())
    pool = v.deck + unknown_discards
    others = [q for q in v.players if q.seat != seat]
    revealed = _revealed_in_hand(v)
    for q in others:
        shown = revealed.get(q.seat, Counter())
        pool += list((Counter(q.hand) - shown).elements()) + q.explored + q.start_worlds
        q.seen = []
    for q in v.players:
        pool += list(q.goods.values())
    pool.sort()
    v.rng.shuffle(pool)
    for q in others:
        q.start_worlds = _start_worlds_again(v, pool, len(q.start_worlds))
    v.discards = sorted(list((Counter(v.discards) & known).elements()))
    v.discards += [pool.pop() for _ in unknown_discards]
    v.discards.sort()
    for q in others:
        shown = list(revealed.get(q.seat, Counter()).elements())
        q.hand = shown + [pool.pop() for _ in range(len(q.hand) - len(shown))]
        q.explored = [pool.pop() for _ in q.explored]
    for q in v.players:
        q.goods = {world: pool.pop() for world in q.goods}
    v.deck = pool
    _choose_again(v, seat)
    v._legal = None
    return v


def _start_worlds_again(v: RaceBase, pool: list[str], count: int) -> list[str]:
    """``count`` start worlds taken from ``pool`` for a player choosing one (§5.7): a blue and
    a red one for a choice not yet made, any one for a start world kept face down."""
    wanted = [StartColour.BLUE, StartColour.RED] if count == 2 else [None] * count
    dealt = []
    for colour in wanted:
        index = max(
            i
            for i, card_id in enumerate(pool)
            if v.cards[card_id].is_start_world and colour in (None, v.cards[card_id].start_colour)
        )
        dealt.append(pool.pop(index))
    return dealt


def _revealed_in_hand(v: RaceBase) -> dict[int, Counter[str]]:
    """Cards revealed face up and still in a hand, waiting to be placed (§8.2, §9.1)."""
    found: dict[int, Counter[str]] = {}
    for name, seat, arg in v.queue:
        if name in (Step.DEVELOP_PLACE, Step.SETTLE_PLACE):
            found.setdefault(seat, Counter())[arg] += 1
    return found


def _choose_again(v: RaceBase, seat: int) -> None:
    """Others' unrevealed choices, made again from what they hold in the view."""
    revealing = next((arg for name, _s, arg in v.queue if name == Step.REVEAL_PLACEMENTS), None)
    declaring = any(name == Step.TAKEOVER_REVEAL for name, _s, _arg in v.queue)
    for q in v.players:
        if q.seat == seat:
            continue
        if not v.revealed and q.actions:
            options = opt_choose_action(v, q.seat, 0)
            q.actions = list(options[v.rng.below(len(options))].args)
        if revealing is not None and q.decided:
            options = opt_choose_placement(v, q.seat, revealing)
            chosen = options[v.rng.below(len(options))]
            q.placing = chosen.args[0] if chosen.kind == PLACE else ""
        if declaring and q.decided:  # a takeover declaration (§B6.3), or none
            q.declared = []
            options = opt_declare(v, q.seat, 0)  # from public facts only: never empty here
            if options:
                chosen = options[v.rng.below(len(options))]
                q.declared = list(chosen.args) if chosen.kind == TAKEOVER else []


def choose_actions_again(v: RaceBase, seat: int, chooser: Chooser) -> None:
    """Others' action cards not yet revealed, chosen again by ``chooser`` in ``seat``'s view
    ``v`` (where ``view`` chose them at random): the bots' model of what the others choose
    (``nfgalaxy.core.choice_model``)."""
    if v.revealed:
        return
    for q in v.players:
        if q.seat != seat and q.actions:
            q.actions = list(chooser(v, q.seat, opt_choose_action(v, q.seat, 0)).args)
    v._legal = None
