"""Takeovers (RvI, §B6): the worked examples R2–R10 as start → decisions → expected result, and
the engine's promises around them: takeovers off ignores only takeover powers, a world placed
in the phase is no target, declarations stay secret until the reveal (views and log), a save
taken mid-takeover plays on the same, and no card is lost."""

from __future__ import annotations

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.rng import Rng
from nfgalaxy.games.race.cards import builtin
from nfgalaxy.games.race.rules import RaceGame, Step
from nfgalaxy.games.race.rules.common import DONE, PASS, REINFORCE, TAKEOVER
from nfgalaxy.games.race.rules.military import military
from nfgalaxy.games.race.rules.settle import ways
from nfgalaxy.games.race.rules.takeover import Declaration, Target, vulnerable
from nfgalaxy.games.race.scoring import total_military
from nfgalaxy.games.race.state import Action
from tests.race.race_scenario import (
    pass_forced,
    pick,
    refused,
    set_player,
    set_tableaux,
)

RVI = builtin().at_level("rvi")
A, B, C = 0, 1, 2
#: Start worlds without Military, numbered so that A, B, C is the player order (§14).
STARTS = {A: "old_earth", B: "earths_lost_colony", C: "galactic_developers"}
SEAT = "imperium_seat#1"
CLOAK = "imperium_cloaking_technology#1"
ALLIANCE = "rebel_alliance#1"


def rvi_table(players: int = 3, takeovers: bool = True, seed: int = 1) -> RaceGame:
    """An RvI game waiting for the first action choice."""
    g = RaceGame.new(RVI, players, seed, {"expansion": "rvi", "takeovers": takeovers})
    g.options["takeovers"] = takeovers
    while g.queue[0][0] != Step.CHOOSE_ACTION:
        g.apply(g.legal_decisions()[0])
    return g


def position(tableaux: dict[int, list[str]], takeovers: bool = True, b_start: str = "") -> RaceGame:
    """Every seat's tableau after its start world (A, B, C in player order; B may start with
    another world numbered between A's and C's), hands empty."""
    g = rvi_table(players=len(tableaux), takeovers=takeovers)
    starts = {**STARTS, **({B: b_start} if b_start else {})}
    set_tableaux(g, {seat: [starts[seat], *cards] for seat, cards in tableaux.items()})
    g.order = sorted(tableaux)
    return g


def start_settle(g: RaceGame, actions: dict[int, Action]) -> None:
    """Everyone has chosen: reveal and play to the first real decision."""
    for p in g.players:
        p.actions = [actions.get(p.seat, Action.PRODUCE).value]
    g.queue = [[Step.REVEAL_ACTIONS, -1, 0]]
    g._legal = None
    g._advance()
    pass_forced(g)


def all_pass(g: RaceGame) -> None:
    """Every player still to choose a world to settle passes."""
    while g.queue[0][0] == Step.CHOOSE_PLACEMENT:
        g.apply(Decision(PASS))


def at(g: RaceGame) -> tuple[str, int]:
    return g.queue[0][0], g.queue[0][1]


def declare(g: RaceGame, *targets: tuple[str, int, str], hand: int = 0, spent: str = "") -> None:
    decl = Declaration(hand, tuple(c for c in spent.split("+") if c), ())
    flat = [t for target in targets for t in target]
    g.apply(Decision(TAKEOVER, (decl.hand, spent, *flat)))


def events(g: RaceGame, kind: str) -> list[tuple[int | None, tuple[str, ...], tuple[int, ...]]]:
    return [(e.seat, e.components, e.numbers) for e in g.events if e.kind == kind]


def declared_targets(g: RaceGame) -> set[tuple[str, int, str]]:
    found = set()
    for d in g.legal_decisions():
        if d.kind == TAKEOVER:
            for t in Declaration.from_args(d.args).targets:
                found.add((t.power, t.defender, t.world))
    return found


# ---------------------------------------------------------------- R2: won on a tie


