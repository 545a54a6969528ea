"""Line-by-line play shows a seat what it may know (§4) and nothing else."""

from __future__ import annotations

from nfgalaxy.bots.random_bot import RandomBot
from nfgalaxy.core.registry import new_game
from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.text import describe_empire, describe_table


def _seen_by(state: RaceGame, viewer: int) -> str:
    parts = [describe_table(state, viewer)]
    parts += [describe_empire(state, seat, viewer) for seat in range(len(state.players))]
    return "\n".join(parts)


def _public(state: RaceGame, viewer: int) -> set[str]:
    """Cards ``viewer`` may see: every tableau, their own hand and explored cards, and cards
    revealed for placement."""
    me = state.players[viewer]
    found = {c for p in state.players for c in p.tableau} | set(me.hand) | set(me.explored)
    found |= {
        arg for name, _seat, arg in state.queue if name in (Step.DEVELOP_PLACE, Step.SETTLE_PLACE)
    }
    return found


def _games(seeds: range, every: int = 3):
    """Positions of random 3-player games, each with the seat to move."""
    for seed in seeds:
        state = new_game("race", players=3, seed=seed)
        bot = RandomBot(seed)
        count = 0
        while not state.is_over():
            if count % every == 0:
                yield state, state.to_move()
            state.apply(bot.choose(state))
            count += 1


def test_the_table_never_names_a_card_the_seat_cannot_see() -> None:
    checked = 0
    for state, viewer in _games(range(1, 4)):
        text = _seen_by(state, viewer)
        public = _public(state, viewer)
        for name in sorted((state.card_name(c) for c in public), key=len, reverse=True):
            text = text.replace(name, "")
        secret = set(state.card_count()) - public
        leaked = [state.card_name(c) for c in secret if state.card_name(c) in text]
        assert leaked == [], f"round {state.round}: {leaked}"
        checked += 1
    assert checked > 100


def test_action_cards_show_only_after_the_reveal_and_goods_only_as_their_worlds_kind() -> None:
    hidden = shown = goods = 0
    for state, viewer in _games(range(4, 7), every=1):
        table = describe_table(state, viewer)
        if not state.revealed and any(p.actions for p in state.players):
            assert " | chose " not in table and "action chosen" in table
            hidden += 1
        if state.revealed and all(p.actions for p in state.players):
            assert table.count(" | chose ") == len(state.players)
            shown += 1
        for p in state.players:
            for world in p.goods:
                letter = state.cards[world].goods.letter
                assert f"{state.card_name(world)} ({letter}, good)" in table + _seen_by(
                    state, viewer
                )
                goods += 1
    assert hidden and shown and goods


def test_a_seat_sees_its_own_hand_and_face_down_choice_but_only_the_size_of_others() -> None:
    for state, viewer in _games(range(7, 9), every=5):
        me = state.players[viewer]
        own = describe_empire(state, viewer, viewer)
        assert f"hand ({len(me.hand)}):" in own
        assert all(state.card_name(c) in own for c in me.hand)
        for other in state.players:
            if other.seat != viewer:
                words = describe_empire(state, other.seat, viewer)
                assert f"hand: {len(other.hand)} cards" in words and "face down" not in words
