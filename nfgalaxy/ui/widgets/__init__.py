"""Widgets that draw one part of the table from the engine state."""
