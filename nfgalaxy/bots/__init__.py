"""Bots: players that choose decisions through the same interface as humans."""

from nfgalaxy.bots.base import BOT_KINDS, Bot, make_bot
from nfgalaxy.bots.greedy import GreedyBot
from nfgalaxy.bots.random_bot import RandomBot

__all__ = ["BOT_KINDS", "Bot", "GreedyBot", "RandomBot", "make_bot"]
