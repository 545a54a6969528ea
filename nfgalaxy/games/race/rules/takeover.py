"""Takeovers (§B6): taking a military world from another player's tableau in the Settle phase.

Only with takeovers allowed (``settle.takeovers_on``, §B6.1). Everything a takeover looks at is
the tableaux *as they were at the start of the Settle phase* (``Player.settle_start``): who is
vulnerable to which power (§B6.2), the Military of both sides, Rebel Alliance's attack bonus and
Rebel Pact's defence (§B6.4); a world placed in this phase is no target and counts for nothing
(§B6.3), and a world lost or won changes nothing before the phase ends (§B6.5, R8). Temporary
Military gained in the phase (``Player.military_temp``) counts on both sides.

The flow, after every world of the phase is placed and paid for:

1. **Declaration, secret** (the issue's choice; the rulebook has players declare while using
   their Settle powers, §B6.3). Every player who may declare is asked, one at a time in
   player order, like the other secret choices: who may is public (takeover powers, a
   vulnerable opponent, no world placed or Improved Logistics), so being asked tells nobody
   anything, and the log says only "has chosen". A declaration names the power and the target
   world (two of each, with two different powers, for a player with Improved Logistics who
   placed no world), and everything committed: how many hand cards go to
   ``discard_hand_military`` powers and which tableau cards are discarded for Military (New
   Military Tactics). Only targets the attacker could take if the defender added nothing are
   offered (as the reference AI does); the defender's reinforcement may still beat it.
2. **Reveal**: all declarations at once. Then, in player order, each attacker's commitments are
   carried out: Imperium Cloaking Technology and New Military Tactics leave the tableau, and
   the attacker picks the hand cards committed (how many was fixed in secret; which ones,
   face down, nobody else learns).
3. **Resolution** in player order, a player's first attempt before their second (§B6.5): an
   attempt on a world that already changed hands fails (§B6.6), and so does a second attempt
   after a failed first (R7). Otherwise the defender MAY add temporary Military not yet used
   (the unused rest of a hand-discard power, New Military Tactics; R3, R5), one card at a time,
   while the attack would still succeed; then attacker Military ≥ defender Military + the
   world's defense takes it (ties to the attacker). The world moves with its good (a windfall
   world without one gets none, R8), and the attacker has placed a world: the Settle bonus
   (once per phase) and their draw-after-placing powers follow.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.race.components import Card, Keyword, Phase, Power
from nfgalaxy.games.race.rules.base import RaceBase
from nfgalaxy.games.race.rules.common import (
    DONE,
    PASS,
    REINFORCE,
    TAKEOVER,
    Step,
    plural,
    split_key,
)
from nfgalaxy.games.race.rules.military import (
    boosts,
    discard_for_military,
    discard_from_tableau,
    hand_military_left,
    hand_values,
    is_rebel_military,
    military_applies,
    tableau_military,
    use_hand_military,
)
from nfgalaxy.games.race.rules.settle import has_second_world, takeovers_on
from nfgalaxy.games.race.scoring import total_military
from nfgalaxy.games.race.state import Player

WON, LOST = "won", "lost"
#: Why an attempt failed without a fight, in the ``takeover_lost`` event (§B6.5, §B6.6).
MOVED, FIRST_FAILED = 1, 2


@dataclass(frozen=True)
class Target:
    """One attempt: the takeover power used (its key), the defending seat and the world."""

    power: str
    defender: int
    world: str


@dataclass(frozen=True)
class Declaration:
    """A player's declaration (§B6.3): one or two attempts and the temporary Military
    committed to them (it lasts the whole phase, so it serves both)."""

    hand: int
    spent: tuple[str, ...]
    targets: tuple[Target, ...]

    @property
    def args(self) -> tuple[Any, ...]:
        """Flat decision arguments: hand cards, the cards spent joined by "+", then power,
        seat and world of each attempt."""
        flat: list[Any] = [self.hand, "+".join(self.spent)]
        for t in self.targets:
            flat += [t.power, t.defender, t.world]
        return tuple(flat)

    @staticmethod
    def from_args(args: tuple[Any, ...] | list[Any]) -> Declaration:
        """The declaration of ``args``; ``ValueError`` when they are not one."""
        if len(args) not in (5, 8) or not isinstance(args[0], int) or args[0] < 0:
            raise ValueError(f"not a takeover declaration: {list(args)!r}")
        rest = args[2:]
        targets = tuple(
            Target(str(rest[i]), int(rest[i + 1]), str(rest[i + 2])) for i in range(0, len(rest), 3)
        )
        spent = tuple(c for c in str(args[1]).split("+") if c)
        return Declaration(args[0], spent, targets)


# ---------------------------------------------------------------- who may take over what


def declarations_allowed(g: RaceBase, p: Player) -> int:
    """§B6.3: how many takeovers ``p`` may declare: one instead of a world, two with two
    different powers for a player with Improved Logistics who placed none, one as the second
    world of a player with Improved Logistics who placed one."""
    if not takeovers_on(g) or p.settled >= 2:
        return 0
    second = has_second_world(g, p)
    if p.settled == 1:
        return 1 if second else 0
    return 2 if second else 1


def takeover_powers(g: RaceBase, p: Player) -> list[tuple[str, Power]]:
    """``p``'s working takeover powers, one per key (two copies of a card are one power)."""
    found: dict[str, Power] = {}
    for key, power in g.powers(p, Phase.SETTLE):
        if power.code == "takeover":
            found.setdefault(key, power)
    return list(found.items())


