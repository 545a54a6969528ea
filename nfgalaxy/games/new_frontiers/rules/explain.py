"""Refusals in the players' words: what the game waits for, never a step's internal name.

A refused decision that no specific rule explains (``EXPLAIN`` in ``handlers``) is answered
with what the game is waiting for now, in the words of the rulebook, so a player learns what to
do instead; the queue's step names (``keep_goal``, ``store_goods``…) are the engine's, not theirs.
"""

from __future__ import annotations

from nfgalaxy.games.new_frontiers.rules.common import Step

#: What the game waits for during each step, as "<who> is to …" (decision points first;
#: the automatic steps never wait for anyone, but a phrase keeps every step covered).
STEP_WORDS: dict[Step, str] = {
    Step.HOME: "choose a home world",
    Step.START_ROUND: "start the round",
    Step.SELECT: "choose an action tile",
    Step.END_ACTION: "finish the action",
    Step.END_ROUND: "end the round",
    Step.RETREAT: "retreat",
    Step.AMBASSADOR: "send the ambassador",
    Step.GOALS: "look at goals",
    Step.KEEP_GOAL: "choose which goal to keep",
    Step.REVEAL: "reveal a goal or keep it secret",
    Step.DEVELOP: "buy a development or pass",
    Step.DEVELOP_END: "finish Develop",
    Step.EXPLORE_DRAW: "draw worlds to explore",
    Step.EXPLORE_PICK: "choose the worlds to keep from those explored",
    Step.EXPLORE_EXTRA: "explore again",
    Step.EXPLORE_RETURN: "return worlds to the bag",
    Step.LIMIT: "return explored worlds over the limit",
    Step.LIMITS: "check the explored-world limits",
    Step.SETTLE_BONUS: "take the Settle bonus",
    Step.SETTLE_START: "start Settle",
    Step.SETTLE: "settle a world, take colonists or pass",
    Step.SETTLE_END: "finish Settle",
    Step.PRODUCE_BONUS: "take the Produce bonus",
    Step.PRODUCE_START: "start Produce",
    Step.PRODUCE: "choose where to produce goods",
    Step.PRODUCE_FINISH: "finish producing",
    Step.PRODUCE_END: "finish Produce",
    Step.STORE_GOODS: "choose which goods to store",
    Step.TRADE_BONUS: "take the Trade bonus",
    Step.TRADE: "choose a good to trade",
    Step.STORE_CREDITS: "choose which credits to keep",
    Step.CONSUME_START: "start Consume",
    Step.CONSUME: "consume goods with an ability or pass",
    Step.CONSUME_FINISH: "finish Consume",
}


def not_now(step: str, who: str | None) -> str:
    """A refusal that names what the game waits for, e.g. "Ann is to choose an action tile"
    (``who`` None: the game is between decisions)."""
    # Step is a StrEnum: a plain step name finds its words too (``in Step`` would raise on 3.11).
    doing = STEP_WORDS.get(step) if who is not None else None
    if doing is None:
        return "that is not possible now: choose one of the decisions offered"
    return f"that is not possible now: {who} is to {doing}; choose one of the decisions offered"
