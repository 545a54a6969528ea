"""Race for the Galaxy cards as a player reads them at a glance: marks, prices, short powers.

A printed card says its powers with phase icons and numbers; here each power gets a short
symbolic line after its phase numeral (``III: -1 mil vs Rebel``), built from the power's code
and parameters, so the compact hand and tableau stay readable. The card's own wording
(``Power.text``) is kept for the preview and the inspector. Goods always carry their letter
(N, R, G, A) besides their colour, so colour never carries meaning alone.
"""

from __future__ import annotations

from rich.text import Text

from nfgalaxy.games.race.components import TRADE_MARK, Card, GoodKind, Phase, Power
from nfgalaxy.games.race.report import goods_words, power_words, vp_words
from nfgalaxy.games.race.state import ACTION_LABELS, Action

#: The printed colours of the goods (a world's kind and the goods it makes).
GOOD_COLOUR = {
    GoodKind.NOVELTY: "#56b4e9",
    GoodKind.RARE: "#c08040",
    GoodKind.GENES: "#2ecc71",
    GoodKind.ALIEN: "#f0e442",
}
#: A good lying face down on a world: its kind's letter on the kind's colour.
GOOD_ON_WORLD = {
    GoodKind.NOVELTY: "bold black on #56b4e9",
    GoodKind.RARE: "bold white on #8b5a2b",
    GoodKind.GENES: "bold black on #2ecc71",
    GoodKind.ALIEN: "bold black on #f0e442",
}
MILITARY_STYLE = "bold #e06c5a"


def kind_mark(kind: GoodKind | None) -> Text:
    """A world's kind as its coloured letter on a dark chip (readable in the light theme too,
    where a yellow letter alone would vanish); a space for a card without goods."""
    if kind is None:
        return Text(" ")
    return Text(kind.letter, style=f"bold {GOOD_COLOUR[kind]} on #202020")


def good_mark(kind: GoodKind) -> Text:
    """A face-down good: nobody knows its card, everyone knows its kind (§4)."""
    return Text(f"[{kind.letter}]", style=GOOD_ON_WORLD[kind])


def price(card: Card) -> str:
    """What placing the card takes: 'pay 3' (cards from the hand), 'def 5' to conquer a
    military world. Race has no money, so a price is never written with '$'."""
    return f"def {card.defense}" if card.military else f"pay {card.cost or 0}"


#: Goods modes in short: a production world makes a good every Produce, a windfall world not.
MODE_WORDS = {"production": "prod", "windfall": "windf"}


def kind_words(card: Card, short: bool = False) -> str:
    """'dev', '6-dev', 'world', 'mil world', or the goods mode: 'prod world', 'mil windf';
    ``short``: a goods world by its mode alone ('prod'), as a military one is."""
    if card.is_development:
        return "6-dev" if card.variable_vp else "dev"
    mode = MODE_WORDS[card.goods_mode.value] if card.goods_mode is not None else ""
    if card.military:
        return f"mil {mode or 'world'}"
    if mode and short:
        return mode
    return f"{mode} world" if mode else "world"


def keywords_short(card: Card) -> str:
    """The card's keywords in capitals ('REBEL'), as printed; '' for none."""
    return " ".join(sorted(k.value.upper() for k in card.keywords))


def _kind(goods: GoodKind | None) -> str:
    return f" {goods.letter}" if goods is not None else ""