def vulnerable(g: RaceBase, q: Player, power: Power) -> bool:
    """§B6.2, from ``q``'s tableau at the start of the phase: Imperium Seat needs a Rebel
    military world, Rebel Alliance an IMPERIUM card, Cloaking total Military ≥ 1 (temporary
    and specialized Military do not count)."""
    start = [g.cards[c] for c in q.settle_start]
    if power.rebel:
        return any(is_rebel_military(card) for card in start)
    if power.imperium:
        return any(Keyword.IMPERIUM in card.keywords for card in start)
    return total_military(g.cards, q.settle_start) >= 1


def why_not_vulnerable(g: RaceBase, q: Player, power: Power) -> str:
    if power.rebel:
        return f"{q.name} had no Rebel military world at the start of this Settle phase"
    if power.imperium:
        return f"{q.name} had no IMPERIUM card at the start of this Settle phase"
    return f"{q.name}'s total Military was below +1 at the start of this Settle phase"


def eligible(power: Power, world: Card) -> bool:
    """A world the power may take (§B6.2): a military one; Imperium Seat only Rebel ones."""
    return world.military and (not power.rebel or is_rebel_military(world))


def targets(g: RaceBase, p: Player, key: str, power: Power) -> list[Target]:
    """Every world ``p`` may aim this power at: another player's military world that was in
    their tableau at the start of the phase and still is (§B6.2, §B6.3)."""
    found = []
    for seat in g.order:
        q = g.players[seat]
        if q.seat == p.seat or not vulnerable(g, q, power):
            continue
        for world in sorted(set(q.settle_start)):
            if world in q.tableau and eligible(power, g.cards[world]):
                found.append(Target(key, q.seat, world))
    return found


# ---------------------------------------------------------------- strength


def attack(g: RaceBase, p: Player, target: Target, committed: int = 0) -> int:
    """The attacker's Military against the target world (§B6.4): permanent Military of the
    tableau at the start of the phase, temporary Military gained in it (plus ``committed``
    not yet carried out), and Rebel Alliance's +2 per own Rebel military world then."""
    world = g.cards[target.world]
    power = g.power_of(target.power)
    total = tableau_military(g.cards, p.settle_start, world) + p.military_temp + committed
    if power.imperium:
        rebels = sum(1 for c in p.settle_start if is_rebel_military(g.cards[c]))
        total += power.value * rebels
    return total