def test_r2_takeover_won_on_a_tie_moves_the_world_with_its_good() -> None:
    """R2: A total Military +4 and Imperium Cloaking Technology; B has Space Marines (total
    +2, vulnerable) and Rebel Miners (defense 2). 4 >= 2 + 2: A takes it with its good and
    draws the Settle bonus; Cloaking is discarded."""
    g = position(
        {
            A: ["drop_ships", "expedition_force", "imperium_cloaking_technology"],
            B: ["space_marines", "rebel_miners"],
        }
    )
    set_player(g, B, goods=["rebel_miners"])
    good = g.players[B].goods["rebel_miners"]
    start_settle(g, {A: Action.SETTLE})
    all_pass(g)
    assert at(g) == (Step.TAKEOVER_DECLARE, A)
    assert declared_targets(g) == {(CLOAK, B, "rebel_miners")}
    hand = len(g.players[A].hand)
    declare(g, (CLOAK, B, "rebel_miners"))
    a, b = g.players[A], g.players[B]
    assert "rebel_miners" in a.tableau and "rebel_miners" not in b.tableau
    assert a.goods["rebel_miners"] == good and "rebel_miners" not in b.goods
    assert "imperium_cloaking_technology" not in a.tableau
    assert "imperium_cloaking_technology" in g.discards
    assert events(g, "takeover_won") == [(A, ("rebel_miners",), (B, 4, 4))]
    assert len(a.hand) == hand + 1  # A counts as having placed a world: Settle bonus
    assert g.card_count() == RVI.copies()


def test_r2_variant_a_takeover_that_cannot_succeed_is_not_offered() -> None:
    """With +3 against 2 + 2, A has nothing to declare and is not asked."""
    g = position(
        {A: ["drop_ships", "imperium_cloaking_technology"], B: ["space_marines", "rebel_miners"]}
    )
    start_settle(g, {A: Action.SETTLE})
    all_pass(g)
    assert g.queue[0][0] not in (Step.TAKEOVER_DECLARE, Step.TAKEOVER_DEFEND)
    assert "rebel_miners" in g.players[B].tableau


# ---------------------------------------------------------------- R3: the unused rest


def test_r3_defender_may_use_only_the_unused_rest_of_space_mercenaries() -> None:
    """R3: B discarded 1 card to Space Mercenaries earlier in the phase (to conquer Former
    Penal Colony) and holds 2 cards; during A's takeover B may discard exactly 1 more."""
    g = position(
        {
            A: ["imperium_seat", "drop_ships", "space_marines"],
            B: ["space_mercenaries", "rebel_miners"],
        }
    )
    set_player(g, B, hand=["former_penal_colony"], filler=3)
    start_settle(g, {A: Action.SETTLE})  # A has nothing to place
    pick(g, "place", "former_penal_colony")  # B's secret choice
    # The only way, so made for B: conquer with Military 1 + 1 hand card >= 2.
    assert events(g, "hand_military") == [(B, (), (1, 1))]
    assert at(g) == (Step.PAY, B)
    g.apply(g.legal_decisions()[0])  # the card discarded for Military
    b = g.players[B]
    assert len(b.hand) == 2
    assert b.hand_military == {"space_mercenaries#1": 1}
    assert at(g) == (Step.TAKEOVER_DECLARE, A)
    declare(g, (SEAT, B, "rebel_miners"))  # 6 against 1 + 1 + 2
    assert at(g) == (Step.TAKEOVER_DEFEND, B)
    assert {d.args[0] for d in g.legal_decisions() if d.kind == REINFORCE} == {
        "space_mercenaries#1"
    }
    g.apply(next(d for d in g.legal_decisions() if d.kind == REINFORCE))
    # 6 >= 5 + 0: still lost, and nothing is left of the power: B is not asked again.
    assert g.queue[0][0] != Step.TAKEOVER_DEFEND
    assert len(b.hand) == 1
    assert events(g, "reinforce") == [(B, ("space_mercenaries",), (1,))]
    assert events(g, "takeover_won") == [(A, ("rebel_miners",), (B, 6, 5))]


# ---------------------------------------------------------------- R4–R6: the seed's examples


