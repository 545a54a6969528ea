"""Space Merchant: an outline of Merchant of Venus (rules: ``shared/rules/space-merchant.md``).

Merchants fly from Galactic Base across a star map, discover hidden cultures, buy goods cheap
and sell them dear, carry fares, buy ships, equipment, spaceports and factories; the first to a
net worth of $2,000 at the end of their own turn wins. The board and content are data
(``DATA.md``): a generated pack by default, labelled "Generated board — not the published map"
with its seed (the published map is a commercial product and not shipped), or an owner's own
pack file (``--tiles PATH``). ``rules/`` is the engine, ``heuristics.py`` the greedy bot's
knowledge, ``text.py`` line-by-line play, ``report.py`` ``nfgalaxy tiles``, ``ui/`` the app's
screens; the package plugs in through ``DESCRIPTOR``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nfgalaxy.core.descriptor import GameDescriptor, GameOption, OptionKind, lazy
from nfgalaxy.games.space_merchant.identity import DEFAULT_OPTIONS, GAME_ID, ROUND_LIMIT

if TYPE_CHECKING:
    from nfgalaxy.games.space_merchant.rules.game import MerchantGame

#: Players: two at least (a race needs two); at most one a playable species (§15.2: six).
MIN_PLAYERS = 2
MAX_PLAYERS = 6


def new(players: int, seed: int = 0, options: dict[str, Any] | None = None) -> MerchantGame:
    """A new game. ``options``: victory (net worth that wins, §11), bank (the bank's money, None
    unlimited), board (seed of the generated pack), tiles (path of a pack file; refused, the
    generated pack is played and the first log line says why), round_limit (not a rule; 0 or
    None: none), names, and the §13 readings strict_reversal, telegate_cost,
    backward_pilot_stop. ``ValueError`` for options the game cannot play."""
    from nfgalaxy.games.space_merchant.pack import resolve_pack
    from nfgalaxy.games.space_merchant.rules.game import MerchantGame

    options = dict(options or {})
    options["players"] = players
    board = options.get("board")
    board = DEFAULT_OPTIONS["board"] if board is None else board
    options["board"] = board
    pack, problem = resolve_pack(options.get("tiles"), board)
    game = MerchantGame.new(pack, seed, options)
    if problem:
        game.log.insert(0, problem)
        game.options["tiles"] = None
    return game


def load(data: dict[str, Any]) -> MerchantGame:
    """Restore a state saved with ``to_json`` (its pack is named or embedded in the save);
    ``ValueError`` for a damaged save."""
    from nfgalaxy.games.space_merchant.rules.game import MerchantGame

    return MerchantGame.from_json(data)


DESCRIPTOR = GameDescriptor(
    id=GAME_ID,
    title="Space Merchant",
    summary=(
        "Fly a trade ship across a star map, discover cultures, buy cheap and sell dear: "
        "2–6 players, first to $2,000 net worth (a generated board, not the published map)."
    ),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    new_game=new,
    load=load,
    heuristics=lazy("nfgalaxy.games.space_merchant.heuristics:HEURISTIC"),
    tiles_report=lazy("nfgalaxy.games.space_merchant.report:TILES_REPORT"),
    text=lazy("nfgalaxy.games.space_merchant.text:TEXT"),
    ui=lazy("nfgalaxy.games.space_merchant.ui:GAME_UI"),
    invariants=lazy("nfgalaxy.games.space_merchant.invariants:problems"),
    aliases=("merchant", "sm"),
    default_players=4,
    score_keys=("cash", "deeds"),
    options=(
        GameOption(
            "victory",
            "Net worth that wins ($)",
            "the net worth that wins at the end of one's own turn (§11; default 2000)",
            kind=OptionKind.INT,
            default=DEFAULT_OPTIONS["victory"],
        ),
        GameOption(
            "bank",
            "Bank money ($, blank: unlimited)",
            "the bank's money; when it cannot pay, the game ends and the richest wins (§11; "
            "default unlimited)",
            kind=OptionKind.INT,
            default=None,
        ),
        GameOption(
            "board",
            "Generated board seed",
            "the seed of the generated board and content (not the published map; default 1)",
            kind=OptionKind.INT,
            default=DEFAULT_OPTIONS["board"],
        ),
        GameOption(
            "round_limit",
            f"Round limit, not a rule (0: none; default {ROUND_LIMIT})",
            "not a rule of the game: after this round the richest wins, so that a game of "
            f"broke merchants ends (0: no limit; default {ROUND_LIMIT})",
            kind=OptionKind.INT,
            default=ROUND_LIMIT,
        ),
        GameOption(
            "strict_reversal",
            "Strict reversal (§13 item 1)",
            "no link traversed against an earlier traversal this turn (§13 item 1), not only "
            "no immediate step back",
        ),
        GameOption(
            "telegate_cost",
            "MP of a telegate jump (1 or 0, §13 item 2)",
            "the MP a telegate jump costs, 1 or 0 (§13 item 2; default 1)",
            kind=OptionKind.INT,
            default=DEFAULT_OPTIONS["telegate_cost"],
        ),
        GameOption(
            "backward_pilot_stop",
            "A free pilot number may lead back to stop (§13 item 3)",
            "a pilot number leading back may be chosen only when forced (§13 item 3)",
            default=True,
            flag="--forced-backward-stop",
        ),
        GameOption(
            "tiles",
            "Pack file (blank: the generated board)",
            "a board and content pack file (JSON; DATA.md); refused, the generated one is played",
            kind=OptionKind.PATH,
            default=None,
        ),
    ),
)


def __getattr__(name: str) -> object:
    """``MerchantGame`` for callers that take it from the package, loaded when first asked
    for (the descriptor alone must not load the engine)."""
    if name == "MerchantGame":
        from nfgalaxy.games.space_merchant.rules.game import MerchantGame

        return MerchantGame
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["DESCRIPTOR", "GAME_ID", "MerchantGame", "load", "new"]