def defence(g: RaceBase, q: Player, world_id: str) -> int:
    """What the attack must reach (§B6.4): the defender's Military against the world (from
    the tableau at the start of the phase, temporary Military included), Rebel Pact's +2 per
    Rebel military world and +1 per other military world then, and the world's defense."""
    world = g.cards[world_id]
    total = tableau_military(g.cards, q.settle_start, world) + q.military_temp
    start = [g.cards[c] for c in q.settle_start]
    rebels = sum(1 for card in start if is_rebel_military(card))
    others = sum(1 for card in start if card.military) - rebels
    for card in start:
        for power in card.powers_in(Phase.SETTLE):
            if power.code == "takeover_defense":
                total += power.value * rebels + power.per_other * others
    return total + (world.defense or 0)


def commitment(g: RaceBase, p: Player, spent: tuple[str, ...], hand: int, world: Card) -> int:
    """The Military that discarding ``spent`` from the tableau and ``hand`` hand cards would
    add against ``world`` (not yet carried out)."""
    values = hand_values(g, p, len(p.hand))
    total = sum(values[:hand])
    for card_id in spent:
        for power in g.cards[card_id].powers_in(Phase.SETTLE):
            if power.code == "military" and power.discard_self and military_applies(power, world):
                total += power.value
    return total


# ---------------------------------------------------------------- declaring


def declarations(g: RaceBase, p: Player) -> list[Declaration]:
    """Every declaration ``p`` may make now (§B6.3), each able to succeed if no defender adds
    Military; none when ``p`` may not declare."""
    allowed = declarations_allowed(g, p)
    if not allowed:
        return []
    singles = [t for key, power in takeover_powers(g, p) for t in targets(g, p, key, power)]
    if not singles:
        return []
    groups: list[tuple[Target, ...]] = [(t,) for t in singles]
    if allowed == 2:
        groups += [
            (a, b)
            for a, b in permutations(singles, 2)
            if split_key(a.power)[0] != split_key(b.power)[0]
        ]
    cap = len(hand_values(g, p, len(p.hand)))
    extras = [card_id for card_id, _ in boosts(g, p, g.cards[singles[0].world])]
    spends = sorted(
        {tuple(sorted(c)) for n in range(len(extras) + 1) for c in combinations(extras, n)}
    )
    found = []
    for group in groups:
        for spent in spends:
            for hand in range(cap + 1):
                if all(
                    attack(g, p, t, commitment(g, p, spent, hand, g.cards[t.world]))
                    >= defence(g, g.players[t.defender], t.world)
                    for t in group
                ):
                    found.append(Declaration(hand, spent, group))
    return found


def declaration_label(g: RaceBase, d: Declaration) -> str:
    parts = [
        f"take over {g.card_name(t.world)} of {g.name(t.defender)} "
        f"with {g.card_name(split_key(t.power)[0])}"
        for t in d.targets
    ]
    text = "Declare: " + ", then ".join(parts)
    extra = [g.card_name(c) for c in d.spent]
    if d.hand:
        extra.append(plural(d.hand, "hand card"))
    return text + (f" (discarding {', '.join(extra)} for Military)" if extra else "")


def opt_declare(g: RaceBase, seat: int, _arg: Any) -> list[Decision]:
    """§B6.3: a secret declaration, or none."""
    found = declarations(g, g.players[seat])
    if not found:
        return []
    quiet = g.quiet
    return [
        Decision(PASS, (), "" if quiet else "Declare no takeover"),
        *(Decision(TAKEOVER, d.args, "" if quiet else declaration_label(g, d)) for d in found),
    ]


def run_declare(g: RaceBase, seat: int, _arg: Any, d: Decision | None) -> None:
    if d is None:  # could not declare: not asked
        return
    p = g.players[seat]
    p.declared = list(d.args) if d.kind == TAKEOVER else []
    p.decided = True
    g.record("chose", seat)


def run_takeover_start(g: RaceBase, _seat: int, _arg: Any, _d: Decision | None) -> None:
    """After every world is placed: the declarations, then their reveal (§B6.3, §B6.5)."""
    if not takeovers_on(g):
        return
    if not any(takeover_powers(g, p) for p in g.players):
        return
    g._push(*[[Step.TAKEOVER_DECLARE, seat, 0] for seat in g.order], [Step.TAKEOVER_REVEAL, -1, 0])