def test_r4_takeover_example_1_succeeds_8_against_4_plus_4() -> None:
    """R4: A selects Settle, places nothing, declares Rebel Colony with Imperium Seat; 8 >= 4 +
    4 succeeds, Rebel Colony moves to A, A draws the Settle bonus."""
    g = position(
        {
            A: ["imperium_seat", "imperium_troops", "drop_ships", "space_marines"],
            B: ["rebel_colony", "space_mercenaries", "expedition_force", "expedition_force"],
            C: ["contact_specialist"],
        },
        b_start="epsilon_eridani",  # +1: B has +4
    )
    a, b = g.players[A], g.players[B]
    assert total_military(RVI, b.tableau) == 4
    assert military(g, a, RVI["rebel_colony"]) == 8
    start_settle(g, {A: Action.SETTLE})  # nobody has a world to place
    assert at(g) == (Step.TAKEOVER_DECLARE, A)
    hand = len(a.hand)
    declare(g, (SEAT, B, "rebel_colony"))
    assert events(g, "takeover_won") == [(A, ("rebel_colony",), (B, 8, 8))]
    assert "rebel_colony" in a.tableau and "rebel_colony" not in b.tableau
    assert len(a.hand) == hand + 1


def r5_position(imperium_lords: bool = False, c_rebels: bool = False) -> RaceGame:
    """R5: B (Military +4 with Space Mercenaries, Terraforming Robots, Rebel Colony) places a
    military world this phase with its last hand card; A: Imperium Seat and Troops, +6/+8,
    and New Military Tactics (unused temporary Military)."""
    tableaux = {
        A: ["imperium_seat", "imperium_troops", "drop_ships", "space_marines"],
        B: ["rebel_colony", "space_mercenaries", "expedition_force", "expedition_force"],
        C: [],
    }
    tableaux[A].append("new_military_tactics")
    tableaux[B].append("terraforming_robots")
    if imperium_lords:
        tableaux[B].append("imperium_lords")
    if c_rebels:  # R6: Contact Specialist, Rebel Alliance, Rebel Pact, 5 Rebel + 1 other
        tableaux[C] = ["contact_specialist", "rebel_alliance", "rebel_pact", "rebel_miners"]
        tableaux[C] += ["rebel_homeworld", "rebel_base", "rebel_underground"]
        tableaux[C] += ["rebel_sympathizers", "outlaw_world"]
    g = position(tableaux, b_start="epsilon_eridani")  # +1: B has +4
    set_player(g, B, hand=["rebel_fuel_cache"])
    return g


def r5_to_resolution(g: RaceGame) -> None:
    """A Settle, B Produce: A passes, B conquers Rebel Fuel Cache (and draws 1 by Terraforming
    Robots), A declares Rebel Colony with Imperium Seat and nothing committed."""
    start_settle(g, {A: Action.SETTLE})  # A and C have nothing to place
    pick(g, "place", "rebel_fuel_cache")  # conquered: the only way
    assert len(g.players[B].hand) == 1  # drawn by Terraforming Robots
    assert at(g) == (Step.TAKEOVER_DECLARE, A)
    # The world B placed in this phase is no target (§B6.3).
    assert all(world != "rebel_fuel_cache" for _p, _s, world in declared_targets(g))
    declare(g, (SEAT, B, "rebel_colony"))


def test_r5_defender_reinforces_with_a_card_drawn_this_phase_and_the_attack_fails() -> None:
    """R5: during resolution B discards the card drawn by Terraforming Robots to Space
    Mercenaries: 8 < 5 + 4. A, with New Military Tactics unused, may add nothing."""
    g = r5_position()
    r5_to_resolution(g)
    assert at(g) == (Step.TAKEOVER_DEFEND, B)
    pick(g, REINFORCE, "space_mercenaries#1", g.players[B].hand[0])
    assert events(g, "takeover_lost") == [(A, ("rebel_colony",), (B, 0, 8, 9))]
    assert "rebel_colony" in g.players[B].tableau
    assert "new_military_tactics" in g.players[A].tableau  # never asked to add it


