"""The search bot's levels: budgets and the shape of the search, by name (``LEVELS``), with what
was measured to set them, and variants of a level with some fields changed (``level_variant``),
so that a change is measured with the tournament before it ships. The search itself is
``nfgalaxy.bots.search``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace


@dataclass(frozen=True)
class SearchLevel:
    """A search budget: ``iterations`` worlds sampled per decision, stopped early at
    ``seconds`` of wall time; the other fields shape the search (see ``nfgalaxy.bots.search``)."""

    name: str
    iterations: int
    seconds: float
    #: Past the tree, the policy plays until ``rounds`` rounds have ended (the one the tree
    #: ended in counts, and the game's ``extra_rounds`` more) or ``playout`` decisions for
    #: each of those rounds were played, whichever comes first. The cap only guards against a
    #: round that will not end: a round of the game with the longest rounds takes 20 decisions
    #: at 4 players (30 at most), and a cap of 40 in all cut its second round short (``hard``
    #: against three greedy bots won 46 of 80 games so, 50.5 of the same 80 with the whole
    #: round; issue 15's closing notes have the figures).
    rounds: int = 1
    #: ``rounds`` where the game's fitted win model judges the position (None: ``rounds``).
    #: A longer horizon makes up for a weak judgement at its end, at the price of the
    #: policy's noise over the extra round; a fitted model judges where it was fitted, at the
    #: start of a round, and there the longer horizon measured no better (see ``LEVELS``).
    model_rounds: int | None = None
    #: Where the game is played in whole turns (``Heuristic.turn_of``) and this is above 0,
    #: the policy plays past the tree until the seat's own turn has ended this many times
    #: (the one the tree ended in counts), instead of to the end of ``rounds`` rounds: 1
    #: judges the seat's turn without the others' that follow it in the round.
    turns: int = 0
    playout: int = 40
    #: Decisions the policy looks ahead (its own follow-ups), as the greedy bot's lookahead:
    #: at 2 the opponents it models choose an action with what it leads to in mind, and the
    #: search won more often against greedy bots (the closing notes of issue 15 give figures).
    policy_depth: int = 2
    #: The root's best decisions by the heuristic that enter the race.
    width: int = 8
    exploration: float = 0.7
    #: How many branches a node may open: ``widen * visits ** 0.5`` (at least 2).
    widen: float = 1.5
    #: Stop the race early once no decision still in it can be better than the leader by
    #: more than this (in win-estimate points, with ``settle_z`` standard errors of their
    #: difference over the worlds both were played in); 0 never stops. Most decisions are
    #: clear, or near-ties that cost nothing to get wrong (which cards pay for a world):
    #: thinking to the cap on those only makes the player wait. See ``_settled``.
    settle_margin: float = 0.0
    settle_z: float = 2.0
    #: Worlds each racing decision is played in before the race may be stopped.
    settle_after: int = 8
    #: Worlds played in all (every racing decision's) before the race may be stopped: a
    #: decision among two or three is otherwise settled on fewer worlds than a level without
    #: settling plays in its time (see ``LEVELS``).
    settle_min: int = 0
    #: Judge by the game's detailed win model where it has one (``Heuristic.
    #: detailed_win_features``), else by its compact one.
    detailed: bool = False
    #: The win estimate the planner's own decision gets before the root's decisions are
    #: compared, if not the game's (``Heuristic.plan_edge``; None: the game's). A search on
    #: more worlds tells a real difference from the luck of the draw sooner, and may need the
    #: planner's benefit of the doubt less.
    plan_edge: float | None = None
    #: Judge by the game's learned position value (``nfgalaxy.bots.value_net``, trained by
    #: self-play) where it ships a net for the setup (the features ``detailed`` says, this
    #: player count, options its features know), else as without. Off in every level until a
    #: tournament measures a level stronger with it (``hard:learned=true``).
    learned: bool = False
    #: Judge by the game's fitted win model where it has one (the default, as every level
    #: played since models were fitted); False judges by the value margin, as in a game
    #: without a model: a game's new model changes its levels, so the tournament measures
    #: ``hard`` against ``hard:fitted=false`` before the model ships.
    fitted: bool = True
    #: Sample the others' secret choices from the game's fitted choice model (``nfgalaxy.
    #: bots.choice_model``) where one ships for the setup, both those they make in a world
    #: and those they made before it and the view re-dealt at random, instead of the policy's
    #: (the greedy bot's) and the re-deal's. Off until a tournament measures it stronger.
    modelled: bool = False
    #: With ``modelled``, the others' choices inside a world too (False: only those the view
    #: re-dealt at random, and inside the world the policy's, as without).
    model_in_worlds: bool = True
    #: The others' secret choices made before the search and re-dealt at random by the view
    #: (``ChoiceFeatures.again``), made again in each world by the game's planner, as the
    #: policy makes them inside the world, instead of left to the re-deal (without
    #: ``modelled``, or where no choice model ships). A player choosing after the others
    #: otherwise plans against any choice alike, however unlikely.
    policy_again: bool = False


#: The levels by name. An iteration costs about 3-4 ms on the quicker games and 6 ms on those
#: with long rounds (this 2-core machine, the policy looking two decisions ahead), so the
#: iteration budgets are what one of the quicker games does within the cap: there the search
#: is the same for the same seed, and elsewhere the cap ends it. The caps sit below the
#: targets for the 95th percentile of think time (0.25 s and 1 s), which the root's ranking
#: and the last world's playout may overrun a little. ``expert`` samples four times as many
#: worlds as ``hard`` and plays each to the end of the round after the tree's (``rounds=2``):
#: with the horizon of ``hard`` its extra worlds only sharpened the same judgement of the
#: position (one of the quicker games, 2 players: 3 of 10 games won against ``hard``); with
#: the longer one it won 4 of 6 (uncapped; a first measurement) and 7 of 14 at its cap.
#: Playing every world to the end of the game by the policy instead won 2 of 10 (the same
#: game, 2 players, seed 21): the policy's whole game judges a decision worse than the
#: heuristic at the horizon. The longer playouts cost about twice as much, hence its cap of 6 s.
#:
#: ``expert`` stops its race once it is settled (``settle_margin``): at its cap a player waited
#: 6 s for each card of a payment, and a 2-player game of the game with the most decisions
#: (about 190 a player) took over 13 minutes. How much settling saves was measured on ``hard``'s
#: budget over 30 positions of each of three games (4 players, from greedy games): the mean
#: think time fell from 0.53, 0.82 and 0.81 s to 0.13, 0.43 and 0.27 s at a margin of 0.02, 4 to
#: 9 choices of 30 changed, each within 0.07 of the one it replaced as a search of 960 worlds
#: judged them, better about as often as worse. ``hard`` keeps its whole race: its win rates
#: against the greedy bots were measured without settling. Settling, 2 players against
#: ``hard``: 48 of 80 games won in one of the quicker games (two runs of 40, seeds 61 and 101:
#: 23 and 25; median think time 1.0-1.1 s against 5.9 s before; the whole race had won 21 of
#: 33) and 17 of 20 in the game with the most decisions (median 0.9 s, p95 3.7 s; about 5
#: minutes a game).
#:
#: Where a fitted win model judges (``model_rounds``), ``expert`` stops where ``hard`` does:
#: in the game with the most decisions, 2 players against ``hard`` (both judged by the
#: model), the longer horizon won 6.5 of 17 games (median think 1.2-1.5 s) and ``hard``'s
#: horizon 23.5 of 48 (seeds 1 and 41, 24 games each; median 0.65 s). Settling later and
#: more tightly there (margin 0.01 after 32 worlds) won 13 of 25 (seeds 81 and 121) at a
#: median of 1.5 s. So with a judgement that good, four times the worlds of ``hard`` and
#: its own horizon make ``expert`` no stronger than ``hard`` there: an even match.
#:
#: What gave ``expert`` an edge there was a better judgement of its own: the game's detailed
#: win model (``detailed``: a weight for each card placed and held beside the compact model's
#: counts), which predicts the winners of held-out greedy games better (log-loss 0.475
#: against 0.497 for the counts alone, both fitted on the same 10,000 games; the shipped fit,
#: on other seeds, 0.478). Judged by it, ``expert`` won 18.5 of 32 games against ``hard`` (2
#: players, seeds 301 and 341, with weights fitted outside the tree on those 10,000 games;
#: median think 1.4 s, p95 5.5-5.7 s), and 9.5 of 16 with the shipped weights (seeds 381 and
#: 421; median 1.2-1.5 s, p95 4.7-4.9 s): 28 of 48 in all (58.3%, interval 44.3-71.2%),
#: the first edge over ``hard`` any change gave it there. The model then learnt how its
#: counts work together (their products two by two, as they are and times the game left) and
#: what a card held is worth as the game goes on: refitted on 22,000 games, held-out log-loss
#: 0.460 against 0.478, the favourite winning 76.4% of positions against 75.0%. Judged by it,
#: ``expert`` won 17 of 28 (60.7%, interval 42.4-76.4%; seeds 541 and 581, 14 games each: 7
#: and 10; median think 1.3-1.5 s, p95 6.0 s), and on fresh deals 23 of 40 (seeds 621 and
#: 661, 20 games each: 13 and 10; median 1.1-1.5 s, p95 5.7-5.9 s), and 26 of 40 more (seeds
#: 701, 741 and 781: 12 of 20, 6 of 10 and 8 of 10; median 1.2-1.4 s, p95 5.4-5.9 s): 66 of
#: 108 in all (61.1%, interval 51.7-69.8%). Screened outside the tree on the same games,
#: more games would hardly sharpen that model (fitted on a quarter, a half and all of the
#: 16,500 training games, its held-out log-loss was 0.470, 0.464 and 0.459, the training loss
#: 0.456 at the last), nor would a non-linear judge of the kind tried (the same features, and
#: a hidden layer of 16 on the counts, 8 passes of Adam: 0.4625 at best).
#: ``hard`` kept the compact model,
#: with which its figures against the greedy bots were measured, until it was measured with
#: the detailed one at its own budget (below), and judges by that now.
#:
#: In the slowest game (2 players, a round being both players' whole turns, 10 to 20
#: decisions), ``expert`` won only 2 of 9 games against ``hard`` (deal seeds 901, 921, 1001
#: and 1101; interval 6.3-54.7%). There its second round doubles a world's cost (about 30 ms
#: against 15) and adds a round of the policy's moves to the noise, the game has no fitted
#: model to judge by, and settling stopped it on fewer worlds than ``hard`` plays in 3 of 10
#: positions measured: ``hard`` with a noisier judgement. At ``hard``'s horizon
#: (``expert:rounds=1``) it won 2 of 5 (deal seeds 2001, 2101 and 2102). A fitted win model did not
#: help there. Plain counts of a merchant's position (net worth, cargo, the trade ahead, the ship,
#: deeds, markets known and their products; 4,000 greedy games, held-out log-loss 0.506 against
#: 0.636 for the value margin) were confounded: among greedy bots deeds go with wealth, so the
#: search bought a deed with its last $40 and could not trade, and lost 2 of 2 (seed 3001) with $470
#: and $620. The greedy value calibrated to chances instead (the value, its square and the place in
#: the round, each also times the race left; 2,400 games, log-loss 0.530 against 0.609) lost 2 of 2
#: (seed 3101): settling stopped a choice among two or three after 16 worlds each, a median think of
#: 0.19-0.43 s against ``hard``'s 0.85 s. Held to ``hard``'s budget of worlds as well
#: (``settle_min=160``; median 0.9-1.9 s) it won 1 of 5 (seed 3201). Neither model ships (commits
#: 3985d81 and b908397 hold them): in this game ``expert`` is no stronger than ``hard``. Nor
#: with a horizon at the end of the seat's own turn (``expert:turns=1``: the opponent's turn of
#: dice, judged by every world at ``hard``'s horizon, left out): it won 5 of 12 (deal seeds
#: 3301-3306, both seatings; median think 0.27 s, p95 2.0 s). Both levels play the game's route
#: planner past the tree, and on 38 positions of a greedy game ``hard`` chose as it does 31-32
#: times, ``expert`` 31 and ``expert:turns=1`` 34. Those few decisions a game are worth much:
#: ``hard`` won 12 of 16 against the greedy bot (2 players, seed 3401). But every ``expert``
#: measured here settles its race, and settled it plays fewer worlds than ``hard`` (a median of
#: 32 against 78 on those positions). ``hard``'s own search with three times its time and no
#: settling (``expert:rounds=1+settle_margin=0+seconds=2.5``, median think 2.5 s, some 26
#: minutes a game on one core) won 6 of 12 (deal seeds 3501-3506, both seatings; in 4 of the 6
#: deals the same seat won in both seatings: the dice decide much of this game). So in that
#: game ``expert`` is reshaped to it (its ``Heuristic.levels``): ``hard``'s search on more
#: worlds, an even match for ``hard``, where every shape that settles won under half.
#:
#: Why more worlds alone gave it nothing there: a screen of 40 positions of greedy games (deal
#: seeds 8001-8010), each decision's worth read from 600 shared worlds at ``hard``'s horizon,
#: found both levels on the planner's choice in 112 of 120 searches (three bot seeds each),
#: held there by the game's benefit of the doubt for the plan (``plan_edge`` 0.05): ``expert``
#: lost 0.0072 of a win estimate a decision against that long search, ``hard`` 0.0078, the
#: planner 0.0108. Four times the worlds halve the luck of the draw in a comparison, so
#: ``expert`` there takes half the edge, 0.02 (``SearchLevel.plan_edge``): it then lost 0.0030
#: and left the plan in 22 of 120 (with no edge at all, 0.0004 and 49). So shaped (the game's
#: planner now judging a purchase by the cash it takes, which both levels play out), it won
#: 8 of 12 against ``hard`` (66.7%, interval 39.1-86.2%; deal seeds 3601-3606, both seatings;
#: median think 2.5 s against 0.72 s): the first shape above half there, on too few games yet
#: to say by how much. One of those games ran to the round limit with both merchants under
#: $600: the game's judgement of a position counted a cargo's sale twice and a commission to
#: another's spaceport as a loss that waiting beside the port avoided, so the search kept a
#: merchant with cargo beside its buyer for 35 rounds. Mended (``hard`` with the mended
#: judgement won 12 of 20 against ``hard`` with the former; deal seeds 4101-4105 and
#: 4201-4205, both seatings), which changes both levels. Measured again with the mended
#: judgement, ``expert`` won 27 of 40 against ``hard`` (67.5%, interval 52.0-79.9%; deal seeds
#: 3701-3720, both seatings; median think 2.5 s against 0.76 s, some 20 minutes a game on one
#: core). In 13 of the 20 deals one level won in both seatings (``expert`` in 10, ``hard`` in
#: 3); in the other 7 the first seat won. ``expert`` won 17 of 20 from the first seat and 10
#: of 20 from the second. One game (deal 3716, ``expert`` second) ran to the round limit, with
#: ``expert`` ahead $1,295 to $1,220.
#:
#: A learned value (``learned``, ``nfgalaxy.bots.value_net``), Race, 2 players: a net of 32
#: hidden units over the compact win model's counts and their lead over the other seat,
#: trained from that model by TD(λ) on 4,220 games of greedy bots (19 minutes of one core; the
#: command is in ``data/value_net_2p.npz``), forecasts greedy games better than the model it
#: started from (log-loss 0.4564 against 0.4692 on 2,277 positions of 150 held-out games; the
#: favourite won 78.0% against 76.6%). It does not yet play better: ``hard:learned=true`` won 18
#: of 42 games against ``hard`` (42.9%, interval 29.1-57.8%; deal seeds 4501-4521, both
#: seatings; median think 0.85 s for both, p95 0.90 s; average 32.4 VP against 33.7). A search
#: seeks out what its judge overrates, and its horizon positions lie off the greedy games'
#: path the net was trained on, where its hidden layer has seen nothing and the model's plain
#: sums extrapolate more soberly. ``hard`` keeps the win model. At ``normal``'s budget the same
#: net did better: ``normal:learned=true`` won 36 of 60 games against ``normal`` (60.0%,
#: interval 47.4-71.4%; deal seeds 4701-4730, both seatings; average 35.7 VP against 34.9;
#: median think 204 ms for both), not yet enough to say it is stronger, so ``normal`` keeps
#: the model too. A net trained with the greedy bots' noise (``--noise 0 1 3``, 4,000 games,
#: seed 11) forecast no better than the model (held-out log-loss 0.4987 against 0.4985) and
#: does not ship.
#:
#: The dice game, 2 players, has a win model too (its ``win_features.py``: VP, chips,
#: credits, goods, developments and the 6-cost ones, worlds, dice by place and colour,
#: construction, each also times the game left; fitted on 3,000 greedy games, 19 minutes of
#: one core: held-out log-loss 0.4464 against 0.4975 for the value margin, the favourite
#: winning 77.3%). A model that ships changes every level that judges by it, so each was
#: measured against itself judged by the margin (``fitted=false``). ``normal`` judged by the
#: model won 13 of 16 (81.2%, interval 57.0-93.4%; deal seeds 5001-5008, both seatings; average
#: 36.6 VP against 31.3; median think 0.20 s for both) and keeps it. ``hard`` judged by it won
#: 2 of 6 (33.3%, interval 9.7-70.0%; deal seeds 5001-5003, both seatings; median 0.85 s), and
#: scored 23-30 in every game against 15-68 (an average of 25.8 against 44.8): in four of the
#: six it lost by 15 to 43 points. Its fit may invite what a longer search finds: dice on a
#: stack's top tile weigh +0.22 each and dice in the citizenry -0.15, so completing a costly
#: tile, which sends its builders back to the citizenry, looks like a loss of about as much
#: as the tile gains. So in that game ``hard`` and ``expert`` judge by the margin as before
#: (the game's ``Heuristic.levels``), ``normal`` by the model (by its learned value since, below).
#: Its learned value (``data/value_net_2p.npz``: TD(λ) from that model on 1,272 greedy
#: games, about 12 minutes of one core) forecasts held-out greedy games no better than the
#: model (log-loss 0.4412 against 0.4358 on 2,231 positions of 100 games). A first screen of
#: it, ``normal:learned=true`` against ``normal`` (the model), won 2 of 3 (interval
#: 20.8-93.9%; deal seeds 6001-6002; median think 0.20 s), then 27 of 40 (67.5%, interval
#: 52.0-79.9%; deal seeds 6101-6120, both seatings; average 39.3 VP against 35.5; median think
#: 202 ms for both, p95 237 ms) and 11 of 20 on fresh deals (deal seeds 6121-6130; 34.5 VP
#: against 33.1; p95 245 ms): 38 of 60 in the two runs (63.3%, interval 50.7-74.4%), the first
#: learned judgement measured stronger than the one it replaces. So in that game ``normal``
#: judges by the learned value (its ``Heuristic.levels``), within the think-time target.
#:
#: A model of the others' secret choices (``modelled``, ``nfgalaxy.bots.choice_model``), Race, 2
#: players: a multinomial logit over the action cards from the chooser's counts, the best other
#: seat's and what its hand can do (``race/choice_features.py``), fitted to what ``normal``
#: chose at 2,408 action choices of 64 games (the other decisions greedy; 33 minutes of one
#: core, most of it ``normal`` thinking), predicts ``normal``'s choice better than a guess
#: (held-out log-loss 1.4919 against 1.9459) but its favourite is that choice less often than
#: the greedy bot's is (43.5% against 46.4%): ``normal`` explores for cards far more often
#: than the greedy bot (38% of its choices against 12%), which the model learns, but what
#: settles a choice lies in the cards themselves. Drawing the others' choices from it halves a
#: world's cost (the greedy bot plays each option's round out to choose; median think of 40
#: worlds untimed 0.16 s against 0.32 s) and makes ``normal`` no stronger:
#: ``normal:modelled=true`` won 31 of 60 games against ``normal`` (51.7%, interval 39.3-63.8%;
#: deal seeds 4801-4830, both seatings; average 34.0 VP against 34.5; median think 197 ms
#: against 203), and drawing from it only the choices the view re-deals at random
#: (``model_in_worlds=false``; the greedy bot's inside a world) won 27 of 60 (45.0%, interval
#: 33.1-57.5%; the same deals; average 35.3 VP against 36.4). ``hard:modelled=true`` won 19 of
#: 40 against ``hard`` (47.5%, interval 32.9-62.5%; deal seeds 4901-4920, both seatings;
#: average 32.2 VP against 33.4; median think 0.83 s against 0.85). So no level models the
#: others yet: the model ships for the measurements to go on from.
#:
#: What did make ``hard`` stronger there, 2 players, was ``expert``'s judgement: the detailed
#: win model at ``hard``'s budget (``hard:detailed=true``) won 37 of 60 games against ``hard``
#: (61.7%, interval 49.0-72.9%; deal seeds 7001-7020 and 7101-7110, both seatings: 26 of 40
#: and 11 of 20; median think 0.86 s for both, p95 0.91 s). A weight for each card costs
#: nothing at the horizon: a judgement per world, of some 50 a decision within ``hard``'s cap
#: (a median of 54 over 30 decisions of two games, with both cores busy).
#: So in that game ``hard`` judges in detail where the model is fitted (its ``Heuristic.
#: levels``). Making the others' action cards again by the planner in each world instead of
#: the view's re-deal at random (``policy_again``; the planner's card was the one chosen in
#: 16, 18 and 10 of 20 sampled worlds of three positions) won 28 of 40 4-player games against
#: three greedy bots (70.0%, interval 54.6-81.9%; deal seeds 7201-7210; 40.9 VP against
#: 29.4-30.8), against 72.5% measured for ``hard`` before: at 4 players ``hard`` plays only 14
#: to 45 worlds a decision in its 0.85 s (a median of 26 over 30 decisions, both cores busy),
#: so its race is settled mostly by the luck of a few worlds, and a sharper guess of the
#: others' cards did not show; nor did judging at the end of the tree's round (``hard:
#: model_rounds=0``, about half a world's cost: 28 of 40 on the same deals, 42.3 VP against
#: 29.5-29.7). At 2 players, where the second to choose otherwise plans against any card of the
#: first alike, ``hard:detailed=true+policy_again=true`` won 13 of 20 against ``hard:
#: detailed=true`` (65.0%, interval 43.3-81.9%; deal seeds 7301-7310, both seatings; 35.7 VP
#: against 32.9; median think 0.85 s for both, p95 0.90 s) and 9 of 20 on fresh deals (deal
#: seeds 7311-7320; 31.2 VP against 31.6): 22 of 40 (55.0%, interval 39.8-69.3%), no clear
#: gain. No level plans the others' cards again.
#:
#: The tile game with colonists (2 players) has no model that ships. Its counts (its
#: ``win_features.py``: VP, chips, credits, colonists, goods and their price, colonies, developments
#: and the 9-cost ones, explored worlds and their VP, military, production and windfall colonies,
#: consume and other abilities, each also times the game left; ``fit_win_model --game nf --players 2
#: --games 4000 --seed 1``, 8 minutes of one core) predict held-out greedy games far better than the
#: value margin (log-loss 0.4529 against 0.5875; the favourite won 77.7%) and play far worse:
#: ``normal`` judged by them won 8 of 40 games against ``normal:fitted=false`` (20.0%, interval
#: 10.5-34.8%; deal seeds 5001-5020, both seatings; average 26.9 VP against 38.4). The fit weighs
#: goods held -0.45, colonists -0.30 and the abilities other than consume -0.62 each: among greedy
#: bots they go with a position that has not yet turned them into VP, and a search that reads the
#: weights shuns making goods and gaining powers. The greedy value calibrated instead (the value and
#: the value times the game left, fitted the same way on 3,000 games, seed 2: log-loss 0.5449
#: against 0.5690) won 22 of 40 (55.0%, interval 39.8-69.3%; deal seeds 5101-5120; average 29.2 VP
#: against 27.7) and 18 of 40 more (deal seeds 5121-5140; 29.6 against 29.0): 40 of 80 in all
#: (50.0%, interval 39.3-60.7%), an even match. So its levels judge by the margin, as before
#: (its ``Heuristic.levels``: ``fitted=false``), and the counts' model ships for the hint's reasons
#: and as the start of its learned value: TD(λ) from it on 4,000 greedy games (``train_value --game
#: nf --players 2 --games 4000 --seed 1``, 9.4 minutes of one core; the command is in its
#: ``data/value_net_2p.npz``) forecasts held-out greedy games better than the model (log-loss
#: 0.4258 against 0.4591 on 979 positions of 100 games; the favourite won 78.5% against 76.7%),
#: and plays worse, as the model did: ``normal:learned=true`` won 13 of 40 against ``normal``
#: (32.5%, interval 20.1-48.0%; deal seeds 5301-5320, both seatings; average 33.4 VP against
#: 39.7; median think 171 ms for both). The net learnt from the counts' weights and from the same
#: greedy games, where what a search can make more of (goods, powers) goes with a position not
#: yet turned into VP.
#:
#: The slowest game's calibrated value (its ``win_features.py``: the greedy value, its square and
#: the place in the round, each also times the race left) is fitted again and ships for the hint's
#: reasons and the learned value's start (``fit_win_model --game sm --players 2 --games 1600
#: --seed 1``, 21 minutes of one core: held-out log-loss 0.5209 against 0.5534 for the value
#: margin), while every level judges by the margin as measured (its ``Heuristic.levels``). Its
#: learned value (TD(λ) on 1,000 greedy games, 12 minutes of one core) forecasts no better than
#: the model (0.5173 against 0.5156 on 3,410 positions of 60 games), and ``normal:learned=true``
#: won 11 of 20 against ``normal`` (55.0%, interval 34.2-74.2%; deal seeds 6201-6210, both
#: seatings; average $1,871 against $1,824; median think 185 ms against 190; some 100 s a game):
#: too few games to tell, so no level learns there.
LEVELS: dict[str, SearchLevel] = {
    level.name: level
    for level in (
        SearchLevel("normal", iterations=40, seconds=0.2, width=4),
        SearchLevel("hard", iterations=160, seconds=0.85),
        SearchLevel(
            "expert",
            iterations=640,
            seconds=6.0,
            rounds=2,
            model_rounds=1,
            settle_margin=0.02,
            settle_after=16,
            detailed=True,
        ),
    )
}


def for_game(level: SearchLevel, changes: Mapping[str, Mapping[str, object]]) -> SearchLevel:
    """``level`` as a game plays it: with the game's changes to a level of its name
    (``Heuristic.levels``), else as it is. A variant (``level_variant``) is named by its whole
    spec and so plays as written: a measurement names every field it changes."""
    fields_changed = changes.get(level.name)
    return replace(level, **fields_changed) if fields_changed else level


#: Separates a level from its changes in a variant's name, and the changes from each other.
VARIANT, CHANGE = ":", "+"


def level_variant(spec: str) -> SearchLevel:
    """A level with some fields changed, for measuring a change before it ships:
    ``"expert:rounds=1+settle_margin=0.0"`` is ``expert`` with those two fields, named by the
    whole spec (so a tournament's report says which variant played). ``ValueError`` names
    an unknown level or field, or a value of the wrong kind."""
    base_name, _, changes = spec.partition(VARIANT)
    if base_name not in LEVELS:
        raise ValueError(f"{base_name!r} is no search level (levels: {', '.join(LEVELS)})")
    base = LEVELS[base_name]
    kinds = {f.name: str(f.type) for f in fields(SearchLevel) if f.name != "name"}
    values: dict[str, object] = {}
    for change in filter(None, changes.split(CHANGE)):
        key, sign, text = change.partition("=")
        if not sign or key not in kinds:
            raise ValueError(
                f"{change!r} in {spec!r}: write FIELD=VALUE, FIELD one of {', '.join(kinds)}"
            )
        values[key] = _field_value(key, kinds[key], text.strip())
    if not values:
        raise ValueError(f"{spec!r} changes nothing: {base_name}:FIELD=VALUE[+FIELD=VALUE...]")
    return replace(base, name=spec, **values)


def _field_value(key: str, kind: str, text: str) -> object:
    """``text`` as a value of a field annotated ``kind`` ("int", "float | None", "bool"...)."""
    if text.lower() == "none" and "None" in kind:
        return None
    try:
        if "bool" in kind and text.lower() in ("true", "false"):
            return text.lower() == "true"
        if "int" in kind and "bool" not in kind:
            return int(text)
        if "float" in kind:
            return float(text)
    except ValueError:
        pass
    raise ValueError(f"{key}={text!r}: not a value for {key} ({kind})")