def run_takeover_reveal(g: RaceBase, _seat: int, _arg: Any, _d: Decision | None) -> None:
    """All declarations at once; the attackers' commitments are carried out, in player order,
    and the attempts queued for resolution."""
    asked = [seat for seat in g.order if g.players[seat].decided]
    if not asked:
        return
    g.information_revealed()
    declarers = [seat for seat in asked if g.players[seat].declared]
    g.record("takeover_reveal", None, (), (len(declarers),))
    steps: list[list[Any]] = []
    for seat in g.order:
        p = g.players[seat]
        p.decided = False
        if not p.declared:
            continue
        decl = Declaration.from_args(p.declared)
        p.outcomes = [""] * len(decl.targets)
        for t in decl.targets:
            g.record(
                "takeover_declare", seat, (split_key(t.power)[0], t.world), (t.defender, decl.hand)
            )
        for card_id in decl.spent:
            discard_for_military(g, p, card_id)
        for t in decl.targets:  # Imperium Cloaking Technology goes with its use (§B6.2)
            card_id = split_key(t.power)[0]
            if g.power_of(t.power).discard_self and card_id in p.tableau:
                discard_from_tableau(g, p, card_id)
        if decl.hand:
            gained = use_hand_military(g, p, decl.hand)
            g.record("hand_military", seat, (), (decl.hand, gained))
            p.owed = decl.hand
            steps.append([Step.PAY, seat, "military"])
    for seat in declarers:
        count = len(g.players[seat].outcomes)
        steps += [[Step.TAKEOVER_RESOLVE, seat, i] for i in range(count)]
    g._push(*steps)


# ---------------------------------------------------------------- resolving


def _target(g: RaceBase, seat: int, index: int) -> Target:
    return Declaration.from_args(g.players[seat].declared).targets[index]


def run_resolve(g: RaceBase, seat: int, index: Any, _d: Decision | None) -> None:
    """One attempt: it fails at once if its world changed hands (§B6.6) or, as a second
    attempt, if the first failed (R7); otherwise the defender may reinforce, then it is
    decided."""
    p = g.players[seat]
    t = _target(g, seat, index)
    reason = 0
    if index > 0 and p.outcomes[index - 1] == LOST:
        reason = FIRST_FAILED
    elif t.world not in g.players[t.defender].tableau:
        reason = MOVED
    if reason:
        p.outcomes[index] = LOST
        g.record("takeover_lost", seat, (t.world,), (t.defender, reason, 0, 0))
        return
    arg = [seat, index]
    g._push([Step.TAKEOVER_DEFEND, t.defender, arg], [Step.TAKEOVER_OUTCOME, seat, index])


def reinforcements(g: RaceBase, q: Player, world: Card) -> list[Decision]:
    """The temporary Military ``q`` has not used yet this phase, one card at a time: a hand
    card to a hand-discard power with uses left (R3), a card like New Military Tactics."""
    quiet = g.quiet
    found = []
    for key, value, _left in hand_military_left(g, q):
        source = split_key(key)[0]
        for card_id in sorted(set(q.hand)):
            label = (
                ""
                if quiet
                else (
                    f"Discard {g.card_name(card_id)} to {g.card_name(source)} for +{value} Military"
                )
            )
            found.append(Decision(REINFORCE, (key, card_id), label))
    for card_id, value in dict(boosts(g, q, world)).items():
        label = "" if quiet else f"Discard {g.card_name(card_id)} for +{value} Military"
        found.append(Decision(REINFORCE, (card_id,), label))
    return found


def opt_defend(g: RaceBase, seat: int, arg: Any) -> list[Decision]:
    """§B6.5: while the attack would succeed, the defender may add unused temporary
    Military; the attacker adds nothing now."""
    attacker, index = arg
    t = _target(g, attacker, index)
    q = g.players[seat]
    if attack(g, g.players[attacker], t) < defence(g, q, t.world):
        return []
    found = reinforcements(g, q, g.cards[t.world])
    if not found:
        return []
    return [Decision(DONE, (), "" if g.quiet else "Add no more Military"), *found]