def test_r6a_defender_reinforces_a_fails_and_c_succeeds() -> None:
    """R6 (a): C (Rebel Alliance, 5 Rebel military worlds, total -1) attacks at -1 + 10 = 9.
    B reinforces during A's attempt: A fails 8 < 9; C then succeeds 9 >= 5 + 4."""
    g = r5_position(imperium_lords=True, c_rebels=True)
    c = g.players[C]
    assert total_military(RVI, c.tableau) == -1
    r5_hand = g.players[B].hand
    assert r5_hand == ["rebel_fuel_cache"]
    start_settle(g, {A: Action.SETTLE})
    pick(g, "place", "rebel_fuel_cache")  # conquered: the only way
    declare(g, (SEAT, B, "rebel_colony"))
    assert at(g) == (Step.TAKEOVER_DECLARE, C)
    assert (ALLIANCE, B, "rebel_colony") in declared_targets(g)
    declare(g, (ALLIANCE, B, "rebel_colony"))
    assert at(g) == (Step.TAKEOVER_DEFEND, B)
    pick(g, REINFORCE, "space_mercenaries#1", g.players[B].hand[0])
    assert events(g, "takeover_lost") == [(A, ("rebel_colony",), (B, 0, 8, 9))]
    assert events(g, "takeover_won") == [(C, ("rebel_colony",), (B, 9, 9))]
    assert "rebel_colony" in c.tableau


def test_r6b_no_reinforcement_a_succeeds_and_c_fails_automatically() -> None:
    """R6 (b): B does not reinforce: A succeeds 8 >= 8; C's attempt fails at once, Rebel
    Colony having left B's tableau."""
    g = r5_position(imperium_lords=True, c_rebels=True)
    start_settle(g, {A: Action.SETTLE})
    pick(g, "place", "rebel_fuel_cache")  # conquered: the only way
    declare(g, (SEAT, B, "rebel_colony"))
    declare(g, (ALLIANCE, B, "rebel_colony"))
    pick(g, DONE)
    assert events(g, "takeover_won") == [(A, ("rebel_colony",), (B, 8, 8))]
    assert events(g, "takeover_lost") == [(C, ("rebel_colony",), (B, 1, 0, 0))]
    assert "rebel_colony" in g.players[A].tableau


def test_r6_c_defends_each_world_at_plus_10_plus_its_defense() -> None:
    """R6: C's Rebel Pact: -1 + 2 x 5 + 1 = +10 plus the world's defense, so A's Imperium
    Seat (+8 against Rebels) cannot be aimed at any of C's worlds."""
    g = r5_position(imperium_lords=True, c_rebels=True)
    start_settle(g, {A: Action.SETTLE})
    pick(g, "place", "rebel_fuel_cache")  # conquered: the only way
    from nfgalaxy.games.race.rules.takeover import defence

    assert defence(g, g.players[C], "rebel_miners") == 10 + 2
    bare = [
        Declaration.from_args(d.args)
        for d in g.legal_decisions()
        if d.kind == TAKEOVER and d.args[:2] == (0, "")
    ]
    assert {t.defender for decl in bare for t in decl.targets} == {B}
    # With New Military Tactics committed (+3) A reaches 11 = 10 + Rebel Sympathizers' 1.
    assert {world for _p, seat, world in declared_targets(g) if seat == C} == {"rebel_sympathizers"}


# ---------------------------------------------------------------- R7: two with Logistics


def r7_position() -> RaceGame:
    """A: Improved Logistics, Imperium Seat, Imperium Cloaking Technology, +6 (+7 vs Rebels).
    B: Military +5 (Space Mercenaries among it), Rebel Miners (defense 2), one hand card. C:
    Space Marines and Former Penal Colony (total +3; defense 2)."""
    g = position(
        {
            A: [
                "improved_logistics",
                "imperium_seat",
                "imperium_cloaking_technology",
                "drop_ships",
                "drop_ships",
            ],
            B: ["rebel_miners", "space_mercenaries", "expedition_force", "space_marines"],
            C: ["space_marines", "former_penal_colony"],
        },
        b_start="epsilon_eridani",
    )
    set_player(g, B, hand=["rebel_stronghold"])  # defense 9: B cannot place it
    start_settle(g, {A: Action.SETTLE})
    assert at(g) == (Step.TAKEOVER_DECLARE, A)
    return g


