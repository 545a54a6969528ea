"""Online tables: players, tables and the log of decisions made at each.

A table is its game, options, seed and seats, and the log of decisions made at it (``model``);
the engines are deterministic, so that is the whole game. Nothing here is a game or a screen:
the lobby (``nfgalaxy.ui``) and the server read and write tables through this package.
"""