def run_defend(g: RaceBase, seat: int, arg: Any, d: Decision | None) -> None:
    if d is None or d.kind == DONE:
        return
    q = g.players[seat]
    if len(d.args) == 2:
        key, card_id = d.args
        q.hand.remove(card_id)
        g.discard([card_id], q)
        q.hand_military[key] = q.hand_military.get(key, 0) + 1
        value = g.power_of(key).value
        q.military_temp += value
        source = split_key(key)[0]
    else:
        source = d.args[0]
        before = q.military_temp
        discard_for_military(g, q, source)
        value = q.military_temp - before
    g.record("reinforce", seat, (source,), (value,))
    g._push([Step.TAKEOVER_DEFEND, seat, arg])


def run_outcome(g: RaceBase, seat: int, index: Any, _d: Decision | None) -> None:
    """§B6.4–B6.5: attacker Military ≥ defender Military + defense takes the world, with its
    good; the attacker has placed a world."""
    p = g.players[seat]
    t = _target(g, seat, index)
    q = g.players[t.defender]
    strength, needed = attack(g, p, t), defence(g, q, t.world)
    if strength < needed:
        p.outcomes[index] = LOST
        g.record("takeover_lost", seat, (t.world,), (t.defender, 0, strength, needed))
        return
    q.tableau.remove(t.world)
    p.tableau.append(t.world)
    p.fresh.append(t.world)  # §13.3: its powers work for its new owner from the next phase
    good = q.goods.pop(t.world, None)
    if good is not None:
        p.goods[t.world] = good
    p.settled += 1
    p.outcomes[index] = WON
    g.record("takeover_won", seat, (t.world,), (t.defender, strength, needed))
    g._push([Step.AFTER_PLACING, seat, "settle"])


# ---------------------------------------------------------------- refusals


def why_not_declare(g: RaceBase, p: Player, args: tuple[Any, ...]) -> tuple[str, str]:
    """The rule a refused declaration breaks (``explain``)."""
    allowed = declarations_allowed(g, p)
    if not allowed:
        return ("§B6.3", "a takeover replaces placing a world, and you placed one already")
    try:
        decl = Declaration.from_args(args)
    except ValueError:
        return ("§B6.3", "a declaration names the power, the target world and the Military")
    if len(decl.targets) > allowed:
        return ("§B6.3", "two takeovers only with Improved Logistics and no world placed")
    cards = [split_key(t.power)[0] for t in decl.targets]
    if len(set(cards)) < len(cards):
        return ("§B6.3", "two takeovers need two different takeover powers")
    powers = dict(takeover_powers(g, p))
    for t in decl.targets:
        reason = _why_not_target(g, p, powers, t)
        if reason is not None:
            return reason
    if decl.hand > len(hand_values(g, p, len(p.hand))):
        return ("§B7", "more hand cards than your powers with uses left (and your hand) allow")
    if any(c not in dict(boosts(g, p, g.cards[decl.targets[0].world])) for c in decl.spent):
        return ("§9.3", "only a card of your tableau that is discarded for Military")
    return ("§B6.4", "with that Military the takeover cannot succeed even if nobody reinforces")


def _why_not_target(
    g: RaceBase, p: Player, powers: dict[str, Power], t: Target
) -> tuple[str, str] | None:
    if t.power not in powers:
        return ("§B6.2", "a takeover needs a takeover power of your tableau")
    if not 0 <= t.defender < len(g.players) or t.defender == p.seat:
        return ("§B6.2", "a takeover is aimed at another player's world")
    q = g.players[t.defender]
    if t.world not in q.tableau:
        return ("§B6.2", f"that world is not in {q.name}'s tableau")
    if t.world not in q.settle_start:
        return ("§B6.3", "a world placed in this Settle phase is no target")
    world = g.cards[t.world]
    if not world.military:
        return (
            "§B6.2, §B7",
            "only military worlds are taken over (Cloaking's conquest of "
            "non-military worlds is no takeover power)",
        )
    power = powers[t.power]
    if not eligible(power, world):
        return ("§B6.2", f"{g.card_name(split_key(t.power)[0])} takes Rebel military worlds only")
    if not vulnerable(g, q, power):
        return ("§B6.2", why_not_vulnerable(g, q, power))
    return None