def test_r7_two_takeovers_need_two_different_powers() -> None:
    g = r7_position()
    first, second = (SEAT, B, "rebel_miners"), (CLOAK, C, "former_penal_colony")
    assert any(
        len(Declaration.from_args(d.args).targets) == 2
        for d in g.legal_decisions()
        if d.kind == TAKEOVER
    )
    flat = (0, "", *first, *(SEAT, C, "former_penal_colony"))
    assert refused(g, TAKEOVER, *flat).rule == "§B6.3"
    declare(g, first, second)
    assert at(g) == (Step.TAKEOVER_DEFEND, B)


def test_r7_if_the_first_takeover_fails_the_second_fails_automatically() -> None:
    """B reinforces (7 < 5 + 1 + 2) so the first fails; the second, which would win (6 >= 3
    + 2), fails at once."""
    g = r7_position()
    declare(g, (SEAT, B, "rebel_miners"), (CLOAK, C, "former_penal_colony"))
    pick(g, REINFORCE, "space_mercenaries#1", g.players[B].hand[0])
    assert events(g, "takeover_lost") == [
        (A, ("rebel_miners",), (B, 0, 7, 8)),
        (A, ("former_penal_colony",), (C, 2, 0, 0)),
    ]
    assert g.players[A].outcomes == []  # the phase is over: its records are gone
    assert "former_penal_colony" in g.players[C].tableau


def test_r7_if_the_first_succeeds_the_second_is_resolved_and_the_bonus_is_drawn_once() -> None:
    g = r7_position()
    hand = len(g.players[A].hand)
    declare(g, (SEAT, B, "rebel_miners"), (CLOAK, C, "former_penal_colony"))
    pick(g, DONE)
    won = events(g, "takeover_won")
    assert won == [(A, ("rebel_miners",), (B, 7, 7)), (A, ("former_penal_colony",), (C, 6, 5))]
    assert {"rebel_miners", "former_penal_colony"} <= set(g.players[A].tableau)
    assert len(g.players[A].hand) == hand + 1  # one Settle bonus per phase


def test_without_improved_logistics_only_one_takeover_is_declared() -> None:
    g = position(
        {
            A: ["imperium_seat", "imperium_cloaking_technology", "drop_ships"],
            B: ["rebel_miners", "expedition_force"],
        }
    )
    start_settle(g, {A: Action.SETTLE})
    assert at(g) == (Step.TAKEOVER_DECLARE, A)
    flat = (0, "", SEAT, B, "rebel_miners", CLOAK, B, "rebel_miners")
    assert refused(g, TAKEOVER, *flat).rule == "§B6.3"


# ---------------------------------------------------------------- R8: effects already used


def test_r8_windfall_world_taken_without_a_good_and_military_changes_after_the_phase() -> None:
    """R8: B conquers Rebel Underground with Former Penal Colony's +1 (Military 3), then A
    takes Former Penal Colony (5 >= 3 + 2): it arrives without a good and gets none; B keeps
    Rebel Underground. C's later attempt on Rebel Miners still meets B's +1 from Former Penal
    Colony (5 against 3 + 2), which changes only after the phase."""
    g = position(
        {
            A: [
                "imperium_cloaking_technology",
                "drop_ships",
                "imperium_troops",
                "contact_specialist",
                "space_marines",
            ],
            B: ["former_penal_colony", "space_marines", "rebel_miners"],
            C: ["imperium_seat", "drop_ships", "expedition_force"],
        }
    )
    set_player(g, B, hand=["rebel_underground"])
    assert "former_penal_colony" not in g.players[B].goods
    start_settle(g, {A: Action.SETTLE})
    pick(g, "place", "rebel_underground")  # conquered with Military 3: the only way
    declare(g, (CLOAK, B, "former_penal_colony"))
    declare(g, ("imperium_seat#1", B, "rebel_miners"))
    a, b = g.players[A], g.players[B]
    assert events(g, "takeover_won") == [
        (A, ("former_penal_colony",), (B, 5, 5)),
        (C, ("rebel_miners",), (B, 5, 5)),
    ]
    assert "former_penal_colony" in a.tableau and "former_penal_colony" not in a.goods
    assert "rebel_underground" in b.tableau
    assert total_military(RVI, b.tableau) == 2  # after the phase: without the +1
    assert total_military(RVI, a.tableau) == 5 + 1


