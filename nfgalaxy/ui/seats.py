"""Who sits at the table (defined with the ``Table``; kept here for the screens' imports)."""

from nfgalaxy.table import SEAT_KINDS, Seat, default_seats

__all__ = ["SEAT_KINDS", "Seat", "default_seats"]
