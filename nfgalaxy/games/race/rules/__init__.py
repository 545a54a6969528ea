"""The Race for the Galaxy rules engine: setup, the round of chosen phases, game end.

One module per part of the round (``setup``, ``rounds``, ``explore``, ``develop``, ``settle``
with the shared ``placement``, ``consume``, ``produce``), the shared state in ``base``, hidden
information in ``view``, refusals in ``explain``, the step table in ``handlers`` and the
protocol class with its saves in ``game``. Rule references (§n) are to Part A of
``shared/rules/race-for-the-galaxy.md``.
"""

from __future__ import annotations

from nfgalaxy.games.race.rules.common import GAME_ID, SAVE_VERSION, Step
from nfgalaxy.games.race.rules.game import RaceGame
from nfgalaxy.games.race.rules.handlers import HANDLERS

__all__ = ["GAME_ID", "HANDLERS", "SAVE_VERSION", "RaceGame", "Step"]