# ---------------------------------------------------------------- R9, R10


def test_r9_who_is_vulnerable_to_which_power() -> None:
    """R9: Contact Specialist, Expedition Force, New Military Tactics: total 0, no Rebel
    military world, no IMPERIUM card: immune. Space Marines makes them vulnerable to Cloaking
    only; a Rebel military world to Imperium Seat only; an IMPERIUM card to Rebel Alliance."""
    g = rvi_table()
    q = g.players[C]
    seat, alliance, cloak = (
        RVI[card].powers[1]
        for card in ("imperium_seat", "rebel_alliance", "imperium_cloaking_technology")
    )
    base = ["galactic_developers", "contact_specialist", "expedition_force"]
    base.append("new_military_tactics")

    def vulnerable_to(extra: list[str]) -> list[bool]:
        q.settle_start = base + extra
        return [vulnerable(g, q, power) for power in (seat, alliance, cloak)]

    assert vulnerable_to([]) == [False, False, False]
    assert vulnerable_to(["space_marines"]) == [False, False, True]
    assert vulnerable_to(["rebel_miners"]) == [True, False, False]
    assert vulnerable_to(["imperium_troops"]) == [False, True, True]  # Troops' +1: total 1
    assert vulnerable_to(["imperium_lords"]) == [False, True, False]


def test_r10_with_takeovers_off_only_the_takeover_powers_are_ignored() -> None:
    """R10: Imperium Seat still gives +1 against Rebel military worlds, Cloaking still
    conquers a non-military world, Rebel Alliance still pays for Rebel military worlds; no
    takeover is ever declared, and one is refused naming §B6.1."""
    g = position(
        {
            A: [
                "imperium_seat",
                "imperium_cloaking_technology",
                "rebel_alliance",
                "drop_ships",
                "imperium_troops",
            ],
            B: ["rebel_miners", "space_marines"],
        },
        takeovers=False,
    )
    set_player(g, A, hand=["rebel_homeworld", "alien_robotic_factory"], filler=5)
    a = g.players[A]
    assert military(g, a, RVI["rebel_homeworld"]) == 3 + 1 + 1 + 1  # Seat's +1 still works
    assert ("conquer", ("imperium_cloaking_technology",)) in {
        (w.mode, w.spent) for w in ways(g, a, "alien_robotic_factory")
    }
    assert {w.mode: w.cost for w in ways(g, a, "rebel_homeworld")} == {"pay_military": 5}
    start_settle(g, {A: Action.SETTLE})
    assert refused(g, TAKEOVER, 0, "", CLOAK, B, "rebel_miners").rule == "§B6.1"
    all_pass(g)
    assert g.phase != "settle"
    assert not [e for e in g.events if e.kind.startswith("takeover")]
    assert "rebel_miners" in g.players[B].tableau
    assert "imperium_cloaking_technology" in a.tableau


# ---------------------------------------------------------------- refusals


def test_takeover_refusals_name_the_rule() -> None:
    g = r5_position()
    start_settle(g, {A: Action.SETTLE})
    pick(g, "place", "rebel_fuel_cache")  # conquered: the only way
    assert at(g) == (Step.TAKEOVER_DECLARE, A)
    cases = {
        (0, "", SEAT, B, "rebel_fuel_cache"): "§B6.3",  # placed in this phase
        (0, "", SEAT, A, "rebel_colony"): "§B6.2",  # one's own seat
        (0, "", SEAT, B, "epsilon_eridani"): "§B6.2, §B7",  # not military
        (0, "", "drop_ships#0", B, "rebel_colony"): "§B6.2",  # no takeover power
        (5, "", SEAT, B, "rebel_colony"): "§B7",  # no hand cards to commit
        (0, "new_military_tactics+drop_ships", SEAT, B, "rebel_colony"): "§9.3",
        (0,): "§B6.3",
    }
    for args, rule in cases.items():
        assert refused(g, TAKEOVER, *args).rule == rule, args
    # B's Military +4 against Cloaking-free A: Imperium Seat against a non-Rebel world.
    declare(g, (SEAT, B, "rebel_colony"))
    assert at(g) == (Step.TAKEOVER_DEFEND, B)
    assert refused(g, REINFORCE, "expedition_force#1", g.players[B].hand[0]).rule == "§B6.5"
    assert refused(g, REINFORCE, "space_mercenaries#1", "not_a_card").rule == "§B6.5"