def _n(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def _hand(times: int) -> str:
    return "1 hand card" if times == 1 else f"≤{times} hand cards"


def _settle(p: Power) -> str:
    if p.code == "reduce_cost":
        return f"-{p.value} cost{_kind(p.goods)} world"
    if p.code == "military":
        against = f" vs{_kind(p.goods)}" if p.goods else (" vs Rebel" if p.rebel else "")
        text = f"{_n(p.value)} mil{against}"
        if p.military_worlds:
            text += " per mil world"
        if p.temporary:
            text += " this phase"
        return text
    if p.code == "pay_for_military":
        discount = f" -{p.value}" if p.value else ""
        which = " Rebel" if p.rebel else ""
        return f"pay for{which} mil{discount}" + (" not A" if p.not_alien else "")
    if p.code == "cost_to_zero":
        return "world costs 0" + (" not A" if p.not_alien else "")
    return _settle_expansion(p)


def _settle_expansion(p: Power) -> str:
    """The Settle codes of TGS and RvI (§B6, §B7)."""
    if p.code == "discard_hand_military":
        return f"{_hand(p.times)} → +{p.value} mil each"
    if p.code == "pay_for_military_discount":
        return f"-{p.value} paying for mil"
    if p.code == "conquer_non_military":
        return f"conquer at cost -{p.value}"
    if p.code == "takeover":
        if p.rebel:
            return "takeover of Rebel mil world"
        if p.imperium:
            return f"takeover if IMPERIUM, +{p.value} per Rebel"
        return "takeover if mil ≥ 1"
    if p.code == "takeover_defense":
        return f"defend +{p.value} per Rebel, +{p.per_other} per mil world"
    if p.code == "second_world":
        return "place a second world"
    return f"draw {p.value} after placing"


def _consume(p: Power) -> str:
    gain = ""
    if p.vp:
        gain += f" → {p.vp} VP"
    if p.cards:
        gain += f"{' +' if gain else ' →'} {p.cards} card{'s' * (p.cards != 1)}"
    goods = f"{_kind(p.goods)} good" if p.goods else " good"
    if p.different_kinds:
        goods = " different good"
    elif p.this_world:
        goods = " own good"
    if p.code == "discard_goods":  # "up to N", each good paid for alike
        if p.times > 1:
            return f"≤{p.times}{goods}s{gain} each"
        return f"1{goods}{gain}"
    if p.code == "discard_goods_set":
        which = " different" if p.different_kinds else _kind(p.goods)
        return f"{p.times}{which} goods{gain}"
    if p.code == "discard_all_goods":
        return "all goods → 1 VP each but one"
    if p.code == "discard_hand":
        return f"{_hand(p.times)}{gain} each"
    if p.code == "draw":
        return f"draw {p.value}"
    if p.code == "sell":
        return "sell 1 good" + ("" if p.trade_powers else " (bare value)")
    if p.code == "gamble":
        return f"gamble 1–{p.value}"
    if p.code == "gain_vp":
        return f"+{p.value} VP"
    if p.code == "ante":
        return f"ante 1–{p.value}"
    return p.code


def _produce(p: Power) -> str:
    if p.code == "windfall_produce":
        other = " other" if p.other_world else ""
        return f"good on{other}{_kind(p.goods)} windfall"
    if p.code == "discard_to_produce":
        return "discard 1 → good here"
    if p.code == "draw_per_card":
        which = p.keyword.value.upper() if p.keyword is not None else "mil"
        return f"draw {p.value} per {which} world"
    if p.code == "draw":
        return f"draw {p.value}"
    if p.code == "draw_if_produced":
        return f"draw {p.value} if it produced"
    if p.code == "draw_per_good_produced":
        return f"draw {p.value} per{_kind(p.goods)} produced"
    if p.code == "draw_per_kind_produced":
        return f"draw {p.value} per kind produced"
    if p.code == "draw_if_most_produced":
        return f"draw {p.value} if most{_kind(p.goods)}"
    return f"draw {p.value} per{_kind(p.goods)} world"


def power_short(power: Power) -> str:
    """One power in short symbolic form after its phase numeral: ``III: +2 mil``."""
    phase = power.phase
    if phase is Phase.EXPLORE:
        body = (
            "mix into hand"
            if power.code == "mix"
            else f"+{power.value} {'draw' if power.code == 'draw' else 'keep'}"
        )
    elif phase is Phase.DEVELOP:
        body = {
            "reduce_cost": f"-{power.value} cost",
            "draw_at_start": f"draw {power.value} first",
        }.get(power.code, f"draw {power.value} after placing")
    elif phase is Phase.SETTLE:
        body = _settle(power)
    elif phase is Phase.TRADE:
        which = " this world's" if power.this_world else _kind(power.goods)
        body = f"{TRADE_MARK} +{power.value} sale{which}"
        if power.keyword is not None:
            body += f" per {power.keyword.value.upper()}"
    elif phase is Phase.CONSUME:
        body = _consume(power)
    else:
        body = _produce(power)
    flags = (" may" if power.optional else "") + (" by discarding" if power.discard_self else "")
    return f"{phase.numeral}: {body}{flags}"


#: The room a line has in a cell of the hand's grid (``CELL_WIDTH`` less the border).
CELL_LINE = 24
#: The longest head line: a tableau at 120x40 (the side column taken, a scrollbar, border and
#: padding) has this many columns.
HEAD_WIDTH = 54


def card_head(card: Card, width: int = 24) -> Text:
    """The card's first line: kind letter, name, price, VP and what it is. Names are padded
    to ``width`` so the numbers line up, and never cut (the longest pushes its line right)."""
    text = Text()
    text.append_text(kind_mark(card.goods))
    text.append(f" {card.name:<{width}} ", style="bold")
    # A name longer than ``width`` takes the price's padding first (Imperium Blaster Gem
    # Consortium), and then the kind is said in short, so the line still fits a tableau.
    room = max(len(price(card)), 5 - max(0, len(card.name) - width))
    text.append(f"{price(card):>{room}} ", style=MILITARY_STYLE if card.military else "")
    text.append(f"{vp_words(card):>2} VP ", style="bold")
    kind = kind_words(card)
    if len(text.plain) + len(kind) > HEAD_WIDTH:
        kind = kind_words(card, short=True)
    text.append(kind, style="dim")
    return text


def packed(parts: list[str], width: int, indent: str = "   ") -> str:
    """Short parts joined with ' · ', a new indented line before one that would not fit, so a
    list never wraps in the middle of a power."""
    lines: list[str] = []
    for part in parts:
        if lines and len(lines[-1]) + 3 + len(part) <= width:
            lines[-1] += " · " + part
        else:
            lines.append(indent + part)
    return "\n".join(lines)


def card_face(card: Card, width: int = 24, line: int = 52) -> Text:
    """A compact card: the head line, then its keywords and powers in short form, packed into
    lines of at most ``line`` characters."""
    text = card_head(card, width)
    parts = ([keywords_short(card)] if card.keywords else []) + [
        power_short(p) for p in card.powers
    ]
    if parts:
        text.append("\n" + packed(parts, line), style="italic")
    return text


def card_full(card: Card) -> Text:
    """A card's whole text, for the preview beside the hand."""
    text = Text()
    text.append_text(kind_mark(card.goods))
    text.append(f" {card.name}\n", style="bold")
    what = "development" if card.is_development else "military world" if card.military else "world"
    text.append(f"{what}, {price(card)}, {vp_words(card)} VP")
    if card.goods is not None:
        text.append(f", goods {goods_words(card)}")
    if card.keywords:
        text.append(f", {keywords_short(card)}")
    for power in card.powers:
        text.append(f"\n{power.phase.numeral} {power_words(power)}")
    for term in card.scoring:
        text.append(f"\nEnd of game, {term.vp} VP: {term.text}")
    if not card.powers and not card.scoring:
        text.append("\nNo powers.", style="dim")
    return text


def card_cell(card: Card) -> Text:
    """A card as a cell of the hand's grid, a few columns wide: the kind letter and name, then
    price, VP and what it is, then its keywords and each power on a line of its own (a long
    line wraps inside the cell; nothing is cut)."""
    text = Text()
    text.append_text(kind_mark(card.goods))
    text.append(f" {card.name}", style="bold")
    text.append("\n")
    line = f"{price(card)} · {vp_words(card)} VP · "
    kind = kind_words(card)
    if len(line) + len(kind) > CELL_LINE:  # said in short rather than wrapped in the cell
        kind = kind_words(card, short=True)
    text.append(price(card), style=MILITARY_STYLE if card.military else "")
    text.append(f" · {vp_words(card)} VP", style="bold")
    text.append(f" · {kind}", style="dim")
    if card.keywords:
        text.append(f"\n{keywords_short(card)}", style="italic")
    for power in card.powers:
        text.append(f"\n{power_short(power)}", style="italic")
    return text


#: The advanced game's action cards as cells of the hand grid: the phase and the bonus (§18).
ACTION_BONUS = {
    Action.EXPLORE_5: "I Explore · bonus: draw 5 more",
    Action.EXPLORE_1_1: "I Explore · bonus: draw 1 more, keep 1 more",
    Action.DEVELOP: "II Develop · bonus: cost -1",
    Action.DEVELOP_2: "II Develop again · only with Develop",
    Action.SETTLE: "III Settle · bonus: draw 1 after placing",
    Action.SETTLE_2: "III Settle again · only with Settle",
    Action.TRADE: "IV Consume · bonus: sell 1 good first",
    Action.CONSUME_X2: "IV Consume · bonus: VP doubled",
    Action.PRODUCE: "V Produce · bonus: a good on a windfall world",
}


def action_face(action: Action) -> Text:
    """An action card as a cell of the hand grid: its name, then its phase and bonus."""
    text = Text(ACTION_LABELS[action], style="bold")
    text.append(f"\n{ACTION_BONUS[action]}", style="italic")
    return text
