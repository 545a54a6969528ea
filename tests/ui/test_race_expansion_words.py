"""What the Race table says about goals and takeovers (§B5, §B6): goals with their holders
and everyone's counts, and a takeover declaration secret until the reveal, then each attempt
with its strength and result."""

from __future__ import annotations

from nfgalaxy.games.race.rules import Step
from nfgalaxy.games.race.rules.goals import put_in_play
from nfgalaxy.games.race.state import Action
from nfgalaxy.games.race.ui.goals import goal_line
from nfgalaxy.games.race.ui.guide import guide_text
from nfgalaxy.games.race.ui.secrets import takeover_words
from tests.race.race_scenario import set_player
from tests.race.test_takeovers import SEAT, A, B, position, start_settle


def test_a_goal_line_names_the_requirement_and_every_count() -> None:
    g = position({A: [], B: []})
    put_in_play(g, ["galactic_riches", "propaganda_edge"])
    set_player(g, A, tableau=["old_earth", "rebel_miners"], goods=["rebel_miners"])
    riches = goal_line(g, "galactic_riches").plain
    assert "First 3 VP Galactic Riches: first to 4 goods" in riches
    assert f"{g.name(A)} 1" in riches and f"{g.name(B)} 0" in riches
    g.goal_claims["galactic_riches"] = [A]
    assert goal_line(g, "galactic_riches").plain.endswith(f"claimed by {g.name(A)}")
    edge = goal_line(g, "propaganda_edge").plain
    assert "Most  5 VP Propaganda Edge: most Rebel military worlds (at least 3)" in edge
    g.goal_claims["propaganda_edge"] = [B]
    assert f"held by {g.name(B)}" in goal_line(g, "propaganda_edge").plain


def r4_position():
    g = position(
        {
            A: ["imperium_seat", "imperium_troops", "drop_ships", "space_marines"],
            B: ["rebel_colony", "space_mercenaries", "expedition_force", "expedition_force"],
        },
        b_start="epsilon_eridani",
    )
    set_player(g, B, hand=[], filler=2)  # B could add 2 with Space Mercenaries
    start_settle(g, {A: Action.SETTLE})
    return g


def test_a_declaration_is_secret_until_the_reveal_then_shown_with_its_strength() -> None:
    g = r4_position()
    assert g.queue[0][:2] == [Step.TAKEOVER_DECLARE, A]
    decision = next(d for d in g.legal_decisions() if d.kind == "takeover" and d.args[2] == SEAT)
    g.apply(decision)
    assert g.queue[0][0] == Step.TAKEOVER_DEFEND  # revealed, B may reinforce
    lines = takeover_words(g, A, B)
    assert lines == [
        f"takeover of Rebel Colony of {g.name(B)} with Imperium Seat: attack 8 against 8 needed"
    ]


def test_before_the_reveal_others_learn_only_that_a_choice_was_made() -> None:
    g = r4_position()
    p = g.players[A]
    p.declared, p.decided = [0, "", SEAT, B, "rebel_colony"], True
    g.queue.insert(0, [Step.TAKEOVER_REVEAL, -1, 0])
    assert takeover_words(g, A, B) == ["has made a secret takeover choice"]
    assert takeover_words(g, A, None) == ["has made a secret takeover choice"]
    own = takeover_words(g, A, A)
    assert own == [
        f"you declared a takeover of Rebel Colony of {g.name(B)} with Imperium Seat "
        "(secret until the reveal)"
    ]


def test_hand_cards_for_military_are_not_called_a_payment() -> None:
    """Space Mercenaries and the like take hand cards for Military: the guide says so, not
    'Paying for' the last card placed."""
    g = r4_position()
    g.queue.insert(0, [Step.PAY, A, "military"])
    g.players[A].owed = 2
    g._legal = None
    words = guide_text(g, A)
    assert words is not None
    assert "Discarding hand cards for Military" in words.plain
    assert "Still to discard: 2" in words.plain and "Paying for" not in words.plain