def test_a_player_not_vulnerable_to_a_power_is_refused_with_the_reason() -> None:
    """B owns no IMPERIUM card: Rebel Alliance cannot be aimed at B, Imperium Seat can."""
    g = position(
        {
            A: ["rebel_alliance", "imperium_seat", "drop_ships", "drop_ships"],
            B: ["rebel_miners", "space_marines"],
        }
    )
    start_settle(g, {A: Action.SETTLE})
    assert at(g) == (Step.TAKEOVER_DECLARE, A)
    assert declared_targets(g) == {(SEAT, B, "rebel_miners")}
    refusal = refused(g, TAKEOVER, 0, "", ALLIANCE, B, "rebel_miners")
    assert refusal.rule == "§B6.2" and "IMPERIUM" in refusal.message


# ---------------------------------------------------------------- secrecy, saves, cards


def test_declarations_are_secret_until_the_reveal() -> None:
    """A view taken before the reveal holds no declaration of another seat (it is made
    again at random), the log says only "has chosen", and who is asked does not depend on
    what was declared."""
    g = r5_position(imperium_lords=True, c_rebels=True)
    start_settle(g, {A: Action.SETTLE})
    pick(g, "place", "rebel_fuel_cache")  # conquered: the only way
    quiet = g.copy()
    declare(g, (SEAT, B, "rebel_colony"))
    assert at(g) == (Step.TAKEOVER_DECLARE, C)
    assert g.log[-1] == f"{g.name(A)} has chosen."
    assert not events(g, "takeover_declare")
    mine = list(g.players[A].declared)
    seen = [tuple(g.view(C, Rng(seed)).players[A].declared) for seed in range(40)]
    assert len(set(seen)) > 1  # made again at random, so the view says nothing
    assert all(tuple(g.view(A, Rng(s)).players[A].declared) == tuple(mine) for s in range(3))
    # Who is asked next is the same whatever A declared.
    quiet.apply(Decision(PASS))
    assert at(quiet) == at(g)


def test_a_save_taken_mid_takeover_plays_on_the_same() -> None:
    g = r5_position()
    r5_to_resolution(g)
    assert at(g) == (Step.TAKEOVER_DEFEND, B)
    loaded = RaceGame.from_json(g.to_json(), RVI)
    assert loaded.legal_decisions() == g.legal_decisions()
    for game in (g, loaded):
        pick(game, REINFORCE, "space_mercenaries#1", game.players[B].hand[0])
    assert loaded.to_json() == g.to_json()


def test_every_card_is_accounted_for_through_a_takeover() -> None:
    g = r5_position(imperium_lords=True, c_rebels=True)
    start_settle(g, {A: Action.SETTLE})
    for decision in [
        Decision("place", ("rebel_fuel_cache",)),
        Decision(TAKEOVER, (0, "new_military_tactics", SEAT, B, "rebel_colony")),
        Decision(TAKEOVER, (0, "", ALLIANCE, B, "rebel_colony")),
        Decision(DONE),
    ]:
        assert g.card_count() == RVI.copies()
        pick(g, decision.kind, *decision.args)
    assert events(g, "takeover_won") == [(A, ("rebel_colony",), (B, 11, 8))]
    assert "new_military_tactics" in g.discards
    assert g.card_count() == RVI.copies()


def test_declaration_arguments_round_trip() -> None:
    decl = Declaration(2, ("new_military_tactics",), (Target(SEAT, 1, "rebel_colony"),))
    assert Declaration.from_args(decl.args) == decl
