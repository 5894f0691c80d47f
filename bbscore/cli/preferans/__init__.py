"""Preferans's commands (``bbscore pref …``)."""
